/* compdb.h - compile_commands.json, read without libclang: each entry's
 * nvcc (or clang, gcc) command line translated into the few clang flags
 * that matter for parsing one file's device side (include paths, macros,
 * pre-includes, the C++ standard).  Everything else nvcc takes (-gencode,
 * -Xptxas, -ccbin, ...) is dropped; --options-file/-optf/@ response files
 * are read and spliced in.  See docs/projects.md. */
#ifndef GPULINT_COMPDB_H
#define GPULINT_COMPDB_H

#include "util/arena.h"
#include "util/strmap.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const char *file;        /* absolute, as the database names it */
    const char *directory;
    const char **args; int nargs;   /* translated clang flags (-I/-isystem/-D/-U/-include/-std) */
    const char **include_dirs; int ninclude_dirs; /* the -I/-isystem directories, in order */
    const char *std;         /* -std value, or NULL */
    bool fast_math;          /* --use_fast_math: a fact for rules, not a parse flag */
    const char *offload_arch; /* --offload-arch/--amdgpu-target/-arch value (the first), or NULL */
    bool hip;                /* compiled as HIP: hipcc, or -x hip */
} CompileEntry;

typedef struct {
    const char *path;        /* the compile_commands.json read */
    CompileEntry *entries; int n;
    StrMap by_file;          /* file -> entry index + 1 (the first entry of a file wins) */
    Arena arena;
} CompileDb;

/* Reads `path`; false (with the reason in err) when it is not a database. */
bool compdb_load(CompileDb *db, const char *path, char *err, int errsize);
/* The same for the database's text (text[0..size), not NUL-terminated),
 * read as the file `path`: response files are still read from disk. */
bool compdb_parse(CompileDb *db, const char *path, const char *text, size_t size, char *err, int errsize);
void compdb_free(CompileDb *db);
/* The entry for `file` (an absolute path), or NULL. */
const CompileEntry *compdb_find(CompileDb *db, const char *file);
/* The entry of a file in the same directory as `file`, or of the file in
 * the database whose directory shares the longest prefix with it (headers
 * and fragments have no entry of their own); NULL when the database is
 * empty. */
const CompileEntry *compdb_nearest(const CompileDb *db, const char *file);

/* Translates one command line (argv[0] is the compiler) run in `directory`
 * into `e` (strings in `a`).  Exposed for tests. */
void compdb_translate(Arena *a, const char *directory, const char *const *argv, int argc, CompileEntry *e);
/* Splits a shell-quoted command ("..." and '...' quoting, backslash
 * escapes) into words in `a`; returns how many. */
int compdb_split(Arena *a, const char *command, const char ***words);

#endif
