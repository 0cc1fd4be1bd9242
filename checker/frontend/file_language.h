/* file_language.h - which GPU language a file is read as, and for which
 * GPU (model/language.h, model/target.h).
 *
 * The language: -x's; else the file's extension's (.cu CUDA, .cl OpenCL C,
 * .hip HIP); else, for a C/C++ file, HIP when it includes a HIP header and
 * CUDA otherwise.  A CUDA file is HIP when it is compiled for an AMD GPU
 * (--offload-arch=gfx..., a compile database entry of hipcc or `-x hip`):
 * hipcc compiles CUDA sources whose cuda* names a header renames to hip*.
 * The target: the architecture named (--offload-arch, the config's
 * offload-arch, the compile database's), else the language's default. */
#ifndef GPULINT_FILE_LANGUAGE_H
#define GPULINT_FILE_LANGUAGE_H

#include "frontend/frontend.h"
#include "model/language.h"
#include "model/target.h"

#include <stdbool.h>
#include <stddef.h>

/* Does the text (of the file `path`) #include a HIP header (<hip/...> or
 * "hip/..."), itself or through the headers it includes with quotes, found
 * beside their includer (3 levels, 16 files at most)? */
bool source_includes_hip_header(const char *text, size_t size, const char *path);

/* The language of `path` (text: its contents, NULL to read it from disk
 * when its extension does not decide). */
const GpuLanguage *file_language(const FrontendOptions *o, const FileArgs *fa, const char *path, const char *text,
                                 size_t size);

/* The architecture the file is compiled for (--offload-arch, else the
 * file's flags'), NULL when none is named. */
const char *file_offload_arch(const FrontendOptions *o, const FileArgs *fa);

/* The target a file of `lang` is read for, and in *arch the architecture
 * as named (gfx908: CDNA's entry, named gfx908); *assumed is set when it is
 * the language's default because no (known) architecture was named.  An
 * NVIDIA architecture is the target of any language (HIP on NVIDIA); an
 * AMD one only of a language whose default is AMD's (CUDA files named for
 * AMD are HIP: file_language). */
const GpuTarget *file_target(const FrontendOptions *o, const FileArgs *fa, const GpuLanguage *lang, bool *assumed,
                             const char **arch);

#endif
