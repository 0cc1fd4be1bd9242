/* opencl_build_texts.h - inside the front end: the files a host may put
 * before an OpenCL kernel's text (opencl_build_types.h), and what their
 * texts define, read as text: a type (`typedef ... NAME;`, `} NAME;`,
 * `#define NAME`) or an identifier (a function defined outside any #if, a
 * default behind #ifndef in an OpenCL file without kernels of its own). */
#ifndef GPULINT_OPENCL_BUILD_TEXTS_H
#define GPULINT_OPENCL_BUILD_TEXTS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char *path;
    char *text;
    bool own_kernels; /* a kernel outside any #if: a program of its own (read once, at load) */
} BuildCandidate;

/* The files that may be put before a file: the headers and OpenCL files
 * of its directory, then of `parent` (the caller keeps it inside the
 * project), each by name, read once per file.  C++ headers and the file
 * itself are left out. */
struct BuildCandidates {
    BuildCandidate *items;
    int n;
};

struct BuildCandidates *build_candidates_load(const char *dir, const char *parent, const char *self_path);
void build_candidates_free(struct BuildCandidates *c);
/* The first candidate that defines `name`, as a type when `type`, else as
 * an identifier: the directory's before the parent's; NULL when none does. */
const BuildCandidate *build_candidates_defining(const struct BuildCandidates *c, const char *name, bool type);

/* Is text[at, at+len) a whole word?  The text after spaces and newlines. */
bool build_text_word_at(const char *text, const char *at, size_t len);
const char *build_text_skip_space(const char *p);

#endif
