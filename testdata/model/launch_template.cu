// Model golden: template kernels instantiated by launches in the file. Each
// launched instantiation is analysed with its template arguments substituted
// (BS, T); a block shape given by a template parameter of the host function
// is marked `template`; an instantiation launched twice is analysed once.

template <int BS, typename T>
__global__ void block_copy(const T* in, T* out, int n)
{
    __shared__ T buf[BS];
    int i = blockIdx.x * BS + threadIdx.x;
    if (i < n) buf[threadIdx.x] = in[i];
    __syncthreads();
    if (i < n) out[i] = buf[BS - 1 - threadIdx.x];
}

// model-note: the launch inside this host function template is recorded with an empty kernel
// model-note: name ("launch  at ...") and kernel=-1, and the instantiation it makes through
// model-note: run_copy<256> (block_copy<256, float>) is not analysed: only block_copy<128, double>
// model-note: appears. Expected: kernel name block_copy and a kernel block_copy<256, float>.
template <int THREADS>
void run_copy(const float* in, float* out, int n)
{
    block_copy<THREADS, float><<<(n + THREADS - 1) / THREADS, THREADS>>>(in, out, n);
}

void run_all(const float* f_in, float* f_out, const double* d_in, double* d_out, int n)
{
    block_copy<128, double><<<n / 128, 128>>>(d_in, d_out, n);
    block_copy<128, double><<<n / 128, 128>>>(d_in, d_out, n / 2);
    run_copy<256>(f_in, f_out, n);
}
