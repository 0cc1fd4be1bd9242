// double-literal in templates that no launch in this file instantiates with
// a concrete type: layer code templated on its element type (a class
// template whose member launches the kernel, instantiated for float and
// double by a macro at the end of the file), and a kernel template
// instantiated explicitly for float only.  The float instances convert, the
// double ones do not; a literal shared with a double instance gets no fix-it.
#include <cuda_runtime.h>

#define INSTANTIATE_CLASS(classname) \
    template class classname<float>; \
    template class classname<double>

template <typename Dtype>
__global__ void decay_forward(const Dtype* in, Dtype* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * 0.9;  // expect: double-literal literal=0.9 also_instantiated_as=decay_forward<double>
}

template <typename Dtype>
__global__ void squash_forward(const Dtype* in, Dtype* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tanh(in[i] * 0.8);  // expect: double-literal literal=0.8 also_instantiated_as=squash_forward<double> double_math_call=tanh
}

template <typename Dtype>
class DecayLayer {
public:
    void Forward_gpu(const Dtype* bottom, Dtype* top, int count)
    {
        decay_forward<Dtype><<<(count + 255) / 256, 256>>>(bottom, top, count);
        squash_forward<<<(count + 255) / 256, 256>>>(top, top, count);
    }
};

INSTANTIATE_CLASS(DecayLayer);

// Once some type has overloaded operators (as the CUDA headers' half types
// do), clang leaves `x * 0.5` in a pattern as an unresolved operator call:
// the substituted instances read it as the built-in operator.
struct Complex64 {
    float re, im;
};
__device__ Complex64 operator*(Complex64 a, double s);
__device__ Complex64 operator+(Complex64 a, Complex64 b);

template <typename Dtype>
__global__ void leak_forward(const Dtype* in, Dtype* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * 0.01 + in[i];  // expect: double-literal literal=0.01 also_instantiated_as=leak_forward<double>
}

template <typename Dtype>
struct LeakLayer {
    void Forward_gpu(const Dtype* bottom, Dtype* top, int count)
    {
        leak_forward<Dtype><<<(count + 255) / 256, 256>>>(bottom, top, count);
    }
};

INSTANTIATE_CLASS(LeakLayer);

// Explicitly instantiated for float only: the fix-it stays.
template <typename T>
__global__ void accumulate(const T* in, T* acc, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) acc[i] += in[i] * 0.25;  // expect: double-literal literal=0.25
}

template __global__ void accumulate<float>(const float*, float*, int);
