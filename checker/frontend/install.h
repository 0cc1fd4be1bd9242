/* install.h - inside the front end: where this machine's libclang, its
 * resource directory and the CUDA toolkit are, and what they support. */
#ifndef GPULINT_INSTALL_H
#define GPULINT_INSTALL_H

#include <stddef.h>

/* The loaded libclang's major version (0 when its version string has none). */
int frontend_libclang_major(void);

/* clang's resource directory with the CUDA wrapper headers, or "". */
void frontend_find_resource_dir(char *out, size_t n);

/* The newest GPU architecture this libclang knows. */
const char *frontend_gpu_arch(void);

/* The CUDA toolkit: `preferred` (--cuda-path), $CUDA_PATH, $CUDA_HOME, then
 * the usual places; "" when none has include/cuda_runtime.h. */
void frontend_find_cuda(const char *preferred, char *out, size_t n);
/* ROCm's HIP headers ($ROCM_PATH, $HIP_PATH, /opt/rocm, /usr: the one
 * whose include/hip/hip_runtime.h exists), "" when none; *major: its HIP
 * version's major number (0 when unknown). */
void frontend_find_rocm(char *out, size_t n, int *major);

#endif
