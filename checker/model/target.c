/* target.c - GPU targets by architecture name (see target.h). */
#include "model/target.h"

#include <ctype.h>
#include <string.h>

/* NVIDIA: 32-lane warps, 32-byte sectors (the unit Nsight Compute counts)
 * of 128-byte L1 lines.
 * AMD CDNA (gfx908/gfx90a): 64-wide wavefronts, 64-byte vector L1 cache
 * lines; CDNA3 (gfx94x): 128-byte lines.  RDNA (gfx10-gfx12): 32-wide
 * wavefronts by default, 128-byte lines.  The AMD figures are from AMD's
 * instruction-set and CDNA/RDNA architecture documents, not measured here;
 * their granule is the line. */
static const GpuTarget nvidia = {"sm_90", "NVIDIA", 32, 32, 128, false, true};
static const GpuTarget cdna = {"gfx90a", "AMD CDNA", 64, 64, 64, true, false};
static const GpuTarget cdna3 = {"gfx942", "AMD CDNA3", 64, 128, 128, true, false};
static const GpuTarget gcn = {"gfx900", "AMD GCN", 64, 64, 64, true, false};
static const GpuTarget rdna = {"gfx1100", "AMD RDNA", 32, 128, 128, true, false};

const GpuTarget *target_nvidia(void)
{
    return &nvidia;
}

const GpuTarget *target_amd_default(void)
{
    return &cdna;
}

bool target_arch_is_amd(const char *arch)
{
    return arch && strncmp(arch, "gfx", 3) == 0 && isxdigit((unsigned char)arch[3]);
}

const GpuTarget *target_for_arch(const char *arch)
{
    if (!arch) return NULL;
    if (strncmp(arch, "sm_", 3) == 0 || strncmp(arch, "compute_", 8) == 0)
        return isdigit((unsigned char)arch[arch[0] == 's' ? 3 : 8]) ? &nvidia : NULL;
    if (!target_arch_is_amd(arch)) return NULL;
    /* gfxN...: the generation is the digits before the last two characters
     * (gfx90a: 9, gfx1100: 11) */
    size_t n = 3;
    while (isxdigit((unsigned char)arch[n])) n++;
    size_t digits = n - 3;
    if (digits < 3) return NULL;
    int generation = digits == 3 ? arch[3] - '0' : (arch[3] - '0') * 10 + (arch[4] - '0');
    if (generation >= 10) return &rdna;
    if (generation == 9) return strncmp(arch, "gfx94", 5) == 0 || strncmp(arch, "gfx95", 5) == 0 ? &cdna3
                                : strncmp(arch, "gfx908", 6) == 0 || strncmp(arch, "gfx90a", 6) == 0 ? &cdna
                                                                                                      : &gcn;
    if (generation >= 6) return &gcn;
    return NULL;
}

const char *target_arch_in_arg(const char *arg, const char *next, bool *used_next)
{
    static const char *const with_value[] = {"--offload-arch=", "--amdgpu-target=", "--cuda-gpu-arch=", "-arch=",
                                             "--gpu-architecture=", "-march="};
    *used_next = false;
    for (size_t i = 0; i < sizeof with_value / sizeof with_value[0]; i++) {
        size_t n = strlen(with_value[i]);
        if (strncmp(arg, with_value[i], n) == 0) return arg + n;
    }
    if (next && (strcmp(arg, "--offload-arch") == 0 || strcmp(arg, "-arch") == 0 ||
                 strcmp(arg, "--gpu-architecture") == 0)) {
        *used_next = true;
        return next;
    }
    return NULL;
}
