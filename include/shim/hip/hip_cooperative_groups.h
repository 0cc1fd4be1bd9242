/* hip/hip_cooperative_groups.h - gpulint HIP shim: CUDA's cooperative groups. */
#pragma clang system_header
#include <hip/hip_runtime.h>
#include <cooperative_groups.h>
