/* gpulint_torch.h - a stand-in for the kernel-facing part of PyTorch's C++
 * headers (ATen, c10, torch/extension.h), for extensions analysed without
 * PyTorch installed.  It is searched after every other include directory
 * (-idirafter), so a checkout that has the real headers uses them.  Written
 * for gpulint from PyTorch's documented API; declarations only where a body
 * is not needed to parse, and no PyTorch text.
 *
 * Covered: at::Tensor's accessors (data_ptr<T>(), sizes, strides, options,
 * packed_accessor32/64), the tensor factories (empty, zeros, *_like),
 * c10::Half/BFloat16/complex, ScalarType and the k* constants, acc_type,
 * the AT_DISPATCH_* family (each instantiates its lambda once per type, as
 * PyTorch does), TORCH_CHECK and the CUDA check macros, the current stream
 * and device helpers, CUDA guards, gpuAtomicAdd, the Philox random state
 * dropout kernels take (PhiloxCudaState, philox::unpack) and the generator
 * that gives it, and pybind11's module macro as PYBIND11_MODULE uses it. */
#ifndef GPULINT_TORCH_H
#define GPULINT_TORCH_H
#pragma clang system_header

#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <vector>
#include <string>
#include <tuple>
#include <utility>
#include <initializer_list>

#define C10_HOST_DEVICE __host__ __device__
#define C10_DEVICE __device__
#define C10_HOST __host__
#define C10_WARP_SIZE 32
#define C10_LIKELY(x) (x)
#define C10_UNLIKELY(x) (x)
#define C10_LAUNCH_BOUNDS_0 __launch_bounds__(256, 4)
#define C10_LAUNCH_BOUNDS_1(max_threads) __launch_bounds__(max_threads)
#define C10_LAUNCH_BOUNDS_2(max_threads, min_blocks) __launch_bounds__(max_threads, min_blocks)
#define C10_MAX_THREADS_PER_BLOCK(n) (n)
#define C10_RESTRICT __restrict__
#define C10_ALWAYS_INLINE inline
#define C10_API
#define TORCH_API
#define TORCH_EXTENSION_NAME gpulint_torch_extension

namespace gpulint_torch_detail {
inline void check(bool, ...) {}
} // namespace gpulint_torch_detail

#define TORCH_CHECK(cond, ...) ::gpulint_torch_detail::check(static_cast<bool>(cond))
#define TORCH_CHECK_VALUE(cond, ...) TORCH_CHECK(cond)
#define TORCH_CHECK_TYPE(cond, ...) TORCH_CHECK(cond)
#define TORCH_CHECK_INDEX(cond, ...) TORCH_CHECK(cond)
#define TORCH_INTERNAL_ASSERT(cond, ...) TORCH_CHECK(cond)
#define TORCH_INTERNAL_ASSERT_DEBUG_ONLY(cond, ...) TORCH_CHECK(cond)
#define TORCH_WARN(...) ((void)0)
#define AT_ASSERT(cond, ...) TORCH_CHECK(cond)
#define AT_ASSERTM(cond, ...) TORCH_CHECK(cond)
#define AT_ERROR(...) ::gpulint_torch_detail::check(false)
#define C10_CUDA_CHECK(expr) ((void)(expr))
#define C10_CUDA_CHECK_WARN(expr) ((void)(expr))
#define AT_CUDA_CHECK(expr) ((void)(expr))
#define TORCH_CUDABLAS_CHECK(expr) ((void)(expr))
#define C10_CUDA_KERNEL_LAUNCH_CHECK() ((void)0)
#define LOG(severity) (::c10::LogStream())
#define CHECK(cond) (::c10::LogStream())
#define CHECK_EQ(a, b) (::c10::LogStream())
#define CHECK_NE(a, b) (::c10::LogStream())
#define CHECK_LT(a, b) (::c10::LogStream())
#define CHECK_LE(a, b) (::c10::LogStream())
#define CHECK_GT(a, b) (::c10::LogStream())
#define CHECK_GE(a, b) (::c10::LogStream())

