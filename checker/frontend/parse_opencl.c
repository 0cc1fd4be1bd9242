/* parse_opencl.c - reading an OpenCL file: its OpenCL C version
 * (opencl_std.c), the raw-string wrapper of sources kept for embedding,
 * the type names and headers its host supplies at build time
 * (opencl_build_types.h), and the names set by -D reported. */
#include "frontend/opencl_build_types.h"
#include "frontend/opencl_std.h"
#include "frontend/parse.h"
#include "util/fileio.h"
#include "util/oom.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The text of an OpenCL file (an editor's buffer or the file; the engine
 * refused files over 64 MiB before the parse); a copy the caller frees. */
static char *opencl_text(Frontend *fe, const char *path, size_t *size)
{
    const struct CXUnsavedFile *u = frontend_unsaved(fe);
    if (u) {
        char *text = xmalloc(u->Length + 1);
        memcpy(text, u->Contents, u->Length);
        text[u->Length] = 0;
        *size = u->Length;
        return text;
    }
    long len;
    char *text = read_file(path, &len);
    *size = text ? (size_t)len : 0;
    return text;
}

/* OpenCL sources kept as C++ raw strings for embedding (CLBlast's
 * .opencl files: a line `R"(` ... a line `)"`): the wrapper lines are
 * blanked in place, so lines and columns stay as in the file.  False when
 * there is no wrapper. */
bool opencl_unwrap_raw_string(char *text)
{
    char *open = NULL, *close = NULL;
    for (char *line = text; line && *line;) {
        char *eol = strchr(line, '\n');
        size_t len = eol ? (size_t)(eol - line) : strlen(line);
        while (len && (line[len - 1] == '\r' || line[len - 1] == ' ')) len--;
        if (!open && len == 3 && strncmp(line, "R\"(", 3) == 0) open = line;
        else if (open && len == 2 && strncmp(line, ")\"", 2) == 0) close = line;
        line = eol ? eol + 1 : NULL;
    }
    if (!open || !close) return false;
    memset(open, ' ', 3);
    memset(close, ' ', 2);
    return true;
}

/* The virtual header `text` at vpath, and the headers it includes that
 * are kept as raw strings, unwrapped (their texts are kept in `held`);
 * NULL text: none. */
static void set_build_types(Frontend *fe, const char *vpath, const char *text, const BuildPlan *plan, char **held)
{
    for (int i = 0; i < BUILD_MAX_HEADERS; i++) {
        free(held[i]);
        held[i] = NULL;
    }
    struct CXUnsavedFile files[1 + BUILD_MAX_HEADERS];
    int n = 0;
    if (text) {
        files[n++] = (struct CXUnsavedFile){vpath, text, (unsigned long)strlen(text)};
        for (int i = 0; i < plan->nheaders; i++) {
            char *h = xstrdup(plan->header_texts[i]); /* the text read for the plan, unwrapped in a copy */
            if (opencl_unwrap_raw_string(h)) {
                held[i] = h;
                files[n++] = (struct CXUnsavedFile){plan->headers[i], h, (unsigned long)strlen(h)};
            } else {
                free(h);
            }
        }
    }
    frontend_set_prelude_files(fe, files, n);
}

/* Did clang stop at its error limit (so error counts say nothing more)? */
static bool hit_error_limit(const ParseResult *r)
{
    for (int i = 0; i < r->ndiags; i++)
        if (strstr(r->diags[i].message, "too many errors emitted")) return true;
    return false;
}

/* The best parse a build plan reaches from r: its rounds, each parsed
 * and kept when it has fewer errors.  `identifiers`: the plan may also
 * put files that define missing identifiers before the file. */
typedef struct {
    ParseResult parse;      /* .tu NULL: no round was better than r */
    char *described;
    bool assumes;           /* its plan assumes type names */
    bool used_identifiers;  /* its plan has a file found for an identifier, or waited for one */
} PlanOutcome;

static PlanOutcome plan_rounds(Frontend *fe, const char *path, const char *text, const char *vpath, const ParseResult *r,
                               bool identifiers)
{
    BuildPlan plan;
    memset(&plan, 0, sizeof plan);
    plan.identifiers = identifiers;
    PlanOutcome best;
    memset(&best, 0, sizeof best);
    ParseResult latest;
    memset(&latest, 0, sizeof latest);
    const ParseResult *last = r;
    char *held[BUILD_MAX_HEADERS] = {NULL};
    const FileArgs *fa = frontend_file_args(fe);
    for (int round = 0; round < BUILD_MAX_HEADERS + 2 && build_plan_extend(&plan, last, path, text,
                                                                  fa ? fa->project_root : NULL); round++) {
        char *header = build_plan_text(&plan);
        set_build_types(fe, vpath, header, &plan, held);
        ParseResult next = frontend_parse_file(fe, path);
        set_build_types(fe, NULL, NULL, &plan, held);
        free(header);
        if (next.fatal) {
            parse_result_free(&next);
            break;
        }
        /* the next round extends the latest parse: a header that brings
         * its own unknown names can add errors before it removes them */
        const ParseResult *cur = best.parse.tu ? &best.parse : r;
        bool better = error_count(&next) < error_count(cur) ||
                      (hit_error_limit(&next) && hit_error_limit(cur) &&
                       opencl_unknown_type_errors(&next) < opencl_unknown_type_errors(cur));
        parse_result_free(&latest);
        if (better) {
            parse_result_free(&best.parse);
            best.parse = next;
            free(best.described);
            best.described = build_plan_described(&plan);
            best.assumes = plan.nassumed > 0;
            best.used_identifiers = plan.identifier_headers > 0 || plan.deferred;
            last = &best.parse;
        } else {
            latest = next;
            last = &latest;
        }
        if (!opencl_has_missing_names(last)) break;
    }
    parse_result_free(&latest);
    build_plan_free(&plan);
    return best;
}

