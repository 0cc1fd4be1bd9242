// Shim coverage: a PyTorch CUDA extension analysed without PyTorch
// installed (the stand-ins of include/shim/frameworks): at::Tensor,
// AT_DISPATCH_*, at::Half, acc_type, the current stream, TORCH_CHECK,
// packed accessors, the CUDA check macros and the module definition.
// Must parse with no error and no note; the dispatch instantiates the kernel
// once per type, so its findings carry each type's element size.
#include <torch/extension.h>
#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <ATen/AccumulateType.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/util/Half.h>

// Per-point norms of an (N,3) tensor of coordinates: each thread reads its
// three coordinates, 12 bytes apart across lanes for float.
template <typename scalar_t>
__global__ void point_norm_kernel(const scalar_t* __restrict__ points, scalar_t* __restrict__ norms, int64_t n)
{
    using acc_t = at::acc_type<scalar_t, true>;
    int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    if (i < n) {
        acc_t x = points[3 * i]; // expect: uncoalesced-adjacent K=3 offsets=0,1,2
        acc_t y = points[3 * i + 1];
        acc_t z = points[3 * i + 2];
        norms[i] = static_cast<scalar_t>(sqrtf(x * x + y * y + z * z)); // expect: oversized-element
    }
}

// A packed accessor and a half-precision scale.
__global__ void scale_rows_kernel(at::PackedTensorAccessor32<float, 2, at::RestrictPtrTraits> rows, at::Half factor)
{
    int r = blockIdx.x, c = threadIdx.x;
    if (r < rows.size(0) && c < rows.size(1)) rows[r][c] = rows[r][c] * static_cast<float>(factor);
}

at::Tensor point_norm(const at::Tensor& points)
{
    TORCH_CHECK(points.is_cuda(), "points must be a CUDA tensor");
    TORCH_CHECK(points.dim() == 2 && points.size(1) == 3, "points must be (N, 3)");
    const at::cuda::OptionalCUDAGuard guard(points.device());
    auto norms = at::empty({points.size(0)}, points.options());
    const int64_t n = points.size(0);
    const int threads = 256;
    const int blocks = (int)((n + threads - 1) / threads);
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    AT_DISPATCH_FLOATING_TYPES_AND_HALF(points.scalar_type(), "point_norm", [&] {
        point_norm_kernel<scalar_t><<<blocks, threads, 0, stream>>>(points.data_ptr<scalar_t>(),
                                                                    norms.data_ptr<scalar_t>(), n);
    });
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return norms;
}

void scale_rows(at::Tensor rows, double factor)
{
    scale_rows_kernel<<<rows.size(0), rows.size(1), 0, at::cuda::getCurrentCUDAStream()>>>(
        rows.packed_accessor32<float, 2, at::RestrictPtrTraits>(), at::Half((float)factor));
    AT_CUDA_CHECK(cudaGetLastError());
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m)
{
    m.def("point_norm", &point_norm, "per-point norms (CUDA)");
    m.def("scale_rows", &scale_rows, "scale each row (CUDA)", py::arg("rows"), py::arg("factor") = 1.0);
}
