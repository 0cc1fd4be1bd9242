#!/usr/bin/env bash
# tests/opencl_test.sh GPULINT TESTDATA - OpenCL C end to end: launches read
# from host files next to the .cl file (testdata/projects/opencl_small) and
# elsewhere in the project (testdata/projects/opencl_split: C API and C++
# wrapper), -x cl, --opencl-fp64, the note on names set by -D at build time,
# and the OpenCL C version per file (directive, config, CL2.0 auto-detect).
set -uo pipefail
G=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
T=$2
fail=0
check() { # name, command output, regex
    if grep -Eq -- "$3" <<<"$2"; then echo "ok: $1"; else echo "FAIL: $1"; echo "$2" | sed 's/^/    | /' | head -20; fail=1; fi
}
nocheck() {
    if grep -Eq -- "$3" <<<"$2"; then echo "FAIL: $1"; echo "$2" | sed 's/^/    | /' | head -20; fail=1; else echo "ok: $1"; fi
}
# summarise_project DIR KEY LABEL: lints DIR; $sum gets a line per finding
# (rule, file:line, LABEL=the evidence's KEY) and per file (name, status,
# reasons), which are also printed
summarise_project() {
    local json
    json=$("$G" --format=json --min-severity=info "$1" 2>/dev/null)
    sum=$(python3 - "$json" "$2" "$3" <<'PY'
import json, sys
d, key, label = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3]
for f in d["findings"]:
    print("finding %s %s:%d %s=%s" % (f["rule"], f["file"].split("/")[-1], f["line"], label, f["evidence"].get(key, "-")))
for f in d["files"]:
    print("file %s %s %s" % (f["path"].split("/")[-1], f["status"], " | ".join(f["reasons"])))
PY
)
    echo "$sum" | sed 's/^/    /'
}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpulint-opencl.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

P=$T/projects/opencl_small
out=$("$G" "$P" 2>&1)
check "16x16 local_work_size in host.c" "$out" "host\.c:11:5: warning: hard-coded 16x16 work-group \(local_work_size\) for 'brighten'.*\[fixed-block-16x16\]"
check "the transpose's write: get_local_id(0) picks the row" "$out" "kernels\.cl:10:5: warning: the 2-D thread mapping is transposed: get_local_id\(0\) picks the row of 'out'.*\[uncoalesced-row\]"
nocheck "no block-shape finding for the transposed kernel" "$out" "for 'transpose'"
check "clSetKernelArg constant feeds specialize-constant" "$out" "kernels\.cl:23:5: .*host code passes only 3: a compile-time constant \(-D option\)"
check "three findings in the project" "$out" "^gpulint: 3 findings"
nocheck "32x8 and NULL local sizes are not reported" "$out" "'(tuned|scale)'"
json=$("$G" --format=json "$P/kernels.cl" 2>/dev/null)
check "JSON: related launch in host.c" "$json" '"file":[[:space:]]*"[^"]*host\.c"'

# --emit-bench: OpenCL findings get the CUDA benchmark of the same pattern, and say so
"$G" --emit-bench "$tmp/bench" "$P" >/dev/null 2>&1
out=$(cat "$tmp/bench/index.json" 2>/dev/null)
check "--emit-bench index: pattern measured with CUDA" "$out" '"note":[[:space:]]*"OpenCL finding: pattern measured with CUDA on the same GPU'

# -x cl: another extension read as OpenCL C
cp "$P/kernels.cl" "$tmp/kernels.txt"
out=$("$G" -x cl "$tmp/kernels.txt" 2>&1)
check "-x cl reads a .txt file as OpenCL C" "$out" "5 kernels"
out=$("$G" "$tmp/kernels.txt" 2>&1)
check "without -x a .txt file is refused" "$out" "not a CUDA source file, nor OpenCL"

