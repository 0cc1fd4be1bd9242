/* opencl_std.c - OpenCL-specific readings of a parse: which OpenCL C
 * version a file is parsed as (-cl-std=), and the names it uses but never
 * defines (set by -D at build time).
 *
 * The version:
 * The first of these that says one wins:
 *   1. the file's own directive, a comment `// gpulint: -cl-std=CL2.0`
 *      (or in a block comment);
 *   2. -cl-std= on the command line;
 *   3. `cl-std:` in .gpulint.yaml (top level, or an override whose paths
 *      match the file);
 *   4. automatic: CL1.2, or CL2.0 when the file does not parse as CL1.2
 *      because it uses OpenCL 2.0 constructs (__generic, work_group_barrier,
 *      C11 atomics, pipes, device-side enqueue ...) and parses better as
 *      CL2.0; a note says so.
 * See docs/opencl.md. */
#include "frontend/opencl_std.h"
#include "util/oom.h"
#include "util/vec.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

bool opencl_std_valid(const char *s)
{
    static const char *const versions[] = {"CL1.0", "CL1.1", "CL1.2", "CL2.0", "CL3.0"};
    for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++)
        if (strcmp(s, versions[i]) == 0) return true;
    return false;
}

/* `gpulint: -cl-std=VALUE` inside a comment; the value's first
 * 15 characters go to `out`.  Only comments count: the directive's words
 * in a string or in code are not one. */
static bool find_directive(const char *text, size_t size, char *out, size_t outn)
{
    static const char key[] = "gpulint:";
    const char *end = text + size;
    int hits = 0;
    for (const char *p = text; p + sizeof key - 1 < end && hits++ < 64;) { /* each hit rescans for comments */
        const char *hit = memmem(p, (size_t)(end - p), key, sizeof key - 1);
        if (!hit) return false;
        p = hit + sizeof key - 1;
        /* inside a comment: a `//` earlier on the line, or a block comment open */
        const char *line = hit;
        while (line > text && line[-1] != '\n') line--;
        bool in_comment = memmem(line, (size_t)(hit - line), "//", 2) != NULL;
        if (!in_comment) {
            const char *open = NULL;
            for (const char *q = text; q + 1 < hit; q++)
                if (q[0] == '/' && q[1] == '*') open = q;
                else if (q[0] == '*' && q[1] == '/') open = NULL;
            in_comment = open != NULL;
        }
        if (!in_comment) continue;
        const char *v = p;
        while (v < end && (*v == ' ' || *v == '\t')) v++;
        if ((size_t)(end - v) < 8 || strncmp(v, "-cl-std=", 8) != 0) continue;
        v += 8;
        size_t n = 0;
        while (v + n < end && !isspace((unsigned char)v[n]) && v[n] != '*' && n + 1 < outn) n++;
        memcpy(out, v, n);
        out[n] = 0;
        return true;
    }
    return false;
}

OpenclStdChoice opencl_std_choose(const char *text, size_t size, const char *option, const char *config)
{
    OpenclStdChoice c;
    memset(&c, 0, sizeof c);
    if (text && find_directive(text, size, c.directive, sizeof c.directive)) {
        if (opencl_std_valid(c.directive)) {
            snprintf(c.std, sizeof c.std, "%s", c.directive);
            c.origin = CLSTD_DIRECTIVE;
            return c;
        }
        c.bad_directive = true; /* reported, then the next source decides */
    }
    if (option) {
        snprintf(c.std, sizeof c.std, "%s", option);
        c.origin = CLSTD_OPTION;
    } else if (config) {
        snprintf(c.std, sizeof c.std, "%s", config);
        c.origin = CLSTD_CONFIG;
    } else {
        snprintf(c.std, sizeof c.std, "CL1.2");
        c.origin = CLSTD_AUTO;
    }
    return c;
}

/* Names OpenCL C 2.0 added (prefixes), as clang reports them when a file
 * that uses them is parsed as CL1.2. */
static const char *const cl20_names[] = {
    "work_group_",      "atomic_int",      "atomic_uint",         "atomic_long",    "atomic_ulong",
    "atomic_float",     "atomic_double",   "atomic_flag",         "atomic_intptr",  "atomic_uintptr",
    "atomic_size_t",    "atomic_ptrdiff",  "atomic_load",         "atomic_store",   "atomic_exchange",
    "atomic_fetch_",    "atomic_compare_", "atomic_init",         "atomic_work_item_fence", "memory_order_",
    "memory_scope_",    "to_global",       "to_local",            "to_private",     "get_fence",
    "enqueue_kernel",   "enqueue_marker",  "ndrange_",            "get_default_queue", "read_pipe",
    "write_pipe",       "reserve_read_pipe", "reserve_write_pipe", "commit_read_pipe", "commit_write_pipe",
    "get_pipe_",        "is_valid_reserve_id", "clk_event_t",     "queue_t",        "reserve_id_t",
    "get_enqueued_local_size", "get_global_linear_id", "get_local_linear_id", "create_user_event",
    "retain_event",     "release_event",   "set_user_event_status", "capture_event_profiling_info"};

