// Templates the file instantiates only explicitly: a class template's
// members launch kernel templates (with written and with deduced template
// arguments), instantiated by `template class` through a macro and member by
// member; a kernel template instantiated explicitly; one never instantiated
// (a pattern: element size unknown); a plain class's member launch; a
// kernel whose extern "C" __global__ comes from a macro.
#include <cuda_runtime.h>

#define KERNEL extern "C" __global__
#define INSTANTIATE_CLASS(name) template class name<float>; template class name<double>
#define INSTANTIATE_BACKWARD(name) \
    template void name<short>::Backward(const short*, short*, int)

template <typename Dtype>
__global__ void fwd(const Dtype* in, Dtype* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * 0.5;
}

template <typename Dtype>
__global__ void bwd(const Dtype* top, Dtype* bottom, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) bottom[i] += top[i];
}

template <typename Dtype>
class Layer {
public:
    void Forward(const Dtype* in, Dtype* out, int n) { fwd<Dtype><<<(n + 127) / 128, 128>>>(in, out, n); }
    void Backward(const Dtype* top, Dtype* bottom, int n);
};

template <typename Dtype>
void Layer<Dtype>::Backward(const Dtype* top, Dtype* bottom, int n)
{
    bwd<<<(n + 63) / 64, 64>>>(top, bottom, n);
}

INSTANTIATE_CLASS(Layer);
INSTANTIATE_BACKWARD(Layer);

template <typename T, int STRIDE>
__global__ void gather(const T* in, T* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i * STRIDE];
}

template __global__ void gather<double, 2>(const double*, double*, int);

template <typename T>
__global__ void never_instantiated(T* v)
{
    v[threadIdx.x] = v[threadIdx.x] * 2.0;
}

__global__ void plain(float* v) { v[threadIdx.x] = 0.0f; }

struct Launcher {
    void run(float* v) { plain<<<1, 32>>>(v); }
};

KERNEL void from_macro(float* v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] * 1.25;
}
