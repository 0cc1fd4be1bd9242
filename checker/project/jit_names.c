/* jit_names.c - see jit_names.h. */
#include "project/jit_names.h"
#include "project/jit_defaults.h"
#include "project/jit_options.h"
#include "project/jit_index.h"
#include "util/arena.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NAMES 32
#define MAX_NAME 64
#define MAX_VALUE 160

/* The name in "use of undeclared identifier 'N'" (or, with type_names,
 * "unknown type name 'N'"), when it is one word. */
static bool undeclared_name(const char *msg, bool type_names, char *name, size_t n)
{
    if (!diag_undefined_name(msg, type_names, name, n)) return false;
    for (const char *c = name; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '_') return false;
    return true;
}

/* "kernel/transpose.cuh" -> "transpose" and ".cuh" */
static void stem_of(const char *path, char *stem, size_t n, const char **ext)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t len = dot ? (size_t)(dot - base) : strlen(base);
    snprintf(stem, n, "%.*s", (int)(len < n ? len : n - 1), base);
    *ext = dot ? dot : "";
}

static bool host_source_extension(const char *ext)
{
    static const char *const host[] = {".c", ".cc", ".cpp", ".cxx", ".C", ".h", ".hh", ".hpp", ".hxx", NULL};
    for (const char *const *h = host; *h; h++)
        if (strcmp(ext, *h) == 0) return true;
    return false;
}

typedef enum { NO_REFERENCE, BY_FILE_NAME, AS_EMBEDDED_SOURCE } Reference;

/* How the text refers to the kernel file: `<stem>_cuh` (the name of its
 * text embedded by the build: it is compiled at run time), or `<stem>.cuh`
 * (its file name: an include, or a path given to the run-time compiler). */
static Reference refers_to(const char *text, const char *stem, const char *ext)
{
    size_t n = strlen(stem);
    char with_ext[80];
    snprintf(with_ext, sizeof with_ext, "_%s", ext[0] == '.' ? ext + 1 : ext);
    size_t wl = strlen(with_ext), el = strlen(ext);
    Reference r = NO_REFERENCE;
    for (const char *p = strstr(text, stem); p; p = strstr(p + 1, stem)) {
        bool before = p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_');
        if (before) continue;
        if (strncmp(p + n, with_ext, wl) == 0 && !isalnum((unsigned char)p[n + wl])) return AS_EMBEDDED_SOURCE;
        if (el && strncmp(p + n, ext, el) == 0 && !isalnum((unsigned char)p[n + el])) r = BY_FILE_NAME;
    }
    return r;
}

/* Does the text use the word anywhere? */
static bool mentions(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = strstr(text, word); p; p = strstr(p + 1, word))
        if (jit_word_at(text, p, word, n)) return true;
    return false;
}

/* Is the word followed by `(` somewhere in the text (a function-like macro)? */
static bool called(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) {
        if (!jit_word_at(text, p, word, n)) continue;
        const char *q = p + n;
        while (*q == ' ' || *q == '\t') q++;
        if (*q == '(') return true;
    }
    return false;
}

static bool listed(char (*names)[MAX_NAME], int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0) return true;
    return false;
}

/* A word of a constant's value that names no constant (`sizeof(double)`). */
static bool keyword(const char *w)
{
    static const char *const words[] = {"sizeof", "alignof", "defined", "signed", "unsigned", "char", "short",
                                        "int", "long", "float", "double", "half", "bool", "size_t"};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (strcmp(w, words[i]) == 0) return true;
    return false;
}

/* NAME=value into out; the names the value uses join the list unless the
 * kernel file (`own`) names them itself (YDIM = 2 * THREADS_X / THREADS_Y). */
