/* jit_index.c - see jit_index.h. */
#include "project/jit_index.h"
#include "project/jit_options.h"
#include "project/jit_sources.h"
#include "util/fileio.h"
#include "util/repo.h"
#include "util/oom.h"
#include "util/vec.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

JitIndex *jit_index_new(void)
{
    return xcalloc(1, sizeof(JitIndex));
}

void jit_index_free(JitIndex *ji)
{
    if (!ji) return;
    for (int i = 0; i < ji->nroots; i++) {
        RootRefs *r = &ji->roots[i];
        for (int k = 0; k < r->nrefs; k++) free(r->refs[k].files);
        for (int k = 0; k < r->nbuilds; k++)
            for (int j = 0; j < r->builds[k].nflags; j++) free(r->builds[k].flags[j]);
        free(r->builds);
        free(r->refs);
        strmap_free(&r->by_stem);
        strmap_free(&r->option_file);
        jit_types_free(r->types);
        free(r->root);
    }
    free(ji->roots);
    free(ji);
}

static void add_reference(RootRefs *r, const char *stem, size_t len, int file)
{
    char key[96];
    if (len < 3 || len >= sizeof key) return;
    snprintf(key, sizeof key, "%.*s", (int)len, stem);
    int *slot = strmap_get(&r->by_stem, key);
    if (!*slot) {
        VEC_PUSH(r->refs, r->nrefs);
        *slot = r->nrefs;
    }
    Referrers *rf = &r->refs[*slot - 1];
    if (rf->n && rf->files[rf->n - 1] == file) return;
    *VEC_PUSH(rf->files, rf->n) = file;
}

/* Every `<stem>_cuh`/`<stem>_cu`/`<stem>_cl` and `<stem>.cuh`/`<stem>.cu`/
 * `<stem>.cl` in a file (regions_cl_src: an OpenCL kernel's embedded text). */
static void index_references(RootRefs *r, const char *text, int file)
{
    static const char *const exts[] = {"cu", "cl"};
    for (int x = 0; x < 2; x++)
        for (const char *p = text; (p = strstr(p, exts[x])) != NULL; p += 2) {
            if (p == text || (p[-1] != '_' && p[-1] != '.')) continue;
            size_t tail = x == 0 && p[2] == 'h' ? 3 : 2;
            if (isalnum((unsigned char)p[tail]) || (p[tail] == '_' && strncmp(p + tail, "_src", 4) != 0)) continue;
            const char *end = p - 1, *start = end;
            while (start > text && (isalnum((unsigned char)start[-1]) || start[-1] == '_')) start--;
            add_reference(r, start, (size_t)(end - start), file);
        }
}

RootRefs *jit_refs_for(JitIndex *ji, ProjectSet *ps, const char *root)
{
    for (int i = 0; i < ji->nroots; i++)
        if (strcmp(ji->roots[i].root, root) == 0) return &ji->roots[i];
    RootRefs *r = VEC_PUSH(ji->roots, ji->nroots);
    r->root = xstrdup(root);
    r->nfiles = projects_index_files(ps, root, &r->files);
    r->types = jit_types_new();
    for (int f = 0; f < r->nfiles; f++) {
        long size;
        char *text = read_file(r->files[f], &size);
        if (!text) continue;
        index_references(r, text, f);
        jit_types_learn(r->types, text);
        char options[256][JIT_OPTION_NAME];
        int noptions = strstr(text, "-D") ? jit_option_names(text, options, 256) : 0;
        for (int k = 0; k < noptions; k++) {
            int *first = strmap_get(&r->option_file, options[k]);
            if (!*first) *first = f + 1;
        }
        /* as a string literal: an option the code passes, not a comment */
        if (strstr(text, "\"--device-as-default-execution-space") || strstr(text, "\"-default-device"))
            r->device_default = true;
        /* the code that builds OpenCL programs: the options it always passes */
        if (strstr(text, "clBuildProgram")) {
            BuildFile bf = {f, {NULL}, 0};
            bf.nflags = jit_unconditional_flags(text, bf.flags, MAX_COMMON_FLAGS);
            if (bf.nflags) *VEC_PUSH(r->builds, r->nbuilds) = bf;
        }
        free(text);
    }
    return r;
}


