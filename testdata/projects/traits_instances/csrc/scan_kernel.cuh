// A selective-scan-style extension: the kernel is a template on a traits
// struct whose sizes come from the launcher's template parameters and a
// switch macro's constexpr flag; the launcher is a template instantiated
// explicitly by small .cu files, one per element type.
#pragma once
#include <cuda_runtime.h>
#include "static_switch.h"

struct ScanParams {
    const void* in;
    void* out;
    int n;
};

template <int kNThreads_, int kNItems_, bool kIsEvenLen_, typename input_t_>
struct ScanTraits {
    using input_t = input_t_;
    static constexpr int kNThreads = kNThreads_;
    static constexpr int kNItems = kNItems_;
    static constexpr bool kIsEvenLen = kIsEvenLen_;
    static constexpr int kChunk = kNThreads * kNItems;
};

template <typename Ktraits>
__global__ void scan_kernel(ScanParams params)
{
    using input_t = typename Ktraits::input_t;
    const input_t* in = reinterpret_cast<const input_t*>(params.in) + blockIdx.x * Ktraits::kChunk;
    input_t* out = reinterpret_cast<input_t*>(params.out) + blockIdx.x * Ktraits::kChunk;
    input_t acc = 0;
    for (int i = 0; i < Ktraits::kNItems; ++i) {
        int idx = threadIdx.x * Ktraits::kNItems + i;
        if (Ktraits::kIsEvenLen || blockIdx.x * Ktraits::kChunk + idx < params.n) {
            acc += in[idx];
            out[idx] = acc;
        }
    }
}

template <int kNThreads, int kNItems, typename input_t>
void scan_launch(ScanParams& params, cudaStream_t stream)
{
    BOOL_SWITCH(params.n % (kNThreads * kNItems) == 0, kIsEvenLen, [&] {
        using Ktraits = ScanTraits<kNThreads, kNItems, kIsEvenLen, input_t>;
        dim3 grid((params.n + Ktraits::kChunk - 1) / Ktraits::kChunk);
        auto kernel = &scan_kernel<Ktraits>;
        kernel<<<grid, Ktraits::kNThreads, 0, stream>>>(params);
    });
}

template <typename input_t>
void scan_cuda(ScanParams& params, cudaStream_t stream)
{
    if (params.n <= 4096) scan_launch<32, 4, input_t>(params, stream);
    else scan_launch<128, 8, input_t>(params, stream);
}
