#!/usr/bin/env bash
# tests/projects_test.sh GPULINT_BINARY PROJECTS_DIR
#
# gpulint on whole projects (testdata/projects, see its README): a compile
# database with nvcc flags and a response file, include discovery across
# directories and case (also in a tree without .git or build files), a
# degraded file's status and reasons.  Each project
# is copied to a temporary directory first, so nothing above it (the
# repository's .git, a build directory's compile_commands.json) takes part.
# Registered in ctest as cli.projects.
set -uo pipefail
G=$(realpath "$1")
P=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpulint-projects-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

# check WHAT PYTHON-EXPRESSION: evaluated with j = the last JSON report,
# files = {basename: files[] entry}, rules = [(rule, basename, line)].
check() {
    if python3 - "$tmp/out.json" "$2" <<'PY'
import json, os, sys
j = json.load(open(sys.argv[1]))
files = {os.path.basename(f["path"]): f for f in j["files"]}
rules = [(f["rule"], os.path.basename(f["file"]), f["line"]) for f in j["findings"]]
sys.exit(0 if eval(sys.argv[2]) else 1)
PY
    then ok "$1"; else fail "$1"; echo "    stderr:"; sed 's/^/    | /' "$tmp/err" | head -20; fi
}
# gpulint's own temporary files (forwarding headers) go to $tmp/t
mkdir "$tmp/t"
lint() { TMPDIR="$tmp/t" "$G" --format=json --min-severity=info "$@" >"$tmp/out.json" 2>"$tmp/err"; }
# verbose_check NAME FILE REGEX: `gpulint -v FILE` says REGEX on stderr
verbose_check() {
    "$G" -v "$2" >/dev/null 2>"$tmp/err"
    if grep -q "$3" "$tmp/err"; then ok "$1"; else fail "$1"; sed 's/^/    | /' "$tmp/err" | head -20; fi
}

# --- a compile database ------------------------------------------------------
cp -r "$P/compdb" "$tmp/"
sed "s#@DIR@#$tmp/compdb#g" "$P/compdb/compile_commands.json.in" >"$tmp/compdb/build/compile_commands.json"
lint "$tmp/compdb"
check "compdb: the response file's -I and the database's -D are used (double literal found)" \
    "('double-literal', 'scale.cu', 8) in rules and files['scale.cu']['status'] == 'ok'"
check "compdb: nvcc-only flags give no errors" "j['errors'] == []"
lint -DPRECISION_DOUBLE=0 "$tmp/compdb"
check "compdb: the user's -D wins over the database's" "rules == [] and files['scale.cu']['status'] == 'ok'"
lint --no-project "$tmp/compdb"
check "compdb: --no-project: degraded, the header named" \
    "files['scale.cu']['status'] == 'degraded' and files['scale.cu']['missing_headers'] == ['precision.h']"
"$G" --show-project -v "$tmp/compdb" >/dev/null 2>"$tmp/err"
if grep -q "compile database: $tmp/compdb/build/compile_commands.json" "$tmp/err" &&
    grep -q -- "--use_fast_math; flags: -D PRECISION_DOUBLE=1 -I $tmp/compdb/include -D FROM_HOST_FLAGS=1\$" "$tmp/err"; then
    ok "compdb: --show-project -v names the database and the file's translated flags"
else
    fail "compdb: --show-project -v"; sed 's/^/    | /' "$tmp/err"
fi
# -p DIR names the database's directory when it is not found by walking up
mkdir "$tmp/elsewhere"
mv "$tmp/compdb/build/compile_commands.json" "$tmp/elsewhere/"
lint "$tmp/compdb"
check "compdb: without the database the define is missing (no finding)" "rules == []"
lint -p "$tmp/elsewhere" "$tmp/compdb"
check "compdb: -p DIR" "('double-literal', 'scale.cu', 8) in rules"

# --- include discovery -------------------------------------------------------
cp -r "$P/discovery" "$tmp/"
lint "$tmp/discovery"
check "discovery: a header under another directory, an angled one and one of another case are found" \
    "files['damp.cu']['status'] == 'ok' and ('double-literal', 'damp.cu', 9) in rules"
check "discovery: a header that is nowhere and that the kernel needs: degraded, with the reason and the header" \
    "files['stale.cu']['status'] == 'degraded' and files['stale.cu']['missing_headers'] == ['generated/build_info.h'] and any('generated/build_info.h' in r for r in files['stale.cu']['reasons'])"
check "discovery: the degraded file's findings are still reported" "('double-literal', 'stale.cu', 9) in rules"
check "discovery: every file has an entry with its seconds" \
    "sorted(files) == ['damp.cu', 'helpers.cuh', 'stale.cu'] and all(f['seconds'] >= 0 for f in files.values())"
lint --no-project "$tmp/discovery"
check "discovery: --no-project: the same file is degraded" "files['damp.cu']['status'] == 'degraded'"
"$G" "$tmp/discovery" >/dev/null 2>"$tmp/err"
if grep -q "stale.cu: note: analysis degraded: missing header generated/build_info.h" "$tmp/err" &&
    ! grep -q "stale.cu:4:" "$tmp/err"; then
    ok "discovery: text mode: one line for the degraded file, not its notes"
else
    fail "discovery: text mode summary line"; sed 's/^/    | /' "$tmp/err"
fi
# --- no .git, no build file: the named directory is the root ------------------
cp -r "$P/no_markers" "$tmp/"
lint "$tmp/no_markers"
check "no markers: naming the tree finds its header anywhere under it (ok, the finding)" \
    "files['damp.cu']['status'] == 'ok' and ('double-literal', 'damp.cu', 8) in rules"
(cd "$tmp/no_markers" && lint .)
check "no markers: naming it as . from inside the tree: the same" \
    "files['damp.cu']['status'] == 'ok' and ('double-literal', 'damp.cu', 8) in rules"
lint "$tmp/no_markers/src"
check "no markers: naming a subdirectory without the header: degraded, the header named" \
    "files['damp.cu']['status'] == 'degraded' and files['damp.cu']['missing_headers'] == ['physics/units.h']"
