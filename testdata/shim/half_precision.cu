// Shim coverage: cuda_fp16.h and cuda_bf16.h. Must parse with the bundled
// shim with no error and no note; the element sizes (__half 2 bytes, __half2
// 4) must reach the rules.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

// One half per thread: a warp moves 64 bytes per request.
__global__ void scale_half(const __half* in, __half* out, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = __half2float(in[i]);  // expect: oversized-element size=2 kind=subword severity=high
        out[i] = __float2half_rn(v * s);  // expect: oversized-element size=2 kind=subword severity=high
    }
}

// The float result of __half2float scaled by a double literal.
__global__ void half_to_float_scaled(const __half2* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        __half2 h = in[i];
        out[i] = __low2float(h) * 0.5;  // expect: double-literal literal=0.5 severity=info
    }
}

// Packed half2 arithmetic: 4 bytes per lane, nothing to report.
__global__ void axpy_half2(const __half2* x, __half2* y, __half2 a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        __half2 r = __hfma2(a, x[i], y[i]);
        r = __hadd2(r, __float2half2_rn(1.0f)) * h2exp(r);
        y[i] = __hmul2(r, __floats2half2_rn(0.5f, 0.25f));
    }
}

// Scalar half intrinsics, operators and comparisons inside a shared tile.
__global__ void half_softmax_row(const __half2* in, __half2* out, int n)
{
    __shared__ __half tile[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    __half2 v = i < n ? in[i] : __float2half2_rn(0.0f);
    __half m = __hmax(__low2half(v), __high2half(v));
    tile[threadIdx.x] = hexp(__hsub(m, __float2half(1.0f)));
    __syncthreads();
    __half s = tile[0] + tile[threadIdx.x ^ 1];
    if (__hlt(s, m) || s > m) s += hsqrt(m);
    s = __shfl_down_sync(0xffffffffu, s, 1);
    if (i < n) out[i] = __halves2half2(s, __hfma(s, m, __habs(s)));
}

// bfloat16 conversions.
__global__ void bf16_gelu(const __nv_bfloat162* in, __nv_bfloat162* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float2 f = __bfloat1622float2(in[i]);
        float a = f.x * normcdff(f.x), b = f.y * normcdff(f.y);
        __nv_bfloat16 lo = __float2bfloat16(a);
        out[i] = __halves2bfloat162(lo, __hmul(lo, __float2bfloat16_rn(b)));
    }
}

void launch(__half* h, __half2* h2, __nv_bfloat162* b, float* f, int n)
{
    scale_half<<<(n + 255) / 256, 256>>>(h, h, 2.0f, n);
    half_to_float_scaled<<<(n + 255) / 256, 256>>>(h2, f, n);
    axpy_half2<<<(n + 255) / 256, 256>>>(h2, h2, __float2half2_rn(2.0f), n);
    half_softmax_row<<<(n + 255) / 256, 256>>>(h2, h2, n);
    bf16_gelu<<<(n + 255) / 256, 256>>>(b, b, n);
}
