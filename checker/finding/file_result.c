/* file_result.c - a file's status from its problems (see file_result.h), so a
 * run over a real project says which files were analysed fully, which only
 * in part and why, in one line each rather than thousands of notes. */
#include "finding/file_result.h"
#include "util/vec.h"

#include <stdlib.h>
#include <string.h>

const char *file_status_name(FileStatus s)
{
    return s == FILE_OK ? "ok" : s == FILE_DEGRADED ? "degraded" : "failed";
}

#define NOT_FOUND "file not found"
#define CAUSED "probably caused by the missing include)"
#define HOST_ONLY_OK "GPU code analysed in full; "

/* "'foo/bar.h' file not found ..." -> foo/bar.h */
static const char *missing_name(Arena *a, const char *message)
{
    const char *q = strchr(message, '\'');
    const char *e = q ? strchr(q + 1, '\'') : NULL;
    return e ? arena_strndup(a, q + 1, (size_t)(e - q - 1)) : NULL;
}

static bool listed(const char *const *v, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (strcmp(v[i], s) == 0) return true;
    return false;
}

void file_status_compute(FileResult *r, bool analysed)
{
    Diagnostics *d = &r->problems;
    Arena *a = &d->arena;
    if (!analysed) {
        r->status = FILE_FAILED;
        for (int i = 0; i < d->nerrors; i++) *VEC_PUSH(r->reasons, r->nreasons) = d->errors[i].message;
        if (!r->nreasons) *VEC_PUSH(r->reasons, r->nreasons) = "the file could not be analysed";
        return;
    }
    int caused = 0, host_only = 0, nvcc_only = 0, nvcc_dropped = 0, target_asm = 0, shim_redeclared = 0;
    const char **other = NULL;
    int nother = 0;
    bool host_marked = false; /* a note (a parse error or a missing header) marked host-only */
    for (int i = 0; i < d->nnotes; i++) {
        const char *m = d->notes[i].message;
        if (d->notes[i].informational) continue;
        host_marked |= strstr(m, HOST_ONLY_NOTE) != NULL || strstr(m, NVCC_ONLY_NOTE) != NULL ||
                       strstr(m, TARGET_ASM_NOTE) != NULL || strstr(m, SHIM_REDECLARED_NOTE) != NULL;
        if (strstr(m, NOT_FOUND)) {
            const char *name = missing_name(a, m);
            if (name && !listed(r->missing_headers, r->nmissing_headers, name))
                *VEC_PUSH(r->missing_headers, r->nmissing_headers) = name;
        } else if (strstr(m, HOST_ONLY_NOTE)) {
            host_only++;
        } else if (strstr(m, NVCC_ONLY_NOTE)) {
            nvcc_only++;
        } else if (strstr(m, TARGET_ASM_NOTE)) {
            target_asm++;
        } else if (strstr(m, SHIM_REDECLARED_NOTE)) {
            shim_redeclared++;
        } else if (strstr(m, NVCC_DROPPED_NOTE)) {
            nvcc_dropped++;
        } else if (d->notes[i].summarised) {
            continue; /* another note of the file is the reason */
        } else if (strstr(m, CAUSED)) {
            caused++;
        } else if (!listed(other, nother, m)) {
            *VEC_PUSH(other, nother) = m;
        }
    }
    /* Problems confined to host code leave the kernels' analysis complete:
     * the file is ok, and its reasons say what host code lacked. */
    if (host_marked && !d->nerrors && !caused && !nother && !nvcc_dropped) {
        const char *headers =
            r->nmissing_headers == 0   ? ""
            : r->nmissing_headers == 1 ? arena_printf(a, "missing header %s", r->missing_headers[0])
                                       : arena_printf(a, "%d missing headers (%s, ...)", r->nmissing_headers,
                                                      r->missing_headers[0]);
        const char *host =
            host_only ? arena_printf(a, "%s%d parse error%s, all in host code", *headers ? ", " : "", host_only,
                                     host_only == 1 ? "" : "s")
            : *headers && !nvcc_only ? " (no parse error follows from it)"
                                     : "";
        const char *nvcc = nvcc_only ? arena_printf(a, "%s%d error%s in declarations only nvcc accepts",
                                                    *headers || host_only ? ", " : "", nvcc_only,
                                                    nvcc_only == 1 ? "" : "s")
                                     : "";
        const char *assembly = target_asm ? arena_printf(a, "%s%d inline assembly statement%s for AMD, not read",
                                                         *headers || host_only || nvcc_only ? ", " : "", target_asm,
                                                         target_asm == 1 ? "" : "s")
                                          : "";
        const char *redeclared = shim_redeclared ? arena_printf(a, "%s%d built-in%s the project declares itself",
                                                                *headers || host_only || nvcc_only || target_asm ? ", " : "",
                                                                shim_redeclared, shim_redeclared == 1 ? "" : "s")
                                                 : "";
        *VEC_PUSH(r->reasons, r->nreasons) =
            arena_printf(a, "%s%s%s%s%s%s", HOST_ONLY_OK, headers, host, nvcc, assembly, redeclared);
        free(other);
        r->status = FILE_OK;
        return;
    }
    if (r->nmissing_headers) {
        const char *first = r->missing_headers[0];
        *VEC_PUSH(r->reasons, r->nreasons) =
            r->nmissing_headers == 1
                ? arena_printf(a, "missing header %s", first)
                : arena_printf(a, "%d missing headers (%s, ...)", r->nmissing_headers, first);
    }
    if (r->nmissing_headers && r->build_option) /* an optional dependency, not a gap in gpulint's discovery */
        *VEC_PUSH(r->reasons, r->nreasons) =
            arena_printf(a, "the project's CMake files build this file only with %s=ON (an option, OFF by default)",
                         r->build_option);
    if (caused)
        *VEC_PUSH(r->reasons, r->nreasons) =
            arena_printf(a, "%d parse error%s after the missing header%s", caused, caused == 1 ? "" : "s",
                         r->nmissing_headers == 1 ? "" : "s");
    if (d->nerrors)
        *VEC_PUSH(r->reasons, r->nreasons) = arena_printf(a, "%d parse error%s", d->nerrors, d->nerrors == 1 ? "" : "s");
    if (nvcc_dropped)
        *VEC_PUSH(r->reasons, r->nreasons) =
            arena_printf(a, "%d statement%s only nvcc accepts (clang may leave them out)", nvcc_dropped,
                         nvcc_dropped == 1 ? "" : "s");
    for (int i = 0; i < nother && i < 3; i++) *VEC_PUSH(r->reasons, r->nreasons) = other[i];
    if (nother > 3) *VEC_PUSH(r->reasons, r->nreasons) = arena_printf(a, "%d more notes", nother - 3);
    free(other);
    r->status = r->nreasons ? FILE_DEGRADED : FILE_OK;
}

