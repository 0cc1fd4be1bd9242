// Model golden: 24-bit multiplies in index arithmetic (__mul24, __umul24 in
// CUDA) are products like `*`: the accesses below have affine offsets.

__global__ void rows_mul24(const float* in, float* out, int width)
{
    int tid = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;        // blockIdx.x*blockDim.x + threadIdx.x
    unsigned row = __umul24(threadIdx.y, (unsigned)width);           // threadIdx.y*width
    out[tid] = in[row + threadIdx.x];
}
