/* fuzz_pipeline.c - libFuzzer target over gpulint's whole pipeline on an
 * in-memory buffer: the engine (libclang parse, kernel model, every rule)
 * -> run registry (ids) -> the JSON and text emitters into memory streams,
 * as CUDA or (an input whose last byte is odd) as OpenCL C; and the text
 * rewrite of explicit instantiations (project/instantiation_decls.h).
 * Built only with -DGPULINT_FUZZ=ON and clang (ci/fuzz.sh), with ASan and
 * UBSan; any crash, sanitizer report or leak is a finding.
 *
 * The shim and its precompiled header come from the build
 * (GPULINT_SOURCE_DIR, GPULINT_BINARY_DIR), or from GPULINT_FUZZ_DATA_DIR
 * and GPULINT_FUZZ_PCH for a fuzzer copied to another machine. */
#include "engine/engine.h"
#include "project/instantiation_decls.h"
#include "engine/run_registry.h"
#include "output/emitter.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static Engine *engine;

/* libFuzzer ends the process with exit(): the engine's private directory
 * (forwarding headers for the inputs' includes) goes with it. */
static void free_engine(void)
{
    engine_free(engine);
    engine = NULL;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* A fault in gpulint's code must reach ASan, not libclang's recovery. */
    setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
    static EngineOptions o;
    memset(&o, 0, sizeof o);
    o.frontend.headers = HEADERS_SHIM;
    const char *data_dir = getenv("GPULINT_FUZZ_DATA_DIR"), *pch = getenv("GPULINT_FUZZ_PCH");
    o.frontend.data_dir = data_dir && *data_dir ? data_dir : GPULINT_SOURCE_DIR;
    o.frontend.pch_path = pch && *pch ? pch : GPULINT_BINARY_DIR "/gpulint-shim.pch";
    o.frontend.use_pch = true;
    static FILE *quiet;
    quiet = fopen("/dev/null", "w");
    o.log = quiet;
    char err[512];
    engine = engine_new(&o, err, sizeof err);
    if (!engine) {
        fprintf(stderr, "fuzz_pipeline: cannot set up the engine: %s\n", err);
        abort();
    }
    atexit(free_engine);
    return 0;
}

/* One report of `r` in `emitter`'s format, into memory. */
static void emit(const Emitter *emitter, const FileResult *r)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out) return;
    EmitterStream stream = {out, 0, false, NULL};
    RunInfo info = {GPULINT_VERSION, NULL};
    emitter->begin(&stream, &info);
    emitter->file(&stream, r);
    RunSummary summary;
    memset(&summary, 0, sizeof summary);
    summary.files = 1;
    summary.kernels = r->kernels;
    summary.findings = r->findings.n;
    summary.problems = &r->problems;
    emitter->end(&stream, &summary);
    fclose(out);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* the text rewrite of explicit instantiations (not NUL-terminated) */
    size_t *offsets, rewritten_size;
    int count = explicit_instantiation_offsets((const char *)data, size, &offsets);
    free(declare_instantiations((const char *)data, size, offsets, count, &rewritten_size));
    free(offsets);
    FileResult r;
    /* never NULL: a NULL buffer means "read the file from disk".  An input
     * whose last byte is odd is read as OpenCL C (its build-time types too). */
    const char *name = size && (data[size - 1] & 1) ? "fuzz/input.cl" : "fuzz/input.cu";
    engine_lint_file(engine, name, size ? (const char *)data : "", size, &r);
    RunRegistry registry;
    memset(&registry, 0, sizeof registry);
    run_registry_add(&registry, &r.findings);
    emit(emitter_by_name("json"), &r);
    emit(emitter_by_name("text"), &r);
    run_registry_free(&registry);
    file_result_free(&r);
    return 0;
}
