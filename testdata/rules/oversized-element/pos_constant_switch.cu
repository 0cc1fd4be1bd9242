// oversized-element, negative: a switch on a template argument given as an
// enumerator runs one case. Instantiated for unsigned char with FILL, only
// the fill's byte store runs; the other cases' byte accesses are dead code
// in that instance and are not reported.
enum Op { FILL = 0, ARANGE = 1, MUL = 2 };

template <typename T, int OP>
__global__ void elementwise(T* a, const T* b, T value, long n)
{
    for (long i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        switch (OP) {
        case FILL:
            a[i] = value;  // expect: oversized-element size=1 kind=subword
            break;
        case ARANGE:
            a[i] = (T)i;  // expect-none
            break;
        case MUL:
            a[i] = a[i] * b[i];  // expect-none
            break;
        }
    }
}

template __global__ void elementwise<unsigned char, FILL>(unsigned char*, const unsigned char*, unsigned char, long);
template __global__ void elementwise<float, MUL>(float*, const float*, float, long);
