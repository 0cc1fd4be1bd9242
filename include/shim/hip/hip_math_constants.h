/* hip/hip_math_constants.h - gpulint HIP shim: HIP's math constants, with the
 * CUDA shim's CUDART_ values.  Written out, not as CUDART_ names: a project
 * that builds CUDA sources for AMD defines CUDART_INF_F as HIP_INF_F, and two
 * macros naming each other leave the name undeclared. */
#pragma clang system_header
#include <hip/hip_runtime.h>
#define HIP_PI_F 3.141592654f
#define HIP_2PI_F 6.283185307f
#define HIP_PIO2_F 1.570796327f
#define HIP_PIO4_F 0.785398163f
#define HIP_SQRT_2_F 1.414213562f
#define HIP_SQRT_HALF_F 0.707106781f
#define HIP_L2E_F 1.442695041f
#define HIP_LN2_F 0.693147181f
#define HIP_INF_F __builtin_huge_valf()
#define HIP_NAN_F __builtin_nanf("")
#define HIP_MAX_NORMAL_F 3.402823466e+38f
#define HIP_PI 3.1415926535897931e+0
#define HIP_2PI 6.2831853071795862e+0
#define HIP_PIO2 1.5707963267948966e+0
#define HIP_SQRT_2 1.4142135623730951e+0
#define HIP_LN2 6.9314718055994529e-1
#define HIP_INF __builtin_huge_val()
#define HIP_NAN __builtin_nan("")