# --- a parse that discovery's headers make explode: a second, leaner one ------
# Made here, not kept in testdata/ (every run over testdata would pay for it):
# src/step.cu includes meta/expand.h, found by discovery in include/, whose
# template instantiates 2^40 classes for a host function.
x=$tmp/exploding_discovery
mkdir -p "$x/src" "$x/include/meta"
cat >"$x/include/meta/expand.h" <<'CU'
#pragma once
template <int N, unsigned long M>
struct Expand {
    static const unsigned long value = Expand<N - 1, 2 * M>::value + Expand<N - 1, 2 * M + 1>::value;
};
template <unsigned long M>
struct Expand<0, M> {
    static const unsigned long value = M & 1;
};
CU
cat >"$x/src/step.cu" <<'CU'
#include "meta/expand.h"

__global__ void step(float *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] * 0.5 + 1.0f;
}

unsigned long table_size() { return Expand<40, 0>::value; }

void run(float *v, int n) { step<<<(n + 255) / 256, 256>>>(v, n); }
CU
lint --file-timeout=3 --file-memory=1G "$x"
check "exploding parse: analysed again without the discovered directory; degraded, and says why" \
    "files['step.cu']['status'] == 'degraded' and files['step.cu']['missing_headers'] == ['meta/expand.h'] and any(('timed out after 3 s' in r or 'ran out of memory' in r) and 'parsed again without the 1 include directory project discovery added' in r for r in files['step.cu']['reasons'])"
check "exploding parse: the kernel's finding is reported, no error" \
    "('double-literal', 'step.cu', 6) in rules and j['errors'] == []"
"$G" --min-severity=info --file-timeout=3 --file-memory=1G "$x" >/dev/null 2>"$tmp/err"
if [[ $(grep -c 'step.cu: note: analysis degraded: missing header meta/expand.h; the first analysis' "$tmp/err") == 1 ]] &&
    [[ $(wc -l <"$tmp/err") == 2 ]]; then
    ok "exploding parse: text mode: one line for the file, then the summary"
else
    fail "exploding parse: text mode line"; sed 's/^/    | /' "$tmp/err"
fi
# --- launch wrappers whose callers in other files give the block -------------
cp -r "$P/launch_wrappers" "$tmp/"
lint "$tmp/launch_wrappers"
check "launch wrappers: a 16x16 block built in a .cc file, through a forwarding wrapper, reported where it is spelled" \
    "[(r, f, l) for (r, f, l) in rules if r == 'fixed-block-16x16'] == [('fixed-block-16x16', 'matrix.cc', 8)]"
check "launch wrappers: the finding names the kernel and the launch in the wrapper" \
    "any(f['rule'] == 'fixed-block-16x16' and '_scale_rows' in f['message'] and any(r['file'].endswith('kernels.cu') and r['line'] == 28 for r in f.get('related', [])) for f in j['findings'])"
"$G" --dump-model "$tmp/launch_wrappers" >/dev/null 2>"$tmp/err"
if grep -q "^launch _add_rows at 33:5 block=dim3(32, 8, 1)" "$tmp/err" && ! grep -q "^launch _copy_cols.*block=dim3" "$tmp/err"; then
    ok "launch wrappers: a 32x8 block from a const int resolved; a run-time block is not"
else
    fail "launch wrappers: resolved blocks"; grep "^launch" "$tmp/err" | sed 's/^/    | /'
fi
# --- errors confined to host code ---------------------------------------------
# A third-party header is missing (tests "Per-file status" in docs/projects.md).
cp -r "$P/host_only_errors" "$tmp/"
lint "$tmp/host_only_errors"
check "host code only: the file is ok, its reason names the header and says the GPU code is complete" \
    "files['host_only.cu']['status'] == 'ok' and files['host_only.cu']['missing_headers'] == ['thirdparty/logging.h'] and any('GPU code analysed in full' in r and 'all in host code' in r for r in files['host_only.cu']['reasons'])"
check "host code only: the kernel's finding is reported" "('double-literal', 'host_only.cu', 9) in rules"
check "host code only: no error (exit status not 2)" "j['errors'] == []"
check "host code only: file-scope flag variables of a missing library (DEFINE_int32(...)) are host data: ok" \
    "files['flags_main.cu']['status'] == 'ok' and ('double-literal', 'flags_main.cu', 15) in rules"
check "host code only: a host function of the file whose parameter type is missing is host code: ok" \
    "files['host_signature.cu']['status'] == 'ok' and ('double-literal', 'host_signature.cu', 17) in rules"
for f in kernel_uses_missing launch_uses_missing device_helper_uses_missing toplevel_error struct_field_error; do
    check "GPU code touched ($f.cu): degraded" \
        "files['$f.cu']['status'] == 'degraded' and any('parse error' in r for r in files['$f.cu']['reasons'])"
done
"$G" "$tmp/host_only_errors/src/host_only.cu" >/dev/null 2>"$tmp/err"
if grep -q "host_only.cu: note: GPU code analysed in full; missing header thirdparty/logging.h, 4 parse errors, all in host code" "$tmp/err" &&
    [[ $(wc -l <"$tmp/err") == 2 ]]; then
    ok "host code only: text mode: one line for the file, then the summary"
else
    fail "host code only: text mode line"; sed 's/^/    | /' "$tmp/err"
fi
verbose_check "GPU code touched: -v marks the error in the kernel" "$tmp/host_only_errors/src/kernel_uses_missing.cu" \
    "kernel_uses_missing.cu:9:.*THIRDPARTY_MAX_VALUE.*(in GPU code; probably caused by the missing include)"

# --- nvcc's dialect: narrowing in brace initialisers ------------------------------
cp -r "$P/nvcc_dialect" "$tmp/"
lint "$tmp/nvcc_dialect"
check "narrowing in braces: no error, the file is ok" "j['errors'] == [] and files['narrowing.cu']['status'] == 'ok'"
check "narrowing in braces: the kernel's finding is reported" "('double-literal', 'narrowing.cu', 13) in rules"

# --- nvcc's dialect: statements clang drops (not errors of the user's code) ------
check "member template without 'template': no error, degraded, the reason counts the statements" \
    "files['member_template.cu']['status'] == 'degraded' and '2 statements only nvcc accepts (clang may leave them out)' in files['member_template.cu']['reasons']"
