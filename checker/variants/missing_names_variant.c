/* missing_names_variant.c - names a parse did not know, supplied for one
 * more parse:
 *  - int32-style names (int8 ... uint64) that a missing third-party header
 *    declared (OpenFst's types.h): include/shim/gpulint_int_types.h is
 *    pre-included;
 *  - names a header of the project defines only in its CUDA build
 *    (`#if HAVE_CUDA` ... `typedef float BaseFloat;`, `#define
 *    GPU_WARP_SIZE 32`), the flag set by a build system gpulint does not
 *    run: the flag is defined (-DHAVE_CUDA=1), when it names CUDA;
 *  - the CUB function objects CCCL 3 removed (cub::Max, cub::Sum, ...),
 *    which sources written for an older toolkit name:
 *    include/toolkit/gpulint_cub_legacy.h is pre-included.
 * The new parse stays when it has fewer errors; a note says what was
 * supplied.  Without this, every host function whose signature uses such
 * a name is invalid: its launches, and the kernels only they instantiate,
 * are lost. */
#include "variants/config_choice.h"
#include "variants/directive_lexer.h"
#include "variants/variant.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NAMES 32
#define MAX_FLAGS 4

typedef struct {
    char header[PATH_MAX];
    int int_names;                 /* uses of int32-style names the first parse did not know */
    char flags[MAX_FLAGS][64];     /* CUDA build flags defined for the new parse */
    char flag_args[MAX_FLAGS][72]; /* "NAME=1" */
    int nflags;
    bool used;                     /* the new parse stayed */
    bool int_used;                 /* the parse that stayed had the int32-style stand-ins */
    bool before;                   /* the flags were given to the first parse (the file names what they define) */
    bool replayed;                 /* an editor's document: what its first analysis chose, given before the parse */
    char cub_header[PATH_MAX];
    int cub_names;                 /* uses of removed CUB function objects the first parse did not know */
    bool cub_used;                 /* the parse that stayed had them */
} MissingNamesState;

/* int8 ... uint64: the names the stand-in header declares. */
static bool short_int_name(const char *n)
{
    if (n[0] == 'u') n++;
    if (strncmp(n, "int", 3) != 0) return false;
    n += 3;
    return strcmp(n, "8") == 0 || strcmp(n, "16") == 0 || strcmp(n, "32") == 0 || strcmp(n, "64") == 0;
}

/* The name in "no member named 'N' in the global namespace" (`using ::N;`). */
static bool global_member_name(const char *message, char *name, size_t n)
{
    static const char prefix[] = "no member named '";
    if (strncmp(message, prefix, sizeof prefix - 1) != 0 || !strstr(message, "' in the global namespace")) return false;
    const char *p = message + sizeof prefix - 1, *q = strchr(p, '\'');
    if (!q || q == p || (size_t)(q - p) >= n) return false;
    memcpy(name, p, (size_t)(q - p));
    name[q - p] = 0;
    return true;
}

/* "no member named 'Max' in namespace 'cub'": one of the function objects
 * gpulint_cub_legacy.h declares. */
static bool removed_cub_name(const char *message)
{
    static const char *const removed[] = {"Sum", "Difference", "Division", "Equality", "Inequality", "Max", "Min"};
    for (size_t i = 0; i < sizeof removed / sizeof removed[0]; i++) {
        char expected[96];
        snprintf(expected, sizeof expected, "no member named '%s' in namespace 'cub'", removed[i]);
        if (strcmp(message, expected) == 0) return true;
    }
    return false;
}

/* ------------------------------------------------ which CUDA flag defines a name */

/* Per project (one per process): name -> index + 1 of the CUDA build flag
 * under which a header of the project defines it. */
typedef struct {
    char *root;
    StrMap defined_under;
    char **flags;
    int nflags;
} FlagIndex;

static FlagIndex *flag_indexes;
static int nflag_indexes;

static int flag_slot(FlagIndex *fi, const char *flag)
{
    for (int i = 0; i < fi->nflags; i++)
        if (strcmp(fi->flags[i], flag) == 0) return i;
    *VEC_PUSH(fi->flags, fi->nflags) = xstrdup(flag);
    return fi->nflags - 1;
}

