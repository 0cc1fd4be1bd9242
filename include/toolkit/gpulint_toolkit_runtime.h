/* gpulint_toolkit_runtime.h - the smallest precompiled toolkit prelude:
 * what clang's CUDA wrapper pre-includes (cuda_runtime.h, <cmath>,
 * <cstdlib>, ...).  gpulint precompiles it once per machine (a cache
 * directory) for files parsed with the CUDA toolkit's headers whose include
 * closure needs nothing heavier.  Only toolkit and standard headers here: a
 * prelude is parsed before the file, so it must not change what the file's
 * own code means (see docs/projects.md, "Precompiled toolkit preludes"). */
#include <cuda_runtime.h>
/* The toolkit defines __managed__ as the managed attribute, which clang
 * honours only for HIP: in CUDA mode the variable would stay a host one
 * and each use in device code an error.  nvcc makes it a device variable
 * the host can use too, as the shim does. */
#undef __managed__
#define __managed__ __device__ __attribute__((annotate("gpulint.managed")))