check "member template without 'template': the kernels around the statements are analysed" \
    "('double-literal', 'member_template.cu', 19) in rules and ('uncoalesced-adjacent', 'member_template.cu', 29) in rules"
check "braced launch configuration: no error, degraded, the kernel analysed" \
    "files['braced_launch.cu']['status'] == 'degraded' and ('double-literal', 'braced_launch.cu', 7) in rules"
check "nvcc-only statements: notes, not errors (exit status not 2)" \
    "not any('nvcc' in e['message'] or 'expected expression' in e['message'] for e in j['errors']) and any('clang drops the statement' in n['message'] for n in j['notes'])"
"$G" "$tmp/nvcc_dialect/member_template.cu" >/dev/null 2>&1
if [[ $? != 2 ]]; then ok "member template without 'template': exit status not 2"; else fail "member template: exit 2"; fi

# --- nvcc's dialect: a specialization whose __host__/__device__ differ ----------
check "nvcc-only specialization: the file is ok, its reason says what was left out" \
    "files['specialization.cu']['status'] == 'ok' and any('only nvcc accepts' in r for r in files['specialization.cu']['reasons'])"
check "nvcc-only specialization: the kernel's finding is reported" "('double-literal', 'specialization.cu', 24) in rules"

# --- a CMake project without a build tree: configure_file() and platform defines --
cp -r "$P/cmake_configured" "$tmp/"
lint "$tmp/cmake_configured"
check "cmake: the configured header's stand-in has the project's values (no #error), the file is ok" \
    "j['errors'] == [] and files['stencil.cu']['status'] == 'ok' and files['stencil.cu']['missing_headers'] == []"
check "cmake: the kernel's finding is reported" "('double-literal', 'stencil.cu', 28) in rules"
check "cmake: a subdirectory's file gets its own and its parents' definitions, not INTERFACE or if() ones" \
    "files['probe.cu']['status'] == 'ok' and ('double-literal', 'probe.cu', 8) in rules"
check "cmake: definitions inside if()s of a known option and of the backend switch (NVIDIA's side for a .cu file), \
a header-only library's INTERFACE ones, \${VAR} expanded" \
    "files['backend.cu']['status'] == 'ok' and ('double-literal', 'backend.cu', 13) in rules"
if grep -q "backend.cu:11:1: note: backend_scale analysed with -D STENCIL_ON_CUDA=1" "$tmp/err"; then
    fail "cmake: a .cu file read for NVIDIA's GPUs parses the NVIDIA side itself"; sed 's/^/    | /' "$tmp/err"
else
    ok "cmake: a .cu file read for NVIDIA's GPUs parses the NVIDIA side itself"
fi
lint --offload-arch=gfx90a "$tmp/cmake_configured"
check "cmake: the same file read for an AMD GPU gets the AMD build's side of the backend switch (ok)" \
    "files['backend.cu']['status'] == 'ok'"
if grep -q "backend.cu:11:1: note: backend_scale analysed with -D STENCIL_ON_CUDA=1: without it the preprocessor skips it" "$tmp/err"; then
    ok "cmake: ... and reaches the NVIDIA side's kernel only as the configuration it skips"
else
    fail "cmake: the AMD read of the backend switch"; sed 's/^/    | /' "$tmp/err"
fi
lint "$tmp/cmake_configured"
"$G" --show-project "$tmp/cmake_configured" >/dev/null 2>"$tmp/err"
if grep -q "definitions of a Linux build, from the CMake files: -DSTENCIL_OS_LINUX\$" "$tmp/err" &&
    grep -q "definitions for the sources under .*/cmake_configured/tools, from its CMakeLists.txt: -DSTENCIL_TOOLS_ONLY\$" "$tmp/err" &&
    grep -q "definitions for the sources under .*/cmake_configured, from its CMakeLists.txt: -DSTENCIL_NO_HALF_CLASS -DSTENCIL_LEVEL=3 -DSTENCIL_HALO_READ -DSTENCIL_SM=80 (NVIDIA GPUs only) -DSTENCIL_ON_CUDA=1 (NVIDIA GPUs only) -DSTENCIL_ON_CUDA=0 (AMD GPUs only)\$" "$tmp/err" &&
    grep -A1 "configure_file() templates" "$tmp/err" | grep -q "stencil/config.h (1 file)"; then
    ok "cmake: --show-project names the Linux and the directories' definitions and the configured header"
else
    fail "cmake: --show-project"; sed 's/^/    | /' "$tmp/err"
fi
check "cmake: a file built only with an option that is OFF by default says so in its reasons" \
    "files['halo_mpi.cu']['status'] == 'degraded' and files['halo_mpi.cu']['missing_headers'] == ['mpi.h'] and any('only with STENCIL_WITH_MPI=ON (an option, OFF by default)' in x for x in files['halo_mpi.cu']['reasons'])"
check "cmake: no option reason for an else() branch's file or an option that is ON by default" \
    "files['halo_local.cu']['status'] == 'degraded' and files['halo_pack.cu']['status'] == 'degraded' and not any('an option' in x for f in ('halo_local.cu', 'halo_pack.cu') for x in files[f]['reasons'])"
check "cmake: a source template (file(READ) + string(REPLACE)) is analysed as its first generated source: ok, its float finding" \
    "files['scale_template.cu']['status'] == 'ok' and ('double-literal', 'scale_template.cu', 7) in rules"
verbose_check "cmake: -v names the template's values" "$tmp/cmake_configured/src/scale_template.cu" \
    "scale_template.cu: note: a source template: .*/cmake_configured/CMakeLists.txt writes one source per combination of values from this file; analysed as the first (SCALE_TYPE=float, SCALE_BLOCK=256)"
sed -i 's/"${block}" text/"${UNREAD_BLOCK}" text/' "$tmp/cmake_configured/CMakeLists.txt"
lint "$tmp/cmake_configured"
check "cmake: a template with a value gpulint cannot read is parsed as written: degraded" \
    "files['scale_template.cu']['status'] == 'degraded'"
