// oversized-element, negative: the per-thread 2-byte loads are the fallback
// of a path that already loads the same arrays 16 bytes at a time (through
// inline PTX, as hand-vectorised libraries do) when the length allows it.
// The authors have vectorised; the fallback is not worth a finding.
#include <cuda_fp16.h>

struct alignas(16) Half8 { unsigned a, b, c, d; };

template <typename T> struct LoadStore;
template <> struct LoadStore<Half8> {
    static __device__ Half8 load(const void *p)
    {
        Half8 v;
        asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.a), "=r"(v.b), "=r"(v.c), "=r"(v.d) : "l"(p));
        return v;
    }
};

__global__ void stage_terms(const __half *term, __half *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (n % 8 == 0) {
        if (i < n / 8) {
            Half8 v = LoadStore<Half8>::load(reinterpret_cast<const Half8 *>(term) + i);
            reinterpret_cast<Half8 *>(out)[i] = v;
        }
    } else {
        for (int j = i; j < n; j += gridDim.x * blockDim.x)
            out[j] = term[j];  // expect-none
    }
}
