/* gpu_code.h - which parse errors touch GPU code (see gpu_code.c). */
#ifndef GPULINT_GPU_CODE_H
#define GPULINT_GPU_CODE_H

#include "frontend/frontend.h"
#include "model/model.h"

#include <clang-c/Index.h>

/* Sets Diag.in_gpu_code for each of the translation unit's diagnostics
 * (and the other kinds Diag records).  `shim_dir`: gpulint's shim, whose
 * declarations a project may repeat (may be NULL). */
void classify_gpu_diags(CXTranslationUnit tu, const Model *m, const char *shim_dir, Diag *diags, int ndiags);

#endif