python3 - "$tmp/cmake_configured/CMakeLists.txt" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read().replace('"${UNREAD_BLOCK}" text', '"${block}" text')
# escaping quotes for a C string first: the text is embedded, not a template
s = s.replace('string(REPLACE "SCALE_TYPE"', 'string(REPLACE "\\"" "\\\\\\"" text "${text}")\n      string(REPLACE "SCALE_TYPE"', 1)
open(p, "w").write(s)
PY
lint "$tmp/cmake_configured"
check "cmake: a text escaped for a C string (a string(REPLACE) of quotes) is no template: parsed as written" \
    "files['scale_template.cu']['status'] == 'degraded'"
rm "$tmp/cmake_configured/cmake/stencil_config.h.in"
lint "$tmp/cmake_configured"
check "cmake: without the template the header is missing (degraded, named)" \
    "files['stencil.cu']['status'] == 'degraded' and files['stencil.cu']['missing_headers'] == ['stencil/config.h']"

# --- CUDA_NO_HALF from the CMake files: no ::half from cuda_fp16.h (shim and toolkit)
cp -r "$P/no_half" "$tmp/"
lint "$tmp/no_half"
check "CUDA_NO_HALF (CMakeLists.txt): the project's own ::half does not clash with cuda_fp16.h's, ok" \
    "files['scale.cu']['status'] == 'ok' and ('double-literal', 'scale.cu', 16) in rules"

# --- #error unless the build picks an alternative: one is picked ------------
cp -r "$P/config_choice" "$tmp/"
lint "$tmp/config_choice"
check "config choice: the first alternative (-DGRID_STRIDE) is defined: ok, its double literal found" \
    "files['scale.cu']['status'] == 'ok' and ('double-literal', 'scale.cu', 6) in rules"
check "config choice: the CUDA alternative beats the HIP one before it: ok, the finding reported" \
    "files['portable.cu']['status'] == 'ok' and ('double-literal', 'portable.cu', 14) in rules"
check "config choice: #if !defined(A) && !defined(B): A chosen, B's branch not analysed" \
    "files['negated.cu']['status'] == 'ok' and not any(r[1] == 'negated.cu' for r in rules)"
check "config choice: a header of the project defines BLOCK_STRIDE: nothing chosen, its branch analysed" \
    "files['configured.cu']['status'] == 'ok' and not any(r[1] == 'configured.cu' for r in rules) and 'configured.cu: note: configuration chosen' not in open('$tmp/err').read()"
check "config choice: a lone #ifndef TILE / #error is left alone: degraded" \
    "files['lone.cu']['status'] == 'degraded'"
"$G" "$tmp/config_choice/src/scale.cu" >/dev/null 2>"$tmp/err"
if grep -q "scale.cu: note: configuration chosen: -DGRID_STRIDE, one of the alternatives the #if at line 4 offers before \`#error Must pick grid-stride or block-stride loop\`; pass -D to analyse another" "$tmp/err"; then
    ok "config choice: the note names the macro, the #if's line and the #error"
else
    fail "config choice: note"; sed 's/^/    | /' "$tmp/err" | head
fi
"$G" --format=json -DBLOCK_STRIDE "$tmp/config_choice/src/scale.cu" >"$tmp/out.json" 2>"$tmp/err"
check "config choice: the user's -DBLOCK_STRIDE wins (no #error, no choice, no double literal)" \
    "files['scale.cu']['status'] == 'ok' and rules == [] and 'configuration chosen' not in open('$tmp/err').read()"

# --- a device helper in a discovered header is project code: inlined --------
cp -r "$P/header_helpers" "$tmp/"
lint "$tmp/header_helpers"
check "header helpers: the helper of include/util/rows.cuh (found by discovery) is inlined: its row walk is reported at its line" \
    "files['row_sums.cu']['status'] == 'ok' and ('uncoalesced-row', 'rows.cuh', 6) in rules"

# --- a common header's <backend.hpp>: the translation unit's backend ----------
cp -r "$P/backends" "$tmp/"
lint "$tmp/backends"
check "backends: the CUDA file gets its own backend's header, not the CPU one's (shorter path)" \
    "files['scale.cu']['status'] == 'ok' and files['scale.cu']['missing_headers'] == [] and ('double-literal', 'scale.cu', 8) in rules"

# --- the precompiled shim chosen by the include closure ----------------------
# row_mean.cu includes only the project's type header, which brings <complex>
# and <mutex>: the C++ variant of the precompiled shim, not those headers from
# source; scale.cuh (compiled at run time) declares its own std:: through the
# same header, so it keeps the plain shim (no redefinitions)
cp -r "$P/shim_closure_pch" "$tmp/"
"$G" -v --min-severity=info "$tmp/shim_closure_pch" >/dev/null 2>"$tmp/err"
grep -q "row_mean.cu: parse .*, precompiled shim+cxx" "$tmp/err" &&
    ok "shim_closure_pch: a file whose project header includes <complex> gets the C++ shim variant" ||
    fail "shim_closure_pch: no 'precompiled shim+cxx' for row_mean.cu: $(grep 'row_mean.cu: parse' "$tmp/err")"
grep -q "scale.cuh: parse .*, precompiled shim$" "$tmp/err" && ! grep -q "redefinition" "$tmp/err" &&
    ok "shim_closure_pch: the NVRTC kernel keeps the plain shim (its header's own std:: is no redefinition)" ||
    fail "shim_closure_pch: scale.cuh: $(grep -E 'scale.cuh: parse|redefinition' "$tmp/err")"
lint "$tmp/shim_closure_pch"
check "shim_closure_pch: both files ok, the row walk and the double literal found" \
    "files['row_mean.cu']['status'] == 'ok' and files['scale.cuh']['status'] == 'ok' and ('uncoalesced-row', 'row_mean.cu', 10) in rules and ('double-literal', 'scale.cuh', 7) in rules"

# --- host-only .cu files: not parsed, and said so ------------------------------
cp -r "$P/host_only" "$tmp/"
lint "$tmp/host_only"
check "host_only: a .cu with no kernel, device function or launch in it or its project headers is not parsed (ok, context says so, no missing header reported)" \
    "files['bench_main.cu']['status'] == 'ok' and 'not parsed' in files['bench_main.cu'].get('context', '') and files['bench_main.cu']['missing_headers'] == []"
