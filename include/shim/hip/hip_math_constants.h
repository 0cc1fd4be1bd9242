/* hip/hip_math_constants.h - gpulint HIP shim: HIP's math constants as the CUDA shim's CUDART_ ones. */
#pragma clang system_header
#include <hip/hip_runtime.h>
#define HIP_PI_F CUDART_PI_F
#define HIP_2PI_F CUDART_2PI_F
#define HIP_PIO2_F CUDART_PIO2_F
#define HIP_PIO4_F CUDART_PIO4_F
#define HIP_SQRT_2_F CUDART_SQRT_2_F
#define HIP_SQRT_HALF_F CUDART_SQRT_HALF_F
#define HIP_L2E_F CUDART_L2E_F
#define HIP_LN2_F CUDART_LN2_F
#define HIP_INF_F CUDART_INF_F
#define HIP_NAN_F CUDART_NAN_F
#define HIP_MAX_NORMAL_F CUDART_MAX_NORMAL_F
#define HIP_PI CUDART_PI
#define HIP_2PI CUDART_2PI
#define HIP_PIO2 CUDART_PIO2
#define HIP_SQRT_2 CUDART_SQRT_2
#define HIP_LN2 CUDART_LN2
#define HIP_INF CUDART_INF
#define HIP_NAN CUDART_NAN
