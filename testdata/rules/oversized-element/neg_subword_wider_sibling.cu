// oversized-element, negatives: per-thread 2-byte and 1-byte instances that
// only take what a wider instance of the same kernel cannot. Each is launched
// (or its launcher called) on one branch of an if/else whose other branch
// launches the same kernel template with a wider type (__half2 for __half,
// unsigned int for unsigned char): the authors have vectorised already, and
// the narrow instance serves odd sizes and misaligned data.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__device__ __half add(__half a, __half b) { return __hadd(a, b); }
__device__ __half2 add(__half2 a, __half2 b) { return __hadd2(a, b); }

template <typename T>
__global__ void add_bias(const T *bias, T *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = add(out[i], bias[i]);  // expect-none
}

// the branch is in the launcher itself: add_bias<__half2> beside add_bias<__half>
template <typename T, typename TVec>
void run_add_bias(const T *bias, T *out, int n, cudaStream_t stream)
{
    if (n % 2 == 0) {
        add_bias<TVec><<<(n / 2 + 255) / 256, 256, 0, stream>>>(reinterpret_cast<const TVec *>(bias),
                                                               reinterpret_cast<TVec *>(out), n / 2);
    } else {
        add_bias<T><<<(n + 255) / 256, 256, 0, stream>>>(bias, out, n);
    }
}

void add_bias_half(const __half *bias, __half *out, int n, cudaStream_t stream)
{
    run_add_bias<__half, __half2>(bias, out, n, stream);
}

template <typename Word>
__global__ void xor_codes(const Word *a, const Word *b, Word *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] ^ b[i];  // expect-none
}

template <typename Word>
void run_xor(const Word *a, const Word *b, Word *out, int n, cudaStream_t stream)
{
    xor_codes<Word><<<(n + 255) / 256, 256, 0, stream>>>(a, b, out, n);
}

// the branch is one call up: run_xor<unsigned int> beside run_xor<unsigned char>
void xor_bytes(const unsigned char *a, const unsigned char *b, unsigned char *out, int bytes, cudaStream_t stream)
{
    if (bytes % 4 == 0)
        run_xor<unsigned int>(reinterpret_cast<const unsigned int *>(a), reinterpret_cast<const unsigned int *>(b),
                              reinterpret_cast<unsigned int *>(out), bytes / 4, stream);
    else
        run_xor<unsigned char>(a, b, out, bytes, stream);
}