check "host_only: a .cu with its own device function, one that includes a kernel, and one with a launch are parsed (double literals found)" \
    "all('not parsed' not in files[f].get('context', '') for f in ('own_helper.cu', 'run_scale.cu', 'launch_only.cu')) and ('double-literal', 'own_helper.cu', 2) in rules and ('double-literal', 'scale.cuh', 7) in rules"
"$G" -v "$tmp/host_only/tools/bench_main.cu" >/dev/null 2>"$tmp/err"
grep -q "bench_main.cu: no GPU code in the file or the project headers it includes" "$tmp/err" &&
    ok "host_only: -v says why the file is not parsed" || fail "host_only: -v: $(grep bench_main "$tmp/err")"

# --- a prefix of types and sizes the host assembles before the kernel's text ---
# (CUDA for NVRTC and OpenCL): a typedef in a literal, a #define with a literal
# value, a map of definitions written out as #defines, a run-time size
lint "$P/host_prefix"
check "host prefix: real, TILE_SIZE and NUM_ATOMS from the host's prefix: forces.cu and forces.cl ok" \
    "files['forces.cu']['status'] == 'ok' and files['forces.cl']['status'] == 'ok' and not j['errors']"
check "host prefix: the row walk's width is the run-time NUM_ATOMS, in both dialects, over floats" \
    "sorted(f['file'].split('/')[-1] for f in j['findings'] if f['rule'] == 'uncoalesced-row' and f['evidence']['row_width'] == 'NUM_ATOMS' and f['evidence']['element_type'] == 'const float') == ['forces.cl', 'forces.cu']"
verbose_check "host prefix: -v names the type, the literal size and the run-time size" "$P/host_prefix/kernels/forces.cu" \
    "forces.cu: note: compiled at run time (NVRTC): parsed with real=float, TILE_SIZE=(32), read from .*src/context.cpp; NUM_ATOMS set by .*src/context.cpp from a value known only at run time"

# --- the C++ standard of a CMake build: a .cu file is CUDA, not C++ ------------
cp -r "$P/cmake_standard" "$tmp/"
lint "$tmp/cmake_standard"
check "cmake standard: a .cu file keeps nvcc's default, not the host library's C++20: ok, its literal found" \
    "files['scale.cu']['status'] == 'ok' and ('double-literal', 'scale.cu', 6) in rules"
check "cmake standard: a .hip file compiled as C++ takes the C++20: its concept parses" \
    "files['clamp.hip']['status'] == 'ok'"

# --- kernels compiled at run time (NVRTC): sizes from the host's constants -----
cp -r "$P/nvrtc" "$tmp/"
lint "$tmp/nvrtc"
check "nvrtc: TILE and RADIUS (= TILE / 32) from the host file's constants: ok, the finding reported" \
    "files['blur.cuh']['status'] == 'ok' and ('double-literal', 'blur.cuh', 10) in rules"
check "nvrtc: BINS and THREADS from the header the host file includes, a helper without __device__ as device code (--device-as-default-execution-space): ok, the finding reported" \
    "files['histo.cuh']['status'] == 'ok' and ('double-literal', 'histo.cuh', 17) in rules"
check "nvrtc: a size the host sets from a run-time value: ok, modelled as an unknown constant (the row walk's width is STEPS, not the parser's placeholder)" \
    "files['scan.cuh']['status'] == 'ok' and any(f['rule'] == 'uncoalesced-row' and f['file'].endswith('scan.cuh') and f['evidence']['row_width'] == 'STEPS' for f in j['findings'])"
check "nvrtc: a name the host file that compiles the kernel never mentions stays undefined: degraded" \
    "files['reduce.cuh']['status'] == 'degraded' and not any(f['file'].endswith('reduce.cuh') for f in j['findings'] if f['rule'] == 'uncoalesced-row')"
verbose_check "nvrtc: -v names the values and the host file they come from" "$tmp/nvrtc/src/kernels/blur.cuh" \
    "blur.cuh: note: compiled at run time (NVRTC): parsed with TILE=(128), RADIUS=(TILE / 32), __CUDACC_RTC__, read from .*/src/blur.cpp"
verbose_check "nvrtc: -v says which names have run-time values and that the placeholder is not used" \
    "$tmp/nvrtc/src/kernels/scan.cuh" \
    "scan.cuh: note: compiled at run time (NVRTC): parsed with LANES=(32), __CUDACC_RTC__, read from .*/src/scan.cpp; STEPS set by .*/src/scan.cpp from a value known only at run time: analysed as a compile-time constant of unknown value (the parser sees 2)"
(cd "$tmp" && "$G" -v nvrtc/src/kernels/blur.cuh discovery >/dev/null 2>"$tmp/err")
if grep -q "^nvrtc/src/kernels/blur.cuh: note: compiled at run time (NVRTC): .*read from nvrtc/src/blur.cpp" "$tmp/err" &&
    ! grep -q "$tmp/" "$tmp/err"; then
    ok "one path style: files named relatively have relative paths in every note (host files, headers)"
else
    fail "one path style: absolute paths with relative names"; grep "$tmp/" "$tmp/err" | head -5 | sed 's/^/    | /'
fi

# the forwarding headers (Config.h -> config.h) live in a temporary
# directory that is removed at the end of the run
if [[ -z "$(ls -A "$tmp/t")" ]]; then
    ok "discovery: no forwarding-header directory left behind"
else
    fail "discovery: left behind in TMPDIR: $(ls -A "$tmp/t")"
fi