/* The name a line defines: `#define NAME`, `typedef ... NAME;` (else 0). */
static bool defined_name(const char *line, char *name, size_t n)
{
    const char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    const char *start = NULL, *end = NULL;
    if (*p == '#') {
        p++;
        while (*p == ' ' || *p == '\t') p++;
        if (strncmp(p, "define", 6) != 0 || (p[6] != ' ' && p[6] != '\t')) return false;
        p += 6;
        while (*p == ' ' || *p == '\t') p++;
        start = p;
        while (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')) p++;
        end = p;
    } else if (strncmp(p, "typedef ", 8) == 0) {
        const char *semi = strchr(p, ';');
        if (!semi) return false;
        end = semi;
        while (end > p && (end[-1] == ' ' || end[-1] == '\t')) end--;
        start = end;
        while (start > p && (start[-1] == '_' || (start[-1] >= 'a' && start[-1] <= 'z') ||
                             (start[-1] >= 'A' && start[-1] <= 'Z') || (start[-1] >= '0' && start[-1] <= '9')))
            start--;
    } else {
        return false;
    }
    if (!start || end <= start || (size_t)(end - start) >= n) return false;
    memcpy(name, start, (size_t)(end - start));
    name[end - start] = 0;
    return true;
}

/* A condition that requires one flag: `#if F`, `#if F == 1`, `#if defined(F)`,
 * `#ifdef F`; the flag in *flag. */
static bool single_flag_condition(const char *directive_rest, bool ifdef, char *flag, size_t n)
{
    DirLexer lx = {directive_rest};
    if (ifdef) return dir_take_word(&lx, flag, n, true);
    bool paren = false;
    if (dir_take(&lx, "defined")) {
        paren = dir_take(&lx, "(");
        if (!dir_take_word(&lx, flag, n, true)) return false;
        if (paren && !dir_take(&lx, ")")) return false;
    } else if (!dir_take_word(&lx, flag, n, true)) {
        return false;
    } else if (dir_take(&lx, "==")) {
        char one[8];
        if (!dir_take_word(&lx, one, sizeof one, false) || strcmp(one, "1") != 0) return false;
    }
    dir_skip_space(&lx);
    return *lx.p == 0 || *lx.p == '/' || *lx.p == '\r';
}

/* One header: for each name it defines in the then-branch of a single CUDA
 * flag's #if (at any depth), that flag. */
static void index_header(FlagIndex *fi, const char *path)
{
    long size = 0;
    char *text = read_file(path, &size);
    if (!text) return;
    enum { MAX_DEPTH = 32 };
    int stack[MAX_DEPTH]; /* the flag's slot of each open #if, -1 for any other, or in its #else */
    int depth = 0;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        const char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (*p == '#') {
            const char *d = p + 1;
            while (*d == ' ' || *d == '\t') d++;
            char flag[64];
            bool ifdef = strncmp(d, "ifdef", 5) == 0, ifndef = strncmp(d, "ifndef", 6) == 0;
            bool if_ = !ifdef && !ifndef && strncmp(d, "if", 2) == 0 && (d[2] == ' ' || d[2] == '\t' || d[2] == '(');
            if (ifdef || ifndef || if_) {
                int slot = -1;
                if (!ifndef && single_flag_condition(d + (ifdef ? 5 : 2), ifdef, flag, sizeof flag) &&
                    platform_score(flag) == 2 && strncmp(flag, "__", 2) != 0)
                    slot = flag_slot(fi, flag);
                if (depth < MAX_DEPTH) stack[depth] = slot;
                depth++;
                continue;
            }
            if (strncmp(d, "else", 4) == 0 || strncmp(d, "elif", 4) == 0) {
                if (depth > 0 && depth <= MAX_DEPTH) stack[depth - 1] = -1;
                continue;
            }
            if (strncmp(d, "endif", 5) == 0) {
                if (depth > 0) depth--;
                continue;
            }
        }
        char name[128];
        if (!defined_name(line, name, sizeof name)) continue;
        for (int i = (depth < MAX_DEPTH ? depth : MAX_DEPTH) - 1; i >= 0; i--)
            if (stack[i] >= 0) {
                int *v = strmap_get(&fi->defined_under, name);
                if (!*v) *v = stack[i] + 1;
                break;
            }
    }
    free(text);
}

static FlagIndex *flag_index_for(const VariantEnv *env, const char *root)
{
    for (int i = 0; i < nflag_indexes; i++)
        if (strcmp(flag_indexes[i].root, root) == 0) return &flag_indexes[i];
    FlagIndex *fi = VEC_PUSH(flag_indexes, nflag_indexes);
    memset(fi, 0, sizeof *fi);
    fi->root = xstrdup(root);
    const char *const *files = NULL;
    int n = projects_index_files(env->projects, root, &files);
    for (int i = 0; i < n; i++) {
        const char *dot = strrchr(files[i], '.');
        if (dot && (strcmp(dot, ".h") == 0 || strcmp(dot, ".hpp") == 0 || strcmp(dot, ".cuh") == 0 ||
                    strcmp(dot, ".hxx") == 0 || strcmp(dot, ".hh") == 0))
            index_header(fi, files[i]);
    }
    return fi;
}

