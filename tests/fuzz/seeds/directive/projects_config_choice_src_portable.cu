// One source for two vendors: the CUDA alternative is chosen even though
// the HIP one comes first.
#if defined(USE_HIP)
#define DEVICE_SYNC() hipDeviceSynchronize()
#elif defined(USE_CUDA) || defined(USE_NVHPC)
#define DEVICE_SYNC() cudaDeviceSynchronize()
#else
#error Unsupported platform
#endif

__global__ void bias(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] + 0.3;
}

void run(float *x, int n)
{
    bias<<<(n + 255) / 256, 256>>>(x, n);
    DEVICE_SYNC();
}