# --opencl-fp64
printf '__kernel void k(__global float* x) { x[get_global_id(0)] *= 0.1; }\n' >"$tmp/f.cl"
out=$("$G" --format=json --min-severity=info "$tmp/f.cl" 2>/dev/null)
check "fp64 auto without pragma: an info precision note (no run-time effect)" "$out" '"severity":[[:space:]]*"info"'
out=$("$G" --opencl-fp64=on --format=json --min-severity=info "$tmp/f.cl" 2>/dev/null)
check "fp64 on, elementwise: double arithmetic next to a load and store (H100 1.01x: info)" "$out" '"severity":[[:space:]]*"info"'
check "fp64 on: says why" "$out" 'fp64 on: --opencl-fp64=on'
printf '__kernel void k(__global float* x, int n) { float v = x[get_global_id(0)]; for (int i = 0; i < n; i++) v = v * 0.1f + v * 0.3; x[get_global_id(0)] = v; }\n' >"$tmp/g.cl"
out=$("$G" --opencl-fp64=on --format=json "$tmp/g.cl" 2>/dev/null)
check "fp64 on, a compute loop: high (an inexact literal, 5.8x on the H100)" "$out" '"severity":[[:space:]]*"high"'
out=$("$G" --opencl-fp64=bogus "$tmp/f.cl" 2>&1)
check "bad --opencl-fp64 value" "$out" "unknown --opencl-fp64 value"

