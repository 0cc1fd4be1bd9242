/* jit_sources.h - the other embedded sources a host builds an OpenCL
 * kernel file with.
 *
 * A host may build one program from several embedded files, in order:
 *
 *     getKernel("scan_first", {{ops_cl_src, scan_first_cl_src}}, ...);
 *     std::vector<Source> sources{write_cl_src};
 *     sources.emplace_back(philox_cl_src);
 *
 * The sources before the kernel file's own are part of its program's text
 * (ops.cl defines the `binOp` that scan_first.cl calls): the file is
 * parsed with them included first (jit_names.c).  Only a braced list that
 * names the file, or the initialiser of the container the file is added
 * to, counts; a source added in another branch is an alternative. */
#ifndef GPULINT_JIT_SOURCES_H
#define GPULINT_JIT_SOURCES_H

#define JIT_SOURCE_STEM 64

/* The stems of the embedded sources (`ops` for `ops_cl_src`) that host
 * `text` builds before the one of `stem`, in order, each once; at most
 * max.  The count. */
int jit_sources_before(const char *text, const char *stem, char (*out)[JIT_SOURCE_STEM], int max);

#endif
