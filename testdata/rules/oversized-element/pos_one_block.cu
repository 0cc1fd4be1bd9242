// oversized-element, info only: a kernel whose addresses leave out the block
// index runs as one block (every block would do the same work), and one
// block cannot keep the memory system busy: a byte or a struct per thread
// costs it nothing measurable (H100: char-1block 1.00x, struct-32B-1block
// 1.02x; launch latency dominates).  Info, below the default threshold.
#include <cuda_runtime.h>

struct Params {
    float gain, bias, lo, hi, scale, shift, eps, pad;
};

/* a small lookup table set up by one block before the main kernels run */
__global__ void init_flags(const unsigned char *mask, int *flags, int n)
{
    int t = threadIdx.x;
    if (t < n) flags[t] = mask[t] ? 1 : 0;  // expect: oversized-element one_block=true kind=subword severity=info
}

__global__ void load_params(const Params *in, Params *out, int n)
{
    int t = threadIdx.x;
    if (t < n) out[t] = in[t];  // expect: oversized-element one_block=true kind=struct severity=info expect: oversized-element one_block=true kind=struct severity=info
}

/* the same byte read with the block index in the address: reported */
__global__ void flags_grid(const unsigned char *mask, int *flags, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n) flags[t] = mask[t] ? 1 : 0;  // expect: oversized-element severity=high
}
