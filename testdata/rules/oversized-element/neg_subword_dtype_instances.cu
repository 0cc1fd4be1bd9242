// oversized-element, negatives (info): a generic kernel instantiated for
// every element type of a numeric library.  Its short and unsigned char
// instances move 2 and 1 bytes per lane where its float and int instances
// move 4: one element type among several, whose share of the project's runs
// gpulint cannot know, reported at info with the wider instance named.  A
// byte array that every instance reads (the mask) is no element type: it
// stays reported.  half is the data type itself in the code that uses it:
// its instance stays reported too.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

template <typename T>
__global__ void masked_sum_rows(const T* in, const unsigned char* mask, float* out, int cols)
{
    const T* row = in + blockIdx.x * cols;
    const unsigned char* m = mask + blockIdx.x * cols;
    float s = 0.0f;
    for (int i = threadIdx.x; i < cols; i += blockDim.x) {
        bool keep = m[i] != 0;  // expect: oversized-element size=1 kind=subword severity=high
        if (keep) s += (float)row[i];  // expect: oversized-element size=2 kind=subword severity=info wider_instance="masked_sum_rows<float>"
    }
    atomicAdd(&out[blockIdx.x], s);
}

template __global__ void masked_sum_rows<float>(const float*, const unsigned char*, float*, int);
template __global__ void masked_sum_rows<int>(const int*, const unsigned char*, float*, int);
template __global__ void masked_sum_rows<short>(const short*, const unsigned char*, float*, int);
template __global__ void masked_sum_rows<unsigned char>(const unsigned char*, const unsigned char*, float*, int);

template <typename T>
__global__ void scale_rows(const T* in, T* out, float scale, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = (T)((float)in[i] * scale);  // expect: oversized-element size=2 kind=subword severity=high // expect: oversized-element size=2 kind=subword severity=high
}

template __global__ void scale_rows<float>(const float*, float*, float, int);
template __global__ void scale_rows<__half>(const __half*, __half*, float, int);
