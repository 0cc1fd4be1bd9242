// uncoalesced-adjacent, info only: adjacent elements per thread in a kernel
// that runs as one block (its addresses leave out the block index): H100
// adjacent-K4-copy-1block 1.00x, launch latency dominates.  Info.
#include <cuda_runtime.h>

__global__ void copy_quads_one_block(const float *in, float *out)
{
    int t = threadIdx.x;
    for (int c = 0; c < 4; c++) out[t * 4 + c] = in[t * 4 + c];  // expect: uncoalesced-adjacent one_block=true severity=info expect: uncoalesced-adjacent one_block=true severity=info
}
