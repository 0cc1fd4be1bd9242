// nvcc accepts a member template of a dependent class called without the
// `template` keyword; clang reads the '<' as a comparison.
template <int A, int B>
struct Sums {
    template <int THREADS>
    static __device__ void dispatch(float *smem, float (&x)[B], int t) { smem[t] = x[0] * THREADS; }
};

// The literal argument: clang says "missing 'template' keyword" and keeps the call.
template <int TPP, int ELEMS>
__global__ void reduce_fixed(float *out, const float *in, int n)
{
    __shared__ float smem[256];
    float m1[ELEMS];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int e = 0; e < ELEMS; ++e) m1[e] = in[i * ELEMS + e];
    Sums<TPP, ELEMS>::dispatch<256>(smem, m1, threadIdx.x);
    __syncthreads();
    out[i] = smem[threadIdx.x] * 2.0;
}

// A dependent argument: the instance cannot resolve the call and drops it.
template <int CTA, int TPP, int ELEMS>
__global__ void reduce_dependent(float *out, const float *in, int n)
{
    __shared__ float smem[CTA];
    float m1[ELEMS];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int e = 0; e < ELEMS; ++e) m1[e] = in[i * ELEMS + e];
    Sums<TPP, ELEMS>::dispatch<CTA>(smem, m1, threadIdx.x);
    __syncthreads();
    out[i] = smem[threadIdx.x] * 2.0;
}

void run(float *out, const float *in, int n)
{
    reduce_fixed<4, 2><<<n / 256, 256>>>(out, in, n);
    reduce_dependent<256, 4, 2><<<n / 256, 256>>>(out, in, n);
}
