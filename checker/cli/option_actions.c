/* option_actions.c - what each option of the table (options.c) does to the
 * command line's settings. */
#include "cli/option_actions.h"
#include "frontend/frontend.h"
#include "model/language.h"
#include "model/target.h"
#include "report/select.h"
#include "rules/rules.h"
#include "util/oom.h"
#include "util/vec.h"
#include "util/version.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ any command */

static void *field_of(CliArgs *a, const CliOptionUse *u)
{
    return (char *)a + u->option->field;
}

int opt_set_true(CliArgs *a, const CliOptionUse *u)
{
    *(bool *)field_of(a, u) = true;
    return -1;
}

int opt_set_false(CliArgs *a, const CliOptionUse *u)
{
    *(bool *)field_of(a, u) = false;
    return -1;
}

int opt_set_value(CliArgs *a, const CliOptionUse *u)
{
    *(const char **)field_of(a, u) = u->value;
    return -1;
}

int opt_ignore(CliArgs *a, const CliOptionUse *u)
{
    (void)a, (void)u;
    return -1;
}

int opt_help(CliArgs *a, const CliOptionUse *u)
{
    (void)a;
    cli_print_help(u->command, stdout);
    return 0;
}

void opt_path(CliArgs *a, const char *arg)
{
    *VEC_PUSH(a->paths, a->npaths) = arg;
}

/* A flag for clang as written, and its value when that was the next
 * argument (-I DIR, -IDIR). */
static void push_clang_flag(const char ***list, int *n, const CliOptionUse *u)
{
    *VEC_PUSH(*list, *n) = u->arg;
    if (u->separate) *VEC_PUSH(*list, *n) = u->value;
}

/* Everything after "--". */
static void push_rest(const char ***list, int *n, const CliOptionUse *u)
{
    while (++*u->i < u->argc) *VEC_PUSH(*list, *n) = u->argv[*u->i];
}

/* ------------------------------------------------------------ gpulint [options] PATH... */

void cli_format_names(char *buf, size_t n, const char *sep, const char *last_sep)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < gpulint_nemitters && len < n; i++) {
        const char *s = i == 0 ? "" : i == gpulint_nemitters - 1 ? last_sep : sep;
        len += (size_t)snprintf(buf + len, n - len, "%s%s", s, gpulint_emitters[i]->name);
    }
}

int opt_lint_format(CliArgs *a, const CliOptionUse *u)
{
    a->run.emitter = emitter_by_name(u->value);
    if (!a->run.emitter) {
        char names[256];
        cli_format_names(names, sizeof names, ", ", " or ");
        cli_usage_error(u->command, "unknown format '%s' (expected %s)", u->value, names);
    }
    return -1;
}

int opt_lint_verbose(CliArgs *a, const CliOptionUse *u)
{
    (void)u;
    a->engine.verbose = true;
    a->engine.frontend.verbose = true;
    return -1;
}

int opt_lint_list_rules(CliArgs *a, const CliOptionUse *u)
{
    /* -v may come before or after it */
    const char *next = *u->i + 1 < u->argc ? u->argv[*u->i + 1] : "";
    bool verbose = a->engine.verbose || strcmp(next, "-v") == 0 || strcmp(next, "--verbose") == 0;
    for (int i = 0; i < gpulint_nrules; i++) {
        const Rule *r = gpulint_rules[i];
        printf("%-22s %s%s%s\n", r->id, r->summary, r->opencl ? "; OpenCL: " : "", r->opencl ? r->opencl : "");
        if (!verbose) continue;
        printf("    default severity %s; --fix %s\n", severity_name(r->default_severity),
               r->fixes_are_safe ? "applies its fix-its" : "leaves it alone (suggestions only)");
        for (int j = 0; j < r->noptions; j++)
            printf("    option %s = %lld: %s\n", r->options[j].name, r->options[j].default_value, r->options[j].description);
    }
    return 0;
}

int opt_lint_version(CliArgs *a, const CliOptionUse *u)
{
    (void)a, (void)u;
    printf("gpulint %s (%s)\n", GPULINT_VERSION, frontend_libclang_version());
    frontend_describe_install(stdout);
    return 0;
}

int opt_lint_min_severity(CliArgs *a, const CliOptionUse *u)
{
    /* an explicit threshold applies to every file, over config files */
    if (!severity_parse(u->value, &a->run.filter.min_severity))
        cli_usage_error(u->command, "unknown severity '%s' (expected info, low, medium or high)", u->value);
    a->run.filter.has_min_severity = true;
    a->run.min_severity = a->run.filter.min_severity;
    return -1;
}

