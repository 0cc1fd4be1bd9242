/* options.c - the one table of every command's options: spellings, how a
 * value is written, what it sets, and the text of --help and of
 * docs/usage.md.  Listing order is table order; an option without a
 * section is listed under the one before it.  The actions are in
 * option_actions.c, the parser and the listings in option_parser.c. */
#include "cli/option_actions.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define NEXT VALUE_NEXT
#define EQUALS VALUE_EQUALS
#define ATTACHED VALUE_ATTACHED
#define FIELD(member) offsetof(CliArgs, member)

#define OUTPUT "Output"
#define SELECTION "Which findings are reported"
#define PARSING "Parsing"
#define PROJECTS "Projects"
#define RUNNING "Running"
#define FIXES "Fixes and benchmarks"

const CliOption cli_options[] = {
    /* ------------------------------------------------ gpulint [options] PATH... */
    {CMD_LINT, "--format", .forms = EQUALS, .choices = cli_format_names, .action = opt_lint_format, .section = OUTPUT,
     .help = "output format (default text)",
     .doc = "output format (default `text`); the formats for CI are described in [ci.md](ci.md)"},
    {CMD_LINT, "--output", "-o", "FILE", NEXT | EQUALS, NEXT, "a file name", opt_set_value, FIELD(run.output),
     .help = "write the report to FILE instead of stdout",
     .doc = "write the report to FILE instead of stdout (through a temporary file and a rename: never half "
            "written; refused onto an input file or a dangling link; see [safety.md](safety.md))"},
    {CMD_LINT, "--verbose", "-v", .action = opt_lint_verbose,
     .help = "print each file as it is analysed, and every note",
     .doc = "print each file as it is analysed, every note instead of one line per degraded file, and which "
            "prelude or precompiled shim each file got"},
    {CMD_LINT, "--dump-model", .action = opt_set_true, .field = FIELD(engine.dump_model),
     .help = "print the kernel model gpulint built (to stderr)",
     .doc = "print the kernel model gpulint built, to stderr (why a rule did or did not fire)"},
    {CMD_LINT, "--list-rules", .action = opt_lint_list_rules,
     .help = "list the rules and exit (-v: severity, options, --fix)",
     .doc = "list the rules and exit; with `-v`, each rule's default severity, its options with their "
            "defaults, and whether `--fix` applies its fix-its"},
    {CMD_LINT, "--version", .action = opt_lint_version,
     .help = "print the version (with the libclang version) and exit"},
    {CMD_LINT | CMD_LSP | CMD_AUDIT | CMD_AUDIT_REPORT | CMD_AUDIT_MERGE, "--help", "-h", .action = opt_help,
     .help = "print this help and exit", .doc = "print the usage and these options, and exit"},

    {CMD_LINT, "--min-severity", .arg = "info|low|medium|high", .forms = NEXT | EQUALS, .action = opt_lint_min_severity,
     .section = SELECTION,
     .help = "report only findings at or above this severity (default low, or the config's min-severity; "
             "severity follows the predicted speedup)",
     .doc = "report only findings at or above this severity (default `low`, or the `min-severity` of the file's "
            "`.gpulint.yaml`, lower or higher; the command line's wins). It applies to every output, "
            "`--fix`, `--emit-bench` and the exit status. Severity follows the predicted speedup "
            "([below](#severity-from-measured-cost))"},
    {CMD_LINT, "--rules", .arg = "ID[,ID...]", .forms = EQUALS, .action = opt_lint_rules,
     .help = "run only these rules (see --list-rules)", .doc = "run only these rules (`--list-rules` lists them)"},
    {CMD_LINT, "--select", .arg = "LIST", .forms = NEXT | EQUALS, .action = opt_lint_select,
     .help = "report only these rules (ids or globs, 'all'; -ID drops)",
     .doc = "report only these rules: ids or globs (`uncoalesced-*`), `all`, `-ID` drops "
            "([ci.md](ci.md#selection))"},
    {CMD_LINT, "--ignore", .arg = "LIST", .forms = NEXT | EQUALS, .action = opt_lint_ignore,
     .help = "do not report these rules (ids or globs)"},
    {CMD_LINT, "--exclude", .arg = "GLOB", .forms = NEXT | EQUALS, .action = opt_lint_exclude,
     .help = "do not analyse files matching GLOB (repeatable)",
     .doc = "do not analyse matching files (repeatable; `**` spans directories)"},
    {CMD_LINT, "--diff", .arg = "REF", .forms = NEXT | EQUALS, .action = opt_set_value, .field = FIELD(run.filter.diff_ref),
     .help = "report only findings on lines changed since REF (git)",
     .doc = "report only findings on lines changed since REF (`git diff`); other files are not analysed"},
    {CMD_LINT, "--diff-file", .arg = "PATCH", .forms = NEXT | EQUALS, .action = opt_set_value,
     .field = FIELD(run.filter.diff_file),
     .help = "report only findings on lines a unified diff adds",
     .doc = "report only findings on lines a unified diff adds; other files are not analysed"},
    {CMD_LINT, "--baseline", .arg = "FILE", .forms = NEXT | EQUALS, .action = opt_set_value,
     .field = FIELD(run.filter.baseline),
     .help = "do not report the findings recorded in FILE"},
    {CMD_LINT, "--write-baseline", .arg = "FILE", .forms = NEXT | EQUALS, .action = opt_set_value,
     .field = FIELD(run.filter.write_baseline),
     .help = "record the reported findings in FILE (exit 0)"},
    {CMD_LINT, "--report-unused-suppressions", .action = opt_set_true, .field = FIELD(run.filter.report_unused_suppressions),
     .help = "note NOLINT comments that matched nothing",
     .doc = "a note for each `NOLINT(...)` that matched nothing"},
    {CMD_LINT, "--show-config", .arg = "FILE", .forms = NEXT | EQUALS, .action = opt_set_value, .field = FIELD(show_config),
     .help = "print the .gpulint.yaml settings that apply to FILE",
     .doc = "print the `.gpulint.yaml` settings that apply to FILE and exit"},
    {CMD_LINT, "--no-config", .action = opt_lint_no_config,
     .help = "do not read .gpulint.yaml files",
     .doc = "do not read `.gpulint.yaml` files"},
    {CMD_LINT, "--repo-root", .arg = "DIR", .forms = NEXT | EQUALS, .action = opt_set_value, .field = FIELD(run.filter.repo_root),
     .help = "repository root for paths and fingerprints (default: each file's git repository, else the "
             "current directory)"},
    {CMD_LINT, "--exit-zero", .action = opt_set_true, .field = FIELD(run.exit_zero),
     .help = "exit 0 even when there are findings (2 still on errors)"},

    {CMD_LINT, "-I", .arg = "DIR", .forms = NEXT | ATTACHED, .needs = "an argument", .action = opt_lint_clang_flag,
     .section = PARSING,
     .help = "include directory for parsing (-IDIR works too)",
     .doc = "include directory for parsing (`-IDIR` works too); these flags come after the compile "
            "database's, so they win"},
    {CMD_LINT, "-D", .arg = "NAME[=VALUE]", .forms = NEXT | ATTACHED, .needs = "an argument", .action = opt_lint_clang_flag,
     .help = "macro for parsing (-DNAME works too)",
     .doc = "macro for parsing (`-DNAME` works too)"},
    {CMD_LINT, "-U", .arg = "NAME", .forms = NEXT | ATTACHED, .needs = "an argument", .action = opt_lint_clang_flag,
     .help = "undefine a macro for parsing"},
    {CMD_LINT, "-include", .arg = "FILE", .forms = NEXT, .needs = "an argument", .action = opt_lint_clang_flag,
     .help = "include FILE before each file when parsing"},
    {CMD_LINT, "-std", .arg = "STD", .forms = EQUALS, .action = opt_set_value, .field = FIELD(engine.frontend.std),
     .help = "C++ standard for parsing (default c++17)",
     .doc = "C++ standard for parsing (default `c++17`; a newer one parses the headers from source, without "
            "the precompiled shim)"},
    {CMD_LINT, "-x", .arg = "cl|cuda|hip", .forms = NEXT | ATTACHED, .needs = "a language (cl, cuda or hip)",
     .action = opt_lint_language,
     .help = "read every named file as OpenCL C / CUDA / HIP",
     .doc = "read every named file as OpenCL C / CUDA / HIP, whatever its extension (directories are still "
            "searched by extension)"},
    {CMD_LINT, "--offload-arch", .arg = "ARCH", .forms = EQUALS, .action = opt_lint_offload_arch,
     .help = "the GPU the code is compiled for: an AMD gfx name reads CUDA and HIP files as HIP for that target "
             "(gfx90a, gfx942: 64-wide wavefronts; gfx1100: 32); default: NVIDIA for CUDA, gfx90a for HIP (evidence "
             "target_assumed)",
     .doc = "the GPU the code is compiled for. An AMD name (`gfx90a`, `gfx942`: 64-wide wavefronts; `gfx1030`, "
            "`gfx1100`: 32-wide) reads CUDA and HIP sources as HIP for that target, as hipcc does; the "
            "default is NVIDIA for CUDA and OpenCL files and `gfx90a` for HIP files (their findings' evidence says "
            "`target_assumed`); an NVIDIA name reads HIP files for NVIDIA. Per project: "
            "`offload-arch:` in `.gpulint.yaml` or the compile database's `--offload-arch`; see [hip.md](hip.md)"},
    {CMD_LINT, "-cl-std", .arg = "CL1.2|CL2.0|CL3.0", .forms = EQUALS, .action = opt_set_value,
     .field = FIELD(engine.frontend.cl_std),
     .help = "OpenCL C version for OpenCL files (default CL1.2)",
     .doc = "OpenCL C version for OpenCL files (default `CL1.2`, or `CL2.0` when a file needs it, with a "
            "note). Per file: a comment `// gpulint: -cl-std=CL2.0` (wins over this option) or `cl-std:` in "
            "`.gpulint.yaml`; see [opencl.md](opencl.md)"},
    {CMD_LINT, "--opencl-fp64", .arg = "auto|on|off", .forms = EQUALS, .action = opt_lint_opencl_fp64,
     .help = "double precision on the OpenCL device (auto: on when the file enables cl_khr_fp64 or uses "
             "double)",
     .doc = "double precision on the OpenCL device, for `double-literal` (auto: on when the file enables "
            "`cl_khr_fp64`/`cl_amd_fp64` or uses `double`)"},
    {CMD_LINT, "--headers", .arg = "auto|shim|cuda|rocm", .forms = EQUALS, .action = opt_lint_headers,
     .help = "CUDA headers: the bundled shim (default: auto, the shim, falling back to the toolkit's "
             "headers when a CUDA library header is missing and a toolkit exists; HIP files: ROCm's headers "
             "when HIP 6 or newer is installed); rocm: ROCm's headers for HIP files",
     .doc = "CUDA headers: `auto` (default) parses with the bundled shim and uses the toolkit's headers for "
            "a file that includes a CUDA library header the shim lacks (thrust, cub, `mma.h`, ...) when a "
            "toolkit is found; `shim` or `cuda` force one. HIP files: `auto` uses ROCm's headers when HIP 6 "
            "or newer is installed, else the HIP shim; `rocm` uses any installed ROCm's, `shim` never "
            "([hip.md](hip.md))"},
    {CMD_LINT, "--cuda-path", .arg = "DIR", .forms = EQUALS, .action = opt_set_value, .field = FIELD(engine.frontend.cuda_path),
     .help = "CUDA toolkit for --headers=cuda|auto",
     .doc = "the CUDA toolkit for `--headers=cuda|auto`"},
    {CMD_LINT, "--no-pch", .action = opt_set_false, .field = FIELD(engine.frontend.use_pch),
     .help = "do not use the precompiled shim header",
     .doc = "do not use the precompiled shim or the precompiled toolkit preludes: parse the headers from "
            "source (slower, same findings)"},
    {CMD_LINT, "--", .arg = "ARGS", .action = opt_lint_clang_args,
     .help = "pass ARGS to clang as they are"},

    {CMD_LINT, "-p", .arg = "DIR", .forms = NEXT, .needs = "a directory", .action = opt_set_value,
     .field = FIELD(engine.compile_db_dir), .section = PROJECTS,
     .help = "read compile_commands.json from DIR (default: the nearest one above each file, or its build/)",
     .doc = "read `compile_commands.json` from DIR (default: the nearest one above each file, or in its "
            "`build/`)"},
    {CMD_LINT, "--show-project", .action = opt_set_true, .field = FIELD(engine.show_project),
     .help = "print each project found, its compile database and the include directories added (-v: each "
             "file's flags)",
     .doc = "print each project found, its compile database, the include directories discovery added and "
            "the includes found nowhere (`-v`: each file's flags)"},
    {CMD_LINT, "--no-project", .action = opt_set_true, .field = FIELD(engine.no_project),
     .help = "no compile database, no include discovery",
     .doc = "no compile database and no include discovery: each file alone, with `-I`/`-D` only"},

    {CMD_LINT, "--jobs", "-j", "N", NEXT | EQUALS, NEXT | ATTACHED, "a number of jobs", opt_lint_jobs, .section = RUNNING,
     .help = "analyse N files at once (default: one per CPU)",
     .doc = "analyse N files at once, each in its own worker process (default: one per CPU); the report is "
            "the same whatever N"},
    {CMD_LINT, "--file-timeout", .arg = "SECONDS", .forms = NEXT | EQUALS, .action = opt_lint_file_timeout,
     .help = "stop analysing a file after SECONDS, not counting waits for a CPU (default 60; 0: none)",
     .doc = "stop analysing a file after SECONDS (default 60; `0`: no limit), not counting time its worker waited "
            "for a CPU; the file is analysed once more without the include directories discovery added "
            "(degraded), or gets an error, and the run goes on ([safety.md](safety.md))"},
    {CMD_LINT, "--file-memory", .arg = "SIZE", .forms = NEXT | EQUALS, .action = opt_lint_file_memory,
     .help = "memory limit per file, e.g. 512M, 2G (default 2G; 0: none)",
     .doc = "memory one file's analysis may take beyond the worker's own, e.g. `512M`, `2G` (default 2 GiB; "
            "at least 64M; `0`: no limit); see [safety.md](safety.md)"},
    {CMD_LINT, "--no-isolation", .action = opt_set_true, .field = FIELD(run.pool.in_process),
     .help = "analyse in this process: no limits, one file at a time, and a crash ends the run (for "
             "debugging)",
     .doc = "analyse in the gpulint process itself: no workers, no limits, one file at a time, and a crash "
            "ends the run (for debugging)"},

    {CMD_LINT, "--fix", .action = opt_set_true, .field = FIELD(run.fix), .section = FIXES,
     .help = "apply the fix-its of double-literal in place",
     .doc = "apply the fix-its of `double-literal` in place ([Fix-its](#fix-its))"},
    {CMD_LINT, "--emit-bench", .arg = "DIR", .forms = NEXT | EQUALS, .needs = "a directory", .action = opt_set_value,
     .field = FIELD(run.emit_bench),
     .help = "write a microbenchmark per finding, and a replay of its own kernel, into DIR",
     .doc = "write one microbenchmark per finding into DIR "
            "([Benchmarks](#benchmarks-checking-a-finding-on-your-gpu)), and a replay of the finding's own kernel "
            "where one can be built ([Proving a finding on your kernel](#proving-a-finding-on-your-kernel))"},
    {CMD_LINT, "--impact", .arg = "FILE", .forms = NEXT | EQUALS, .needs = "a results file", .action = opt_set_value,
     .field = FIELD(run.impact),
     .help = "add measured results (results.json) to findings",
     .doc = "add measured results (a `results.json`) to the findings that were benchmarked, matched by "
            "fingerprint"},
    {CMD_LINT, "--build-pch", .arg = "FILE", .forms = NEXT, .needs = "an output file", .action = opt_set_value,
     .field = FIELD(build_pch), .hidden = true, .help = "precompile the shim header into FILE (the build's)"},

    /* ------------------------------------------------ gpulint lsp */
    {CMD_LSP, "--log", .arg = "FILE", .forms = NEXT | EQUALS, .needs = "a file name", .action = opt_set_value,
     .field = FIELD(lsp.log_path),
     .help = "write a log of messages and analyses to FILE"},
    {CMD_LSP, "--rules", .arg = "ID[,ID...]", .forms = EQUALS, .action = opt_lsp_rules,
     .help = "run only these rules (until the editor's settings name others)"},
    {CMD_LSP, "-I", .arg = "DIR", .forms = NEXT | ATTACHED, .needs = "an argument", .action = opt_lsp_clang_flag,
     .help = "include directory for parsing"},
    {CMD_LSP, "-D", .arg = "NAME[=VALUE]", .forms = NEXT | ATTACHED, .needs = "an argument", .action = opt_lsp_clang_flag,
     .help = "macro for parsing"},
    {CMD_LSP, "--stdio", .action = opt_ignore,
     .help = "accepted (stdio is the only transport)"},
    {CMD_LSP, "--", .arg = "CLANG-ARGS", .action = opt_lsp_clang_args,
     .help = "pass CLANG-ARGS to clang as they are (until the editor's extraArgs replace them)",
     .doc = "pass CLANG-ARGS to clang as they are (until the editor's `extraArgs` replace them)"},

    /* ------------------------------------------------ gpulint audit, merge, report */
    {CMD_AUDIT | CMD_AUDIT_MERGE, "--out", .arg = "DIR", .forms = NEXT | EQUALS, .action = opt_set_value,
     .field = FIELD(audit.run.out_dir),
     .help = "where results and reports go (required)"},
    {CMD_AUDIT, "--projects-file", .arg = "LIST", .forms = NEXT | EQUALS, .action = opt_audit_projects_file,
     .help = "one project directory per line ('#' comments)",
     .doc = "one project directory per line (`#` comments)"},
    {CMD_AUDIT, "-j", .arg = "N", .forms = NEXT | EQUALS | ATTACHED, .action = opt_audit_jobs,
     .help = "files analysed at once (default: the number of CPUs)"},
    {CMD_AUDIT, "--force", .action = opt_set_true, .field = FIELD(audit.run.force),
     .help = "analyse every file again (a fresh results.jsonl)",
     .doc = "analyse every file again (a fresh `results.jsonl`)"},
    {CMD_AUDIT, "--shard", .arg = "I/N", .forms = NEXT | EQUALS, .action = opt_audit_shard,
     .help = "only the projects of shard I of N (0-based; by a hash of the project path, so the list's order "
             "does not matter)"},
    {CMD_AUDIT, "--file-timeout", .arg = "S", .forms = NEXT | EQUALS, .action = opt_audit_file_timeout,
     .help = "per-file time limit in seconds, as for gpulint (default 300)"},
    {CMD_AUDIT, "--file-memory", .arg = "MB", .forms = NEXT | EQUALS, .action = opt_audit_file_memory,
     .help = "per-file address-space limit in MiB (default 4096; 0: none)"},
    {CMD_AUDIT, "--min-severity", .arg = "info|low|medium|high", .forms = NEXT | EQUALS, .action = opt_audit_min_severity,
     .help = "findings recorded (default low, or the min-severity of the project's .gpulint.yaml)",
     .doc = "findings recorded (default `low`, or the `min-severity` of the project's `.gpulint.yaml` for the file)"},
    {CMD_AUDIT, "--rules", .arg = "ID[,ID...]", .forms = NEXT | EQUALS, .action = opt_set_value, .field = FIELD(audit.rules),
     .help = "run only these rules"},
    {CMD_AUDIT, "--emit-bench", .arg = "N", .forms = NEXT | EQUALS, .action = opt_audit_emit_bench,
     .help = "benchmarks of the N findings with the highest predicted speedup per project, in DIR/bench",
     .doc = "benchmarks of the N findings with the highest predicted speedup per project, in `DIR/bench`"},
    {CMD_AUDIT, "--progress", .action = opt_audit_progress,
     .help = "progress on stderr (default: when it is a terminal, one updating line; otherwise a line every "
             "10 s)"},
    {CMD_AUDIT, "--no-progress", .action = opt_audit_progress,
     .help = "no progress on stderr"},
    {CMD_AUDIT | CMD_AUDIT_REPORT, "--source-url", .arg = "TEMPLATE", .forms = NEXT | EQUALS, .action = opt_set_value,
     .field = FIELD(audit.run.source_url),
     .help = "link each file in report.html to TEMPLATE, with {project}, {path} and {line} filled in "
             "(e.g. https://github.com/o/r/blob/main/{path}#L{line}); default: the file on this machine"},
    {CMD_AUDIT, "--progress-interval", .arg = "S", .forms = NEXT | EQUALS, .action = opt_audit_progress_interval,
     .help = "seconds between plain progress lines (default 10)"},
    {CMD_AUDIT, "-I", .arg = "DIR", .forms = NEXT | ATTACHED, .needs = "an argument", .action = opt_audit_clang_flag,
     .help = "include directory for parsing"},
    {CMD_AUDIT, "-D", .arg = "NAME[=VALUE]", .forms = NEXT | ATTACHED, .needs = "an argument", .action = opt_audit_clang_flag,
     .help = "macro for parsing"},
};
const int cli_noptions = (int)(sizeof cli_options / sizeof cli_options[0]);

