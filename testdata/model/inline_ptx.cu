// Model golden: global loads and stores written as inline PTX in a static
// member function (a load/store helper of hand-vectorised code).  Each
// pointer operand of `ld.global.v4.u32` / `st.global.v2.f32` is an access of
// the vector's width (16 and 8 bytes); a plain `ld.global.u16` is 2 bytes.
// A generic `st.v2` (no state space) is not read as global.
struct alignas(16) U4 { unsigned a, b, c, d; };
struct alignas(8) F2 { float x, y; };

template <typename T> struct LoadStore;

template <> struct LoadStore<U4> {
    static __device__ U4 load(const void *p)
    {
        U4 v;
        asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.a), "=r"(v.b), "=r"(v.c), "=r"(v.d) : "l"(p));
        return v;
    }
};

__device__ void store_f2(float *p, F2 v)
{
    asm volatile("st.global.v2.f32 [%0], {%1, %2};" : : "l"(p), "f"(v.x), "f"(v.y));
}

__device__ void store_generic(float *p, F2 v)
{
    asm volatile("st.v2.f32 [%0], {%1, %2};" : : "l"(p), "f"(v.x), "f"(v.y));
}

__device__ unsigned short load_u16(const unsigned short *p)
{
    unsigned short r;
    asm("ld.global.u16 %0, [%1];" : "=h"(r) : "l"(p));
    return r;
}

__global__ void copy_vectors(const unsigned short *in, float *out, unsigned short *first, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    U4 v = LoadStore<U4>::load(in + 8 * i);
    store_f2(out + 2 * i, F2{__uint_as_float(v.a), __uint_as_float(v.b)});
    store_generic(out + 2 * i, F2{0.0f, 0.0f});
    first[i] = load_u16(in + i);
}