namespace c10 {

enum class ScalarType : int8_t {
    Byte, Char, Short, Int, Long, Half, Float, Double, ComplexHalf, ComplexFloat, ComplexDouble, Bool,
    QInt8, QUInt8, QInt32, BFloat16, Float8_e5m2, Float8_e4m3fn, UInt16, UInt32, UInt64, Undefined
};

/* 2-byte storage types with float arithmetic, as in PyTorch */
struct alignas(2) Half {
    unsigned short x;
    Half() = default;
    C10_HOST_DEVICE Half(float value);
    C10_HOST_DEVICE Half(const __half &value);
    C10_HOST_DEVICE operator float() const;
};
C10_HOST_DEVICE Half operator-(const Half &a);
struct alignas(2) BFloat16 {
    unsigned short x;
    BFloat16() = default;
    C10_HOST_DEVICE BFloat16(float value);
    C10_HOST_DEVICE BFloat16(const __nv_bfloat16 &value);
    C10_HOST_DEVICE operator float() const;
};
C10_HOST_DEVICE BFloat16 operator-(const BFloat16 &a);

/* PyTorch's arithmetic on the 2-byte types: with each other they stay 2-byte,
 * with float/double they widen, with integers they stay; compound
 * assignments write back */
#define GPULINT_TORCH_ARITH(T)                                                                                    \
    C10_HOST_DEVICE T operator+(const T &a, const T &b);                                                          \
    C10_HOST_DEVICE T operator-(const T &a, const T &b);                                                          \
    C10_HOST_DEVICE T operator*(const T &a, const T &b);                                                          \
    C10_HOST_DEVICE T operator/(const T &a, const T &b);                                                          \
    C10_HOST_DEVICE float operator+(const T &a, float b);                                                         \
    C10_HOST_DEVICE float operator-(const T &a, float b);                                                         \
    C10_HOST_DEVICE float operator*(const T &a, float b);                                                         \
    C10_HOST_DEVICE float operator/(const T &a, float b);                                                         \
    C10_HOST_DEVICE float operator+(float a, const T &b);                                                         \
    C10_HOST_DEVICE float operator-(float a, const T &b);                                                         \
    C10_HOST_DEVICE float operator*(float a, const T &b);                                                         \
    C10_HOST_DEVICE float operator/(float a, const T &b);                                                         \
    C10_HOST_DEVICE double operator+(const T &a, double b);                                                       \
    C10_HOST_DEVICE double operator-(const T &a, double b);                                                       \
    C10_HOST_DEVICE double operator*(const T &a, double b);                                                       \
    C10_HOST_DEVICE double operator/(const T &a, double b);                                                       \
    C10_HOST_DEVICE double operator+(double a, const T &b);                                                       \
    C10_HOST_DEVICE double operator-(double a, const T &b);                                                       \
    C10_HOST_DEVICE double operator*(double a, const T &b);                                                       \
    C10_HOST_DEVICE double operator/(double a, const T &b);                                                       \
    C10_HOST_DEVICE T operator+(const T &a, int b);                                                               \
    C10_HOST_DEVICE T operator-(const T &a, int b);                                                               \
    C10_HOST_DEVICE T operator*(const T &a, int b);                                                               \
    C10_HOST_DEVICE T operator/(const T &a, int b);                                                               \
    C10_HOST_DEVICE T operator+(int a, const T &b);                                                               \
    C10_HOST_DEVICE T operator-(int a, const T &b);                                                               \
    C10_HOST_DEVICE T operator*(int a, const T &b);                                                               \
    C10_HOST_DEVICE T operator/(int a, const T &b);                                                               \
    template <typename U> C10_HOST_DEVICE T &operator+=(T &a, const U &b);                                        \
    template <typename U> C10_HOST_DEVICE T &operator-=(T &a, const U &b);                                        \
    template <typename U> C10_HOST_DEVICE T &operator*=(T &a, const U &b);                                        \
    template <typename U> C10_HOST_DEVICE T &operator/=(T &a, const U &b);
GPULINT_TORCH_ARITH(Half)
GPULINT_TORCH_ARITH(BFloat16)

template <typename T> struct alignas(sizeof(T) * 2) complex {
    T real_, imag_;
    constexpr C10_HOST_DEVICE complex(const T &re = T(), const T &im = T()) : real_(re), imag_(im) {}
    constexpr C10_HOST_DEVICE T real() const { return real_; }
    constexpr C10_HOST_DEVICE T imag() const { return imag_; }
};
template <typename T> C10_HOST_DEVICE complex<T> operator+(const complex<T> &a, const complex<T> &b);
template <typename T> C10_HOST_DEVICE complex<T> operator-(const complex<T> &a, const complex<T> &b);
template <typename T> C10_HOST_DEVICE complex<T> operator*(const complex<T> &a, const complex<T> &b);
template <typename T> C10_HOST_DEVICE complex<T> operator/(const complex<T> &a, const complex<T> &b);
template <typename T> C10_HOST_DEVICE complex<T> operator-(const complex<T> &a);
template <typename T> C10_HOST_DEVICE complex<T> operator*(const complex<T> &a, const T &b);
template <typename T> C10_HOST_DEVICE complex<T> operator*(const T &a, const complex<T> &b);
template <typename T> C10_HOST_DEVICE complex<T> operator+(const complex<T> &a, const T &b);
template <typename T> C10_HOST_DEVICE bool operator==(const complex<T> &a, const complex<T> &b);

} // namespace c10

