// Shim coverage: a PyTorch dropout extension analysed without PyTorch
// installed.  The kernel takes the Philox random state by value
// (at::PhiloxCudaState, ATen/cuda/CUDAGeneratorImpl.h) and unpacks it on the
// device (at::cuda::philox::unpack, ATen/cuda/CUDAGraphsUtils.cuh); the host
// asks the default generator for it.  The launch goes through a kernel
// pointer chosen in a switch inside the dispatch lambda: each instance it is
// assigned is launched.  Must parse with no error and no note.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <ATen/cuda/CUDAGeneratorImpl.h>
#include <ATen/cuda/CUDAGraphsUtils.cuh>
#include <curand_kernel.h>

template <typename scalar_t, int UNROLL>
__global__ void dropout_kernel(const scalar_t* in, scalar_t* out, uint8_t* mask, int64_t n, float keep,
                               at::PhiloxCudaState philox)
{
    auto seeds = at::cuda::philox::unpack(philox);
    int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    curandStatePhilox4_32_10_t state;
    curand_init(std::get<0>(seeds), i, std::get<1>(seeds), &state);
    for (int u = 0; u < UNROLL; ++u) {
        int64_t j = i + u * (int64_t)gridDim.x * blockDim.x;
        if (j < n) {
            bool kept = curand_uniform(&state) < keep;
            out[j] = kept ? in[j] : scalar_t(0);
            mask[j] = kept; // expect: oversized-element size=1 kind=subword
        }
    }
}

void dropout(torch::Tensor in, torch::Tensor out, torch::Tensor mask, float keep, int unroll)
{
    int64_t n = in.numel();
    auto gen = at::get_generator_or_default<at::CUDAGeneratorImpl>(c10::nullopt,
                                                                   at::cuda::detail::getDefaultCUDAGenerator());
    at::PhiloxCudaState philox;
    {
        std::lock_guard<std::mutex> lock(gen->mutex_);
        philox = gen->philox_cuda_state(4);
    }
    auto stream = at::cuda::getCurrentCUDAStream();
    AT_DISPATCH_FLOATING_TYPES(in.scalar_type(), "dropout", ([&] {
        void (*kernel)(const scalar_t*, scalar_t*, uint8_t*, int64_t, float, at::PhiloxCudaState);
        switch (unroll) {
        case 4: kernel = &dropout_kernel<scalar_t, 4>; break;
        default: kernel = &dropout_kernel<scalar_t, 1>; break;
        }
        kernel<<<(n + 255) / 256, 256, 0, stream>>>(in.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(),
                                                    mask.data_ptr<uint8_t>(), n, keep, philox);
    }));
}
