/* gpu_code.h - which parse errors touch GPU code (see gpu_code.c). */
#ifndef GPULINT_GPU_CODE_H
#define GPULINT_GPU_CODE_H

#include "frontend/frontend.h"
#include "model/model.h"

#include <clang-c/Index.h>

/* Sets Diag.in_gpu_code for each of the translation unit's diagnostics. */
void classify_gpu_diags(CXTranslationUnit tu, const Model *m, Diag *diags, int ndiags);

#endif
