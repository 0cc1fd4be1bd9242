// double-literal, negatives: templates instantiated explicitly for double
// only (a class template's member launch, a kernel template), and one for
// int, where the literal's conversion is not a float computed in double.
#include <cuda_runtime.h>

template <typename Dtype>
__global__ void decay_forward(const Dtype* in, Dtype* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * 0.9;  // expect-none
}

template <typename Dtype>
struct DecayLayer {
    void Forward_gpu(const Dtype* bottom, Dtype* top, int count)
    {
        decay_forward<Dtype><<<(count + 255) / 256, 256>>>(bottom, top, count);
    }
};

template class DecayLayer<double>;

template <typename T>
__global__ void scale(T* v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] * 1.5;  // expect-none
}

template __global__ void scale<double>(double*, int);
template __global__ void scale<int>(int*, int);