# names set by -D at build time
printf '__kernel void k(__global real* x) { for (int i = 0; i < WPT; i++) x[get_global_id(0) * WPT + i] = 0; }\n' >"$tmp/d.cl"
out=$("$G" "$tmp/d.cl" 2>&1)
rc=$?
check "undefined names: one note naming them" "$out" "d\.cl: note: analysis degraded: .*the file uses 1 name it never defines \(WPT\)"
check "an undefined type name is assumed, and the note says so" "$out" "parsed with the names its host sets at build time assumed \(real=float\)"
check "undefined names are not errors" "$out" " 0 errors"
[[ $rc -ne 2 ]] && echo "ok: exit status is not 2" || { echo "FAIL: exit status 2"; fail=1; }
out=$("$G" --min-severity=info -D WPT=4 -Dreal=float "$tmp/d.cl" 2>&1)
check "with -D the kernel is analysed" "$out" "uncoalesced-adjacent"
nocheck "with -D no note" "$out" "status degraded"
# type names the host sets at build time (testdata/projects/opencl_build_types):
# a parameter struct from a header of the kernels' directory, the element type
# assumed, a raw-string header the host puts before every kernel
P=$T/projects/opencl_build_types
summarise_project "$P" assumed_types assumed
check "row walk found through the struct from params.hpp, T assumed" "$sum" "^finding uncoalesced-row row_sum\.cl:8 assumed=T=float, dim_t=int$"
check "row_sum.cl degraded: what was assumed and which header" "$sum" "^file row_sum\.cl degraded .*assumed \(T=float, dim_t=int; params\.hpp before the file \(it defines ArrayParam\)\)"
nocheck "no double-literal on arithmetic of an assumed T (the host may build it as double)" "$sum" "finding double-literal"
check "scale.cl analysed (degraded: T assumed)" "$sum" "^file scale\.cl degraded .*assumed \(T=float"
nocheck "a C++ host header that names T too is never put before a kernel" "$sum" "host_api|missing header"
check "raw-string header before the kernel: the row walk found, no assumption" "$sum" "^finding uncoalesced-row gemv_rot\.opencl:9 assumed=-$"
check "gemv_rot.opencl ok: only a project header was put before it" "$sum" "^file gemv_rot\.opencl ok $"
json=$("$G" --format=json --min-severity=info -D T=double -D dim_t=long "$P/kernels" 2>/dev/null)
check "-D T=double: nothing assumed" "$json" '"status":[[:space:]]*"ok"'
nocheck "-D T=double: no assumption note" "$json" "assumed_types|build time assumed"
check "-D T=double: the row walk is still found" "$json" '"rule":[[:space:]]*"uncoalesced-row"'
nocheck "-D T=double: no double-literal" "$json" '"rule":[[:space:]]*"double-literal"'
printf '__kernel void k(__global T* x) { x[get_global_id(0)] *= 2; }\n' >"$tmp/alone.cl"
out=$("$G" -v --min-severity=info "$tmp/alone.cl" 2>&1)
nocheck "the virtual header is never written to disk" "$(ls -A "$tmp")" "gpulint-build-types"
check "a file with no header to find: the type assumed" "$out" "assumed \(T=float\)"
# a library that builds each kernel from several of its files
# (testdata/projects/opencl_library_parts): the files that define a missing
# function or a #ifndef default, in the order their errors ask for them
P=$T/projects/opencl_library_parts
summarise_project "$P" row_width width
check "library parts: the level's helper and WGS default, the common types first: rowsum ok" "$sum" "^file rowsum\.opencl ok $"
check "library parts: the row walk found through them" "$sum" "^finding uncoalesced-row rowsum\.opencl:8 width=n$"
check "library parts: a chain of parts (part3 <- part2 <- part1): ok" "$sum" "^file part3\.opencl ok $"
check "library parts: a default in another kernel's file is not taken" "$sum" "^file needs_tile\.opencl degraded .*never defines \(TILE\)"
check "library parts: a function only the host's options define is not taken" "$sum" "^file needs_pick\.opencl degraded .*never defines \(Pick\)"
out=$("$G" -v "$P/kernels/level2/rowsum.opencl" 2>&1)
check "library parts: the note names the files and why" "$out" "parsed with the project header its host puts before it: common\.opencl before the file \(it defines real\), level2\.opencl before the file \(it defines WGS\)"
# values the host sets at build time (testdata/projects/opencl_build_values): a
# constant of the host file that embeds the kernel's text, a run-time value
# (an unknown compile-time constant), a function-like macro (stays undefined)
P=$T/projects/opencl_build_values
summarise_project "$P" row_width width
check "build values: TILE from the host's constant, N_PER_THREAD a run-time value: pack.cl ok" "$sum" "^file pack\.cl ok $"
check "build values: the row walk's width is N_PER_THREAD, not the parser's placeholder" "$sum" "^finding uncoalesced-row pack\.cl:8 width=N_PER_THREAD$"
check "build values: a function-like OP stays undefined: combine.cl degraded" "$sum" "^file combine\.cl degraded .*never defines \(OP\)"
out=$("$G" -v "$P/kernels/pack.cl" 2>&1)
check "build values: -v names the constant, its file, and the run-time value" "$out" "compiled at run time \(OpenCL\): parsed with TILE=\(16\), read from .*host/pack\.cpp; N_PER_THREAD set by .*host/pack\.cpp from a value known only at run time"
# a suite whose host finds each kernel through a formatted path and builds it
# with -D KERNEL_STATIC, a stringising macro and the kernels' folder at run
# time (testdata/projects/opencl_include_path): the includes under the flag,
# one inside a kernel's body, and helpers analysed through the kernels
P=$T/projects/opencl_include_path
summarise_project "$P" row_width width
check "include path: the row walk after the hash helper the kernel includes" "$sum" "^finding uncoalesced-row mode0030\.cl:13 width=rounds$"
check "include path: a kernel one folder down (INCLUDE_PATH=..)" "$sum" "^finding uncoalesced-row mode0040\.cl:9 width=nblocks$"
check "include path: the statements a kernel includes in its body: ok" "$sum" "^file inc_compare\.cl ok $"
out=$("$G" -v "$P" 2>&1)
check "include path: -v names the build's options and the folder" "$out" "mode0030\.cl: note: compiled at run time \(OpenCL\): -D KERNEL_STATIC, -D INCLUDE_PATH=\., -D XSTR\(x\)=#x, -D STR\(x\)=XSTR\(x\) as every build passes them \(.*src/backend\.c\) \(INCLUDE_PATH: a folder the host names at run time, taken as the one with inc_platform\.h\)"
check "include path: one folder down" "$out" "mode0040\.cl: note: compiled at run time \(OpenCL\): -D KERNEL_STATIC, -D INCLUDE_PATH=\.\.,"
nocheck "include path: no project file guessed before a kernel (the host's options say which)" "$out" "mode00[0-9]0\.cl: note: parsed with the project header"
nocheck "include path: a kernel that tests none of the build's flags gets none" "$out" "standalone\.cl: note: compiled at run time"
json=$("$G" --format=json "$P" 2>/dev/null); rc=$?
check "include path: exit 1 (findings), no error" "$rc $(grep -c '"errors":[[:space:]]*\[\]' <<<"$json")" "^1 1$"
contexts=$(python3 -c 'import json,sys; d=json.load(sys.stdin); print("\n".join("%s %s" % (f["path"].split("/")[-1], (f.get("context") or "-").split("/")[-1]) for f in d["files"]))' <<<"$json")
check "include path: the body's statements are analysed through their kernel" "$contexts" "^inc_compare\.cl mode0030\.cl$"
check "include path: the helper through a kernel that includes it" "$contexts" "^inc_common\.cl mode00[13]0\.cl$"
check "include path: a kernel file is analysed as itself" "$contexts" "^mode0030\.cl -$"
# a templated host (testdata/projects/opencl_templated_host): types from an
# option macro and a traits class (a type parameter's, a typedef's through a
# format library's `{}`), a flag named at run time, and the sources the host
# builds before the file (a function in a flag's branch, a size of their own)
P=$T/projects/opencl_templated_host
summarise_project "$P" row_width width
check "templated host: the type parameters' and the typedef's types: reduce_rows.cl ok" "$sum" "^file reduce_rows\.cl ok $"
check "templated host: combine() from ops.cl under the run-time flag; the row walk found" "$sum" "^finding uncoalesced-row reduce_rows\.cl:5 width=width$"
check "templated host: store.cl's LANES, built before fill.cl: fill.cl ok" "$sum" "^file fill\.cl ok $"
out=$("$G" -v "$P" 2>&1)
check "templated host: -v names the types, the typedef's option, the flag and the source before the file" "$out" "reduce_rows\.cl: note: compiled at run time \(OpenCL\): parsed with Ti=float, To=float, T=To, read from .*host/reduce\.hpp; -D index_t=long as every build passes it \(.*host/platform\.cpp\); -D ADD_OP, one of the flags the host names at run time \(-D%s\): its branch of the kernel's headers defines combine; built after .*kernels/ops\.cl \(the host builds it with it\); Ti, To from the host template's type parameters, a build per type: parsed with float \(one of 3 types type_traits<Ti>::name\(\) names\)"
nocheck "templated host: no type assumed" "$out" "assumed \("
# -D options a C host formats with snprintf (testdata/projects/opencl_option_strings):
# values from the host's constants (a comment after a #define's value), a
# literal in the option text, and a run-time value (an expression)
P=$T/projects/opencl_option_strings
summarise_project "$P" work_elsewhere elsewhere
check "option strings: every name has a value: stretch_kernel.cl ok" "$sum" "^file stretch_kernel\.cl ok $"
check "option strings: the key walk beside the HASH_LOOPS loop is info" "$sum" "^finding uncoalesced-row stretch_kernel\.cl:15 elsewhere=kernel-loop$"
out=$("$G" -v "$P" 2>&1)
check "option strings: -v names the values, their file, the common option and the run-time name" "$out" "compiled at run time \(OpenCL\): parsed with PLAINTEXT_LENGTH=\(24\), HASH_LOOPS=\(0x1000\), OUTLEN=\(16\), read from .*src/stretch_fmt\.c; -D _OPENCL_BUILD as every build passes it \(.*src/opencl_common\.c\); SALTLEN set by .*src/stretch_fmt\.c from a value known only at run time"
nocheck "option strings: no platform's option (a ?: branch, an #ifdef'd literal) and no option from prose" "$out" "-D (__OS_X__|__MESA__|NAME)"
# kernels a host builds with options it writes at run time
# (testdata/projects/opencl_host_built): a kernel string in the host file
# itself (a type from a stream of options, a value from a #define two headers
# down), and a .cl file behind #defines the host puts before its text (a
# run-time size the kernel checks; AMD's media-ops built-ins)
P=$T/projects/opencl_host_built
summarise_project "$P" row_width width
check "host-built: the host file's own option stream sets REAL and START_SCALAR: stream.cpp ok" "$sum" "^file stream\.cpp ok $"
check "host-built: a run-time WORKSIZE the kernel's #error accepts, and amd_bitalign(): mix.cl ok" "$sum" "^file mix\.cl ok $"
out=$("$G" -v "$P" 2>&1)
check "host-built: -v names the host's type (not an assumed one) and its value" "$out" "stream\.cpp: note: compiled at run time \(OpenCL\): parsed with REAL=double, START_SCALAR=\(\(0\.4\)\)"
check "host-built: the run-time size is parsed as 64, which passes the kernel's own check" "$out" "mix\.cl: note: compiled at run time \(OpenCL\): WORKSIZE set by .*host/miner\.cpp from a value known only at run time: .*\(the parser sees 64\)"
# values a host's helpers and headers decide (testdata/projects/opencl_host_helpers):
# a macro whose #ifndef default names the undefined KEYLEN, an option string
# of a helper passed on through "%s", and a flag the host names at run time
P=$T/projects/opencl_host_helpers
summarise_project "$P" row_width width
check "host helpers: every name has a value: crack_kernel.cl ok" "$sum" "^file crack_kernel\.cl ok $"
check "host helpers: the row walk's width is the host's constant" "$sum" "^finding uncoalesced-row crack_kernel\.cl:9 width=24$"
out=$("$G" -v "$P" 2>&1)
check "host helpers: -v names the default's macro, the flag and the helper's run-time value" "$out" "crack_kernel\.cl: note: compiled at run time \(OpenCL\): parsed with MAX_KEYLEN=\(24\), read from .*src/crack_fmt\.c; -D ENC_LATIN2, one of the flags the host names at run time \(-D%s\): its branch of the kernel's headers defines cp; TABLE_MASK set by .*src/bitmap_common\.c from a value known only at run time"
# a branch inside a kernel that a flag its host passes compiles
# (testdata/projects/opencl_build_flags): analysed with it; a flag the host
# never names is no build of the kernel
P=$T/projects/opencl_build_flags
summarise_project "$P" row_width width
check "build flags: the ROW_ERRORS branch is analysed" "$sum" "^finding uncoalesced-row eval\.cl:11 width=nsamples$"
nocheck "build flags: the DUMP_ROWS branch (the host never names it) is not" "$sum" "eval\.cl:14"
check "build flags: the file stays ok" "$sum" "^file eval\.cl ok $"
out=$("$G" "$P/kernels/eval.cl" 2>&1)
check "build flags: a note names the lines and the flag" "$out" "eval\.cl:11:1: note: lines 11-11 of eval analysed with -D ROW_ERRORS, a flag its host code sets for some builds"
# host files in another directory of the project (testdata/projects/opencl_split),
# C API and C++ wrapper: each finding is reported at the local size, with the
# launch as related location.  A copy, so that the copy is the project's root.
cp -R "$T/projects/opencl_split" "$tmp/split"
json=$(cd "$tmp" && "$G" --format=json split 2>/dev/null)
sum=$(python3 - "$json" <<'PY'
import json, sys
d = json.loads(sys.argv[1])
for f in sorted(d["findings"], key=lambda f: (f["file"], f["line"])):
    rel = ";".join("%s:%d:%s" % (r["file"], r["line"], r["message"]) for r in f.get("related", []))
    print("%s %s:%d:%d %s [%s]" % (f["rule"], f["file"], f["line"], f["column"], f["evidence"].get("kernel", ""), rel))
PY
)
echo "$sum" | sed 's/^/    /'
check "C API: 16x16 local array in src/host/main.c" "$sum" "^fixed-block-16x16 split/src/host/main\.c:20:5 scale2d \[split/src/host/main\.c:21:launch of 'scale2d'"
check "C API: clSetKernelArg constant reaches scale.cl" "$sum" "^specialize-constant split/kernels/scale\.cl:6:5 +\[split/src/host/main\.c:21:launched with taps = 4"
check "C++: inline cl::NDRange(16, 16)" "$sum" "^fixed-block-16x16 split/src/host/pipeline\.cpp:16:74 brighten \[split/src/host/pipeline\.cpp:16:launch of 'brighten'"
check "C++: const cl::NDRange local(TILE, TILE)" "$sum" "^fixed-block-16x16 split/src/host/pipeline\.cpp:24:5 blur_rows \[split/src/host/pipeline\.cpp:25:launch of 'blur_rows'"
check "C++: setArg constant reaches image.cl" "$sum" "^specialize-constant split/kernels/image\.cl:15:5 +\[split/src/host/pipeline\.cpp:25:launched with radius = 2"
check "C++: KernelFunctor with cl::EnqueueArgs" "$sum" "^fixed-block-16x16 split/src/host/pipeline\.cpp:28:54 invert \[split/src/host/pipeline\.cpp:28:launch of 'invert'"
[[ $(grep -c . <<<"$sum") -eq 6 ]] && echo "ok: six findings (32x8 and NullRange launches are not reported)" || { echo "FAIL: expected six findings"; fail=1; }
out=$(cd "$tmp" && "$G" -v --no-isolation split 2>&1)
check "first .cl file: the project's 2 host files read as text, 1 parsed" "$out" "image\.cl: parse .*\(OpenCL host files: 2 read as text, 1 parsed"
check "second .cl file: nothing read again, its own host file parsed" "$out" "scale\.cl: parse .*\(OpenCL host files: 0 read as text, 1 parsed"
out=$(cd "$tmp" && "$G" --no-project split 2>&1)
check "--no-project: only host files beside the .cl file (none here)" "$out" "^gpulint: no findings|^gpulint: 0 findings"

