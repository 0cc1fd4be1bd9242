/* cx.h - small helpers over libclang's C API used by the model builder:
 * children lists, implicit-node stripping, type tests, source ranges and
 * text at expansion or spelling locations, tokens, and operator kinds (with
 * the token fallback that libclang < 17 needs).  Nothing here knows CUDA. */
#ifndef GPULINT_CX_H
#define GPULINT_CX_H

#include "frontend/host_strings.h"
#include "model/srcloc.h"
#include "util/arena.h"

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

/* A translation unit plus the caches that ranges and text need. */
typedef struct {
    CXTranslationUnit tu;
    Arena *arena;            /* file names and texts are copied here */
    /* The last few files' names (file_name), a main file and the headers
     * its accesses alternate with, named and folded once each. */
    struct {
        CXFile file;
        const char *name;
    } names[4];
    int next_name;
    /* Files' texts by handle (contents_of): libclang finds a file's text
     * by searching its whole source table, which for a header held in a
     * precompiled preamble takes milliseconds, and kernels ask per member
     * expression (arrayfire's mean.cu spent 4.5 s of 5 there). */
    struct {
        CXFile file;
        const char *text;
        size_t size;
        char *owned; /* read from disk by contents_of */
    } contents[16];
    int ncontents, next_contents;
    char **retired; /* evicted texts read from disk: callers may still hold them (freed by cx_release) */
    int nretired;
    /* Whole files' tokens, read once for ranges written through macros
     * (tokens_of): their locations are made from tokens, not offsets. */
    struct FileTokens *file_tokens;
    int nfile_tokens;
    /* Kernels in host strings: positions in program_file (the program's
     * text, parsed from memory) are mapped to where the host file spells
     * them.  NULL program: no mapping. */
    const HostStrings *host;
    const HostProgram *program;
    CXFile program_file;
} Cx;

typedef struct {
    CXCursor *items;
    int n;
} Children;

Children children_of(CXCursor c);
/* Between these, children_of keeps what it found (cx.c); the outermost
 * end forgets it.  For the time one translation unit's model is built:
 * the cursors must stay valid. */
void children_cache_begin(void);
void children_cache_end(void);
void children_free(Children *ch);
bool is_expr_kind(enum CXCursorKind k);
/* Skips implicit wrappers (implicit casts, parentheses, cleanups). */
CXCursor strip(CXCursor c);
/* Copies a CXString into the arena and disposes it. */
char *cxstr(Arena *a, CXString s);
bool eval_const(CXCursor e, long long *out);
bool has_attr(CXCursor cur, enum CXCursorKind attr);
CXCursor body_of(CXCursor fn);
CXCursor initializer_of(CXCursor var);
/* The expression that names the function `e` calls or passes: under
 * parentheses, casts and `&` ((void *)&k, reinterpret_cast<void *>(k)),
 * and through a local variable that holds it (`auto kernel = &k<T, B>;
 * kernel<<<...>>>(...)`), one level deep.  e itself when it names none. */
CXCursor function_naming_expr(CXCursor e);
/* Is expr (under implicit nodes) a reference to decl? */
bool is_decl_of(CXCursor expr, CXCursor decl);
/* Call before walking a translation unit (in_main_file caches its main file). */
void cx_begin_tu(CXTranslationUnit tu);
bool in_main_file(CXCursor cur);
/* The cursor's location comes from a macro expansion. */
bool location_in_macro(CXCursor cur);

/* A template's type argument as the model needs it. */
typedef struct {
    const char *spelling; /* "float" */
    long long size;       /* bytes, -1 unknown */
    char kind;            /* 'f' float (or half), 'd' double, 'i' integer, 0 other */
    bool has_value;       /* a non-type argument's value */
    long long value;
} TypeArg;

/* Type arguments for the template parameters (depth 0, by position) of the
 * pattern being analysed, where libclang gives no instantiated body (see
 * templates.c).  While one is set, the type queries below answer for a
 * parameter type (T, const T) as for its argument. */
#define MAX_TYPE_ARGS 8
typedef struct {
    int n;
    TypeArg args[MAX_TYPE_ARGS];
    const char *names[MAX_TYPE_ARGS]; /* the parameters' names where known ("Dtype") */
} TypeSubst;

void cx_set_subst(const TypeSubst *s);
/* The argument a type parameter type stands for now, or NULL. */
const TypeArg *subst_arg(CXType t);
/* t is a template-dependent type (no size, no kind of its own). */
bool is_dependent_type(CXType t);