/* ------------------------------------------------ the variant */

static void add_flag(MissingNamesState *s, const VariantEnv *env, const FileParse *p, const char *flag)
{
    for (int i = 0; i < s->nflags; i++)
        if (strcmp(s->flags[i], flag) == 0) return;
    if (s->nflags == MAX_FLAGS || variant_defined(env, p->args, p->nargs, flag)) return;
    snprintf(s->flags[s->nflags], sizeof s->flags[0], "%s", flag);
    snprintf(s->flag_args[s->nflags], sizeof s->flag_args[0], "%s=1", flag);
    s->nflags++;
}

/* Before the parse: a file whose own text names what a project header
 * defines only under a CUDA build flag gets the flag from the start (one
 * parse; the file's text and the project's headers decide, whichever worker
 * runs it).  An editor's document too: its kept parse then has the flag
 * (kaldi's cu-kernels.cu reparses in 0.24 s instead of 0.72 s with 111
 * errors, and has the command line's kernels). */
static void missing_names_before_parse(void *state, const VariantEnv *env, FileParse *p)
{
    MissingNamesState *s = state;
    if (p->editor && p->memory && p->memory->missing_names) { /* chosen by the document's first analysis */
        memcpy(s, p->memory->missing_names, sizeof *s);
        s->replayed = true;
        for (int i = 0; s->used && i < s->nflags; i++) file_parse_add(p, "-D", s->flag_args[i]);
        if (s->int_used) file_parse_add(p, "-include", s->header);
        if (s->cub_used) file_parse_add(p, "-include", s->cub_header);
        return;
    }
    const GpuLanguage *lang = language_for_path(p->tu);
    if (!env->projects || !p->fa.project_root || !lang || lang->id != LANG_CUDA) return;
    FlagIndex *fi = flag_index_for(env, p->fa.project_root);
    if (!fi->nflags) return;
    long n = 0;
    char *owned = NULL;
    const char *text = p->prescan_contents ? p->prescan_contents : (owned = read_file(p->tu, &n));
    size_t len = p->prescan_contents ? p->size : (size_t)n;
    for (size_t i = 0; text && i < len;) {
        if (!(text[i] == '_' || (text[i] >= 'a' && text[i] <= 'z') || (text[i] >= 'A' && text[i] <= 'Z'))) {
            i++;
            continue;
        }
        size_t j = i;
        while (j < len && (text[j] == '_' || (text[j] >= 'a' && text[j] <= 'z') || (text[j] >= 'A' && text[j] <= 'Z') ||
                           (text[j] >= '0' && text[j] <= '9')))
            j++;
        char name[128];
        if (j - i < sizeof name && (i == 0 || text[i - 1] != '.')) {
            memcpy(name, text + i, j - i);
            name[j - i] = 0;
            int slot = *strmap_get(&fi->defined_under, name);
            if (slot > 0) add_flag(s, env, p, fi->flags[slot - 1]);
        }
        i = j;
    }
    free(owned);
    for (int i = 0; i < s->nflags; i++) file_parse_add(p, "-D", s->flag_args[i]);
    s->before = s->used = s->nflags > 0;
}

/* After the parse: the names its errors say are missing, and one more
 * parse with them, kept when it has fewer errors. */
