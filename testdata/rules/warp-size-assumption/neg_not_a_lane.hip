// warp-size-assumption: in kernels that shuffle, & 31, / 32 and >> 5 on
// values that do not depend on the thread (sizes, the block index, loop
// counts), offsets that do not start at 16, widths other than 32, and a
// mask of the whole wavefront: nothing assumes a 32-lane warp.
#include <hip/hip_runtime.h>

__global__ void rows_by_wave(const float* in, float* out, int n, int rows)
{
    int padded = (n + 31) & ~31;
    int tail = n & 31;  // expect-none
    int chunks = n / 32;  // expect-none
    int block_group = blockIdx.x >> 5;  // expect-none
    int row = blockIdx.x % 32;  // expect-none
    float v = in[(block_group * 32 + row) * padded + threadIdx.x];
    for (int o = 32; o > 0; o >>= 1)
        v += __shfl_down(v, o);  // expect-none
    v += __shfl_xor(v, 8, 16);  // expect-none
    v = __shfl(v, 0, 64);  // expect-none
    for (int c = 0; c < chunks; ++c) v += in[c * 32 + tail];
    if (rows > 0 && __lane_id() == 0) out[blockIdx.x] = v;
}

__global__ void vote_all(const int* flags, int* all_set)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long mask = __ballot(flags[i] != 0);
    int set = __popcll(mask);
    set = __shfl_down_sync(~0ull, set, 8, warpSize);  // expect-none
    unsigned long long both = __ballot_sync(0xffffffffffffffffull, set > 0);  // expect-none
    if (__lane_id() == 0) all_set[i / warpSize] = mask == ~0ull && both != 0;
}