CXType canon(CXType t);
long long type_size(CXType t);
long long type_align(CXType t);
bool is_pointer_type(CXType t);
bool is_array_type(CXType t);
bool is_integer_type(CXType t);
bool is_float_kind(CXType t);
bool is_double_kind(CXType t);
/* Pointee (or element) size of a pointer/array type, -1 if unknown. */
long long pointee_size(CXType t);

const char *file_name(Cx *c, CXFile f);
/* Where the user wrote the cursor (expansion locations). */
SrcRange range_of(Cx *c, CXCursor cur);
/* A range of `length` bytes at a location (expansion), e.g. a name. */
SrcRange location_range(Cx *c, CXSourceLocation loc, unsigned length);
/* Where its text is spelled (inside a #define for macro expansions). */
SrcRange spelling_range_of(Cx *c, CXCursor cur);
const char *contents_of(Cx *c, CXFile f, size_t *size);
/* The files a translation unit includes, as clang_getInclusions gives
 * them.  Between cx_inclusions_begin(tu) and the matching end they are
 * walked once and kept: with a precompiled preamble the walk reads every
 * source location entry of the preamble and the toolkit's PCH (about
 * 100 ms a walk in a thrust file), and several steps ask.  The array is
 * valid until the next call. */
typedef struct {
    CXFile file;
    unsigned depth;
} TuInclusion;
const TuInclusion *tu_inclusions(CXTranslationUnit tu, int *n);
void cx_inclusions_begin(CXTranslationUnit tu);
/* In a scope: the inclusions are these files (by name, found in tu),
 * without a walk; false (nothing changed) when a name is not found. */
bool cx_inclusions_preset(CXTranslationUnit tu, char *const *names, const unsigned *depths, int n);
void cx_inclusions_end(void);
/* The texts of the files the parse read from memory (an editor's open
 * headers), for contents_of until the matching end; the caller keeps them
 * alive. */
void cx_buffers_begin(const struct CXUnsavedFile *files, unsigned n);
void cx_buffers_end(void);
/* Frees what a Cx keeps (the file tokens); the translation unit stays. */
void cx_release(Cx *c);
/* Source text of a cursor at its expansion site, on one line. */
const char *text_of(Cx *c, CXCursor cur);
/* The floating literal at the cursor's spelling location, as written. */
const char *literal_text(Cx *c, CXCursor lit);
/* Tokens of a range mapped to expansion locations (comments included, as
 * CXToken_Comment); dispose with clang_disposeTokens. */
void tokens_of(Cx *c, CXSourceRange r, CXToken **toks, unsigned *n);
/* The same at spelling locations: a macro argument's own tokens
 * ((k<T>) in LAUNCH((k<T>), ...)) instead of the macro's name. */
void spelled_tokens_of(Cx *c, CXSourceRange r, CXToken **toks, unsigned *n);
/* Tokens from the start of `cur` up to the start of `until` (the whole
 * extent when `until` is null). */
void tokens_until(Cx *c, CXCursor cur, CXCursor until, CXToken **toks, unsigned *n);
/* Is the index-th token (comments skipped) from the start of `cur` up to
 * `until` spelled `want`? */
bool nth_token_is(Cx *c, CXCursor cur, CXCursor until, int index, const char *want);
unsigned expansion_offset(CXSourceLocation loc);

typedef enum {
    OP_UNKNOWN, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_REM, OP_SHL, OP_SHR, OP_AND, OP_OR, OP_XOR,
    OP_LAND, OP_LOR, OP_LT, OP_GT, OP_LE, OP_GE, OP_EQ, OP_NE, OP_COMMA,
    OP_ASSIGN, OP_ADD_ASSIGN, OP_SUB_ASSIGN, OP_MUL_ASSIGN, OP_DIV_ASSIGN, OP_REM_ASSIGN,
    OP_SHL_ASSIGN, OP_SHR_ASSIGN, OP_AND_ASSIGN, OP_OR_ASSIGN, OP_XOR_ASSIGN,
    /* unary */
    OP_PLUS, OP_MINUS, OP_NOT, OP_LNOT, OP_PREINC, OP_PREDEC, OP_POSTINC, OP_POSTDEC, OP_DEREF, OP_ADDROF
} Op;

/* `rhs` is the right operand (the libclang < 17 fallback needs it). */
Op binary_op(Cx *c, CXCursor cur, CXCursor rhs);
Op unary_op(Cx *c, CXCursor cur);
bool is_assign_op(Op op);

#endif
