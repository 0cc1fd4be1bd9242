/* gpulint shim: forwarding header so that `#include <surface_indirect_functions.h>` resolves in
 * no-CUDA (shim) mode; the shim (pre-included) declares its contents. */
#include "gpulint_cuda_shim.h"