bool jit_same_dir(const char *a, const char *b)
{
    const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
    return sa && sb && sa - a == sb - b && strncmp(a, b, (size_t)(sa - a)) == 0;
}

void jit_take_prefix_sources(const RootRefs *refs, const char *path, const char *text, const char *stem,
                                JitDefines *out)
{
    char stems[8][JIT_SOURCE_STEM];
    int n = jit_sources_before(text, stem, stems, 8);
    for (int i = 0; i < n; i++) {
        char base[JIT_SOURCE_STEM + 8];
        if (strlen(stems[i]) >= JIT_SOURCE_STEM) continue;
        snprintf(base, sizeof base, "/%s.cl", stems[i]);
        const char *best = NULL;
        size_t blen = strlen(base);
        for (int f = 0; f < refs->nfiles; f++) {
            const char *file = refs->files[f];
            size_t len = strlen(file);
            if (len < blen || strcmp(file + len - blen, base) != 0) continue;
            if (!best || jit_same_dir(file, path)) best = file;
        }
        bool have = !best;
        for (int k = 0; k < out->nprefix && !have; k++) have = strcmp(out->prefix[k], best) == 0;
        if (!have) *VEC_PUSH(out->prefix, out->nprefix) = xstrdup(best);
    }
}

void jit_take_types_written_elsewhere(RootRefs *refs, const char *assumed, JitDefines *out)
{
    for (const char *a = assumed; a && *a;) {
        while (*a == ' ' || *a == ',') a++;
        const char *eq = strchr(a, '=');
        if (!eq || eq - a >= JIT_INDEX_NAME) break;
        char name[JIT_INDEX_NAME], single[JIT_INDEX_NAME + 4];
        snprintf(name, sizeof name, "%.*s", (int)(eq - a), a);
        snprintf(single, sizeof single, "%s=?", name); /* the one name, as `assumed` lists it */
        a = strchr(eq, ',') ? strchr(eq, ',') : eq + strlen(eq);
        int first = *strmap_get(&refs->option_file, name);
        if (!first) continue;
        long size;
        char *text = read_file(refs->files[first - 1], &size);
        if (!text) continue;
        /* described as a common option, from its own file */
        char *source = out->source;
        out->source = NULL;
        if (jit_take_type_options(text, refs->files[first - 1], single, refs->types, false, out)) {
            *VEC_PUSH(out->common, out->ncommon) = xstrdup(out->defines[out->ndefines - 1]);
            if (!out->common_source) out->common_source = xstrdup(refs->files[first - 1]);
        }
        free(out->source);
        out->source = source;
        free(text);
    }
}

/* The flag's name: up to its `=` or its parameters' `(`. */
static size_t flag_name_length(const char *flag)
{
    return strcspn(flag, "=(");
}

bool jit_text_tests_flag(const char *text, const char *flag)
{
    size_t n = flag_name_length(flag);
    if (n < 3) return false;
    for (const char *p = strstr(text, "#"); p; p = strchr(p + 1, '#')) {
        const char *q = p + 1;
        while (*q == ' ' || *q == '\t') q++;
        if (strncmp(q, "if", 2) != 0 && strncmp(q, "elif", 4) != 0) continue;
        const char *eol = strchr(q, '\n');
        if (!eol) eol = q + strlen(q);
        for (const char *w = q; w + n <= eol; w++)
            if (strncmp(w, flag, n) == 0 && !isalnum((unsigned char)w[-1]) && w[-1] != '_' &&
                !isalnum((unsigned char)w[n]) && w[n] != '_')
                return true;
        p = eol - 1;
    }
    return false;
}

