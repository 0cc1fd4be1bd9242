// Model golden: template kernels that no launch in the file instantiates are
// analysed once as a pattern: type-dependent sizes are unknown (-1) and
// value template parameters are symbols (template dependency).

template <typename T, int STRIDE>
__global__ void strided_gather(const T* in, T* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i * STRIDE < n)
        out[i] = in[i * STRIDE];
}

template <int R>
__global__ void stencil(const float* in, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x + R;
    float s = 0.0f;
    for (int k = -R; k <= R; ++k)
        s += in[i + k];
    out[i] = s;
}
