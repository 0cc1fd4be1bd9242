// Integer literals at the edges of long long: the symbolic index arithmetic
// must treat an overflowing form as unknown instead of wrapping (signed
// overflow is undefined behaviour).  Used by tests/cli_test.sh, which runs it
// under the ASan+UBSan build too.
#include <cuda_runtime.h>

__global__ void huge_index(float* a, const float* b, long long n)
{
    long long tid = blockIdx.x * blockDim.x + threadIdx.x;
    a[9223372036854775807LL] = 1.0f;
    a[tid * 9223372036854775807LL] = b[tid];
    a[tid + 9223372036854775807LL] = b[tid - 9223372036854775807LL - 1];
    a[(tid - 9223372036854775807LL - 1) * -1] = 0.0f;
    a[(-9223372036854775807LL - 1) / -1 + tid] = 0.0f;
    a[tid * 4611686018427387904LL * 4] = 0.0f;
    a[tid * 3037000500LL * 3037000500LL] = 0.0f;
    a[(tid << 30) * 8589934592LL] = 0.0f;
    a[n * 9223372036854775807LL + n * 9223372036854775807LL + tid] = 0.0f;
    double* d = (double*)a;
    d[tid * 1152921504606846976LL] = 0.0;
    for (long long i = 0; i < n; i += 4611686018427387904LL)
        a[i * 2 + tid * 4611686018427387904LL] = 0.0f;
}

__global__ void tiny_index(float* a, long long n)
{
    long long tid = threadIdx.x;
    a[-9223372036854775807LL - 1 + tid] = 0.0f;
    a[(-9223372036854775807LL - 1) * tid] = 0.0f;
    a[-(-9223372036854775807LL - 1) + tid] = 0.0f;
    a[tid * 2 - (-9223372036854775807LL - 1)] = 0.0f;
    a[-9223372036854775808 + tid] = 0.0f; // too large for long long: unsigned
    a[tid * -9223372036854775808] = 0.0f;
    a[tid * 18446744073709551615ULL] = 0.0f;
    int i = -2147483647 - 1;
    a[i * 4 + tid * 2147483647 * 2147483647] = 0.0f;
}