# --- fragments: files another file includes ---------------------------------
cp -r "$P/fragments" "$tmp/"
F="$tmp/fragments"
common_once="rules.count(('double-literal', 'common.cuh', 5)) == 1 and len([f for f in j['findings'] if f['file'].endswith('common.cuh')]) == 1"
for jobs in 1 2; do
    lint -j$jobs "$F"
    cp "$tmp/out.json" "$tmp/dir-j$jobs.json"
    check "fragments -j$jobs: the helper both kernels' files include: one finding, at the fragment's line" "$common_once"
    check "fragments -j$jobs: files[] counts each file's kernels (a fragment's in its owner's entry; none in a host-only .cu)" \
        "files['a.cu']['kernels'] == 1 and files['common.cuh']['kernels'] == 0 and files['c_host.cu']['kernels'] == 0"
    check "fragments -j$jobs: the fragment is analysed through its first includer, not parsed again" \
        "files['common.cuh']['status'] == 'ok' and files['common.cuh']['analysed_through'].endswith('src/a.cu') and 'analysed through' in files['common.cuh']['context']"
    check "fragments -j$jobs: the other includer is a related location" \
        "any(r['file'].endswith('src/b.cu') and r['line'] == 2 for f in j['findings'] if f['file'].endswith('common.cuh') for r in f['related'])"
    check "fragments -j$jobs: a kernel in a fragment that needs its includer's macro and type: found at its line" \
        "('double-literal', 'tile_kernel.cuh', 6) in rules and files['tile_kernel.cuh']['analysed_through'].endswith('scale.cu') and files['scale.cu']['status'] == 'ok'"
    check "fragments -j$jobs: a C++ header that defines a kernel is CUDA: analysed through its includer, its finding at its line" \
        "('uncoalesced-row', 'rows.hpp', 10) in rules and files['rows.hpp']['status'] == 'ok' and files['rows.hpp']['analysed_through'].endswith('rows_user.cu')"
    check "fragments -j$jobs: a header with __global__ only in a macro, a comment and a string is not analysed" \
        "'launch_macros.h' not in files"
    check "fragments -j$jobs: a .cu with no GPU code of its own whose header is analysed through another file is not parsed (ok, context says why)" \
        "files['c_host.cu']['status'] == 'ok' and 'analysed through other files: not parsed' in files['c_host.cu'].get('context', '')"
    check "fragments -j$jobs: a .cu whose kernel qualifier comes from a header's macro is parsed (its double literal found)" \
        "('double-literal', 'd_macro.cu', 8) in rules and 'not parsed' not in files['d_macro.cu'].get('context', '')"
    check "fragments -j$jobs: device functions no kernel calls are analysed on their own" \
        "('double-literal', 'devfuncs.cu', 5) in rules and 'device function blend_twice' in files['devfuncs.cu']['context'] and any(f['evidence'].get('context') == 'device function no kernel calls' for f in j['findings'] if f['file'].endswith('devfuncs.cu'))"
done
# a fragment is only as analysed as its owner: never ok through a failed one;
# another translation unit that reaches it is tried
GPULINT_TEST_CRASH_ON=src/a.cu lint -j2 "$F"
check "fragments: the owner crashed: the fragment is analysed through the other file that includes it, and says why" \
    "files['a.cu']['status'] == 'failed' and files['common.cuh']['status'] == 'ok' and files['common.cuh']['analysed_through'].endswith('src/b.cu') and any(n['file'].endswith('common.cuh') and 'the first translation unit that reaches it failed' in n['message'] and 'signal 11' in n['message'] for n in j['notes']) and files['b.cu']['status'] == 'ok'"
check "fragments: its findings come through the other file" \
    "any(f['file'].endswith('common.cuh') for f in j['findings'])"
GPULINT_TEST_CRASH_ON=rows_user lint -j2 "$F"
check "fragments: no other file reaches it: the fragment failed with its owner, with the owner's reason" \
    "files['rows_user.cu']['status'] == 'failed' and files['rows.hpp']['status'] == 'failed' and 'analysed through' in files['rows.hpp']['reasons'][0] and 'signal 11' in files['rows.hpp']['reasons'][0] and files['a.cu']['status'] == 'ok'"

# --- a kernel handed to NVRTC as a string, its header from memory -----------
lint "$P/rtc_strings"
check "rtc strings: the string's kernel is modelled, its header read from memory: ok, no error" \
    "files['row_sums_rtc.cu']['status'] == 'ok' and files['row_sums_rtc.cu']['kernels'] == 1 and not j['errors']"
check "rtc strings: the row walk is reported at its line in the literal, with the header's element type" \
    "any(f['rule'] == 'uncoalesced-row' and f['file'].endswith('row_sums_rtc.cu') and f['line'] == 17 and f['column'] == 42 and f['evidence'].get('element_type') == 'const float' for f in j['findings'])"

# --- a generic launcher another file owns: each file's lambdas still analysed ---
cp -r "$P/launchers" "$tmp/"
for jobs in 1 2; do
    lint -j$jobs "$tmp/launchers"
    check "launchers -j$jobs: the lambda of a file that does not own the launcher header: its row walks found at its lines" \
        "('uncoalesced-row', 'b_softmax.cu', 9) in rules and ('uncoalesced-row', 'b_softmax.cu', 10) in rules"
    check "launchers -j$jobs: the header's plain kernel: one finding, through its owner" \
        "rules.count(('double-literal', 'launch.cuh', 23)) == 1 and files['launch.cuh']['analysed_through'].endswith('a_fill.cu')"
    check "launchers -j$jobs: the owner's coalesced lambda gives nothing" "not any(r[1] == 'a_fill.cu' for r in rules)"
    check "launchers -j$jobs: a lambda whose __host__ __device__ a project macro spells is analysed too" \
        "('uncoalesced-row', 'c_macro.cu', 11) in rules"
done

# --- kernels declared through a project macro (GLOBAL -> __global__) ---------
cp -r "$P/macro_kernels" "$tmp/"
lint "$tmp/macro_kernels"
check "macro_kernels: the .cu that only includes instantiations is parsed; the header's kernel is analysed through it" \
    "('double-literal', 'render.h', 6) in rules and files['render.h']['analysed_through'].endswith('render_float.cu') and 'not parsed' not in files['render_float.cu'].get('context', '')"
lint "$tmp/macro_kernels/src/render.h"
check "macro_kernels: naming the header analyses it through its includer" \
    "('double-literal', 'render.h', 6) in rules and files['render.h']['analysed_through'].endswith('render_float.cu')"
