// Model golden: compound assignment. `a[i] += v` is one access that loads and
// stores; on a local it updates the tracked value (+=, -=, *=, <<=, /=);
// on a pointer it moves the pointer; `x++` on an element is a load+store.

__global__ void accumulate(float* acc, const float* in, int* counts, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    acc[i] += in[i];                 // loadstore
    acc[i] -= 1.0f;
    acc[i] *= 2.0f;
    counts[i]++;                     // increment of an element: loadstore
    --counts[i + 1];
    int j = i;
    j += n;                          // j = i + n
    j -= 2;                          // j = i + n - 2
    j *= 4;                          // j = 4*(i + n - 2)
    acc[j] = 0.0f;
    int s = threadIdx.x;
    s <<= 2;                         // 4*threadIdx.x
    s /= 2;                          // 2*threadIdx.x (exact division)
    acc[s] = 0.0f;
    int r = threadIdx.x;
    r %= 8;                          // not affine
    acc[r] = 0.0f;
    const float* p = in;
    p += blockDim.x;                 // pointer += : one block further
    acc[i] = p[threadIdx.x];
    unsigned bits = 0;
    bits |= 1u << threadIdx.x;       // bitwise: not affine
    counts[bits] = 0;
}
