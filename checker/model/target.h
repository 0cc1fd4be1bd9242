/* target.h - the GPU a model is read for: how many lanes issue one memory
 * request together (a warp or a wavefront) and the granule its memory
 * requests are counted in, by architecture name (sm_90, gfx90a, gfx1100).
 *
 * A language's files have a default target (CUDA and OpenCL: an NVIDIA
 * GPU; HIP: a 64-wide AMD CDNA GPU); --offload-arch, the config's
 * offload-arch or a compile database entry's --offload-arch names another.
 * gpulint's cost model was measured on NVIDIA hardware only: `measured`
 * says whether a target's predictions rest on measurements of its kind. */
#ifndef GPULINT_TARGET_H
#define GPULINT_TARGET_H

#include <stdbool.h>

typedef struct {
    const char *arch;        /* "sm_90", "gfx90a", "gfx1100" */
    const char *family;      /* "NVIDIA", "AMD CDNA", "AMD RDNA" */
    int warp_width;          /* lanes of one warp (NVIDIA) or wavefront (AMD): 32 or 64 */
    int sector_bytes;        /* the granule a request is counted in: 32-byte sectors (NVIDIA), 64- or 128-byte cache lines (AMD) */
    int line_bytes;          /* the first-level cache line: 128 bytes (NVIDIA: four sectors), the granule on AMD */
    bool amd;                /* an AMD target: HIP's -D__HIP_PLATFORM_AMD__, hip* names */
    bool measured;           /* gpulint's costs were measured on this kind of GPU */
} GpuTarget;

/* The target an architecture names ("sm_80", "gfx90a", "gfx1030", also
 * with a feature suffix "gfx90a:xnack+"), NULL for a name gpulint does not
 * know.  The returned entry lives as long as the program. */
const GpuTarget *target_for_arch(const char *arch);
/* The NVIDIA GPU gpulint's measurements were made on (CUDA's and OpenCL's
 * default). */
const GpuTarget *target_nvidia(void);
/* HIP's default when no architecture is named: a 64-wide CDNA GPU (gfx90a). */
const GpuTarget *target_amd_default(void);
/* Is `arch` an AMD architecture name (gfx...)? */
bool target_arch_is_amd(const char *arch);
/* The architecture named by one compiler argument (--offload-arch=X,
 * --amdgpu-target=X, --cuda-gpu-arch=X, -arch=sm_X, or
 * --offload-arch / -arch with the value in `next`); NULL when the argument
 * names none.  *used_next is set when the value was `next`. */
const char *target_arch_in_arg(const char *arg, const char *next, bool *used_next);

#endif
