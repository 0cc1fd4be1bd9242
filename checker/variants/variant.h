/* variant.h - the re-parse strategies, behind one interface.
 *
 * One parse does not always see a file's GPU code: a file compiled at run
 * time leaves names to its host code; a file stops on #error until its
 * build picks one of its configurations.  Each such strategy is a
 * ParseVariant, and the engine's per-file pipeline is a loop over
 * parse_variants[]:
 *   before_parse of each   flags chosen from the text, before the parse
 *   the parse
 *   after_parse of each    the file parsed again with more flags; the
 *                          better parse stays (FileParse.m, .pr)
 *   report of each         notes that say what was chosen and why
 *   ... the rules run on the parse that stayed ...
 *   finish of each         frees its state (flags may point into it)
 * An editor's kept document is parsed once, as typed: no variant adds to
 * it.  Build flags that select whole kernels are a variant of the whole
 * lint, not of the parse (flag_relint.h). */
#ifndef GPULINT_VARIANT_H
#define GPULINT_VARIANT_H

#include "finding/diagnostics.h"
#include "frontend/frontend.h"
#include "model/model.h"
#include "project/jit_names.h"
#include "project/project.h"

#include <stdbool.h>
#include <stddef.h>

/* What the variants may use of the engine. */
typedef struct {
    Frontend *frontend;
    ProjectSet *projects;              /* NULL with --no-project */
    JitIndex **jit;                    /* made on first use (variant_jit_index) */
    const FrontendOptions *options;    /* the user's flags */
    const char *device_default_header; /* include/toolkit/gpulint_nvrtc_device_default.h */
} VariantEnv;

/* What the variants learned of an editor's document in an earlier
 * analysis, kept with its parse (engine/documents.c): the next analysis
 * starts with it, so that the kept parse has it and no second parse is
 * made after each edit. */
typedef struct {
    JitDefines jit;                    /* the run-time compiler's values (jit_variant.c) */
    bool jit_learned;
    void *missing_names;               /* the flags and stand-ins missing_names_variant.c chose, or NULL */
    bool changed;                      /* this analysis learned flags the kept parse lacks: analyse again */
} VariantMemory;
void variant_memory_free(VariantMemory *m);

/* One file's parse while the variants shape it. */
typedef struct {
    const char *tu;                    /* the file parsed (a fragment's owner, say) */
    const char *contents; size_t size; /* NULL: read from disk */
    FileArgs fa;                       /* fa.args and fa.nargs follow args, nargs */
    const char **args; int nargs;      /* the flags, grown by the variants (VEC) */
    bool editor;                       /* an editor's kept document: variants re-parse it only to learn */
    VariantMemory *memory;             /* an editor's document: what earlier analyses learned, or NULL */
    bool with_args;                    /* the parse was given fa (else the front end's defaults) */
    bool may_prechoose;                /* the file has an #error of its own (read as text) */
    const char *prescan_contents;      /* what before_parse reads of the file (NULL: from disk) */
    bool instantiations_declared;      /* explicit instantiations given to clang as declarations */
    const char *written_contents;      /*   and the text as written (NULL: from disk) */
    size_t written_size;
    Model m;
    FrontendReport pr;
    bool analysed;                     /* the parse succeeded */
} FileParse;

typedef struct {
    const char *name;
    size_t state_size;                 /* zeroed before before_parse */
    void (*before_parse)(void *state, const VariantEnv *env, FileParse *p);
    void (*after_parse)(void *state, const VariantEnv *env, FileParse *p);
    void (*report)(void *state, const FileParse *p, Diagnostics *d);
    void (*finish)(void *state);
} ParseVariant;

/* In the order they run. */
extern const ParseVariant *const parse_variants[];
extern const int nparse_variants;

/* Appends "-D" or "-include" and its value to the flags. */
void file_parse_add(FileParse *p, const char *flag, const char *value);
/* Drops the flags added after the first n. */
void file_parse_truncate(FileParse *p, int n);
/* Parses p->tu again with p->fa into *m, *pr; false when it failed (then
 * *m and *pr are freed). */
bool file_parse_again(const VariantEnv *env, const FileParse *p, Model *m, FrontendReport *pr);
/* Parses p->tu again and keeps that parse when it has fewer errors than
 * p's (true); else p's stays. */
bool file_parse_again_if_fewer_errors(const VariantEnv *env, FileParse *p);
/* The new parse replaces p's. */
void file_parse_keep(FileParse *p, Model *m, FrontendReport *pr);
/* Frees a parse that did not stay. */
void file_parse_drop(Model *m, FrontendReport *pr);
/* The engine's JIT index, made on first use. */
JitIndex *variant_jit_index(const VariantEnv *env);
/* Defined for the parse to come: by its flags, the user's, or a #define of
 * its include closure. */
bool variant_defined(const VariantEnv *env, const char *const *args, int nargs, const char *name);

#endif
