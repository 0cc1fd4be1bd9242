/* gpulint_cub_legacy.h - the CUB function objects that CCCL 3 (CUDA 13)
 * removed (cub::Sum, Max, Min, Difference, Division, Equality, Inequality;
 * their successors are cuda::std::plus, cuda::maximum, ...).  Sources
 * written for an older toolkit still name them.  Pre-included only for a
 * second parse of a file whose first one found them missing in namespace
 * cub (variants/missing_names_variant.c), so that its kernels parse as
 * their authors' toolkit compiled them.  Declarations with the same
 * meaning; nothing here runs. */
#ifndef GPULINT_CUB_LEGACY_H
#define GPULINT_CUB_LEGACY_H

namespace cub {
#define GPULINT_CUB_BINARY(name, expr)                                                                              \
    struct name {                                                                                                   \
        template <typename A, typename B>                                                                           \
        __host__ __device__ constexpr auto operator()(const A &a, const B &b) const -> decltype(expr) {             \
            return expr;                                                                                            \
        }                                                                                                           \
    };
GPULINT_CUB_BINARY(Sum, a + b)
GPULINT_CUB_BINARY(Difference, a - b)
GPULINT_CUB_BINARY(Division, a / b)
GPULINT_CUB_BINARY(Equality, a == b)
GPULINT_CUB_BINARY(Inequality, a != b)
#undef GPULINT_CUB_BINARY
struct Max {
    template <typename T>
    __host__ __device__ constexpr T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
struct Min {
    template <typename T>
    __host__ __device__ constexpr T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
} // namespace cub

#endif
