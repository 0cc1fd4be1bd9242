/* gpulint shim: forwarding header so that `#include <device_launch_parameters.h>` resolves in
 * no-CUDA (shim) mode.  Everything lives in gpulint_cuda_shim.h, which is
 * normally pre-included with -include already. */
#include "gpulint_cuda_shim.h"