static void add_define(JitDefines *out, const char *name, const char *value, const char *file, const char *own,
                       char (*names)[MAX_NAME], int *nnames)
{
    size_t n = strlen(name) + strlen(value) + 2;
    char *def = xmalloc(n);
    snprintf(def, n, "%s=%s", name, value);
    *VEC_PUSH(out->defines, out->ndefines) = def;
    if (!out->source) out->source = xstrdup(file);
    for (const char *c = value; *c && *nnames < MAX_NAMES;) {
        if (isalpha((unsigned char)*c) || *c == '_') {
            const char *e = c;
            while (isalnum((unsigned char)*e) || *e == '_') e++;
            char dep[MAX_NAME];
            snprintf(dep, sizeof dep, "%.*s", (int)(e - c < MAX_NAME - 1 ? e - c : MAX_NAME - 1), c);
            if (!listed(names, *nnames, dep) && !mentions(own, dep) && !keyword(dep))
                snprintf(names[(*nnames)++], MAX_NAME, "%s", dep);
            c = e;
        } else {
            c++;
        }
    }
}

static void add_flag_define(JitDefines *out, const char *flag, const char *name)
{
    *VEC_PUSH(out->defines, out->ndefines) = xstrdup(flag);
    if (!out->flag) {
        out->flag = xstrdup(flag);
        out->flag_for = xstrdup(name);
    }
}

static void add_run_time_name(JitDefines *out, const char *name, const char *file)
{
    size_t n = strlen(name) + sizeof JIT_RUN_TIME_PLACEHOLDER + 1;
    char *def = xmalloc(n);
    snprintf(def, n, "%s=%s", name, JIT_RUN_TIME_PLACEHOLDER);
    *VEC_PUSH(out->defines, out->ndefines) = def;
    *VEC_PUSH(out->run_time_names, out->nrun_time_names) = xstrdup(name);
    if (!out->run_time_source) out->run_time_source = xstrdup(file);
}

static bool is_name(const char *v)
{
    if (!isalpha((unsigned char)*v) && *v != '_') return false;
    for (; *v; v++)
        if (!isalnum((unsigned char)*v) && *v != '_') return false;
    return true;
}

/* What the value argument of an option macro's call is (`"To"`, `256`,
 * `threads_y`, `toNumStr(x)`); a string literal's quotes dropped. */
static OptionValue macro_option(char *value, size_t n)
{
    size_t len = strlen(value);
    if (len >= 2 && value[0] == '"' && value[len - 1] == '"') {
        memmove(value, value + 1, len - 2);
        value[len - 2] = '\0';
        return len > 2 && !strpbrk(value, "\"\\") ? OPTION_LITERAL : OPTION_RUN_TIME;
    }
    (void)n;
    if (isdigit((unsigned char)value[0])) {
        for (const char *c = value; *c; c++)
            if (!isalnum((unsigned char)*c) && *c != '.') return OPTION_RUN_TIME;
        return OPTION_LITERAL;
    }
    for (const char *c = value; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '_') return OPTION_RUN_TIME;
    return isalpha((unsigned char)value[0]) || value[0] == '_' ? OPTION_ARGUMENT : OPTION_RUN_TIME;
}

/* Reads `text` (the file `file`) for the -D option of each name not found
 * yet (`"-DLEN=%d", LEN`: jit_options.h), then for a constant of it; adds
 * NAME=value to out.  An option set from an expression is a run-time name.
 * The new count of found names. */
