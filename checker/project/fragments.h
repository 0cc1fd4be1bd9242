/* fragments.h - the project's include graph, read as text (the
 * #include lines of every file of its header index, resolved as project.h
 * resolves them), built once per project per run.  An angled include
 * counts when it names a file of the project by path suffix
 * (<faiss/gpu/utils/Tensor.cuh>).
 *
 * A fragment is a .cu, .cuh, .inl or .inc file (or a C++ header that
 * defines kernels) that another file of the project includes and that a CUDA translation unit (a .cu file nothing
 * includes) reaches through its includes; or a .cl file with no kernel of its own (helpers, statements
 * a kernel includes in its body) that an OpenCL kernel file includes (a .cl file with kernels is always
 * a translation unit: its host builds it on its own).  It is analysed through one of
 * those translation units, its owner (the first in path order), whose
 * preceding text and flags give it its types, macros and globals; the
 * owner's analysis models the fragment's kernels as its own. */
#ifndef GPULINT_FRAGMENTS_H
#define GPULINT_FRAGMENTS_H

#include "project/kernel_text.h"
#include "project/project.h"

#include <stdbool.h>

typedef struct {
    const char *path;          /* a direct includer (real path) */
    int line;                  /* of its #include */
} Includer;

typedef struct {
    bool fragment_kind;        /* .cu, .cuh, .inl, .inc, a C++ header that defines kernels */
    const char *owner;         /* the translation unit it is analysed through; NULL: none */
    const char **roots; int nroots;      /* every translation unit that reaches it, owner first */
    Includer *includers; int nincluders; /* the files that include it, in path order */
    bool kernel_template;      /* it defines a kernel template (a generic launcher's `template <class F> __global__`) */
    bool opencl_kernels;       /* a .cl file that defines kernels: a translation unit even when others include it */
} FragmentInfo;

typedef struct FragmentSet FragmentSet;

FragmentSet *fragments_new(ProjectSet *ps);
void fragments_free(FragmentSet *fs);
/* What the graph says of a file (an absolute, real path); NULL when it is
 * in no project index. */
const FragmentInfo *fragments_info(FragmentSet *fs, const char *abs_path);
/* The fragments whose owner is this translation unit (real paths). */
int fragments_owned_by(FragmentSet *fs, const char *abs_tu, const char *const **out);
/* The fragments this translation unit reaches that define kernel templates
 * and that another translation unit owns: the generic launchers its device
 * lambdas and functors go through (*out malloc'd, the paths the set's). */
int fragments_launchers_reached(FragmentSet *fs, const char *abs_tu, const char ***out);

#endif
