/* gpulint shim: forwarding header so that `#include <math_constants.h>` resolves in
 * no-CUDA (shim) mode.  Everything lives in gpulint_cuda_shim.h, which is
 * normally pre-included with -include already. */
#include "gpulint_cuda_shim.h"
#define __MATH_CONSTANTS_H__