# -cl-std per file: the directive, the config's cl-std (overrides), and CL2.0 found by itself
printf '__kernel void k(__global int* x) {\n  __generic int* g = x;\n  work_group_barrier(CLK_GLOBAL_MEM_FENCE);\n  x[get_global_id(0)] = *g;\n}\n' >"$tmp/cl20.cl"
out=$("$G" --format=json "$tmp/cl20.cl" 2>/dev/null)
check "CL2.0 constructs: parsed as CL2.0, with a note" "$out" "parsed as OpenCL C 2.0 \(-cl-std=CL2.0\): the file uses __generic"
check "CL2.0 found by itself: the file is ok, not degraded" "$out" '"status":[[:space:]]*"ok"'
out=$("$G" -cl-std=CL1.2 "$tmp/cl20.cl" 2>&1)
check "an explicit -cl-std=CL1.2 is obeyed" "$out" "error: OpenCL C version 1.2 does not support the '__generic'"
{ echo '// gpulint: -cl-std=CL2.0'; cat "$tmp/cl20.cl"; } >"$tmp/directive.cl"
out=$("$G" -cl-std=CL1.2 "$tmp/directive.cl" 2>&1)
check "the file's directive wins over -cl-std" "$out" " 0 errors"
nocheck "a directive needs no note" "$out" "parsed as OpenCL C 2.0"
{ echo '/* gpulint: -cl-std=CL9.9 */'; cat "$tmp/cl20.cl"; } >"$tmp/bad.cl"
out=$("$G" "$tmp/bad.cl" 2>&1)
check "an unknown version in the directive is reported" "$out" "the directive '-cl-std=CL9.9' names no OpenCL C version"
mkdir -p "$tmp/cfg/v2" "$tmp/cfg/v1"
cp "$tmp/cl20.cl" "$tmp/cfg/v2/a.cl"; cp "$tmp/cl20.cl" "$tmp/cfg/v1/a.cl"
printf 'cl-std: CL1.2\noverrides:\n  - paths: ["v2/**"]\n    cl-std: CL2.0\n' >"$tmp/cfg/.gpulint.yaml"
out=$("$G" "$tmp/cfg/v2/a.cl" 2>&1)
check "config override cl-std: CL2.0 for v2/**" "$out" " 0 errors"
nocheck "config override: no auto-detect note" "$out" "parsed as OpenCL C 2.0"
out=$("$G" "$tmp/cfg/v1/a.cl" 2>&1)
check "config cl-std: CL1.2 elsewhere (no auto-detect)" "$out" "does not support the '__generic'"
out=$("$G" --show-config "$tmp/cfg/v2/a.cl" 2>&1)
check "--show-config prints cl-std" "$out" "^cl-std: CL2.0"
printf 'cl-std: CL4\n' >"$tmp/cfg/.gpulint.yaml"
out=$("$G" "$tmp/cfg/v2/a.cl" 2>&1)
check "a bad cl-std in the config is an error" "$out" "'cl-std' must be CL1.0, CL1.1, CL1.2, CL2.0 or CL3.0"
# -D and include paths from the config (or the compile database) reach OpenCL files too
mkdir -p "$tmp/cldefs/inc"
printf '__kernel void scale(__global float* v, int n)\n{\n    int i = get_global_id(0);\n    if (i < n) v[i] = v[i] * GAIN * INC_FACTOR;\n}\n' >"$tmp/cldefs/k.cl"
printf '#include "factor.h"\n' | cat - "$tmp/cldefs/k.cl" >"$tmp/cldefs/k2.cl"
printf '#define INC_FACTOR 2.0f\n' >"$tmp/cldefs/inc/factor.h"
printf 'defines: [GAIN=0.5f, INC_FACTOR=1.0f]\n' >"$tmp/cldefs/.gpulint.yaml"
out=$("$G" --format=json "$tmp/cldefs/k.cl" 2>/dev/null)
check "config defines reach an OpenCL file: ok, no names set at build time" "$out" '"status":[[:space:]]*"ok"'
printf 'defines: [GAIN=0.5f]\ninclude-paths: [inc]\n' >"$tmp/cldefs/.gpulint.yaml"
out=$("$G" --format=json "$tmp/cldefs/k2.cl" 2>/dev/null)
check "config include-paths reach an OpenCL file" "$out" '"status":[[:space:]]*"ok"'
out=$("$G" --no-config --format=json "$tmp/cldefs/k.cl" 2>/dev/null)
check "without the config the names are missing (degraded)" "$out" '"status":[[:space:]]*"degraded"'
# kernels a build flag selects (variants/flag_kernels.h): parsed once more per flag
mkdir -p "$tmp/flags"
printf '#ifdef ROWS\n__kernel void rows(__global float* a, int n)\n{\n    for (int j = 0; j < n; j++) a[get_global_id(0) * n + j] = 0.0f;\n}\n#endif\n#ifdef BROKEN\n__kernel void broken(__global float* a, int n)\n{\n    for (int j = 0; j < n; j++) a[get_global_id(0) * n + j] = (float)(j +);\n}\n#endif\n' >"$tmp/flags/k.cl"
out=$("$G" "$tmp/flags/k.cl" 2>&1)
check "a kernel behind -D ROWS is analysed, and says so" "$out" "k\.cl:2:1: note: rows analysed with -D ROWS: without it the preprocessor skips it"
check "its finding is reported" "$out" "k\.cl:4:.*\[uncoalesced-row\]"
check "a kernel with a parse error under its flag is not analysed, and says why" "$out" "k\.cl:8:1: note: broken, which the preprocessor skips without -D BROKEN: not analysed \(with it, line 10: expected expression\)"
nocheck "nothing is reported in it" "$out" "k\.cl:10:.*warning"
out=$("$G" --format=json "$tmp/flags/k.cl" 2>/dev/null)
check "the flag's parse errors do not degrade the file" "$out" '"status":[[:space:]]*"ok"'
check "the kernel count includes the flagged kernel" "$out" '"kernels":[[:space:]]*1[,}]'
exit $fail
