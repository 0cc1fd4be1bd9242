/* emit.c - gpulint --emit-bench DIR: one benchmark per finding.
 *
 * DIR/<finding-id>/bench.cu is the rule's template (bench/templates) with the
 * finding's parameters as #define lines in front; DIR/gpulint_bench.h is the
 * shared harness; DIR/Makefile builds them all with nvcc; DIR/index.json maps
 * each benchmark to its finding.  Ids are made of [A-Za-z0-9_.-] only, and
 * nothing is written outside DIR: DIR is opened once, every file is written
 * relative to it and never through a symbolic link, and a DIR/<id> that is a
 * link is refused.  Text taken from the analysed files (paths, names,
 * expressions) is escaped for the place it lands in the generated code. */
#include "bench/bench.h"
#include "bench/emit_io.h"
#include "bench/replay.h"
#include "finding/fingerprint.h"
#include "util/fileio.h"
#include "util/version.h"
#include "output/finding_json.h"
#include "rules/rules.h"

#include "util/oom.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A #define's name and value come from the rule, partly from the analysed
 * source (an expression).  Code cannot be escaped, so a value is used only
 * when it stays one line of plain C: printable ASCII (line breaks and tabs
 * become spaces), no comment (it could swallow or end what follows), no
 * trailing backslash (it would splice the next line into the macro). */
static bool define_ok(const BenchDef *d, char *value, size_t n)
{
    for (const char *p = d->name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' ||
              *p == '(' || *p == ')' || *p == ','))
            return false;
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)d->value; *p && k + 1 < n; p++) {
        if (*p == '\n' || *p == '\r' || *p == '\t' || *p == '\v' || *p == '\f') value[k++] = ' ';
        else if (*p >= 32 && *p < 127) value[k++] = (char)*p;
        else return false;
    }
    value[k] = 0;
    return d->name[0] && !strstr(value, "/*") && !strstr(value, "//") && !strstr(value, "*/") &&
           (k == 0 || value[k - 1] != '\\');
}

/* One --emit-bench run: DIR (opened once: everything is written relative
 * to dirfd) and what the benchmarks written so far add to index.json and
 * the Makefile. */
typedef struct {
    const char *dir;
    char tmpl_dir[4096]; /* the installed templates and harness */
    int dirfd;
    Diagnostics *diags;
    cJSON *list;  /* index.json's "benchmarks" */
    Buf targets;  /* the Makefile's BENCHES */
    int written, status;
    ReplayEmit replay; /* the replays of the findings' own kernels */
    Buf replay_rules;  /* their Makefile rules */
    cJSON *refused;    /* index.json's "replays_refused" */
} EmitRun;

/* Creates and opens DIR and copies the shared harness into it; false after
 * reporting why not. */