void file_status_print(FILE *out, const FileResult *r)
{
    int details = 0;
    for (int i = 0; i < r->problems.nnotes; i++) {
        /* notes that are not parse details (NOLINT, the model's skipped
         * parts, names set by -D) are printed as they are */
        if (r->problems.notes[i].parse_detail) details++;
        else problem_print(out, &r->problems.notes[i], "note");
    }
    for (int i = 0; i < r->problems.nerrors; i++) problem_print(out, &r->problems.errors[i], "error");
    if (r->status == FILE_OK && r->nreasons) { /* problems confined to host code: still one line */
        fprintf(out, "%s: note: %s", r->path, r->reasons[0]);
        if (details) fprintf(out, " (-v shows the %d note%s)", details, details == 1 ? "" : "s");
        fputc('\n', out);
        return;
    }
    if (r->status != FILE_DEGRADED) return;
    fprintf(out, "%s: note: analysis degraded: ", r->path);
    for (int i = 0; i < r->nreasons; i++) fprintf(out, "%s%s", i ? "; " : "", r->reasons[i]);
    if (details) fprintf(out, " (-v shows the %d note%s)", details, details == 1 ? "" : "s");
    fputc('\n', out);
}

void file_result_free(FileResult *r)
{
    free((char *)r->path);
    free(r->reasons);
    free(r->missing_headers);
    findings_free(&r->findings);
    diagnostics_free(&r->problems);
    memset(r, 0, sizeof *r);
}

void file_list_free(FileList *l)
{
    for (int i = 0; i < l->n; i++) free(l->paths[i]);
    free(l->paths);
    memset(l, 0, sizeof *l);
}
