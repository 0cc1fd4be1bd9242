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

// model-note: run_all calls run_copy<256>, so this host function template runs with
// model-note: THREADS = 256: its launch is block_copy<256, float> (analysed, 4-byte elements)
// model-note: with a block of 256 that is still the launcher's template parameter.
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
