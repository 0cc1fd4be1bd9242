// Compiled at run time: STEPS is a run-time value of the host (scan.cpp),
// not a constant: a compile-time constant of unknown value here.  LANES
// comes from a constant in a header the host file includes (<config/...>).
__global__ void scan_steps(const float* v, float* out, int n)
{
    __shared__ float partial[STEPS * LANES];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float sum = 0.0f;
    if (i < n)
        for (int s = 0; s < STEPS; s++)
            sum += v[i * STEPS + s];
    partial[threadIdx.x % (STEPS * LANES)] = sum;
    __syncthreads();
    if (i < n) out[i] = partial[threadIdx.x % (STEPS * LANES)];
}