/* c10/util/complex.h adds these overloads to std, so code calls them there */
namespace std {
template <typename T> C10_HOST_DEVICE c10::complex<T> conj(const c10::complex<T> &z);
template <typename T> C10_HOST_DEVICE c10::complex<T> exp(const c10::complex<T> &z);
template <typename T> C10_HOST_DEVICE c10::complex<T> log(const c10::complex<T> &z);
template <typename T> C10_HOST_DEVICE T abs(const c10::complex<T> &z);
template <typename T> C10_HOST_DEVICE T real(const c10::complex<T> &z);
template <typename T> C10_HOST_DEVICE T imag(const c10::complex<T> &z);
} // namespace std

namespace c10 {
struct nullopt_t {};
constexpr nullopt_t nullopt{};
template <typename T> class optional {
public:
    optional();
    optional(nullopt_t);
    optional(const T &v);
    bool has_value() const;
    explicit operator bool() const;
    const T &value() const;
    T &value();
    const T &operator*() const;
    const T *operator->() const;
    template <typename U> T value_or(const U &u) const;
};
template <typename T> class ArrayRef {
public:
    ArrayRef();
    ArrayRef(const std::vector<T> &v);
    ArrayRef(std::initializer_list<T> l);
    const T *data() const;
    size_t size() const;
    const T &operator[](size_t i) const;
    const T *begin() const;
    const T *end() const;
};
using IntArrayRef = ArrayRef<int64_t>;

enum class DeviceType : int8_t { CPU, CUDA };
enum class MemoryFormat : int8_t { Contiguous, Preserve, ChannelsLast, ChannelsLast3d };
struct Device {
    Device(DeviceType type, int index = -1);
    DeviceType type() const;
    int index() const;
    bool is_cuda() const;
    bool operator==(const Device &o) const;
    bool operator!=(const Device &o) const;
};
/* the ScalarType of a C++ type */
template <typename T> struct CppTypeToScalarType { static constexpr ScalarType value = ScalarType::Float; };
template <> struct CppTypeToScalarType<double> { static constexpr ScalarType value = ScalarType::Double; };
template <> struct CppTypeToScalarType<Half> { static constexpr ScalarType value = ScalarType::Half; };
template <> struct CppTypeToScalarType<BFloat16> { static constexpr ScalarType value = ScalarType::BFloat16; };
template <> struct CppTypeToScalarType<int> { static constexpr ScalarType value = ScalarType::Int; };
template <> struct CppTypeToScalarType<int64_t> { static constexpr ScalarType value = ScalarType::Long; };

/* glog-style logging as c10/util/Logging.h provides it */
struct LogStream {
    template <typename T> LogStream &operator<<(const T &) { return *this; }
};
enum LogSeverity { INFO, WARNING, ERROR, FATAL };
struct DataPtr {
    void *get() const;
};

namespace cuda {
class CUDAStream {
public:
    cudaStream_t stream() const;
    operator cudaStream_t() const;
};
CUDAStream getCurrentCUDAStream(int device = -1);
CUDAStream getDefaultCUDAStream(int device = -1);
CUDAStream getStreamFromPool(bool high_priority = false, int device = -1);
int current_device();
struct CUDAGuard {
    explicit CUDAGuard(int device);
    explicit CUDAGuard(Device device);
};
struct OptionalCUDAGuard {
    OptionalCUDAGuard();
    template <typename D> explicit OptionalCUDAGuard(const D &device);
};
namespace CUDACachingAllocator {
struct Allocator {
    DataPtr allocate(size_t bytes);
    void *raw_alloc(size_t bytes);
    void raw_delete(void *p);
};
Allocator *get();
} // namespace CUDACachingAllocator
} // namespace cuda
} // namespace c10