const CliCommand cli_commands[] = {
    {CMD_LINT, "gpulint", "gpulint",
     "usage: gpulint [options] PATH...\n"
     "       gpulint bench DIR [--arch=ARCH] [--build-only]\n"
     "       gpulint lsp [--log FILE]    a language server for editors (docs/editors.md)\n"
     "       gpulint audit --out DIR PROJECT...   audit many projects (gpulint audit --help)\n"
     "\n"
     "Static performance linter for CUDA, HIP and OpenCL kernels. PATH is a .cu/.cuh,\n"
     ".hip or .cl/.clh/.opencl file, a C++ file with HIP kernels, or a directory\n"
     "(searched recursively for them).\n"
     "\n",
     lint_help_end, false, opt_path},
    {CMD_LSP, "gpulint lsp", "gpulint lsp",
     "usage: gpulint lsp [--log FILE] [--rules=ID[,ID...]] [-I DIR] [-D NAME[=VAL]] [-- CLANG-ARGS]\n"
     "\n"
     "A language server (LSP 3.17 over stdin/stdout) that shows gpulint's findings in\n"
     "an editor as you type, with quick fixes.  Settings come from the client's\n"
     "initializationOptions and workspace/didChangeConfiguration (see docs/editors.md).\n"
     "\n",
     NULL, true, NULL},
    {CMD_AUDIT, "gpulint audit", "gpulint audit",
     "usage: gpulint audit --out DIR [options] PROJECT...\n"
     "       gpulint audit --out DIR --projects-file LIST [options]\n"
     "       gpulint audit report DIR             rebuild DIR's reports from DIR/results.jsonl\n"
     "       gpulint audit merge --out DIR SHARD_DIR...   combine shards into one result and report\n"
     "\n"
     "Analyses every GPU source file of each PROJECT directory in isolated workers and\n"
     "streams DIR/results.jsonl; then writes DIR/report.html, DIR/summary.csv and\n"
     "DIR/sarif/<project>.sarif.  Rerunning with the same DIR skips the files already\n"
     "recorded (same content, same gpulint version).\n"
     "\n",
     NULL, false, opt_audit_project},
    {CMD_AUDIT_REPORT, "gpulint audit report", "gpulint audit",
     "usage: gpulint audit report DIR\n"
     "\n"
     "Rebuilds DIR/report.html, DIR/summary.csv and DIR/sarif/ from DIR/results.jsonl\n"
     "(with the measured speedups of DIR/bench/results.json when it exists).\n"
     "\n",
     NULL, false, opt_path},
    {CMD_AUDIT_MERGE, "gpulint audit merge", "gpulint audit",
     "usage: gpulint audit merge --out DIR SHARD_DIR...\n"
     "\n"
     "Combines the results of audit shards (gpulint audit --shard I/N) into\n"
     "DIR/results.jsonl and builds DIR's reports from it.\n"
     "\n",
     NULL, false, opt_path},
};
const int cli_ncommands = (int)(sizeof cli_commands / sizeof cli_commands[0]);

