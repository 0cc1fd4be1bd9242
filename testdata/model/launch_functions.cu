// Launch functions: cudaLaunchKernel and cudaLaunchCooperativeKernel launch
// their first argument (through a cast, and a template's instance) with the
// grid and block of the next two; the arguments are in a void* array.
template <int N>
__global__ void scale(float *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[N * i] *= 2.0f;
}

__global__ void fill(float *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = 1.0f;
}

void run(float *p, int n)
{
    void *args[] = {&p, &n};
    cudaLaunchKernel((void *)fill, dim3(n / 128), dim3(128), args, 0, 0);
    cudaLaunchCooperativeKernel((void *)scale<4>, dim3(n / 256), dim3(256), args, 0, 0);
}
