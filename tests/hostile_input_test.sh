#!/usr/bin/env bash
# tests/hostile_input_test.sh GPULINT
#
# Input written to hurt the main process or to leak through the report:
#   - an exclude glob of 32 '*' in .gpulint.yaml (exponential backtracking),
#   - a .gpulint.yaml nested 100,000 levels deep (libyaml's quadratic scan),
#     one over 1 MiB, and one that is a FIFO (must not block the run),
#   - a 20,000-header #include chain (the fragment graph must be linear),
#     and 1,000 files that all include it (each header's closure is worked
#     out once per run, not walked again for each file),
#   - a file outside the project named by `#include "/abs/path"`, by a
#     symbolic link inside the project, by `../` out of the repository and by
#     a compile database's `-include`: none of its tokens may reach the
#     text, JSON or SARIF report, or -v,
#   - --file-memory at its smallest (64M) on a small file,
#   - a 10,000-deep else-if chain and a 100,000-term sum, which overflow
#     clang's recursive parser on an 8 MiB stack.
# The slow cases run under a CPU-time limit (`ulimit -t`), not a wall-clock
# one, so a busy machine does not make them fail.  Each check prints "ok: ..."
# or "FAIL: ..."; the last line is "N passed, M failed".  Registered in
# ctest as cli.hostile_input.
set -uo pipefail