namespace at {
using c10::ArrayRef;
using c10::BFloat16;
using c10::Device;
using c10::DeviceType;
using c10::Half;
using c10::IntArrayRef;
using c10::MemoryFormat;
using c10::ScalarType;
using c10::nullopt;
template <typename T> using optional = c10::optional<T>;
template <typename T> optional<Device> device_of(const T &tensor);

constexpr ScalarType kByte = ScalarType::Byte, kChar = ScalarType::Char, kShort = ScalarType::Short,
                     kInt = ScalarType::Int, kLong = ScalarType::Long, kHalf = ScalarType::Half,
                     kFloat = ScalarType::Float, kDouble = ScalarType::Double, kBool = ScalarType::Bool,
                     kBFloat16 = ScalarType::BFloat16, kUInt8 = ScalarType::Byte, kInt8 = ScalarType::Char,
                     kInt16 = ScalarType::Short, kInt32 = ScalarType::Int, kInt64 = ScalarType::Long,
                     kFloat16 = ScalarType::Half, kFloat32 = ScalarType::Float, kFloat64 = ScalarType::Double;
constexpr DeviceType kCPU = DeviceType::CPU, kCUDA = DeviceType::CUDA;
size_t elementSize(ScalarType t);

/* the accumulation type of a storage type */
template <typename T, bool is_cuda> struct AccumulateType { using type = T; };
template <bool is_cuda> struct AccumulateType<Half, is_cuda> { using type = float; };
template <bool is_cuda> struct AccumulateType<BFloat16, is_cuda> { using type = float; };
template <bool is_cuda> struct AccumulateType<float, is_cuda> { using type = float; };
template <bool is_cuda> struct AccumulateType<double, is_cuda> { using type = double; };
template <typename T, bool is_cuda> using acc_type = typename AccumulateType<T, is_cuda>::type;
template <typename T> using opmath_type = acc_type<T, true>;

template <typename T> struct DefaultPtrTraits { typedef T *PtrType; };
template <typename T> struct RestrictPtrTraits { typedef T *__restrict__ PtrType; };

/* A tensor seen from a kernel: a pointer with sizes and strides. */
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
class GenericPackedTensorAccessor {
public:
    typedef typename PtrTraits<T>::PtrType PtrType;
    C10_HOST_DEVICE GenericPackedTensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t i) const;
    C10_HOST_DEVICE index_t size(index_t d) const;
    C10_HOST_DEVICE index_t stride(index_t d) const;
    C10_HOST_DEVICE PtrType data() const;
};
template <typename T, template <typename U> class PtrTraits, typename index_t>
class GenericPackedTensorAccessor<T, 1, PtrTraits, index_t> {
public:
    typedef typename PtrTraits<T>::PtrType PtrType;
    C10_HOST_DEVICE T &operator[](index_t i) const;
    C10_HOST_DEVICE index_t size(index_t d) const;
    C10_HOST_DEVICE index_t stride(index_t d) const;
    C10_HOST_DEVICE PtrType data() const;
};
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor32 = GenericPackedTensorAccessor<T, N, PtrTraits, int32_t>;
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor64 = GenericPackedTensorAccessor<T, N, PtrTraits, int64_t>;
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
using PackedTensorAccessor = GenericPackedTensorAccessor<T, N, PtrTraits, index_t>;

class TensorOptions {
public:
    TensorOptions();
    TensorOptions(ScalarType t);
    TensorOptions(DeviceType d);
    TensorOptions dtype(ScalarType t) const;
    template <typename T> TensorOptions dtype() const;
    TensorOptions device(Device d) const;
    TensorOptions device(DeviceType d, int index = -1) const;
    TensorOptions requires_grad(bool r = true) const;
    TensorOptions memory_format(MemoryFormat m) const;
    ScalarType scalar_type() const;
};
TensorOptions dtype(ScalarType t);
template <typename T> TensorOptions dtype();
TensorOptions device(DeviceType d);

class Generator {};