int opt_lint_rules(CliArgs *a, const CliOptionUse *u)
{
    free(a->rules);
    a->rules = xstrdup(u->value);
    return -1;
}

/* Splits a comma-separated rule list onto *items (the copy kept in owned). */
static void add_rule_list(CliArgs *a, const CliOptionUse *u, const char ***items, int *n)
{
    char *copy = xstrdup(u->value);
    *VEC_PUSH(a->owned, a->nowned) = copy;
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
        if (!*tok) continue;
        char err[200];
        if (!selection_item_valid(tok, err, sizeof err)) cli_usage_error(u->command, "%s", err);
        *VEC_PUSH(*items, *n) = tok;
    }
}

int opt_lint_select(CliArgs *a, const CliOptionUse *u)
{
    add_rule_list(a, u, &a->select, &a->nselect);
    return -1;
}

int opt_lint_ignore(CliArgs *a, const CliOptionUse *u)
{
    add_rule_list(a, u, &a->ignore, &a->nignore);
    return -1;
}

int opt_lint_exclude(CliArgs *a, const CliOptionUse *u)
{
    *VEC_PUSH(a->exclude, a->nexclude) = u->value;
    return -1;
}

int opt_lint_no_config(CliArgs *a, const CliOptionUse *u)
{
    (void)u;
    a->run.filter.no_config = true;
    a->engine.no_config = true;
    return -1;
}

int opt_lint_clang_flag(CliArgs *a, const CliOptionUse *u)
{
    push_clang_flag(&a->engine.frontend.extra, &a->engine.frontend.nextra, u);
    return -1;
}

int opt_lint_clang_args(CliArgs *a, const CliOptionUse *u)
{
    push_rest(&a->engine.frontend.extra, &a->engine.frontend.nextra, u);
    return -1;
}

int opt_lint_language(CliArgs *a, const CliOptionUse *u)
{
    if (!language_named(u->value)) { /* the table's -x names */
        char names[128];
        language_x_name_text(names, sizeof names, "");
        cli_usage_error(u->command, "unknown language '%s' for -x (expected %s)", u->value, names);
    }
    a->engine.frontend.language = u->value;
    engine_force_language(u->value);
    return -1;
}

int opt_lint_offload_arch(CliArgs *a, const CliOptionUse *u)
{
    if (!target_for_arch(u->value))
        cli_usage_error(u->command,
                        "unknown GPU architecture '%s' for --offload-arch (expected an NVIDIA sm_NN or an AMD gfxNNN "
                        "name: sm_90, gfx90a, gfx942, gfx1100)",
                        u->value);
    a->engine.frontend.offload_arch = u->value;
    return -1;
}

int opt_lint_opencl_fp64(CliArgs *a, const CliOptionUse *u)
{
    const char *v = u->value;
    if (strcmp(v, "auto") == 0) a->engine.frontend.opencl_fp64 = FP64_AUTO;
    else if (strcmp(v, "on") == 0) a->engine.frontend.opencl_fp64 = FP64_ON;
    else if (strcmp(v, "off") == 0) a->engine.frontend.opencl_fp64 = FP64_OFF;
    else cli_usage_error(u->command, "unknown --opencl-fp64 value '%s' (expected auto, on or off)", v);
    return -1;
}

int opt_lint_headers(CliArgs *a, const CliOptionUse *u)
{
    const char *h = u->value;
    if (strcmp(h, "auto") == 0) a->engine.frontend.headers = HEADERS_AUTO;
    else if (strcmp(h, "shim") == 0) a->engine.frontend.headers = HEADERS_SHIM;
    else if (strcmp(h, "cuda") == 0) a->engine.frontend.headers = HEADERS_CUDA;
    else if (strcmp(h, "rocm") == 0) a->engine.frontend.headers = HEADERS_ROCM;
    else cli_usage_error(u->command, "unknown --headers value '%s' (expected auto, shim, cuda or rocm)", h);
    return -1;
}

int opt_lint_jobs(CliArgs *a, const CliOptionUse *u)
{
    char *end;
    errno = 0;
    long n = strtol(u->value, &end, 10);
    if (end == u->value || *end || errno || n < 1 || n > 4096)
        cli_usage_error(u->command, "-j: '%s' is not a number of jobs from 1 to 4096", u->value);
    a->run.pool.jobs = (int)n;
    return -1;
}

int opt_lint_file_timeout(CliArgs *a, const CliOptionUse *u)
{
    char *end;
    double t = strtod(u->value, &end);
    if (end == u->value || *end || !(t >= 0 && t <= 1e6))
        cli_usage_error(u->command, "--file-timeout: '%s' is not a number of seconds", u->value);
    a->run.pool.timeout_seconds = t;
    return -1;
}