if (($# != 1)); then
    echo "usage: $0 GPULINT" >&2
    exit 2
fi
G=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpulint-hostile-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

kernel='__global__ void k(float *o) { o[threadIdx.x] = o[threadIdx.x] * 0.5; }'

# run_limited CPU_SECONDS OUT ARGS...: gpulint under a CPU-time limit; its
# exit status (128 + signal when the limit killed it)
run_limited() {
    local cpu=$1 out=$2
    shift 2
    (ulimit -t "$cpu" && exec "$G" "$@") > "$out" 2>&1
}

# --- a glob that backtracks exponentially
mkdir -p "$tmp/glob/src"
printf '%s\n' "$kernel" > "$tmp/glob/src/a.cu"
printf 'exclude:\n  - "%s"\n' "$(printf '%.0s*' $(seq 32))x" > "$tmp/glob/.gpulint.yaml"
run_limited 30 "$tmp/glob.out" --no-isolation --min-severity=info "$tmp/glob"
rc=$?
if ((rc == 1)) && grep -q 'src/a.cu:1:.*double-literal' "$tmp/glob.out"; then
    ok "an exclude glob of 32 '*' is matched at once (the file is analysed)"
else
    fail "an exclude glob of 32 '*': exit $rc: $(tail -2 "$tmp/glob.out")"
fi

# --- config files that are too deep, too large, or not files at all
mkdir -p "$tmp/deep"
printf '%s\n' "$kernel" > "$tmp/deep/a.cu"
python3 -c "import sys; n = 100000; sys.stdout.write('exclude: ' + '[' * n + ']' * n + '\n')" > "$tmp/deep/.gpulint.yaml"
run_limited 30 "$tmp/deep.out" "$tmp/deep"
rc=$?
if ((rc == 2)) && grep -q 'gpulint.yaml:1:[0-9]*: error: the config nests deeper than 64 levels' "$tmp/deep.out"; then
    ok "a config nested 100,000 levels deep is refused with its position"
else
    fail "a deeply nested config: exit $rc: $(head -c 400 "$tmp/deep.out")"
fi
mkdir -p "$tmp/large"
printf '%s\n' "$kernel" > "$tmp/large/a.cu"
{ echo "exclude:"; for i in $(seq 70000); do echo "  - \"dir$i/**\""; done; } > "$tmp/large/.gpulint.yaml"
run_limited 30 "$tmp/large.out" "$tmp/large"
rc=$?
if ((rc == 2)) && grep -q 'gpulint.yaml: error: the config file is [0-9]* bytes, more than' "$tmp/large.out"; then
    ok "a config over 1 MiB is refused"
else
    fail "a config over 1 MiB: exit $rc: $(head -c 400 "$tmp/large.out")"
fi
mkdir -p "$tmp/fifo"
printf '%s\n' "$kernel" > "$tmp/fifo/a.cu"
mkfifo "$tmp/fifo/.gpulint.yaml"
timeout 120 "$G" "$tmp/fifo" > "$tmp/fifo.out" 2>&1
rc=$?
if ((rc == 2)) && grep -q 'gpulint.yaml: error: the config file is not a regular file' "$tmp/fifo.out"; then
    ok "a FIFO named .gpulint.yaml is an error, not a hang or a silent skip"
else
    fail "a FIFO config: exit $rc: $(head -c 400 "$tmp/fifo.out")"
fi

# --- a 20,000-header include chain: the fragment graph in linear time
mkdir -p "$tmp/chain/inc"
git -C "$tmp/chain" init -q 2>/dev/null || mkdir "$tmp/chain/.git"
python3 - "$tmp/chain" <<'EOF'
import sys
root, n = sys.argv[1], 20000
for i in range(n):
    with open(f"{root}/inc/h{i}.cuh", "w") as f:
        f.write(f'#pragma once\n#include "h{i + 1}.cuh"\n__device__ inline float f{i}(float x) {{ return x + 1; }}\n')
open(f"{root}/inc/h{n}.cuh", "w").write("#pragma once\n")
open(f"{root}/main.cu", "w").write('#include "inc/h0.cuh"\n__global__ void k(float *o) { o[threadIdx.x] = f0(o[threadIdx.x]) * 0.5; }\n')
EOF
# The graph is built once, by the main process, under a CPU limit here;
# built per worker it was quadratic, and each worker timed out in turn
# (--file-timeout=120 and the wall-clock backstop only catch that).
(ulimit -t 60 && exec timeout 600 "$G" -j 2 --file-timeout=120 "$tmp/chain") > "$tmp/chain.out" 2>&1
rc=$?
if ((rc == 2)) && grep -q '20002 files' "$tmp/chain.out" && ! grep -q 'timed out' "$tmp/chain.out"; then
    ok "a 20,000-header include chain is read within its CPU limit"
else
    fail "a 20,000-header include chain: exit $rc: $(tail -2 "$tmp/chain.out")"
fi

# --- 1,000 files that include one 20,000-header chain: a header's include
# closure is worked out once per run (include_scan.h), not walked again for
# each file that reaches it.  The files have no GPU code, so nothing is
# parsed: in one process (--no-isolation, then --show-project's second look)
# the walk is the work, 40 million header visits when each file walked the
# chain (minutes of CPU; a few seconds now).
mkdir -p "$tmp/shared/inc"
git -C "$tmp/shared" init -q 2>/dev/null || mkdir "$tmp/shared/.git"
python3 - "$tmp/shared" <<'EOF'
import sys
root, n, files = sys.argv[1], 20000, 1000
for i in range(n):
    with open(f"{root}/inc/h{i}.h", "w") as f:
        f.write(f'#pragma once\n#include "h{i + 1}.h"\n#define H{i} {i}\n__device__ inline float f{i}(float x) {{ return x + 1; }}\n')
open(f"{root}/inc/h{n}.h", "w").write("#pragma once\n")
for j in range(files):
    open(f"{root}/f{j}.cu", "w").write('#include "inc/h0.h"\nint host_only(void) { return H0; }\n')
EOF
(ulimit -t 60 && exec timeout 600 "$G" --no-isolation --show-project "$tmp/shared") > "$tmp/shared.out" 2>&1
rc=$?
if ((rc == 0)) && grep -q 'shared: 1000 files' "$tmp/shared.out" && grep -q ' 0 errors; 1000 files, 0 kernels' "$tmp/shared.out"; then
    ok "1,000 files that include one 20,000-header chain are read within their CPU limit"
else
    fail "1,000 files that include one 20,000-header chain: exit $rc: $(tail -2 "$tmp/shared.out")"
fi

# --- a file outside the project, reached four ways
mkdir -p "$tmp/outside" "$tmp/repo/src" "$tmp/repo/db"
git -C "$tmp/repo" init -q 2>/dev/null || mkdir "$tmp/repo/.git"
secret=SECRET_TOKEN_e3b0c44298fc
printf '%s hunter2 %s_tail\n' "$secret" "$secret" > "$tmp/outside/secret.txt"
printf '#include "%s/outside/secret.txt"\n;\n%s\n' "$tmp" "$kernel" > "$tmp/repo/src/absolute.cu"
ln -s "$tmp/outside/secret.txt" "$tmp/repo/src/link.h"
printf '#include "link.h"\n;\n%s\n' "$kernel" > "$tmp/repo/src/linked.cu"
printf '#include "../../outside/secret.txt"\n;\n%s\n' "$kernel" > "$tmp/repo/src/relative.cu"
printf ';\n%s\n' "$kernel" > "$tmp/repo/db/forced.cu"
printf '[{"directory": "%s", "file": "forced.cu", "command": "nvcc -include %s -c forced.cu"}]\n' \
    "$tmp/repo/db" "$tmp/outside/secret.txt" > "$tmp/repo/db/compile_commands.json"
for fmt in text json sarif; do
    "$G" -v --min-severity=info --format=$fmt "$tmp/repo" > "$tmp/leak.$fmt" 2>&1
    if grep -q "$secret\|hunter2" "$tmp/leak.$fmt"; then
        fail "--format=$fmt: a token of the outside file reached the report: $(grep -m1 "$secret\|hunter2" "$tmp/leak.$fmt")"
    else
        ok "--format=$fmt -v: no token of the outside file in the report"
    fi
done
n=$(grep -c '\(secret.txt\|link.h\): [a-z]*: [0-9]* diagnostics* of this file not shown: it is outside the project' "$tmp/leak.text")
if ((n == 4)); then
    ok "each of the four includes of the outside file is reported by its path only"
else
    fail "the outside file's summary: $n lines, expected 4: $(grep secret "$tmp/leak.text")"
fi
if grep -q 'src/absolute.cu:3:.*double-literal' "$tmp/leak.text" && grep -q 'db/forced.cu:2:.*double-literal' "$tmp/leak.text"; then
    ok "the including files' own findings are still reported"
else
    fail "the including files' findings are missing: $(grep -c double-literal "$tmp/leak.text") double-literal lines"
fi
# an include directory the user names is trusted: its errors are shown
printf '#include "secret.txt"\n%s\n' "$kernel" > "$tmp/repo/src/named.cu"
"$G" -v -I "$tmp/outside" "$tmp/repo/src/named.cu" > "$tmp/named.out" 2>&1
if grep -q "unknown type name '$secret'" "$tmp/named.out"; then
    ok "a header under an include directory the user names keeps its diagnostics"
else
    fail "-I DIR: the header's diagnostics are withheld: $(head -3 "$tmp/named.out")"
fi

# --- --file-memory at its smallest still analyses a small file: the limit is
# what the file's analysis adds to the worker, not gpulint's own size (a
# sanitizer build limits resident memory instead, where this does not apply)
if "$G" --help 2>&1 | grep -q 'this is a sanitizer build'; then
    ok "--file-memory=64M: skipped (a sanitizer build limits resident memory)"
else
    "$G" --min-severity=info --file-memory=64M "$tmp/glob/src/a.cu" > "$tmp/mem.out" 2>&1
    rc=$?
    if ((rc == 1)) && grep -q 'a.cu:1:.*double-literal' "$tmp/mem.out"; then
        ok "--file-memory=64M analyses a one-kernel file"
    else
        fail "--file-memory=64M: exit $rc: $(tail -2 "$tmp/mem.out")"
    fi
fi

# --- nesting that overflows clang's own recursive parser on an 8 MiB stack:
# the worker gives libclang a 512 MiB one, so the file is analysed (gpulint's
# model stops at its own depth limit with a note) and the second kernel's
# finding is reported
python3 - "$tmp" <<'EOF'
import sys
tmp = sys.argv[1]
head = "__global__ void k(const float *in, float *out, int n) {\n int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
tail = " out[i] = x;\n}\n__global__ void other(float *o) { o[threadIdx.x] = o[threadIdx.x] * 0.25; }\n"
with open(f"{tmp}/elif.cu", "w") as f:
    f.write(head + " float x = in[i];\n if (n == 0) x += 1;\n")
    f.write("".join(f" else if (n == {j}) x += {j};\n" for j in range(1, 10000)))
    f.write(tail)
with open(f"{tmp}/sum.cu", "w") as f:
    f.write(head + " float x = in[i]" + " + in[i]" * 100000 + ";\n" + tail)
EOF
for c in elif sum; do
    "$G" --min-severity=info --rules=double-literal "$tmp/$c.cu" > "$tmp/$c.out" 2>&1
    rc=$?
    if ((rc == 1)) && grep -q "$c.cu:[0-9]*:.*0.25.*double-literal" "$tmp/$c.out" && ! grep -q 'killed by signal' "$tmp/$c.out"; then
        ok "$c.cu (nesting 10,000 or 100,000 deep): analysed, the next kernel's finding reported"
    else
        fail "$c.cu: exit $rc: $(tail -2 "$tmp/$c.out")"
    fi
done

echo "$passed passed, $failed failed"
((failed == 0))
