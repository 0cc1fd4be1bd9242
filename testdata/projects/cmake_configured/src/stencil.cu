// Needs stencil/config.h, which only the build tree has (CMake's
// configure_file), and STENCIL_OS_LINUX and STENCIL_LEVEL, which only
// CMake defines.
#include <stencil/config.h>

#if !defined(STENCIL_OS_LINUX) && !defined(STENCIL_OS_WINDOWS) && !defined(STENCIL_OS_MAC)
#error "unsupported platform"
#endif
#if STENCIL_VERSION_MAJOR < 2 || STENCIL_TILE != 44 || STENCIL_BUILD_NUMBER != 0 || !STENCIL_WITH_HALO
#error "configured values not read"
#endif
#ifdef STENCIL_WITH_MPI
#error "an option nobody set is off"
#endif
#if !defined(STENCIL_NO_HALF_CLASS) || STENCIL_LEVEL != 3
#error "the directory's target_compile_definitions not read"
#endif
#if defined(STENCIL_USER_ONLY) || defined(STENCIL_MPI_ENABLED) || defined(STENCIL_TOOLS_ONLY)
#error "an INTERFACE, a conditional or another directory's definition applied"
#endif

__global__ void smooth(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < STENCIL_RADIUS || i >= n - STENCIL_RADIUS) return;
    float sum = 0.0f;
    for (int d = -STENCIL_RADIUS; d <= STENCIL_RADIUS; d++) sum += in[i + d];
    out[i] = sum * 0.1;
}