/* The directory part of a path ("" for none), into out. */
static void directory_of(const char *path, char *out, size_t n)
{
    const char *slash = strrchr(path, '/');
    snprintf(out, n, "%.*s", slash ? (int)(slash - path) : 0, path);
}

/* `to` relative to the directory `from` ("." when they are one); false
 * when it does not fit. */
static bool relative_folder(const char *from, const char *to, char *out, size_t n)
{
    size_t common = 0; /* the length of their shared leading components */
    for (size_t i = 0;; i++) {
        bool end_from = from[i] == 0 || from[i] == '/', end_to = to[i] == 0 || to[i] == '/';
        if (end_from && end_to) common = i;
        if (from[i] != to[i] || !from[i]) break;
    }
    if (from[common] == 0 && to[common] == 0) return (size_t)snprintf(out, n, ".") < n;
    size_t len = 0;
    for (const char *c = from + common; *c; c++) /* one `..` a component of `from` past the shared ones */
        if ((*c == '/' && c[1]) || (c == from + common && *c != '/'))
            len += (size_t)snprintf(out + len, len < n ? n - len : 0, "%s..", len ? "/" : "");
    const char *rest = to[common] == '/' ? to + common + 1 : to + common;
    if (*rest) len += (size_t)snprintf(out + len, len < n ? n - len : 0, "%s%s", len ? "/" : "", rest);
    else if (!len) len = (size_t)snprintf(out, n, ".");
    return len < n;
}

bool jit_include_folder(const RootRefs *refs, const char *path, const char *text, const char *flag, char *define,
                        size_t n, char *file, size_t nfile)
{
    size_t name_len = flag_name_length(flag);
    if (flag[name_len] != '=' || strcmp(flag + name_len, "=%s") != 0) return false;
    char dir[1024];
    directory_of(path, dir, sizeof dir);
    for (const char *slash = strchr(text, '/'); slash; slash = strchr(slash + 1, '/')) {
        const char *p = slash - name_len;
        if (slash - text < (ptrdiff_t)name_len || strncmp(p, flag, name_len) != 0 || (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))) continue;
        const char *line = p;
        while (line > text && line[-1] != '\n') line--;
        while (*line == ' ' || *line == '\t') line++;
        if (*line != '#') continue; /* a directive's operand: `#include STR(NAME/x.h)`, `#define H STR(NAME/x.h)` */
        const char *rest = p + name_len + 1;
        size_t rest_len = strcspn(rest, ")>\" \t\r\n,");
        if (rest_len == 0 || rest_len >= 256) continue;
        char tail[260];
        snprintf(tail, sizeof tail, "/%.*s", (int)rest_len, rest);
        /* the project file with that tail nearest the kernel (most leading
         * components shared): the folder the host names */
        const char *best = NULL;
        size_t best_shared = 0;
        for (int f = 0; f < refs->nfiles; f++) {
            const char *candidate = refs->files[f];
            size_t len = strlen(candidate);
            if (len <= rest_len + 1 || strcmp(candidate + len - rest_len - 1, tail) != 0) continue;
            size_t shared = 0;
            while (candidate[shared] && candidate[shared] == path[shared]) shared++;
            if (!best || shared > best_shared) best = candidate, best_shared = shared;
        }
        if (!best) continue;
        char folder[1024], relative[1024];
        snprintf(folder, sizeof folder, "%.*s", (int)(strlen(best) - rest_len - 1), best);
        /* both absolute and normalised: the kernel's path is as named */
        char *abs_dir = absolute_path(dir[0] ? dir : "."), *abs_folder = absolute_path(folder[0] ? folder : ".");
        bool fits = relative_folder(abs_dir, abs_folder, relative, sizeof relative);
        free(abs_dir);
        free(abs_folder);
        if (!fits) continue;
        snprintf(file, nfile, "%.*s", (int)rest_len, rest);
        return (size_t)snprintf(define, n, "%.*s=%s", (int)name_len, flag, relative) < n;
    }
    return false;
}