static bool open_bench_dir(EmitRun *e)
{
    if (!make_dir(e->dir)) {
        diag_error(e->diags, e->dir, 0, 0, "--emit-bench: cannot create directory: %s", strerror(errno));
        return false;
    }
    /* DIR is resolved once; everything below is relative to this handle. */
    e->dirfd = open(e->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (e->dirfd < 0) {
        diag_error(e->diags, e->dir, 0, 0, "--emit-bench: cannot open directory: %s", strerror(errno));
        return false;
    }
    const char *shared[] = {"gpulint_bench.h", "gpulint_bench_stats.h", "gpulint_replay.h"};
    for (size_t i = 0; i < 3; i++) {
        char from[4200];
        snprintf(from, sizeof from, "%s/%s", e->tmpl_dir, shared[i]);
        if (!copy_in(from, e->dirfd, shared[i])) {
            diag_error(e->diags, NULL, 0, 0, "--emit-bench: cannot copy %s to %s/%s: %s", from, e->dir, shared[i],
                    strerror(errno));
            close(e->dirfd);
            return false;
        }
    }
    return true;
}

/* An OpenCL finding is measured with CUDA, which needs no OpenCL runtime:
 * the same pattern and parameters on the same GPU.  Its note says so. */
static void note_measured_with_cuda(BenchParams *bp, const char *head)
{
    char note[sizeof bp->note];
    size_t hn = strlen(head), rest = strlen(bp->note);
    memcpy(note, head, hn);
    if (rest) {
        memcpy(note + hn, "; ", 2);
        hn += 2;
    }
    if (rest > sizeof note - 1 - hn) rest = sizeof note - 1 - hn;
    memcpy(note + hn, bp->note, rest);
    note[hn + rest] = 0;
    memcpy(bp->note, note, sizeof note);
}

/* The benchmark's parameters from the finding's rule into bp, and each
 * #define's value made one line (values); false, with a note or an error,
 * when the finding gets no benchmark. */
static bool benchmark_params(EmitRun *e, const Finding *f, BenchParams *bp, char values[16][256])
{
    const Rule *rule = rule_by_id(f->rule);
    memset(bp, 0, sizeof *bp);
    if (!rule || !rule->bench || !rule->bench(f, bp)) {
        if (bp->refused[0])
            diag_note(e->diags, f->range.file, f->range.line, f->range.col, "--emit-bench: %s: no benchmark: %s", f->id,
                      bp->refused);
        return false;
    }
    const char *language = evidence_str(f, "language", "");
    if (strcmp(language, "opencl") == 0) note_measured_with_cuda(bp, "OpenCL finding: pattern measured with CUDA on the same GPU");
    if (strcmp(language, "hip") == 0)
        note_measured_with_cuda(bp, "HIP finding: pattern measured with CUDA on an NVIDIA GPU (32-lane warps), not on AMD hardware");
    if (!safe_name(f->id)) {
        diag_error(e->diags, f->range.file, f->range.line, f->range.col, "--emit-bench: unsafe finding id '%s' skipped", f->id);
        e->status = 2;
        return false;
    }
    int bad_def = -1;
    for (int d = 0; d < bp->n && bad_def < 0; d++)
        if (!define_ok(&bp->defs[d], values[d], sizeof values[d])) bad_def = d;
    if (bad_def >= 0) {
        diag_error(e->diags, f->range.file, f->range.line, f->range.col,
                   "--emit-bench: %s: parameter %.32s is not one line of plain C; benchmark skipped", f->id, bp->defs[bad_def].name);
        e->status = 2;
        return false;
    }
    return true;
}

/* bench.cu up to its template: where the finding is (in a comment, escaped)
 * and its parameters as #define lines. */
static void bench_source_head(Buf *src, const Finding *f, const BenchParams *bp, char values[16][256])
{
    buf_printf(src, "/* Generated by gpulint %s for finding %s\n * ", GPULINT_VERSION, f->id);
    buf_comment_text(src, f->range.file);
    buf_printf(src, ":%u:%u [", f->range.line, f->range.col);
    buf_comment_text(src, f->rule);
    buf_printf(src, "] in kernel ");
    buf_comment_text(src, f->kernel ? f->kernel : "?");
    buf_printf(src, "\n * ");
    buf_comment_text(src, bp->note[0] ? bp->note : "parameters taken from the finding's evidence");
    buf_printf(src, " */\n");
    buf_finding_defines(src, f);
    if (bp->assumed[0]) { /* the benchmark prints it with its result */
        buf_printf(src, "#define GL_ASSUMED ");
        buf_c_string(src, bp->assumed);
        buf_printf(src, "\n");
    }
    for (int d = 0; d < bp->n; d++) buf_printf(src, "#define %s %s\n", bp->defs[d].name, values[d]);
    buf_printf(src, "#include \"../gpulint_bench.h\"\n\n");
}

/* index.json's entry of a benchmark written: its finding, whole. */
static void add_index_entry(EmitRun *e, const Finding *f, const BenchParams *bp)
{
    cJSON *params = cJSON_CreateObject();
    for (int d = 0; d < bp->n; d++) cJSON_AddStringToObject(params, bp->defs[d].name, bp->defs[d].value);
    cJSON *entry = cJSON_CreateObject();
    cJSON_AddStringToObject(entry, "id", f->id);
    if (finding_fingerprint(f)) cJSON_AddStringToObject(entry, "fingerprint", finding_fingerprint(f));
    cJSON_AddStringToObject(entry, "source", "bench.cu");
    cJSON_AddItemToObject(entry, "params", params);
    if (bp->note[0]) cJSON_AddStringToObject(entry, "note", bp->note);
    if (bp->assumed[0]) cJSON_AddStringToObject(entry, "assumed", bp->assumed);
    cJSON_AddItemToObject(entry, "finding", finding_to_json(f));
    cJSON_AddItemToArray(e->list, entry);
}

/* DIR/<id>/bench.cu for one finding, if its rule has a benchmark for it:
 * the rule's template with the finding's parameters in front. */
static void emit_benchmark(EmitRun *e, const Finding *f)
{
    BenchParams bp;
    char values[16][256];
    if (!benchmark_params(e, f, &bp, values)) return;
    char tmpl_path[4200];
    snprintf(tmpl_path, sizeof tmpl_path, "%s/templates/%s.cu", e->tmpl_dir, f->rule);
    long tn;
    char *tmpl = read_file(tmpl_path, &tn);
    if (!tmpl) {
        diag_error(e->diags, tmpl_path, 0, 0, "--emit-bench: no benchmark template for rule %s", f->rule);
        e->status = 2;
        return;
    }
    int subfd = open_subdir(e->dirfd, e->dir, f->id, e->diags);
    if (subfd < 0) {
        free(tmpl);
        e->status = 2;
        return;
    }
    Buf src = {0};
    bench_source_head(&src, f, &bp, values);
    buf_add(&src, tmpl, (size_t)tn);
    free(tmpl);
    if (!write_at(subfd, "bench.cu", src.data, src.len, 0)) {
        diag_error(e->diags, NULL, 0, 0, "--emit-bench: cannot write %s/%s/bench.cu: %s", e->dir, f->id,
                strerror(errno));
        e->status = 2;
    }
    close(subfd);
    free(src.data);
    add_index_entry(e, f, &bp);
    buf_printf(&e->targets, " %s/bench", f->id);
    e->written++;
}

/* DIR/<id>.replay/ for one finding, and its index entry; or why not, in
 * index.json's "replays_refused" and a note. */
static void emit_replay(EmitRun *e, const Finding *f)
{
    if (!safe_name(f->id)) return;
    const char *why = NULL;
    cJSON *replay = replay_emit(&e->replay, f, &why);
    if (!replay) { /* said on the finding (a note at its line) and in index.json */
        diag_note(e->diags, f->range.file, f->range.line, f->range.col, "--emit-bench: %s: no replay of its kernel: %s",
                  f->id, why ? why : "?");
        cJSON *r = cJSON_CreateObject();
        cJSON_AddStringToObject(r, "id", f->id);
        cJSON_AddStringToObject(r, "why", why ? why : "?");
        cJSON_AddItemToArray(e->refused, r);
        return;
    }
    char id[600];
    snprintf(id, sizeof id, "%s.replay", f->id);
    cJSON *entry = cJSON_CreateObject();
    cJSON_AddStringToObject(entry, "id", id);
    cJSON_AddStringToObject(entry, "kind", "replay");
    if (finding_fingerprint(f)) cJSON_AddStringToObject(entry, "fingerprint", finding_fingerprint(f));
    cJSON_AddStringToObject(entry, "source", "bench.cu");
    cJSON_AddItemToObject(entry, "params", cJSON_CreateObject());
    cJSON_AddItemToObject(entry, "replay", replay);
    cJSON_AddItemToObject(entry, "finding", finding_to_json(f));
    cJSON_AddItemToArray(e->list, entry);
    e->written++;
}

/* DIR/Makefile: builds every benchmark written with nvcc. */
static void write_makefile(EmitRun *e)
{
    Buf mk = {0};
    buf_printf(&mk, "# Generated by gpulint: builds every benchmark of this folder with nvcc.\n"
                    "# make -j ARCH=sm_90   (ARCH=native builds for the GPU of this machine)\n"
                    "NVCC ?= nvcc\nARCH ?= native\nNVCCFLAGS ?= -O3 -std=c++17 -arch=$(ARCH)\n"
                    "# replays: the user's file with the project's flags (-lineinfo: ncu's source view)\n"
                    "REPLAY_NVCCFLAGS ?= -O3 -lineinfo -arch=$(ARCH)\n"
                    "BENCHES :=%s\n\nall: $(BENCHES)\n\n"
                    "# A failed build must not leave an older binary to be timed: the old one\n"
                    "# is removed first, a partly written one by .DELETE_ON_ERROR.\n"
                    ".DELETE_ON_ERROR:\n\n"
                    "%%/bench: %%/bench.cu gpulint_bench.h gpulint_bench_stats.h\n"
                    "\t@rm -f $@\n"
                    "\t$(NVCC) $(NVCCFLAGS) -o $@ $<\n\n"
                    "clean:\n\trm -f $(BENCHES)\n\n.PHONY: all clean\n%s",
               e->targets.data, e->replay_rules.data ? e->replay_rules.data : "");
    if (!write_at(e->dirfd, "Makefile", mk.data, mk.len, 0)) {
        diag_error(e->diags, NULL, 0, 0, "--emit-bench: cannot write %s/Makefile: %s", e->dir, strerror(errno));
        e->status = 2;
    }
    free(mk.data);
}

/* DIR/run.sh: build and run on a GPU machine that has nvcc but no gpulint;
 * `gpulint bench DIR --collect` then tabulates the outputs. */
static void write_run_script(EmitRun *e)
{
    static const char run_sh[] =
        "#!/usr/bin/env bash\n"
        "# Generated by gpulint: builds and runs every benchmark of this folder on a\n"
        "# machine with nvcc and a GPU, keeping each one's output in <id>/output.txt.\n"
        "# Then, where gpulint is installed: gpulint bench THIS_DIR --collect\n"
        "set -u\ncd \"$(dirname \"$0\")\"\n"
        "make -k -j\"$(nproc)\" ARCH=\"${ARCH:-native}\" NVCC=\"${NVCC:-nvcc}\" > build.log 2>&1 || echo \"some builds failed: see build.log\"\n"
        "SANITIZER=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)\n"
        "for d in */; do\n"
        "  id=${d%/}\n"
        "  # a replay runs your kernel on made-up inputs: memcheck first, and one that\n"
        "  # reads or writes out of bounds is not timed\n"
        "  if [ -x \"$id/bench\" ] && [ \"${id%.replay}\" != \"$id\" ] && [ -x \"$SANITIZER\" ]; then\n"
        "    \"$SANITIZER\" --tool memcheck --error-exitcode 86 \"$id/bench\" --quick --samples 1 > \"$id/memcheck.txt\" 2>&1\n"
        "    if [ $? -eq 86 ]; then\n"
        "      echo \"GPULINT_REPLAY_REFUSED out-of-bounds accesses under compute-sanitizer memcheck with the synthesized inputs: not timed (see memcheck.txt)\" > \"$id/output.txt\"\n"
        "      echo \"$id: not timed (out of bounds)\"; continue\n"
        "    fi\n"
        "  fi\n"
        "  if [ -x \"$id/bench\" ]; then\n"
        "    \"$id/bench\" \"$@\" > \"$id/output.txt\" 2>&1\n"
        "    echo \"$id: $(grep -o '\"verdict\":\"[^\"]*\"' \"$id/output.txt\" | tail -1)\"\n"
        "  fi\n"
        "done\n";
    if (!write_at(e->dirfd, "run.sh", run_sh, sizeof run_sh - 1, 0755)) {
        diag_error(e->diags, NULL, 0, 0, "--emit-bench: cannot write %s/run.sh: %s", e->dir, strerror(errno));
        e->status = 2;
    }
}

int bench_emit(const Finding *const *findings, int nfindings, const char *dir, const char *data_dir,
               ReplayFlagsFn flags_for, void *flags_ctx, Diagnostics *diags)
{
    EmitRun e;
    memset(&e, 0, sizeof e);
    e.dir = dir;
    e.diags = diags;
    snprintf(e.tmpl_dir, sizeof e.tmpl_dir, "%s/bench", data_dir);
    if (!open_bench_dir(&e)) return 2;
    cJSON *index = cJSON_CreateObject();
    cJSON_AddNumberToObject(index, "version", 1);
    cJSON_AddStringToObject(index, "tool", "gpulint " GPULINT_VERSION);
    e.list = cJSON_AddArrayToObject(index, "benchmarks");
    e.refused = cJSON_AddArrayToObject(index, "replays_refused");
    buf_add(&e.targets, "", 0);
    buf_add(&e.replay_rules, "", 0);
    e.replay = (ReplayEmit){e.dirfd, dir, diags, flags_for, flags_ctx, &e.replay_rules, &e.targets, 0};
    for (int i = 0; i < nfindings; i++) {
        emit_benchmark(&e, findings[i]);
        emit_replay(&e, findings[i]);
    }
    /* index.json, the Makefile and run.sh list the benchmarks written */
    char *json = json_print_utf8(index);
    cJSON_Delete(index);
    if (!json || !write_at(e.dirfd, "index.json", json, strlen(json), 0)) {
        diag_error(diags, NULL, 0, 0, "--emit-bench: cannot write %s/index.json", dir);
        e.status = 2;
    }
    free(json);
    write_makefile(&e);
    free(e.targets.data);
    free(e.replay_rules.data);
    write_run_script(&e);
    close(e.dirfd);
    fprintf(stderr, "gpulint: wrote %d benchmark%s to %s, %d of them replay%s of your kernels (build and run: gpulint bench %s)\n",
            e.written, e.written == 1 ? "" : "s", dir, e.replay.written, e.replay.written == 1 ? "" : "s", dir);
    return e.status;
}
