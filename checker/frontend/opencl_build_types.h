/* opencl_build_types.h - inside the front end: the type names an OpenCL
 * kernel file leaves to the host program that builds it.
 *
 * Run-time compiled OpenCL kernels are often written against names the
 * host supplies when it calls clBuildProgram: an element type set by an
 * option (`-D T=float`, once per type the library supports) and structs
 * from a header whose text the host puts before the kernel's (a parameter
 * struct shared with the host code).  Parsed alone, such a file stops on
 * "unknown type name" in every kernel signature and nothing is analysed.
 *
 * When a file's errors name unknown types, or identifiers a file beside
 * it defines (a helper function, a tuning constant's default: a library
 * that builds each kernel from several of its files, in order), it is
 * parsed again with a virtual header (never written to disk) that
 *   1. includes the project file that defines a missing name (a typedef,
 *      `} NAME;`, #define NAME or a function NAME(...) { in a header or
 *      OpenCL file of the file's directory, or of its parent inside the
 *      project: the text the host prepends), before the file, or before
 *      the included file whose errors asked for it, and
 *   2. assumes each type name still unknown: `float` when the file uses it as the
 *      element of a global, constant or local pointer (the data the kernel
 *      moves), `int` otherwise (sizes and strides in parameter structs).
 * A parse is kept when it has fewer errors, or when clang stopped at its
 * error limit in both with fewer unknown type names.  The file stays
 * degraded: a note names every assumption, and findings of the file carry
 * them as evidence (`assumed_types`); double-literal does not judge
 * arithmetic on an assumed type (the host may build it as double).
 * -D NAME=TYPE on the command line defines a name and nothing is assumed. */
#ifndef GPULINT_OPENCL_BUILD_TYPES_H
#define GPULINT_OPENCL_BUILD_TYPES_H

#include "frontend/parse.h"

#include <clang-c/Index.h>
#include <stdbool.h>

/* The virtual header's file name (in the kernel file's directory). */
#define OPENCL_BUILD_TYPES_FILE ".gpulint-build-types.h"

#define BUILD_MAX_NAMES 16
#define BUILD_MAX_NAME 64
#define BUILD_MAX_HEADERS 8

/* What the virtual header holds, grown over a few parses: each parse can
 * reveal names the previous one hid (clang stops after 50 errors; a
 * header included brings its own unknown names). */
typedef struct {
    char assumed[BUILD_MAX_NAMES][BUILD_MAX_NAME];
    const char *assumed_type[BUILD_MAX_NAMES]; /* "float" or "int" */
    int nassumed;
    const char *headers[BUILD_MAX_HEADERS];     /* paths (owned by candidates) */
    const char *header_texts[BUILD_MAX_HEADERS]; /* their texts (likewise) */
    char defines[BUILD_MAX_HEADERS][BUILD_MAX_NAME]; /* the name each header was found for */
    int nheaders;
    bool identifiers;       /* set by the caller: files may be found for undeclared identifiers too */
    int identifier_headers; /* how many of the headers were found for one */
    bool deferred;          /* with identifiers: an assumption waited a round for the files found */
    struct BuildCandidates *candidates;         /* the headers that may come before the file, read once */
} BuildPlan;

/* Does r have "unknown type name" errors (names set at build time)? */
bool opencl_has_unknown_types(const ParseResult *r);
/* ... or "use of undeclared identifier" errors (a function or constant of
 * another file the host builds with it)? */
bool opencl_has_missing_names(const ParseResult *r);
/* How many of r's errors are "unknown type name". */
int opencl_unknown_type_errors(const ParseResult *r);
/* Adds what r's missing names need: the file that defines one (in the
 * file's directory, or its parent when that is inside the project `root`;
 * NULL: no project), or, for a type, an assumed type; false when nothing
 * new was added. */
bool build_plan_extend(BuildPlan *b, const ParseResult *r, const char *path, const char *file_text, const char *root);
/* The virtual header's text, and the assumptions for a note (free both). */
char *build_plan_text(const BuildPlan *b);
char *build_plan_described(const BuildPlan *b);
void build_plan_free(BuildPlan *b);
/* The virtual header's path: in the file's directory, made absolute (clang
 * looks for -include and quoted includes beside the file). */
void opencl_build_types_path(const char *path, char *out, size_t n);

/* Is t (through typedefs) a type the virtual header assumed? */
bool opencl_type_assumed(CXType t);
/* Does the expression at x, or any part of it, have an assumed type? */
bool opencl_mentions_assumed_type(CXCursor x);
/* "T=float, dim_t=int": the assumptions the TU was parsed with (NULL: none). */
char *opencl_assumed_types_of(CXTranslationUnit tu, const char *main_file);

#endif