/* The defaults the help texts above state. */
void cli_args_init(CliArgs *a)
{
    memset(a, 0, sizeof *a);
    a->engine.frontend.headers = HEADERS_AUTO;
    a->engine.frontend.use_pch = true;
    a->run.emitter = gpulint_emitters[0];
    a->run.min_severity = SEV_LOW;
    a->run.pool.jobs = pool_default_jobs();
    a->run.pool.timeout_seconds = 60;
    a->run.pool.memory_bytes = 2ull << 30;

    AuditRunOptions *audit = &a->audit.run;
    audit->limits.jobs = 0; /* the number of CPUs */
    audit->limits.timeout_s = 300;
    audit->limits.memory_mb = 4096;
    audit->limits.min_severity = SEV_LOW;
    audit->progress = -1;
    audit->progress_interval = 10;
    audit->engine.frontend.headers = HEADERS_AUTO;
    audit->engine.frontend.use_pch = true;
    a->audit.shard = -1;
}

void cli_args_free(CliArgs *a)
{
    for (int i = 0; i < a->nowned; i++) free(a->owned[i]);
    free(a->owned);
    free(a->select);
    free(a->ignore);
    free(a->exclude);
    free(a->paths);
    free(a->engine.rules);
    free(a->engine.frontend.extra);
    free(a->rules);
    free(a->lsp.rules);
    free(a->lsp.extra);
    free(a->lsp.clang_args);
    for (int i = 0; i < a->audit.npaths; i++) free(a->audit.paths[i]);
    free(a->audit.paths);
    free(a->audit.run.engine.frontend.extra);
    memset(a, 0, sizeof *a);
}