bool opencl_cl20_builtin(const char *name)
{
    for (size_t i = 0; i < sizeof cl20_names / sizeof cl20_names[0]; i++)
        if (strncmp(name, cl20_names[i], strlen(cl20_names[i])) == 0) return true;
    return false;
}

/* The OpenCL 2.0 construct an error message is about ("" when none). */
static bool names_cl20(const char *msg, char *what, size_t n)
{
    if (strstr(msg, "does not support the '") && strstr(msg, "OpenCL C version")) {
        const char *q = strstr(msg, "does not support the '") + 22, *e = strchr(q, '\'');
        if (e) snprintf(what, n, "%.*s", (int)(e - q), q);
        return true;
    }
    if (strstr(msg, "can only be used for pipe")) {
        snprintf(what, n, "pipe");
        return true;
    }
    const char *q = strchr(msg, '\'');
    if (!q || (!strstr(msg, "undeclared identifier") && !strstr(msg, "unknown type name") &&
               !strstr(msg, "implicit declaration")))
        return false;
    q++;
    const char *e = strchr(q, '\'');
    if (!e) return false;
    for (size_t i = 0; i < sizeof cl20_names / sizeof cl20_names[0]; i++) {
        size_t len = strlen(cl20_names[i]);
        if ((size_t)(e - q) >= len && strncmp(q, cl20_names[i], len) == 0) {
            snprintf(what, n, "%.*s", (int)(e - q), q);
            return true;
        }
    }
    return false;
}

bool opencl_wants_cl20(const Diag *diags, int ndiags, char *what, size_t n)
{
    for (int i = 0; i < ndiags; i++)
        if (diags[i].level == DIAG_ERROR && names_cl20(diags[i].message, what, n)) return true;
    return false;
}


/* OpenCL kernels are often configured by -D options the host passes to
 * clBuildProgram: names used but never defined become one note naming
 * them, and the errors they cause become notes (the file is analysed, its
 * result degraded: code that needs the values is not seen as written). */
void opencl_note_undefined_names(ParseResult *r, const char *path)
{
    char names[512] = "";
    size_t len = 0;
    int count = 0, shown = 0;
    for (int i = 0; i < r->ndiags; i++) {
        Diag *d = &r->diags[i];
        char name[128], quoted[132];
        if (d->level != DIAG_ERROR || !diag_undefined_name(d->message, true, name, sizeof name)) continue;
        if (opencl_cl20_builtin(name)) continue; /* OpenCL 2.0's, not set by -D */
        snprintf(quoted, sizeof quoted, "%s,", name);
        char hay[520];
        snprintf(hay, sizeof hay, ",%s", names);
        char needle[134];
        snprintf(needle, sizeof needle, ",%s", quoted);
        if (strstr(hay, needle)) continue;
        count++;
        if (len + strlen(quoted) + 1 < sizeof names) {
            len += (size_t)snprintf(names + len, sizeof names - len, "%s", quoted);
            shown++;
        }
    }
    if (!count) return;
    names[len ? len - 1 : 0] = 0;
    char listed[700];
    size_t ll = 0;
    for (const char *p = names; *p && ll + 3 < sizeof listed; p++) {
        listed[ll++] = *p;
        if (*p == ',') listed[ll++] = ' ';
    }
    listed[ll] = 0;
    for (int i = 0; i < r->ndiags; i++)
        if (r->diags[i].level == DIAG_ERROR) {
            char *m = r->diags[i].message;
            size_t n = strlen(m) + 64;
            r->diags[i].message = xmalloc(n);
            snprintf(r->diags[i].message, n, "%s (see the note on names set at build time)", m);
            free(m);
            r->diags[i].level = DIAG_NOTE;
            r->diags[i].build_time_error = true;
        }
    Diag *d = VEC_PUSH(r->diags, r->ndiags);
    *d = (Diag){.level = DIAG_NOTE, .in_gpu_code = true, .status_line = true};
    d->file = xstrdup(path);
    d->line = d->col = 0;
    size_t n = strlen(listed) + 400;
    d->message = xmalloc(n);
    snprintf(d->message, n,
             "the file uses %d name%s it never defines (%s%s): probably set by -D options at build time "
             "(clBuildProgram); pass them to gpulint with -D NAME=VALUE",
             count, count == 1 ? "" : "s", listed, shown < count ? ", ..." : "");
}
