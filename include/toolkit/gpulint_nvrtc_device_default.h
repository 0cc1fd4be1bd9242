/* gpulint_nvrtc_device_default.h - pre-included (-include) into a kernel
 * file that the project compiles at run time with NVRTC's
 * --device-as-default-execution-space (-default-device): functions without
 * __host__/__device__ are device functions there, as they become
 * __host__ __device__ here. */
/* The C library first, as host code: read under the pragma, its functions
 * would become __host__ __device__ and clash with the device declarations
 * clang's CUDA headers already made (malloc, abs).  NVRTC has no C library. */
#include <stdlib.h>
#pragma clang force_cuda_host_device begin
