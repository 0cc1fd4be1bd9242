/* gpulint_toolkit_libs.h - the C++ prelude plus the device-side CUDA
 * library headers real projects include most (see
 * gpulint_toolkit_runtime.h).  Each is taken only where the toolkit has it. */
#include "gpulint_toolkit_cxx.h"
#if __has_include(<cooperative_groups.h>)
#include <cooperative_groups.h>
#endif
#if __has_include(<curand_kernel.h>)
#include <curand_kernel.h>
#endif
