// Written for a toolkit before CCCL 3 (CUDA 13), which removed cub::Max:
// parsed again with gpulint's stand-ins when the toolkit lacks it
// (tests/toolkit_pch_test.sh).
#include <cub/cub.cuh>

__global__ void row_max(const float *in, float *out, int cols)
{
    typedef cub::BlockReduce<float, 256> BlockReduceT;
    __shared__ typename BlockReduceT::TempStorage temp_storage;
    float m = -1e30f;
    for (int j = threadIdx.x; j < cols; j += 256) m = fmaxf(m, in[blockIdx.x * cols + j]);
    m = BlockReduceT(temp_storage).Reduce(m, cub::Max());
    if (threadIdx.x == 0) out[blockIdx.x] = m;
}
