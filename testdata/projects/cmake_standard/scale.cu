// Compiled as CUDA, whose standard this project leaves at nvcc's default
// (C++17): `requires` is a name here, not C++20's keyword.
__global__ void scale(float *x, int n)
{
    int requires = blockIdx.x * blockDim.x + threadIdx.x;
    if (requires < n) x[requires] = x[requires] * 0.5;
}