static void second_parse(MissingNamesState *s, const VariantEnv *env, FileParse *p)
{
    /* CUDA and HIP: their files hold the host code (an OpenCL file's names come from its host) */
    if (!p->analysed || !model_language(&p->m)->host_code_in_gpu_files || frontend_report_errors(&p->pr) == 0) return;
    bool missing_header = false;
    char names[MAX_NAMES][128];
    int nnames = 0;
    for (int i = 0; i < p->pr.ndiags; i++) {
        const Diag *d = &p->pr.diags[i];
        char name[128];
        if (strstr(d->message, "file not found")) {
            missing_header = true;
        } else if (removed_cub_name(d->message)) {
            s->cub_names++;
        } else if (diag_undefined_name(d->message, true, name, sizeof name) || global_member_name(d->message, name, sizeof name)) {
            if (short_int_name(name)) {
                s->int_names++;
                continue;
            }
            bool seen = false;
            for (int j = 0; j < nnames && !seen; j++) seen = strcmp(names[j], name) == 0;
            if (!seen && nnames < MAX_NAMES) snprintf(names[nnames++], sizeof names[0], "%s", name);
        }
    }
    if (!missing_header) s->int_names = 0;
    /* worth a second parse only when the errors can hide GPU code: one in
     * it, or a launch whose kernel the parse did not resolve */
    bool hides_gpu_code = false;
    for (int i = 0; i < p->pr.ndiags && !hides_gpu_code; i++) hides_gpu_code = p->pr.diags[i].in_gpu_code;
    for (int i = 0; i < p->m.nlaunches && !hides_gpu_code; i++) hides_gpu_code = p->m.launches[i].kernel < 0;
    if (nnames && hides_gpu_code && !s->before && env->projects && p->fa.project_root) {
        FlagIndex *fi = flag_index_for(env, p->fa.project_root);
        for (int j = 0; j < nnames; j++) {
            int slot = *strmap_get(&fi->defined_under, names[j]);
            if (slot > 0) add_flag(s, env, p, fi->flags[slot - 1]);
        }
    }
    if (!s->int_names && !s->cub_names && (!s->nflags || s->before)) return;
    int nargs_before = p->nargs;
    for (int i = 0; i < s->nflags && !s->before; i++) file_parse_add(p, "-D", s->flag_args[i]);
    if (s->int_names) {
        snprintf(s->header, sizeof s->header, "%s/include/shim/gpulint_int_types.h", env->options->data_dir);
        file_parse_add(p, "-include", s->header);
    }
    if (s->cub_names) {
        snprintf(s->cub_header, sizeof s->cub_header, "%s/include/toolkit/gpulint_cub_legacy.h", env->options->data_dir);
        file_parse_add(p, "-include", s->cub_header);
    }
    if (file_parse_again_if_fewer_errors(env, p)) {
        s->used = true;
        s->int_used = s->int_names > 0;
        s->cub_used = s->cub_names > 0;
        return;
    }
    file_parse_truncate(p, nargs_before);
}

/* An editor's document makes the second parse at its first analysis only,
 * and keeps the choice for the next ones (VariantMemory): their kept parse
 * has the flags and stand-ins, and an edit parses once. */
static void missing_names_after_parse(void *state, const VariantEnv *env, FileParse *p)
{
    MissingNamesState *s = state;
    if (s->replayed || (p->editor && !p->memory)) return;
    second_parse(s, env, p);
    if (p->editor && p->analysed) {
        p->memory->missing_names = xmalloc(sizeof *s);
        memcpy(p->memory->missing_names, s, sizeof *s);
        p->memory->changed |= s->int_used || s->cub_used || (s->used && !s->before); /* more than the kept parse had */
    }
}

static void missing_names_report(void *state, const FileParse *p, Diagnostics *d)
{
    MissingNamesState *s = state;
    if (!s->used) return;
    char flags[MAX_FLAGS * 80] = "";
    for (int i = 0; i < s->nflags; i++) {
        size_t len = strlen(flags);
        snprintf(flags + len, sizeof flags - len, "%s-D %s", i ? ", " : "", s->flag_args[i]);
    }
    if (s->nflags) {
        diag_note(d, p->tu, 0, 0, "parsed with %s: the project's headers define names this file uses only in their CUDA build",
                  flags);
        d->notes[d->nnotes - 1].informational = true;
    }
    if (s->int_used) {
        diag_note(d, p->tu, 0, 0,
                  "%s gpulint's stand-ins for int32-style names a missing header declared (%d uses unknown; int8 ... uint64 as "
                  "the <stdint.h> types)",
                  s->nflags ? "and with" : "parsed with", s->int_names);
        d->notes[d->nnotes - 1].informational = true;
    }
    if (s->cub_used) {
        diag_note(d, p->tu, 0, 0,
                  "%s gpulint's stand-ins for the CUB function objects CCCL 3 (CUDA 13) removed, which the file "
                  "names as older toolkits have them (%d use%s of cub::Max, cub::Sum and the like)",
                  s->nflags || s->int_used ? "and with" : "parsed with", s->cub_names, s->cub_names == 1 ? "" : "s");
        d->notes[d->nnotes - 1].informational = true;
    }
}

const ParseVariant missing_names_variant = {
    .name = "names a missing header or the CUDA build defines",
    .state_size = sizeof(MissingNamesState),
    .before_parse = missing_names_before_parse,
    .after_parse = missing_names_after_parse,
    .report = missing_names_report,
};