static int take_options(const char *text, const char *file, const char *own, char (*names)[MAX_NAME], int *nnames,
                        bool *found, int nfound, JitTypes *types, JitDefines *out)
{
    /* the options passed with a name's (-DITERATIONS=%u beside -DHASH_LOOPS=%u)
     * that the kernel file uses too (#ifndef ITERATIONS): the host passes them */
    for (int i = 0, n = *nnames; i < n; i++) {
        if (found[i]) continue;
        char siblings[MAX_NAMES][JIT_OPTION_NAME];
        int ns = jit_option_siblings(text, names[i], siblings, MAX_NAMES);
        for (int k = 0; k < ns && *nnames < MAX_NAMES; k++) {
            /* only a constant: a run-time value's placeholder could fail the
             * kernel's own checks (#if ITERATIONS % HASH_LOOPS) */
            char value[MAX_VALUE - 2], constant[MAX_VALUE];
            OptionValue v = jit_option_value(text, siblings[k], value, sizeof value);
            bool constant_known = v == OPTION_LITERAL || (v == OPTION_ARGUMENT && jit_constant_value(text, value, constant, sizeof constant));
            if (constant_known && !listed(names, *nnames, siblings[k]) && mentions(own, siblings[k]))
                snprintf(names[(*nnames)++], MAX_NAME, "%.*s", MAX_NAME - 1, siblings[k]);
        }
    }
    for (int i = 0; i < *nnames; i++) {
        if (found[i]) continue;
        char value[MAX_VALUE - 2], constant[MAX_VALUE];
        OptionValue kind = jit_option_value(text, names[i], value, sizeof value);
        if (kind == OPTION_ABSENT && jit_types_option_expression(types, text, names[i], value, sizeof value))
            kind = macro_option(value, sizeof value);
        switch (kind) {
        case OPTION_ABSENT:
            continue;
        case OPTION_LITERAL: /* a name (a type's) stays bare: `(To) x;` is no declaration */
            snprintf(constant, sizeof constant, is_name(value) ? "%s" : "(%s)", value);
            add_define(out, names[i], constant, file, own, names, nnames);
            break;
        case OPTION_ARGUMENT:
            if (jit_constant_value(text, value, constant, sizeof constant)) {
                add_define(out, names[i], constant, file, own, names, nnames);
                break;
            }
            if (strcmp(value, names[i]) == 0) continue; /* a constant of its own name, maybe in a header */
            add_run_time_name(out, names[i], file);
            break;
        case OPTION_RUN_TIME: {
            /* a type (`dtype_traits<T>::getName()`) for a name an included source uses */
            char how[160];
            JitTypeKind type = jit_type_value(types, text, names[i], value, sizeof value, how, sizeof how);
            if (type == JIT_TYPE_NONE) {
                add_run_time_name(out, names[i], file);
                break;
            }
            add_define(out, names[i], value, file, own, names, nnames);
            if (type == JIT_TYPE_GENERIC) {
                *VEC_PUSH(out->generic, out->ngeneric) = xstrdup(out->defines[out->ndefines - 1]);
                if (!out->generic_how) out->generic_how = xstrdup(how);
            }
            break;
        }
        }
        found[i] = true;
        nfound++;
    }
    return nfound;
}

/* Reads `text` (the file `file`) for a constant of each name not found yet,
 * adds NAME=value to out, and the names a value uses to the list unless the
 * kernel file (`own`) names them itself.  The new count of found names. */
static int take_constants(const char *text, const char *file, const char *own, char (*names)[MAX_NAME], int *nnames,
                          bool *found, int nfound, JitDefines *out)
{
    /* names the values use are looked up too (YDIM = 2 * THREADS_X / THREADS_Y) */
    for (int i = 0; i < *nnames; i++) {
        char value[MAX_VALUE];
        if (found[i] || !jit_constant_value(text, names[i], value, sizeof value)) continue;
        found[i] = true;
        nfound++;
        add_define(out, names[i], value, file, own, names, nnames);
    }
    return nfound;
}

/* take_constants over the project headers `file` includes, and theirs down
 * to `depth` levels (a host file's "Stream.h" through its own header). */
typedef struct {
    const char *own;
    char (*names)[MAX_NAME];
    int *nnames;
    bool *found;
    int nfound;
    JitDefines *out;
} ConstantsWalk;

static bool constants_in(const char *text, const char *file, const char *name, void *acc)
{
    (void)name;
    ConstantsWalk *w = acc;
    w->nfound = take_constants(text, file, w->own, w->names, w->nnames, w->found, w->nfound, w->out);
    return w->nfound >= *w->nnames;
}

static int take_included_constants(ProjectSet *ps, const char *root, const char *file, const char *own, int depth,
                                   char (*names)[MAX_NAME], int *nnames, bool *found, int nfound, JitDefines *out)
{
    ConstantsWalk w = {own, names, nnames, found, nfound, out};
    if (nfound < *nnames) jit_walk_headers(ps, root, file, depth, constants_in, NULL, &w);
    return w.nfound;
}


