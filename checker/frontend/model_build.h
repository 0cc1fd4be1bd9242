/* model_build.h - libclang translation unit -> kernel model (kernel.c; the
 * interpreter's files are listed in interp.h). */
#ifndef GPULINT_MODEL_BUILD_H
#define GPULINT_MODEL_BUILD_H

#include "frontend/frontend.h"
#include "model/model.h"

#include <clang-c/Index.h>

struct HostStrings;
struct HostProgram;

/* `shim_dir` (may be NULL): functions defined under it are library code and
 * are never inlined or reported.  The kernels of the main file and of
 * `fa`'s model_files (may be NULL) are modelled; so are their __device__
 * functions that no kernel of the translation unit calls (as roots). */
void model_build(Model *m, CXTranslationUnit tu, const char *shim_dir, const FrontendOptions *o, const FileArgs *fa);
/* The same for a kernel string of a host file: the TU's main file holds
 * `program` (see host_strings.h); every position is mapped to the host file. */
void model_build_program(Model *m, CXTranslationUnit tu, const char *shim_dir, const FrontendOptions *o,
                         const struct HostStrings *host, const struct HostProgram *program);

#endif
