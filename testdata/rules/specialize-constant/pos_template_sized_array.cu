// specialize-constant: a per-thread array whose size is a template parameter
// (T v[ARR_SIZE]), indexed in a loop bounded by a runtime argument that the
// host sets to the same value (a median filter compiled at run time): the
// kernel is read as a template pattern, the array's size is not known, and
// the runtime bound keeps the array in local memory.  The fix is to loop to
// ARR_SIZE (or make the width the template parameter).
#include <cuda_runtime.h>

template <typename T, unsigned ARR_SIZE>
__global__ void median_rows(T* out, const T* in, unsigned w_wid, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    T v[ARR_SIZE];
    for (unsigned k = 0; k < w_wid; k++) // expect: specialize-constant symbol=w_wid value_source=array-size local_array=v severity=medium
        v[k] = in[min(i + (int)k, n - 1)];
    for (unsigned a = 0; a < ARR_SIZE; a++)
        for (unsigned b = a + 1; b < ARR_SIZE; b++)
            if (v[b] < v[a]) {
                T t = v[a];
                v[a] = v[b];
                v[b] = t;
            }
    out[i] = v[ARR_SIZE / 2];
}

// A loop bounded by the template parameter itself: nothing to specialize.
template <typename T, unsigned ARR_SIZE>
__global__ void median_fixed(T* out, const T* in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    T v[ARR_SIZE];
    for (unsigned k = 0; k < ARR_SIZE; k++) // expect-none
        v[k] = in[min(i + (int)k, n - 1)];
    out[i] = v[ARR_SIZE / 2];
}
