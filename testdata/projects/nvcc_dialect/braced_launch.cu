// nvcc converts a braced list in a launch configuration to dim3; clang
// expects an expression and drops the launch statement.
__global__ void scale(float *out, const float *in, int n)
{
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    int j = threadIdx.x;
    out[i * 64 + j] = in[i * 64 + j] * 0.5;
}

void run(float *out, const float *in, int n)
{
    const int DX = 16, DY = 16;
    scale<<<n / DY, {DX, DY, 1}, 0, 0>>>(out, in, n);
}
