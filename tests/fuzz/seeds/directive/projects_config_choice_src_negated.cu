#if !defined(USE_FLOAT4) && !defined(USE_SCALAR)
#error "define USE_FLOAT4 or USE_SCALAR"
#endif

__global__ void copy(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef USE_FLOAT4
    if (i < n / 4) reinterpret_cast<float4 *>(out)[i] = reinterpret_cast<const float4 *>(in)[i];
#else
    if (i < n) out[i] = in[i] * 2.0;
#endif
}
