// A kernel a build flag selects, in a file that also instantiates a class
// template's members explicitly (a layer library's INSTANTIATE macro, whose
// instantiations gpulint reads as declarations): the flag's parse runs for
// it too.
#include <cuda_runtime.h>

template <typename T>
struct Layer {
    void forward(const T *in, T *out, int n);
};

#ifdef USE_FAST_LAYERS
__global__ void sum_rows(const float *a, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int j = 0; j < n; j++) s += a[i * n + j];  // expect: uncoalesced-row row_width=n
    out[i] = s;
}
#endif

template <typename T>
void Layer<T>::forward(const T *in, T *out, int n)
{
    out[0] = in[0] * static_cast<T>(n);
}

template class Layer<float>;
template class Layer<double>;