/* A file written against names its host sets at build time: parsed again
 * with a virtual header that includes the project files defining them, or
 * assumes the type names (opencl_build_types.h); kept when it has fewer
 * errors.  Files found for identifiers (a library that builds a kernel
 * from several of its files) stay only when no type had to be assumed:
 * otherwise the host also sets the values those files hold defaults for,
 * and the run-time values (jit_variant.c) are the better source. */
static void assume_build_types(Frontend *fe, const char *path, const char *text, ParseResult *r)
{
    char vpath[PATH_MAX + 32];
    opencl_build_types_path(path, vpath, sizeof vpath);
    PlanOutcome best = plan_rounds(fe, path, text, vpath, r, true);
    if (best.assumes && best.used_identifiers) {
        parse_result_free(&best.parse);
        free(best.described);
        best = plan_rounds(fe, path, text, vpath, r, false);
    }
    if (best.parse.tu) {
        parse_result_free(r);
        *r = best.parse;
        r->guessed_parts = !best.assumes;
        char msg[1600];
        if (best.assumes)
            snprintf(msg, sizeof msg,
                     "parsed with the names its host sets at build time assumed (%s): findings rest "
                     "on them; pass -D NAME=TYPE to set them",
                     best.described);
        else
            snprintf(msg, sizeof msg, "parsed with the project header its host puts before it: %s", best.described);
        parse_add_diag(r, best.assumes ? DIAG_NOTE : DIAG_INFO, path, msg);
        r->diags[r->ndiags - 1].status_line = true;
    }
    free(best.described);
}

/* An OpenCL file: its version chosen (opencl_std.c), the raw-string
 * wrapper blanked, and names set by -D at build time reported. */
ParseResult frontend_parse_opencl(Frontend *fe, const char *path)
{
    size_t size = 0;
    char *text = opencl_text(fe, path, &size);
    const FileArgs *fa = frontend_file_args(fe);
    OpenclStdChoice choice = opencl_std_choose(text, size, frontend_options(fe)->cl_std, fa ? fa->cl_std : NULL);
    const struct CXUnsavedFile *u = frontend_unsaved(fe);
    struct CXUnsavedFile saved = u ? *u : (struct CXUnsavedFile){NULL, NULL, 0};
    /* libclang copies an unsaved buffer while parsing: the TU keeps no pointer to it */
    if (text && opencl_unwrap_raw_string(text)) frontend_set_unsaved(fe, path, text, size);
    frontend_set_opencl_std(fe, choice.std);
    ParseResult r = frontend_parse_file(fe, path);
    char what[128] = "", msg[512];
    if (choice.origin == CLSTD_AUTO && !r.fatal && opencl_wants_cl20(r.diags, r.ndiags, what, sizeof what)) {
        frontend_set_opencl_std(fe, "CL2.0");
        ParseResult r2 = frontend_parse_file(fe, path);
        if (!r2.fatal && error_count(&r2) < error_count(&r)) {
            parse_result_free(&r);
            r = r2;
            snprintf(msg, sizeof msg,
                     "parsed as OpenCL C 2.0 (-cl-std=CL2.0): the file uses %s, which OpenCL C 1.2 does not have; "
                     "a comment '// gpulint: -cl-std=CL2.0' in the file makes this explicit",
                     what);
            parse_add_diag(&r, DIAG_INFO, path, msg);
        } else {
            parse_result_free(&r2);
        }
    }
    if (!r.fatal && opencl_has_missing_names(&r)) {
        /* an editor's kept parse stays kept for its next edit: the parses
         * with the host's types are fresh ones, and the best replaces it
         * only in this result */
        KeptTu *kept = frontend_kept(fe);
        frontend_set_kept(fe, NULL);
        assume_build_types(fe, path, text, &r);
        frontend_set_kept(fe, kept);
    }
    frontend_set_opencl_std(fe, NULL);
    frontend_set_unsaved(fe, saved.Filename, saved.Contents, saved.Length);
    free(text);
    if (!r.fatal) {
        opencl_note_undefined_names(&r, path);
        if (choice.bad_directive) {
            snprintf(msg, sizeof msg,
                     "the directive '-cl-std=%s' names no OpenCL C version gpulint knows (CL1.0, CL1.1, CL1.2, CL2.0, "
                     "CL3.0); parsed as %s",
                     choice.directive, choice.std);
            parse_add_diag(&r, DIAG_NOTE, path, msg);
        }
    }
    return r;
}