class Tensor {
public:
    Tensor();
    template <typename T> T *data_ptr() const;
    void *data_ptr() const;
    template <typename T> T *data() const;
    template <typename T> T *mutable_data_ptr() const;
    template <typename T> const T *const_data_ptr() const;
    const void *const_data_ptr() const;
    int64_t size(int64_t d) const;
    int64_t stride(int64_t d) const;
    IntArrayRef sizes() const;
    IntArrayRef strides() const;
    int64_t numel() const;
    int64_t dim() const;
    int64_t ndimension() const;
    size_t element_size() const;
    size_t nbytes() const;
    ScalarType scalar_type() const;
    ScalarType dtype() const;
    TensorOptions options() const;
    Device device() const;
    int get_device() const;
    bool defined() const;
    bool is_cuda() const;
    bool is_contiguous(MemoryFormat m = MemoryFormat::Contiguous) const;
    bool requires_grad() const;
    Tensor contiguous(MemoryFormat m = MemoryFormat::Contiguous) const;
    template <typename T> T item() const;
    template <typename... A> Tensor view(A &&...) const;
    template <typename... A> Tensor reshape(A &&...) const;
    template <typename... A> Tensor to(A &&...) const;
    template <typename... A> Tensor narrow(A &&...) const;
    template <typename... A> Tensor select(A &&...) const;
    template <typename... A> Tensor transpose(A &&...) const;
    template <typename... A> Tensor permute(A &&...) const;
    template <typename... A> Tensor expand(A &&...) const;
    template <typename... A> Tensor sum(A &&...) const;
    template <typename... A> Tensor copy_(A &&...) const;
    template <typename... A> Tensor fill_(A &&...) const;
    template <typename... A> Tensor add_(A &&...) const;
    template <typename... A> Tensor mul_(A &&...) const;
    template <typename... A> Tensor resize_(A &&...) const;
    Tensor zero_() const;
    Tensor clone() const;
    Tensor detach() const;
    Tensor t() const;
    Tensor flatten() const;
    Tensor unsqueeze(int64_t d) const;
    Tensor squeeze(int64_t d) const;
    Tensor float_() const;
    Tensor operator[](int64_t i) const;
    template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
    PackedTensorAccessor32<T, N, PtrTraits> packed_accessor32() const;
    template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
    PackedTensorAccessor64<T, N, PtrTraits> packed_accessor64() const;
    template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
    GenericPackedTensorAccessor<T, N, PtrTraits, index_t> packed_accessor() const;
};
using TensorList = ArrayRef<Tensor>;

/* sizes as a braced list ({n, 3}) cannot be deduced by a template: these
 * overloads take them */
Tensor empty(IntArrayRef sizes, TensorOptions options = TensorOptions());
Tensor zeros(IntArrayRef sizes, TensorOptions options = TensorOptions());
Tensor ones(IntArrayRef sizes, TensorOptions options = TensorOptions());
Tensor full(IntArrayRef sizes, double value, TensorOptions options = TensorOptions());
template <typename... A> Tensor empty(A &&...);
template <typename... A> Tensor zeros(A &&...);
template <typename... A> Tensor ones(A &&...);
template <typename... A> Tensor full(A &&...);
template <typename... A> Tensor empty_like(A &&...);
template <typename... A> Tensor zeros_like(A &&...);
template <typename... A> Tensor ones_like(A &&...);
template <typename... A> Tensor empty_strided(A &&...);
template <typename... A> Tensor from_blob(A &&...);
template <typename... A> Tensor cat(A &&...);
template <typename... A> Tensor matmul(A &&...);
int64_t numel(const Tensor &t);

template <typename T> struct numeric_limits {
    static C10_HOST_DEVICE T lowest();
    static C10_HOST_DEVICE T max();
    static C10_HOST_DEVICE T upper_bound();
    static C10_HOST_DEVICE T lower_bound();
};

/* The Philox random-number state a dropout kernel takes by value, and the
 * generator the host asks for it (ATen/cuda/CUDAGeneratorImpl.h). */
struct PhiloxCudaState {
    PhiloxCudaState();
    PhiloxCudaState(uint64_t seed, uint64_t offset);
    PhiloxCudaState(uint64_t seed, int64_t *offset_extragraph, uint32_t offset_intragraph);
    uint64_t seed_, offset_;
    bool captured_;
};
struct CUDAGeneratorImpl {
    std::mutex mutex_;
    PhiloxCudaState philox_cuda_state(uint64_t increment);
    uint64_t current_seed() const;
    void set_current_seed(uint64_t seed);
};
template <typename T> T *get_generator_or_default(const optional<Generator> &gen, const Generator &default_gen);
template <typename T> T *check_generator(optional<Generator> gen);