strip_seconds() { python3 -c "import json,sys; j=json.load(open(sys.argv[1])); [(f.pop('seconds'), f.pop('cpu_seconds', None)) for f in j['files']]; j['stats'].pop('seconds', None); print(json.dumps(j, sort_keys=True))" "$1"; }
if [[ "$(strip_seconds "$tmp/dir-j1.json")" == "$(strip_seconds "$tmp/dir-j2.json")" ]]; then
    ok "fragments: -j1 and -j2 reports are identical"
else
    fail "fragments: -j1 and -j2 reports differ"
fi
lint "$F/src/common.cuh"
check "fragments: only the fragment named: its includer is parsed, the finding reported once at the fragment's line" \
    "$common_once and files['common.cuh']['status'] == 'ok' and files['common.cuh']['analysed_through'].endswith('src/a.cu') and j['findings'][0]['file'] == '$F/src/common.cuh'"
fp_alone=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['findings'][0]['fingerprint'])" "$tmp/out.json")
fp_dir=$(python3 -c "import json,sys; print([f['fingerprint'] for f in json.load(open(sys.argv[1]))['findings'] if f['file'].endswith('common.cuh')][0])" "$tmp/dir-j1.json")
if [[ -n "$fp_alone" && "$fp_alone" == "$fp_dir" ]]; then
    ok "fragments: the finding's fingerprint is the same whether the fragment or its directory is named"
else
    fail "fragments: fingerprints differ: '$fp_alone' vs '$fp_dir'"
fi
lint "$F/kernels/tile_kernel.cuh" "$F/src/common.cuh"
check "fragments: two fragments named, their owners not: both analysed through them" \
    "('double-literal', 'tile_kernel.cuh', 6) in rules and $common_once and files['tile_kernel.cuh']['status'] == 'ok'"
lint --no-project "$F/kernels/tile_kernel.cuh"
check "fragments: --no-project: the fragment alone lacks its includer's type and macro (degraded)" \
    "files['tile_kernel.cuh']['status'] == 'degraded' and 'analysed_through' not in files['tile_kernel.cuh']"
mkdir -p "$tmp/lonely"
touch "$tmp/lonely/CMakeLists.txt"
printf '__global__ void k(float *v) { v[threadIdx.x] *= 2.0f; }\n' >"$tmp/lonely/orphan.cuh"
lint "$tmp/lonely/orphan.cuh"
check "fragments: a .cuh no file includes is analysed alone and says why" \
    "files['orphan.cuh']['status'] == 'ok' and 'no file of the project includes it' in files['orphan.cuh']['context']"
printf '#pragma once\n__global__ void k2(float *v, int w) { for (int j = 0; j < w; j++) v[threadIdx.x * w + j] = 0.0f; }\n' >"$tmp/lonely/alone.hpp"
lint "$tmp/lonely/alone.hpp"
check "fragments: a kernel header no file includes is analysed alone as CUDA (not for kernel strings)" \
    "files['alone.hpp']['status'] == 'ok' and ('uncoalesced-row', 'alone.hpp', 2) in rules"
printf '#pragma once\n#define GLOBAL __global__\n' >"$tmp/lonely/macro_only.hpp"
"$G" "$tmp/lonely/macro_only.hpp" >/dev/null 2>&1
rc=$?
[[ $rc -eq 0 ]] && ok "fragments: a header that only names __global__ in a macro is left alone (exit 0)" || fail "fragments: macro_only.hpp: exit $rc"
# --- templates instantiated only explicitly ----------------------------------
cp -r "$P/templates" "$tmp/"
lint --rules=double-literal "$tmp/templates"
# dl[(file, kernel)] = the double-literal finding
check_dl() {
    check "$1" "(lambda dl: $2)({(os.path.basename(f['file']), f['kernel']): f for f in j['findings'] if f['rule'] == 'double-literal'})"
}
check_dl "templates: a class-template layer instantiated by a macro: the float instance's literal is found" \
    "dl[('damp_layer.cu', 'DampForward<float>')]['line'] == 11"
check_dl "templates: ... no finding for the double instance, no fix-it (the literal is shared), the note says why" \
    "('damp_layer.cu', 'DampForward<double>') not in dl and dl[('damp_layer.cu', 'DampForward<float>')]['evidence']['also_instantiated_as'] == 'DampForward<double>' and all(not x['replacements'] for x in dl[('damp_layer.cu', 'DampForward<float>')]['fixes'])"
check_dl "templates: members instantiated one by one through a macro inside a namespace, kernel arguments deduced at the launch" \
    "dl[('shift_layer.cu', 'ShiftForward<float>')]['line'] == 10 and ('shift_layer.cu', 'ShiftForward<double>') not in dl"
check_dl "templates: template __global__ void k<float>(...): found, with the fix-it (float only)" \
    "dl[('scale_kernel.cu', 'scale_by_third<float>')]['fixes'][0]['replacements'][0]['text'] == '3.0f'"
check_dl "templates: a kernel template never instantiated gives no double-literal (its type is unknown)" \
    "not any(k[0] == 'scale_kernel.cu' and k[1].startswith('halve') for k in dl)"
lint "$tmp/templates/src/scale_kernel.cu"
check "templates: a finding on a never-instantiated pattern says it rests on the pattern" \
    "any(f['kernel'] == 'halve' and 'element size unknown' in f['evidence'].get('template_pattern', '') for f in j['findings'])"
out=$("$G" -v --rules=double-literal "$tmp/templates/src/damp_layer.cu" 2>&1)
grep -q "damp_layer.cu: parse .* (explicit instantiations read as declarations in 1 file)" <<<"$out" &&
    ok "templates: explicit instantiations are given to clang as declarations (-v says so)" ||
    fail "templates: no 'read as declarations' in -v: $out"
cmp -s "$P/templates/src/damp_layer.cu" "$tmp/templates/src/damp_layer.cu" &&
    ok "templates: the file on disk is unchanged" || fail "templates: damp_layer.cu changed on disk"
lint --rules=double-literal "$tmp/templates"
check_dl "templates: a class template's member launch, the class instantiated explicitly" \
    "dl[('member_launch.cu', 'axpy_kernel<float>')]['line'] == 8"
