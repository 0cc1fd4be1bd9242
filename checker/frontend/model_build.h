/* model_build.h - libclang translation unit -> kernel model (kernel.c; the
 * interpreter's files are listed in interp.h). */
#ifndef GPULINT_MODEL_BUILD_H
#define GPULINT_MODEL_BUILD_H

#include "frontend/frontend.h"
#include "model/model.h"

#include <clang-c/Index.h>

/* `shim_dir` (may be NULL): functions defined under it are library code and
 * are never inlined or reported. */
void model_build(Model *m, CXTranslationUnit tu, const char *shim_dir, const FrontendOptions *o);

#endif