namespace cuda {
namespace detail {
const Generator &getDefaultCUDAGenerator(int8_t device_index = -1);
} // namespace detail
/* seed and offset from the state, in a kernel (ATen/cuda/CUDAGraphsUtils.cuh) */
namespace philox {
C10_HOST_DEVICE std::tuple<uint64_t, uint64_t> unpack(PhiloxCudaState arg);
} // namespace philox
using c10::cuda::CUDAGuard;
using c10::cuda::CUDAStream;
using c10::cuda::current_device;
using c10::cuda::getCurrentCUDAStream;
using c10::cuda::getDefaultCUDAStream;
using c10::cuda::getStreamFromPool;
using c10::cuda::OptionalCUDAGuard;
cudaDeviceProp *getCurrentDeviceProperties();
cudaDeviceProp *getDeviceProperties(int device);
void *getCurrentCUDABlasHandle();
void *getCurrentCUDABlasLtHandle();
} // namespace cuda
} // namespace at

/* warp shuffles with PyTorch's argument order (value first, full mask) */
template <typename T> __device__ T WARP_SHFL(T value, int lane, int width = 32, unsigned mask = 0xffffffffu);
template <typename T> __device__ T WARP_SHFL_XOR(T value, int lane_mask, int width = 32, unsigned mask = 0xffffffffu);
template <typename T> __device__ T WARP_SHFL_UP(T value, unsigned delta, int width = 32, unsigned mask = 0xffffffffu);
template <typename T> __device__ T WARP_SHFL_DOWN(T value, unsigned delta, int width = 32, unsigned mask = 0xffffffffu);
__device__ unsigned WARP_BALLOT(int predicate, unsigned mask = 0xffffffffu);
__device__ int WARP_ANY(int predicate, unsigned mask = 0xffffffffu);

/* atomics that also take the 2-byte types */
template <typename T> __device__ T gpuAtomicAdd(T *address, T value);
template <typename T> __device__ void fastAtomicAdd(T *tensor, int64_t index, int64_t numel, T value, bool fast);

/* One case per type: scalar_t is the case's type inside the dispatched
 * lambda, which runs (and so instantiates its kernels) once per type. */
#define GPULINT_AT_CASE(enum_value, type, ...)                                                                    \
    case enum_value: {                                                                                            \
        using scalar_t = type;                                                                                    \
        (void)sizeof(scalar_t);                                                                                   \
        return __VA_ARGS__();                                                                                     \
    }
#define AT_PRIVATE_CASE_TYPE(enum_value, type, ...) GPULINT_AT_CASE(enum_value, type, __VA_ARGS__)
#define AT_DISPATCH_CASE(enum_value, ...) GPULINT_AT_CASE(enum_value, float, __VA_ARGS__)
#define GPULINT_AT_FLOATING(...)                                                                                  \
    GPULINT_AT_CASE(at::ScalarType::Double, double, __VA_ARGS__)                                                  \
    GPULINT_AT_CASE(at::ScalarType::Float, float, __VA_ARGS__)
#define GPULINT_AT_INTEGRAL(...)                                                                                  \
    GPULINT_AT_CASE(at::ScalarType::Byte, uint8_t, __VA_ARGS__)                                                   \
    GPULINT_AT_CASE(at::ScalarType::Char, int8_t, __VA_ARGS__)                                                    \
    GPULINT_AT_CASE(at::ScalarType::Int, int32_t, __VA_ARGS__)                                                    \
    GPULINT_AT_CASE(at::ScalarType::Long, int64_t, __VA_ARGS__)                                                   \
    GPULINT_AT_CASE(at::ScalarType::Short, int16_t, __VA_ARGS__)
#define GPULINT_AT_SWITCH(TYPE, ...)                                                                              \
    [&] {                                                                                                         \
        switch (TYPE) {                                                                                           \
            __VA_ARGS__                                                                                           \
        default: break;                                                                                           \
        }                                                                                                         \
    }()
