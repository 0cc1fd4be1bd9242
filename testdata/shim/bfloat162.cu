// Shim coverage: the __nv_bfloat162 operations that projects use (packing,
// unpacking, paired arithmetic), next to the same for __half2.
// Must parse with the bundled shim with no error and no note.
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void bf16_axpy(const __nv_bfloat162* x, __nv_bfloat162* y, float a, int n2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n2) return;
    __nv_bfloat162 av = __float2bfloat162_rn(a);
    __nv_bfloat162 r = __hfma2(av, x[i], y[i]);
    r = __hadd2(r, __hneg2(__hmul2(__hsub2(r, av), __bfloat162bfloat162(__float2bfloat16(0.5f)))));
    float2 f = __bfloat1622float2(r);
    y[i] = __floats2bfloat162_rn(f.x, f.y + __bfloat162float(__low2bfloat16(r)));
}

__global__ void bf16_pack(const float2* in, __nv_bfloat162* out, __nv_bfloat16* lo, int n2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n2) return;
    __nv_bfloat162 p = __float22bfloat162_rn(in[i]);
    out[i] = __halves2bfloat162(__high2bfloat16(p), __float2bfloat16_rn(in[i].x));
    lo[i] = __low2bfloat16(p);  // expect: oversized-element kind=subword size=2 severity=low
}

__global__ void half2_scale(const __half2* in, __half2* out, float s, int n2)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n2) return;
    float2 f = __half22float2(in[i]);
    out[i] = __hmul2(__floats2half2_rn(f.x, f.y), __half2half2(__float2half(s)));
}
