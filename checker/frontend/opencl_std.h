/* opencl_std.h - inside the front end: the OpenCL C version a file is
 * parsed as, and why; names set by -D at build time (opencl_std.c;
 * docs/opencl.md). */
#ifndef GPULINT_OPENCL_STD_H
#define GPULINT_OPENCL_STD_H

#include "frontend/frontend.h"
#include "frontend/parse.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum { CLSTD_AUTO, CLSTD_DIRECTIVE, CLSTD_OPTION, CLSTD_CONFIG } OpenclStdOrigin;

typedef struct {
    char std[16];               /* "CL1.2" */
    OpenclStdOrigin origin;
    bool bad_directive;         /* the file's directive names no version gpulint knows */
    char directive[16];         /* the directive's value as written */
} OpenclStdChoice;

/* The version for a file whose text is `text` (NULL: unreadable), given
 * -cl-std= (`option`, NULL when not given) and the config's cl-std. */
OpenclStdChoice opencl_std_choose(const char *text, size_t size, const char *option, const char *config);
/* Do the parse errors of a CL1.2 parse come from OpenCL 2.0 constructs?
 * `what` gets the first one's name. */
bool opencl_wants_cl20(const Diag *diags, int ndiags, char *what, size_t n);
/* Is `name` one OpenCL C 2.0 added (then it is no name set by -D)? */
bool opencl_cl20_builtin(const char *name);
/* Kernels are often configured by -D options the host passes to
 * clBuildProgram: names used but never defined become one note naming
 * them, and the errors they cause become notes. */
void opencl_note_undefined_names(ParseResult *r, const char *path);
/* OpenCL sources kept as C++ raw strings for embedding (a line `R"(` ...
 * a line `)"`): the wrapper lines are blanked in place, so lines and
 * columns stay as in the file.  False when there is no wrapper
 * (parse_opencl.c). */
bool opencl_unwrap_raw_string(char *text);

#endif