#define AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...) GPULINT_AT_SWITCH(TYPE, GPULINT_AT_FLOATING(__VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...)                                                      \
    GPULINT_AT_SWITCH(TYPE, GPULINT_AT_FLOATING(__VA_ARGS__) GPULINT_AT_CASE(at::ScalarType::Half, at::Half, __VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND(T1, TYPE, NAME, ...)                                                       \
    GPULINT_AT_SWITCH(TYPE, GPULINT_AT_FLOATING(__VA_ARGS__) GPULINT_AT_CASE(at::ScalarType::Half, at::Half, __VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND2(T1, T2, TYPE, NAME, ...)                                                  \
    GPULINT_AT_SWITCH(TYPE, GPULINT_AT_FLOATING(__VA_ARGS__)                                                      \
                                GPULINT_AT_CASE(at::ScalarType::Half, at::Half, __VA_ARGS__)                      \
                                    GPULINT_AT_CASE(at::ScalarType::BFloat16, at::BFloat16, __VA_ARGS__))
#define AT_DISPATCH_REDUCED_FLOATING_TYPES(TYPE, NAME, ...)                                                       \
    GPULINT_AT_SWITCH(TYPE, GPULINT_AT_CASE(at::ScalarType::Half, at::Half, __VA_ARGS__)                          \
                                GPULINT_AT_CASE(at::ScalarType::BFloat16, at::BFloat16, __VA_ARGS__))
#define AT_DISPATCH_INTEGRAL_TYPES(TYPE, NAME, ...) GPULINT_AT_SWITCH(TYPE, GPULINT_AT_INTEGRAL(__VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES(TYPE, NAME, ...)                                                                    \
    GPULINT_AT_SWITCH(TYPE, GPULINT_AT_FLOATING(__VA_ARGS__) GPULINT_AT_INTEGRAL(__VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND(T1, TYPE, NAME, ...)                                                            \
    GPULINT_AT_SWITCH(TYPE, GPULINT_AT_FLOATING(__VA_ARGS__) GPULINT_AT_INTEGRAL(__VA_ARGS__)                     \
                                GPULINT_AT_CASE(at::ScalarType::Half, at::Half, __VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND2(T1, T2, TYPE, NAME, ...)                                                       \
    GPULINT_AT_SWITCH(TYPE, GPULINT_AT_FLOATING(__VA_ARGS__) GPULINT_AT_INTEGRAL(__VA_ARGS__)                     \
                                GPULINT_AT_CASE(at::ScalarType::Half, at::Half, __VA_ARGS__)                      \
                                    GPULINT_AT_CASE(at::ScalarType::BFloat16, at::BFloat16, __VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND3(T1, T2, T3, TYPE, NAME, ...)                                                   \
    GPULINT_AT_SWITCH(TYPE, GPULINT_AT_FLOATING(__VA_ARGS__) GPULINT_AT_INTEGRAL(__VA_ARGS__)                     \
                                GPULINT_AT_CASE(at::ScalarType::Half, at::Half, __VA_ARGS__)                      \
                                    GPULINT_AT_CASE(at::ScalarType::BFloat16, at::BFloat16, __VA_ARGS__)          \
                                        GPULINT_AT_CASE(at::ScalarType::Bool, bool, __VA_ARGS__))

namespace torch {
using namespace at;
using at::Tensor;
namespace indexing {
struct Slice {
    Slice();
    template <typename A, typename B> Slice(A a, B b);
};
} // namespace indexing
} // namespace torch

/* pybind11 as an extension's module definition uses it */
namespace gpulint_pybind {
struct arg {
    explicit arg(const char *name);
    template <typename T> arg &operator=(const T &value);
};
struct module_ {
    template <typename... A> module_ &def(A &&...);
    template <typename... A> module_ &attr(A &&...);
};
} // namespace gpulint_pybind
namespace pybind11 = gpulint_pybind;
namespace py = gpulint_pybind;
#define PYBIND11_MODULE(name, variable) static void gpulint_pybind_module_##name(gpulint_pybind::module_ &variable)
#define TORCH_LIBRARY(ns, m) static void gpulint_torch_library_##ns(gpulint_pybind::module_ &m)
#define TORCH_LIBRARY_IMPL(ns, k, m) static void gpulint_torch_library_impl_##ns##_##k(gpulint_pybind::module_ &m)

#endif /* __cplusplus */
#endif /* GPULINT_TORCH_H */