/* The options every build passes, from the files that build OpenCL programs
 * in the kernel file's directory or in one of its referrers' (a project's
 * src/ of format plugins and their common builder), or from one whose
 * flag the kernel's own text tests (`#ifdef KERNEL_STATIC`, a suite whose
 * host finds each kernel through a formatted path): another directory's
 * builder may build another project's kernels.  A flag whose value the
 * host writes at run time ("NAME=%s") counts only as the folder the
 * kernel includes through (jit_include_folder).  `own`: the kernel's text,
 * or NULL (then read when needed). */
static int take_common_flags(const RootRefs *refs, const Referrers *rf, const char *path, const char *own,
                             char (*names)[MAX_NAME], int nnames, bool *found, int nfound, JitDefines *out)
{
    long size;
    char *read = refs->nbuilds && !own ? read_file(path, &size) : NULL;
    if (!own) own = read;
    for (int b = 0; own && b < refs->nbuilds; b++) {
        const BuildFile *bf = &refs->builds[b];
        const char *builder = refs->files[bf->file];
        bool near = jit_same_dir(builder, path);
        for (int k = 0; rf && k < rf->n && !near; k++) near = jit_same_dir(builder, refs->files[rf->files[k]]);
        for (int i = 0; i < bf->nflags && !near; i++)
            near = !strstr(bf->flags[i], "%s") && jit_text_tests_flag(own, bf->flags[i]);
        if (!near) continue;
        for (int i = 0; i < bf->nflags; i++) {
            const char *flag = bf->flags[i];
            char folder[1100], file[256];
            if (strstr(flag, "=%s")) {
                if (!jit_include_folder(refs, path, own, flag, folder, sizeof folder, file, sizeof file)) continue;
                flag = folder;
                if (!out->folder_of) {
                    char why[400];
                    snprintf(why, sizeof why, "%.*s: a folder the host names at run time, taken as the one with %s",
                             (int)strcspn(folder, "="), folder, file);
                    out->folder_of = xstrdup(why);
                }
            }
            size_t len = strcspn(flag, "=(");
            bool have = false;
            for (int j = 0; j < out->ndefines && !have; j++)
                have = strncmp(out->defines[j], flag, len) == 0 && strcspn(out->defines[j], "=(") == len;
            if (have) continue;
            *VEC_PUSH(out->defines, out->ndefines) = xstrdup(flag);
            *VEC_PUSH(out->common, out->ncommon) = xstrdup(flag);
            if (!out->common_source) out->common_source = xstrdup(builder);
            for (int k = 0; k < nnames; k++)
                if (!found[k] && strlen(names[k]) == len && strncmp(names[k], flag, len) == 0) {
                    found[k] = true;
                    nfound++;
                }
        }
    }
    free(read);
    return nfound;
}

/* The names the report's errors in GPU code say are undeclared (OpenCL:
 * also unknown types no assumption covered, a source built before the
 * file uses them); CUDA's unknown type names go to `types` as "T=?, U=?".
 * Were there such errors at all? */
static bool undefined_names(const FrontendReport *pr, bool opencl, char (*names)[MAX_NAME], int *nnames, char *types,
                            size_t ntypes_size)
{
    bool gpu_errors = false;
    size_t ntypes = 0;
    for (int i = 0; i < pr->ndiags && *nnames < MAX_NAMES; i++) {
        const Diag *d = &pr->diags[i];
        char name[MAX_NAME];
        if (opencl ? d->level != DIAG_ERROR && !d->build_time_error : d->level != DIAG_ERROR || !d->in_gpu_code)
            continue;
        gpu_errors = true;
        if (!opencl && diag_undefined_name(d->message, true, name, sizeof name) &&
            !undeclared_name(d->message, false, name, sizeof name) && !strstr(types, name) &&
            ntypes + strlen(name) + 4 < ntypes_size)
            ntypes += (size_t)snprintf(types + ntypes, ntypes_size - ntypes, "%s%s=?", ntypes ? ", " : "", name);
        if (!undeclared_name(d->message, opencl, name, sizeof name)) continue;
        if (!listed(names, *nnames, name)) snprintf(names[(*nnames)++], MAX_NAME, "%s", name);
    }
    return gpu_errors;
}