check_dl "templates: a kernel whose extern \"C\" __global__ comes from a macro" \
    "dl[('extern_c.cu', 'brighten')]['line'] == 8"

# --- names a missing header or the CUDA build defines ------------------------
cp -r "$P/cuda_build_names" "$tmp/"
lint "$tmp/cuda_build_names"
check "cuda build names: the wrappers' kernels are instantiated (a short and a byte store found)" \
    "('oversized-element', 'compress.cu', 10) in rules and any('also reached from' in r['message'] for f in j['findings'] for r in f['related'])"
check "cuda build names: a note names the flag and the stand-ins" \
    "any('-D HAVE_CUDA=1' in n['message'] for n in j['notes']) and any('int32-style' in n['message'] for n in j['notes'])"
check "cuda build names: only the missing header is left" \
    "j['errors'] == [] and files['compress.cu']['missing_headers'] == ['thirdparty/int_types.h']"
lint -DHAVE_CUDA=1 "$tmp/cuda_build_names"
check "cuda build names: a flag the user gives is not added again" \
    "('oversized-element', 'compress.cu', 10) in rules and not any('-D HAVE_CUDA=1' in n['message'] for n in j['notes'])"

# --- a submodule not checked out: a member initializer names what it declares -
cp -r "$P/missing_submodule" "$tmp/"
lint "$tmp/missing_submodule"
check "missing submodule: the lambda's row walk is found through the vector whose allocator names the missing header" \
    "('uncoalesced-row', 'row_ops.cu', 13) in rules"
check "missing submodule: a note says which initializer was value-initialized" \
    "any('member initializer value-initialized' in n['message'] and 'device_vector.cuh:13' in n['message'] for n in j['notes'])"
check "missing submodule: the header on disk is untouched" \
    "'ConfigStore::Get()->use_pool' in open('$tmp/missing_submodule/src/device_vector.cuh').read()"

# --- kernels on traits structs, launched from explicitly instantiated templates -
cp -r "$P/traits_instances" "$tmp/"
lint "$tmp/traits_instances"
check "traits instances: each file's explicit instantiation models clang's kernel instances (2 launchers x 2 flags)" \
    "files['scan_fp32.cu']['kernels'] == 4 and files['scan_int16.cu']['kernels'] == 4 and files['scan_half.cu']['kernels'] == 4"
check "traits instances: the sizes come from the traits struct (K=4 of the 32x4 instance)" \
    "any(f['rule'] == 'uncoalesced-adjacent' and f['file'].endswith('scan_kernel.cuh') and f['line'] == 34 and f['evidence']['K'] == 4 and 'ScanTraits<32, 4, true, float>' in f['kernel'] for f in j['findings'])"
check "traits instances: a note says the instantiations were parsed as written" \
    "any('explicit instantiations parsed as written' in n['message'] and '4 kernels modelled, 1 before' in n['message'] for n in j['notes'])"
check "traits instances: a file whose first parse models no kernel (at::Half, no size from the text) is parsed as written too" \
    "any('4 kernels modelled, 0 before' in n['message'] for n in j['notes'])"

# --- HIP: a compile database of hipcc names the GPU ---------------------------
cp -r "$P/hip_compdb" "$tmp/"
sed "s#@DIR@#$tmp/hip_compdb#g; s#@ARCH@#gfx942#g" "$P/hip_compdb/compile_commands.json.in" >"$tmp/hip_compdb/build/compile_commands.json"
lint "$tmp/hip_compdb"
wsa="[(r['file'].split('/')[-1], r['line'], r['evidence'].get('target')) for r in j['findings'] if r['rule'] == 'warp-size-assumption']"
check "hip compdb: hipcc's .cpp and .cu are HIP for the database's gfx942 (64 wide)" \
    "sorted(set(x[0] for x in $wsa)) == ['legacy.cu', 'wave.cpp'] and all(x[2] == 'gfx942' for x in $wsa) and all(f['status'] == 'ok' for f in j['files'])"
sed "s#@DIR@#$tmp/hip_compdb#g; s#@ARCH@#gfx1100#g" "$P/hip_compdb/compile_commands.json.in" >"$tmp/hip_compdb/build/compile_commands.json"
lint "$tmp/hip_compdb"
check "hip compdb: for gfx1100 (32-wide wavefronts) no warp-size finding" \
    "not any(f['rule'] == 'warp-size-assumption' for f in j['findings']) and len(j['files']) == 2"
lint --offload-arch=gfx90a "$tmp/hip_compdb"
check "hip compdb: --offload-arch wins over the database's" \
    "all(x[2] == 'gfx90a' for x in $wsa) and len($wsa) >= 4"
rm "$tmp/hip_compdb/build/compile_commands.json"
lint "$tmp/hip_compdb"
check "hip compdb: without the database the .cu is CUDA for NVIDIA, the .cpp HIP for the default gfx90a" \
    "sorted(set(x[0] for x in $wsa)) == ['wave.cpp'] and any(f.get('evidence', {}).get('target_assumed') for f in j['findings'])"

# --- CUDA built for AMD through the project's renaming macros -----------------
cp -r "$P/hip_renamed" "$tmp/"
lint "$tmp/hip_renamed"
check "hip renamed: as CUDA, the row walk and no warp-size finding" \
    "('uncoalesced-row', 'kernels.cu', 12) in rules and not any(r[0] == 'warp-size-assumption' for r in rules)"
lint --offload-arch=gfx90a -DBUILD_FOR_HIP "$tmp/hip_renamed"
check "hip renamed: for gfx90a the file is ok (hipCUB, hipBLAS and roctx stand-ins; HIP's types as typedefs; the project's own __syncwarp and bfloat16 conversion)" \
    "files['kernels.cu']['status'] == 'ok' and j['errors'] == [] and any('2 built-ins the project declares itself' in r for r in files['kernels.cu']['reasons'])"
check "hip renamed: the same row walk, plus the 32-lane warp step" \
    "('uncoalesced-row', 'kernels.cu', 12) in rules and ('warp-size-assumption', 'kernels.cu', 25) in rules"

echo "$passed passed, $failed failed"
((failed == 0))