int opt_lint_file_memory(CliArgs *a, const CliOptionUse *u)
{
    unsigned long long *bytes = &a->run.pool.memory_bytes;
    if (!pool_parse_size(u->value, bytes) || (*bytes && *bytes < (64ull << 20)))
        cli_usage_error(u->command, "--file-memory: '%s' is not a size of at least 64M (e.g. 512M, 2G; 0: no limit)",
                        u->value);
    return -1;
}

void lint_help_end(FILE *out)
{
    fputs("\n"
          "exit status: 0 nothing reported at or above --min-severity, 1 findings reported,\n"
          "             2 error (usage, unreadable file, parse error, bad config, a file whose\n"
          "             analysis crashed, timed out or ran out of memory, a report that\n"
          "             could not be written)\n",
          out);
    if (strcmp(pool_memory_limit_kind(), "address space") != 0)
        fprintf(out, "\nthis is a sanitizer build: --file-memory limits %s (checked every 20 ms),\n"
                     "not the address space\n", pool_memory_limit_kind());
}

/* ------------------------------------------------------------ gpulint lsp */

int opt_lsp_rules(CliArgs *a, const CliOptionUse *u)
{
    *VEC_PUSH(a->lsp.rules, a->lsp.nrules) = u->value;
    return -1;
}

int opt_lsp_clang_flag(CliArgs *a, const CliOptionUse *u)
{
    push_clang_flag(&a->lsp.extra, &a->lsp.nextra, u);
    return -1;
}

int opt_lsp_clang_args(CliArgs *a, const CliOptionUse *u)
{
    push_rest(&a->lsp.clang_args, &a->lsp.nclang_args, u);
    return -1;
}

/* ------------------------------------------------------------ gpulint audit */

int opt_audit_projects_file(CliArgs *a, const CliOptionUse *u)
{
    audit_read_projects_file(u->value, &a->audit.paths, &a->audit.npaths);
    return -1;
}

int opt_audit_jobs(CliArgs *a, const CliOptionUse *u)
{
    a->audit.run.limits.jobs = atoi(u->value);
    if (a->audit.run.limits.jobs < 1) cli_usage_error(u->command, "-j needs a positive number, not '%s'", u->value);
    return -1;
}

int opt_audit_shard(CliArgs *a, const CliOptionUse *u)
{
    char *end;
    long shard = strtol(u->value, &end, 10);
    long nshards = *end == '/' ? strtol(end + 1, &end, 10) : 0;
    if (*end || nshards < 1 || shard < 0 || shard >= nshards)
        cli_usage_error(u->command, "--shard needs I/N with 0 <= I < N, not '%s'", u->value);
    a->audit.shard = shard;
    a->audit.nshards = nshards;
    return -1;
}

int opt_audit_file_timeout(CliArgs *a, const CliOptionUse *u)
{
    a->audit.run.limits.timeout_s = atof(u->value);
    return -1;
}

int opt_audit_file_memory(CliArgs *a, const CliOptionUse *u)
{
    a->audit.run.limits.memory_mb = atol(u->value);
    return -1;
}

int opt_audit_min_severity(CliArgs *a, const CliOptionUse *u)
{
    if (!severity_parse(u->value, &a->audit.run.limits.min_severity))
        cli_usage_error(u->command, "unknown severity '%s' (expected info, low, medium or high)", u->value);
    a->audit.run.limits.has_min_severity = true;
    return -1;
}

int opt_audit_emit_bench(CliArgs *a, const CliOptionUse *u)
{
    a->audit.run.emit_bench = atoi(u->value);
    if (a->audit.run.emit_bench < 1) cli_usage_error(u->command, "--emit-bench needs a positive number, not '%s'", u->value);
    return -1;
}

/* --progress and --no-progress */
int opt_audit_progress(CliArgs *a, const CliOptionUse *u)
{
    a->audit.run.progress = strcmp(u->option->name, "--progress") == 0;
    return -1;
}

int opt_audit_progress_interval(CliArgs *a, const CliOptionUse *u)
{
    a->audit.run.progress_interval = atof(u->value);
    return -1;
}

int opt_audit_clang_flag(CliArgs *a, const CliOptionUse *u)
{
    push_clang_flag(&a->audit.run.engine.frontend.extra, &a->audit.run.engine.frontend.nextra, u);
    return -1;
}

void opt_audit_project(CliArgs *a, const char *arg)
{
    *VEC_PUSH(a->audit.paths, a->audit.npaths) = audit_project_path(arg);
}