bool jit_defines_for(JitIndex *ji, ProjectSet *ps, const char *root, const char *path, bool opencl,
                     const FrontendReport *pr, const char *assumed_types, JitDefines *out)
{
    memset(out, 0, sizeof *out);
    out->opencl = opencl;
    char names[MAX_NAMES][MAX_NAME];
    int nnames = 0;
    char cuda_types[512] = ""; /* CUDA's unknown type names, as `assumed` lists them: only a type is taken */
    bool gpu_errors = undefined_names(pr, opencl, names, &nnames, cuda_types, sizeof cuda_types);
    if (!opencl) assumed_types = cuda_types[0] ? cuda_types : NULL;
    /* (project files guessed for its names: the host's options may say which) */
    if ((!gpu_errors && !assumed_types && !pr->guessed_parts) || !root) return false;
    RootRefs *refs = jit_refs_for(ji, ps, root);
    bool found[MAX_NAMES] = {false};
    int nfound = 0;
    bool embedded = false, flag_at_run_time = false; /* a referrer passes "-D%s" */
    char stem[64];
    const char *ext;
    stem_of(path, stem, sizeof stem, &ext);
    if (opencl && host_source_extension(ext)) {
        /* the kernel is a string of a host source file, which builds it:
         * its own option strings set the names ("-DN=" << n), from
         * constants of its own or of the headers it includes */
        long size;
        char *host = read_file(path, &size);
        if (host) {
            jit_take_type_options(host, path, assumed_types, refs->types, true, out);
            nfound = take_options(host, path, host, names, &nnames, found, nfound, refs->types, out);
            nfound = take_included_constants(ps, root, path, host, 2, names, &nnames, found, nfound, out);
        }
        free(host);
    }
    int *slot = strlen(stem) >= 3 ? strmap_get(&refs->by_stem, stem) : NULL;
    long own_size;
    char *own = slot && *slot ? read_file(path, &own_size) : NULL;
    if (!own) { /* no project file refers to it: a program builder beside it may */
        if (opencl) take_common_flags(refs, NULL, path, NULL, names, nnames, found, nfound, out);
        return out->ndefines > 0;
    }
    /* a name only another macro's #ifndef default uses: the host may set that macro */
    for (int i = 0, named = nnames; i < named && nnames < MAX_NAMES; i++) {
        char macros[8][JIT_DEFAULT_NAME];
        int nm = jit_defaults_naming(ps, root, path, own, names[i], macros, 8);
        for (int k = 0; k < nm && nnames < MAX_NAMES; k++)
            if (!listed(names, nnames, macros[k])) snprintf(names[nnames++], MAX_NAME, "%.*s", MAX_NAME - 1, macros[k]);
    }
    const Referrers *rf = &refs->refs[*slot - 1];
    const char *const *files = refs->files;
    if (opencl) nfound = take_common_flags(refs, rf, path, own, names, nnames, found, nfound, out);
    /* the referrers that compile the embedded text, kept for their mentions below */
    char *embedding[16];
    int embedding_file[16], nembedding = 0;
    for (int k = 0; k < rf->n && (nfound < nnames || !embedded); k++) {
        int f = rf->files[k];
        if (strcmp(files[f], path) == 0) continue;
        long size;
        char *text = read_file(files[f], &size);
        if (!text) continue;
        Reference ref = strstr(text, stem) ? refers_to(text, stem, ext) : NO_REFERENCE;
        if (ref == AS_EMBEDDED_SOURCE && !embedded) {
            embedded = true;
            if (!out->source) out->source = xstrdup(files[f]);
        }
        if (ref == AS_EMBEDDED_SOURCE && opencl) jit_take_prefix_sources(refs, path, text, stem, out);
        if (ref != NO_REFERENCE) {
            flag_at_run_time |= strstr(text, "\"-D%s") || strstr(text, " -D%s") || jit_types_run_time_flag(refs->types, text);
            jit_take_type_options(text, files[f], assumed_types, refs->types, true, out);
            nfound = take_options(text, files[f], own, names, &nnames, found, nfound, refs->types, out);
            nfound = take_constants(text, files[f], own, names, &nnames, found, nfound, out);
            /* the constants may sit in a project header it includes
             * ("config.hpp" next to it, <kernel/config.hpp>), one level down */
            nfound = take_included_constants(ps, root, files[f], own, 1, names, &nnames, found, nfound, out);
        }
        if (ref == AS_EMBEDDED_SOURCE && nembedding < 16) {
            embedding_file[nembedding] = f;
            embedding[nembedding++] = text;
        } else {
            free(text);
        }
    }
    /* a name the sources built before the file define: in a flag's
     * branch, when the host passes a flag it names at run time */
    for (int k = 0; k < out->nprefix && nfound < nnames; k++) {
        long size;
        char *text = read_file(out->prefix[k], &size);
        char flag[MAX_NAME];
        for (int i = 0; text && i < nnames; i++) {
            if (found[i] || !mentions(text, names[i])) continue;
            found[i] = true, nfound++;
            if (flag_at_run_time && jit_flag_defining(ps, root, out->prefix[k], text, names[i], flag, sizeof flag))
                add_flag_define(out, flag, names[i]);
        }
        free(text);
    }
    /* a name still without a value that the compiling host code names: set
     * there from a run-time value, so any number is only for the parser
     * (not a name the kernel calls: `OP(a, b)` is a function-like macro) */
    for (int i = 0; i < nnames; i++)
        if (!found[i] && called(own, names[i])) {
            found[i] = true;
            nfound++;
        }
    char flag[MAX_NAME]; /* a flag's branch defines it, and the host passes a flag it names at run time */
    for (int i = 0; opencl && flag_at_run_time && i < nnames; i++)
        if (!found[i] && jit_flag_defining(ps, root, path, own, names[i], flag, sizeof flag))
            found[i] = true, nfound++, add_flag_define(out, flag, names[i]);
    free(own);
    if (opencl) jit_take_types_written_elsewhere(refs, assumed_types, out);
    for (int k = 0; k < nembedding; k++) {
        for (int i = 0; i < nnames && nfound < nnames; i++) {
            if (found[i] || !mentions(embedding[k], names[i])) continue;
            found[i] = true;
            nfound++;
            add_run_time_name(out, names[i], files[embedding_file[k]]);
        }
        free(embedding[k]);
    }
    /* a name still without a value that another project file's option string
     * sets (a helper that formats options its hosts pass on through "%s"):
     * a value known only at run time, never that file's literal */
    for (int i = 0; opencl && i < nnames; i++) {
        int first = found[i] ? 0 : *strmap_get(&refs->option_file, names[i]);
        if (!first) continue;
        found[i] = true;
        nfound++;
        add_run_time_name(out, names[i], files[first - 1]);
    }
    /* NVRTC defines __CUDACC_RTC__: headers shared with the host code take
     * their run-time-compilation branch (#ifdef __CUDACC_RTC__) */
    if (embedded && !opencl) {
        *VEC_PUSH(out->defines, out->ndefines) = xstrdup("__CUDACC_RTC__");
        out->run_time_compiled = true;
        out->device_default = refs->device_default;
    }
    if (out->ndefines > 0 || out->nprefix > 0) return true;
    jit_defines_free(out); /* an OpenCL file embedded but given nothing: its source name */
    out->opencl = opencl;
    return false;
}

bool jit_host_mentions(JitIndex *ji, ProjectSet *ps, const char *root, const char *path, const char *word)
{
    char stem[64];
    const char *ext;
    stem_of(path, stem, sizeof stem, &ext);
    if (!root || strlen(stem) < 3) return false;
    RootRefs *refs = jit_refs_for(ji, ps, root);
    int *slot = strmap_get(&refs->by_stem, stem);
    if (!*slot) return false;
    const Referrers *rf = &refs->refs[*slot - 1];
    bool found = false;
    for (int k = 0; k < rf->n && !found; k++) {
        const char *file = refs->files[rf->files[k]];
        long size;
        char *text = strcmp(file, path) != 0 ? read_file(file, &size) : NULL;
        found = text && refers_to(text, stem, ext) == AS_EMBEDDED_SOURCE && mentions(text, word);
        free(text);
    }
    return found;
}
