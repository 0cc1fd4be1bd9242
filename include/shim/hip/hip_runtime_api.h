/* hip_runtime_api.h - gpulint HIP shim: forwards to hip_runtime.h */
#pragma clang system_header
#include <hip/hip_runtime.h>
