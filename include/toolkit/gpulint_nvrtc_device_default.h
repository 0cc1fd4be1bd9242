/* gpulint_nvrtc_device_default.h - pre-included (-include) into a kernel
 * file that the project compiles at run time with NVRTC's
 * --device-as-default-execution-space (-default-device): functions without
 * __host__/__device__ are device functions there, as they become
 * __host__ __device__ here. */
#pragma clang force_cuda_host_device begin
