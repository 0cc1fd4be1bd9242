#!/usr/bin/env bash
# tests/cli_test.sh GPULINT_BINARY TESTDATA_DIR
#
# The command line on bad input and its exit codes (0 no findings, 1 findings,
# 2 any error), using the files in TESTDATA_DIR/bad.  Each check prints
# "ok: ..." or "FAIL: ..."; the last line is "N passed, M failed" and the exit
# status is non-zero when any check failed.  Registered in ctest as
# cli.bad_input.
set -uo pipefail

if (($# != 2)); then
    echo "usage: $0 GPULINT_BINARY TESTDATA_DIR" >&2
    exit 2
fi
G=$1
BAD=$2/bad
if [[ ! -x "$G" ]]; then
    echo "FAIL: $G is not an executable"
    echo "0 passed, 1 failed"
    exit 1
fi
if [[ ! -d "$BAD" ]]; then
    echo "FAIL: $BAD is not a directory"
    echo "0 passed, 1 failed"
    exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpulint-cli-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/all_findings.sh"
G=$(all_findings_gpulint "$G" "$tmp") # these cases are about input, not severity
. "$(dirname "$0")/no_time_limit.sh"
G=$(no_time_limit_gpulint "$G" "$tmp") # ... nor time limits

passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

# show: the captured output of the last run, indented (after a failure).
show() {
    echo "    command: gpulint ${last_args[*]}"
    echo "    exit status: $rc"
    sed -n '1,40s/^/    stdout| /p' "$tmp/out"
    sed -n '1,40s/^/    stderr| /p' "$tmp/err"
}

# run ARGS...: runs gpulint; stdout -> $tmp/out, stderr -> $tmp/err, status -> $rc.
run() {
    last_args=("$@")
    rc=0
    "$G" "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
}

# expect_rc WHAT STATUS
expect_rc() {
    if [[ "$rc" == "$2" ]]; then
        ok "$1: exit $2"
    else
        fail "$1: exit $rc, expected $2"
        show
    fi
}

# expect_in WHAT out|err ERE: the stream of the last run matches the regex.
expect_in() {
    if grep -Eq -- "$3" "$tmp/$2"; then
        ok "$1"
    else
        fail "$1 (no match for /$3/ in std$2)"
        show
    fi
}

# expect_not_in WHAT out|err ERE
expect_not_in() {
    if grep -Eq -- "$3" "$tmp/$2"; then
        fail "$1 (unexpected match for /$3/ in std$2)"
        show
    else
        ok "$1"
    fi
}

# expect_empty WHAT out|err
expect_empty() {
    if [[ ! -s "$tmp/$2" ]]; then
        ok "$1"
    else
        fail "$1 (std$2 is not empty)"
        show
    fi
}

# re_path PATH: PATH as an extended regex matching itself literally.
re_path() { printf '%s' "$1" | sed 's/[][\.*^$+?(){}|/]/\\&/g'; }

GOOD=$BAD/good.cu
GOOD_RE=$(re_path "$GOOD")
GOOD_FINDING="^$GOOD_RE:10:[0-9]+: warning: .*\\[uncoalesced-adjacent\\]"

# --- files that cannot be analysed -----------------------------------------

missing=$BAD/does_not_exist.cu
run "$missing"
expect_rc "missing file" 2
expect_in "missing file: the message names the file and says it cannot be opened" err \
    "$(re_path "$missing").*cannot open"

run "$BAD/nogpu_dir"
expect_rc "directory with no .cu/.cuh files" 2
expect_in "directory with no .cu/.cuh files: says so" err "nogpu_dir.*no \\.cu or \\.cuh files"

run "$BAD/not_cuda.txt"
expect_rc "non-CUDA file named explicitly" 2
expect_in "non-CUDA file named explicitly: says it is not a CUDA source file" err \
    "not_cuda\\.txt.*not a CUDA source file"

run "$BAD/binary.cu"
expect_rc "binary file" 2
expect_in "binary file: says it is binary" err "binary\\.cu.*binary"

run "$BAD/empty.cu"
expect_rc "empty file" 0
expect_in "empty file: a note says it is empty" err "empty\\.cu: note: .*empty"
expect_not_in "empty file: no error" err ": error:"

# --- files with problems that are still analysed ----------------------------

run "$BAD/syntax_error.cu"
expect_rc "syntax error" 2
expect_in "syntax error: an error with file:line (missing ';' on line 9)" err \
    "syntax_error\\.cu:9:[0-9]+: error: .*';'"
expect_in "syntax error: an error with file:line (extraneous brace on line 14)" err \
    "syntax_error\\.cu:14:[0-9]+: error: .*brace"
expect_in "syntax error: the well-formed kernel's finding is still reported" out \
    "syntax_error\\.cu:20:[0-9]+: warning: .*\\[uncoalesced-adjacent\\]"

run "$BAD/missing_include.cu"
expect_rc "missing include" 1
# nothing in the file needs the header: the GPU code is analysed in full (ok),
# and one line still names the missing header
expect_in "missing include: one line names the header, the GPU code analysed in full" err \
    "missing_include\\.cu: note: GPU code analysed in full; missing header does_not_exist\\.h"
expect_not_in "missing include: the note itself only with -v" err "missing_include\\.cu:3:"
expect_not_in "missing include: reported as a note, not an error" err ": error:"
expect_in "missing include: the finding after it is reported" out \
    "missing_include\\.cu:10:[0-9]+: warning: .*\\[uncoalesced-adjacent\\]"
run -v "$BAD/missing_include.cu"
expect_in "missing include, -v: a note names the missing header" err \
    "missing_include\\.cu:3:[0-9]+: note: .*does_not_exist\\.h.*not found"
run --format=json "$BAD/missing_include.cu"
expect_in "missing include: JSON files[] says ok (no parse error follows from it)" out '"status":[[:space:]]*"ok"'
expect_in "missing include: JSON files[] lists the header" out '"missing_headers":[[:space:]]*\["does_not_exist\.h"\]'

# Literals at the edges of long long: analysed without signed overflow (the
# ASan+UBSan build aborts on any), no crash, no error.
run "$BAD/overflow_literals.cu"
if [[ "$rc" == 0 || "$rc" == 1 ]]; then ok "overflow_literals.cu: exit $rc"; else
    fail "overflow_literals.cu: exit $rc, expected 0 or 1"
    show
fi
expect_not_in "overflow_literals.cu: no sanitizer report" err "runtime error|AddressSanitizer|UndefinedBehaviorSanitizer"
expect_not_in "overflow_literals.cu: no error" err ": error:"

# Types libclang cannot lay out (a fuzzer find: the bound member of
# `x.~y` on an undeclared type crashed libclang 19): parse errors, no crash,
# in-process so that a crash is not hidden by a worker.
LIBCLANG_DISABLE_CRASH_RECOVERY=1 run --no-isolation --no-project "$BAD/layout_placeholder.cu"
expect_rc "layout_placeholder.cu" 2
expect_in "layout_placeholder.cu: the parse error is reported" err "pseudo-destructor must be called"
expect_not_in "layout_placeholder.cu: no crash" err "signal|Segmentation|AddressSanitizer"

run "$GOOD"
expect_rc "good.cu" 1
expect_in "good.cu: the uncoalesced-adjacent finding (text, stdout)" out "$GOOD_FINDING"
nwarn=$(grep -c ': warning: ' "$tmp/out" || true)
if [[ "$nwarn" == 1 ]]; then ok "good.cu: exactly one finding"; else
    fail "good.cu: $nwarn findings, expected 1"
    show
fi

run "$GOOD" "$missing"
expect_rc "good.cu + missing file" 2
expect_in "good.cu + missing file: the finding for good.cu is still printed" out "$GOOD_FINDING"
expect_in "good.cu + missing file: the missing file is reported" err "$(re_path "$missing").*cannot open"

# --- what a walk meets -------------------------------------------------------

tree=$tmp/tree
mkdir -p "$tree/sub"
cp "$GOOD" "$tree/sub/f.cu"
ln -s "$tree/sub" "$tree/dirlink"
ln -s loop_b "$tree/loop_a"
ln -s loop_a "$tree/loop_b"
ln -s missing_target.cu "$tree/dangling.cu"
run "$tree"
expect_rc "walk with links" 2
expect_in "walk: a symbolic link to a directory is reported as not followed" err \
    "dirlink: note: symbolic link to a directory: not followed"
expect_in "walk: a symbolic link loop is reported" err "loop_a: note: symbolic link loop"
expect_in "walk: a broken link named .cu is an error" err "dangling\\.cu: error: cannot open"
expect_in "walk: the real file is analysed" out "sub/f\\.cu:10:[0-9]+: warning: "

if mkfifo "$tree/sub/pipe.cu" 2>/dev/null; then
    run "$tree/sub"
    expect_rc "walk meets a FIFO named .cu" 2
    expect_in "walk meets a FIFO named .cu: says what it is" err "pipe\\.cu: error: not a regular file \\(a FIFO\\)"
    expect_in "walk meets a FIFO named .cu: the other file is analysed" out "f\\.cu:10:[0-9]+: warning: "
    rm -f "$tree/sub/pipe.cu"
else
    echo "skip: mkfifo not available"
fi

deep=$tmp/deep
p=$deep
for _ in $(seq 1 70); do p=$p/d; done
mkdir -p "$p"
cp "$GOOD" "$p/too_deep.cu"
cp "$GOOD" "$deep/shallow.cu"
run "$deep"
expect_rc "a tree deeper than the walk's limit" 2
expect_in "deep tree: the directory where the walk stops is named" err "/d: error: directories nested more than 64 levels deep"
expect_in "deep tree: the shallow file is analysed" out "shallow\\.cu:10:[0-9]+: warning: "

# Two spellings of one file (x/../f.cu and the walk; a hard link) are analysed once.
mkdir -p "$tmp/dup/x"
cp "$GOOD" "$tmp/dup/f.cu"
ln "$tmp/dup/f.cu" "$tmp/dup/hard.cu"
run "$tmp/dup/x/../f.cu" "$tmp/dup"
expect_rc "one file by three names" 1
nwarn=$(grep -c ': warning: ' "$tmp/out" || true)
if [[ "$nwarn" == 1 ]]; then ok "one file by three names: analysed once (1 finding)"; else
    fail "one file by three names: $nwarn findings, expected 1"
    show
fi
expect_in "one file by three names: a note says so" err "hard\\.cu: note: the same file as "

# Garbage without NUL bytes: one clear error, not dozens of parse errors.
head -c 6000 /dev/urandom | tr -d '\000' >"$tmp/garbage.cu"
run "$tmp/garbage.cu"
expect_rc "garbage without NUL bytes" 2
expect_in "garbage without NUL bytes: not a text file" err "garbage\\.cu: error: not a text file"
nerr=$(grep -c ': error: ' "$tmp/err" || true)
if [[ "$nerr" == 1 ]]; then ok "garbage without NUL bytes: exactly one error"; else
    fail "garbage without NUL bytes: $nerr errors, expected 1"
    show
fi
# Latin-1 in a comment is still source.
{ printf '// Gr\xfc\xdfe, na\xefve caf\xe9\n'; cat "$GOOD"; } >"$tmp/latin1.cu"
run "$tmp/latin1.cu"
expect_rc "a Latin-1 comment" 1

# Unreadable directories: root reads everything, so run as nobody when root.
as_user=()
if [[ "$(id -u)" == 0 ]]; then
    if command -v setpriv >/dev/null 2>&1 && id nobody >/dev/null 2>&1; then
        as_user=(setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups)
    fi
fi
locked=$tmp/locked
mkdir -p "$locked/open" "$locked/closed"
cp "$GOOD" "$locked/open/a.cu"
cp "$GOOD" "$locked/closed/b.cu"
chmod 755 "$tmp" "$locked" "$locked/open"
chmod 644 "$locked/open/a.cu"
chmod 000 "$locked/closed"
if [[ "$(id -u)" != 0 || ${#as_user[@]} -gt 0 ]]; then
    last_args=("$locked")
    rc=0
    "${as_user[@]}" "$G" "$locked" >"$tmp/out" 2>"$tmp/err" || rc=$?
    expect_rc "an unreadable subdirectory" 2
    expect_in "an unreadable subdirectory: named, with the reason" err "closed: error: cannot read this directory: Permission denied"
    expect_in "an unreadable subdirectory: the readable file is analysed" out "open/a\\.cu:10:[0-9]+: warning: "
    last_args=("$locked/closed")
    rc=0
    "${as_user[@]}" "$G" "$locked/closed" >"$tmp/out" 2>"$tmp/err" || rc=$?
    expect_rc "an unreadable directory argument" 2
    expect_in "an unreadable directory argument: says it cannot be read" err "closed: error: cannot read this directory"
    expect_not_in "an unreadable directory argument: not 'no .cu files found'" err "no \\.cu or \\.cuh files found"
else
    echo "skip: unreadable directories: running as root without setpriv"
fi
chmod 700 "$locked/closed"

# --- output formats ---------------------------------------------------------

run --format=json "$GOOD" "$missing"
expect_rc "--format=json (good.cu + missing file)" 2
for key in findings errors stats; do
    expect_in "--format=json: has the \"$key\" key" out "^[[:space:]]*\"$key\":"
done
expect_in "--format=json: the error names the missing file" out "\"file\":[[:space:]]*\"$(re_path "$missing")\""
expect_in "--format=json: the finding is in it" out "\"rule\":[[:space:]]*\"uncoalesced-adjacent\""
if command -v python3 >/dev/null 2>&1 && python3 -c 'import json' >/dev/null 2>&1; then
    if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert isinstance(d["findings"], list) and len(d["findings"]) == 1, "findings"
assert isinstance(d["errors"], list) and len(d["errors"]) == 1, "errors"
assert isinstance(d["stats"], dict), "stats"
' "$tmp/out" 2>"$tmp/py"; then
        ok "--format=json: valid JSON (python3), 1 finding, 1 error"
    else
        fail "--format=json: not valid JSON of the expected shape: $(tail -1 "$tmp/py")"
        show
    fi
else
    echo "skip: --format=json: python3 not available for a full JSON parse"
fi

report=$tmp/report.txt
run -o "$report" "$GOOD"
expect_rc "-o FILE" 1
expect_empty "-o FILE: nothing on stdout" out
if grep -Eq -- "$GOOD_FINDING" "$report" 2>/dev/null; then ok "-o FILE: the report is in FILE"; else
    fail "-o FILE: the finding is not in $report"
    show
fi

report=$tmp/report.json
run --format=json --output="$report" "$GOOD"
expect_rc "--format=json --output=FILE" 1
expect_empty "--format=json --output=FILE: nothing on stdout" out
if grep -q '"findings"' "$report" 2>/dev/null && grep -q '"stats"' "$report"; then
    ok "--format=json --output=FILE: the JSON report is in FILE"
else
    fail "--format=json --output=FILE: no JSON report in $report"
    show
fi

run -o "$tmp/no_such_dir/report.txt" "$GOOD"
expect_rc "-o into a missing directory" 2
expect_in "-o into a missing directory: names the file and says it cannot write the report" err \
    "no_such_dir/report\\.txt: error: cannot write the report"
expect_empty "-o into a missing directory: nothing on stdout" out

# A write that fails (a full disk) is an error that names the report file.
if [[ -w /dev/full ]]; then
    run -o /dev/full "$GOOD"
    expect_rc "-o onto a full device" 2
    expect_in "-o onto a full device: says it cannot write the report" err "^/dev/full: error: cannot write the report"
else
    echo "skip: -o onto a full device: no /dev/full"
fi

# -o onto a device node (what `-o /dev/null` is) must write to the device, not
# replace the node with a regular file.  Needs mknod (root); skipped otherwise.
if mknod "$tmp/null" c 1 3 2>/dev/null; then
    run --format=json -o "$tmp/null" "$GOOD"
    if [[ -c "$tmp/null" ]]; then
        ok "-o onto a character device (like /dev/null) leaves the device in place"
    else
        fail "-o onto a character device (like /dev/null) replaced it with a $(stat -c %F "$tmp/null" 2>/dev/null)"
        show
    fi
else
    echo "skip: -o onto a character device: mknod not permitted here"
fi

# -o never replaces an input file (also through a link), nor a dangling link.
cp "$GOOD" "$tmp/input.cu"
sum_before=$(cksum <"$tmp/input.cu")
run -o "$tmp/input.cu" "$tmp/input.cu"
expect_rc "-o onto an input file" 2
expect_in "-o onto an input file: refused, naming the input" err "input\\.cu: error: cannot write the report: it is the input file"
if [[ "$(cksum <"$tmp/input.cu")" == "$sum_before" ]]; then ok "-o onto an input file: the input is unchanged"; else
    fail "-o onto an input file: the input was changed"
fi
ln -s input.cu "$tmp/report_link.txt"
run -o "$tmp/report_link.txt" "$tmp"/input.cu
expect_rc "-o through a link to an input file" 2
expect_in "-o through a link to an input file: refused" err "report_link\\.txt: error: cannot write the report: it is the input file"
ln -s "$tmp/no_such_dir/target.json" "$tmp/dangling.json"
run -o "$tmp/dangling.json" "$GOOD"
expect_rc "-o onto a dangling symbolic link" 2
expect_in "-o onto a dangling symbolic link: refused" err "dangling\\.json: error: cannot write the report: a symbolic link to a missing file"
if [[ -L "$tmp/dangling.json" ]]; then ok "-o onto a dangling symbolic link: the link is left alone"; else
    fail "-o onto a dangling symbolic link: the link was replaced"
fi

# --write-baseline is checked as -o is: never onto an input file (by any name),
# nor a dangling link; and it replaces the file (temporary file and rename).
ln "$tmp/input.cu" "$tmp/input_hard.json"
for target in input.cu report_link.txt input_hard.json; do
    run --write-baseline "$tmp/$target" "$tmp/input.cu"
    expect_rc "--write-baseline onto an input file ($target)" 2
    expect_in "--write-baseline onto an input file ($target): refused, naming the input" err \
        "$target: error: cannot write the baseline: it is the input file .*input\\.cu"
    if [[ "$(cksum <"$tmp/input.cu")" == "$sum_before" ]]; then ok "--write-baseline onto an input file ($target): unchanged"; else
        fail "--write-baseline onto an input file ($target): the input was changed"
        cp "$GOOD" "$tmp/input.cu"
    fi
done
run --write-baseline "$tmp/dangling.json" "$GOOD"
expect_rc "--write-baseline onto a dangling symbolic link" 2
expect_in "--write-baseline onto a dangling symbolic link: refused" err \
    "dangling\\.json: error: cannot write the baseline: a symbolic link to a missing file"
run -o "$tmp/both.json" --write-baseline "$tmp/both.json" "$GOOD"
expect_rc "-o and --write-baseline onto one file" 2
expect_in "-o and --write-baseline onto one file: refused" err "both\\.json: error: cannot write the report: it is also the --write-baseline file"
printf '{"version": 1, "entries": []}\n' >"$tmp/old_baseline.json"
run -o "$tmp/old_baseline.json" --baseline "$tmp/old_baseline.json" "$GOOD"
expect_rc "-o onto the --baseline file" 2
expect_in "-o onto the --baseline file: refused" err "cannot write the report: it is also the --baseline file"
ln "$tmp/old_baseline.json" "$tmp/other_name.json"
ln -s old_baseline.json "$tmp/baseline_link.json"
run --write-baseline "$tmp/baseline_link.json" "$GOOD"
expect_rc "--write-baseline through a link" 0
if [[ -L "$tmp/baseline_link.json" ]] && grep -q '"fingerprint"' "$tmp/old_baseline.json"; then
    ok "--write-baseline through a link: the link stays, its target has the baseline"
else
    fail "--write-baseline through a link: the link or its target is wrong"
fi
if grep -q '"entries": \[\]' "$tmp/other_name.json"; then
    ok "--write-baseline replaces the file (a new file renamed into place), never rewrites it in place"
else
    fail "--write-baseline rewrote the file in place (its other hard link changed)"
fi
if compgen -G "$tmp/*.gpulint-tmp-*" >/dev/null; then fail "--write-baseline left a temporary file"; else
    ok "--write-baseline leaves no temporary file"
fi

# A report that cannot reach standard output is an error (exit 2) that says
# why: a full disk, stdout closed, a reader that went away (SIGPIPE ignored).
if [[ -w /dev/full ]]; then
    run_full() { last_args=("$@" ">/dev/full"); rc=0; "$G" "$@" >/dev/full 2>"$tmp/err" || rc=$?; : >"$tmp/out"; }
    run_full "$GOOD"
    expect_rc "report onto a full stdout" 2
    expect_in "report onto a full stdout: says so" err \
        "^gpulint: error: cannot write the report to standard output: No space left on device"
    run_full --format=json "$GOOD"
    expect_rc "JSON report onto a full stdout" 2
    expect_in "JSON report onto a full stdout: says so" err "cannot write the report to standard output: No space left on device"
else
    echo "skip: report onto a full stdout: no /dev/full"
fi
for format in text json; do
    last_args=("--format=$format" "$GOOD" ">&-")
    rc=0
    "$G" --format=$format "$GOOD" >&- 2>"$tmp/err" || rc=$?
    : >"$tmp/out"
    expect_rc "$format report with stdout closed" 2
    expect_in "$format report with stdout closed: says so" err "cannot write the report to standard output: Bad file descriptor"
    expect_not_in "$format report with stdout closed: no worker error" err "analysis stopped|killed by signal"
done
mkdir -p "$tmp/pipe_tmp"
if command -v python3 >/dev/null 2>&1; then
    last_args=("$GOOD" "| (reader gone)")
    rc=0
    ERR=$tmp/err TMPDIR=$tmp/pipe_tmp python3 -c '
import os, subprocess, sys
r, w = os.pipe()
os.close(r)  # the reader is gone before gpulint writes
sys.exit(subprocess.run(sys.argv[1:], stdout=w, stderr=open(os.environ["ERR"], "w")).returncode % 256)' \
        "$G" "$GOOD" || rc=$?
    : >"$tmp/out"
    expect_rc "report into a pipe nobody reads" 2
    expect_in "report into a pipe nobody reads: says so" err "cannot write the report to standard output: Broken pipe"
    if compgen -G "$tmp/pipe_tmp/gpulint-*" >/dev/null; then fail "report into a pipe nobody reads: $(ls "$tmp/pipe_tmp") left in TMPDIR"; else
        ok "report into a pipe nobody reads: no private directory left in TMPDIR"
    fi
else
    echo "skip: report into a pipe nobody reads: no python3"
fi

# JSON is valid UTF-8 whatever the bytes of file names and source text.
utf8_dir=$tmp/utf8
mkdir -p "$utf8_dir"
bad_name="$utf8_dir/name_$(printf '\351\377').cu"
{ printf '// caf\351 \377\376\n'; cat "$GOOD"; } >"$bad_name"
printf '__global__ void k(float* x) { x[threadIdx.x] = 1; } /* \303\050 */ int \377bad = 1;\n' >"$utf8_dir/err.cu"
# valid_json FILE: python3 (strict UTF-8 and JSON), or iconv for the UTF-8 part.
valid_json() {
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import json, sys; json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))' "$1" 2>"$tmp/py"
    else
        iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>"$tmp/py"
    fi
}
run --format=json "$utf8_dir"
expect_rc "invalid UTF-8 in a file name, a comment and an error" 2
if valid_json "$tmp/out"; then ok "invalid UTF-8: the JSON report is valid UTF-8 and JSON"; else
    fail "invalid UTF-8: the JSON report is not valid: $(tail -1 "$tmp/py")"
    show
fi
expect_in "invalid UTF-8: the file name has U+FFFD for the bad bytes" out "name_$(printf '\357\277\275\357\277\275')\\.cu"
rm -rf "$tmp/utf8_bench"
run --emit-bench "$tmp/utf8_bench" "$bad_name"
if [[ -f "$tmp/utf8_bench/index.json" ]] && valid_json "$tmp/utf8_bench/index.json"; then
    ok "invalid UTF-8: the benchmark index.json is valid"
else
    fail "invalid UTF-8: the benchmark index.json is missing or not valid: $(tail -1 "$tmp/py" 2>/dev/null)"
    show
fi

# --- errors of --emit-bench and --impact are in the JSON "errors" -----------

# json_error FILE MESSAGE_ERE: the JSON on stdout has an error for FILE whose
# message matches.
json_error() {
    python3 -c '
import json, re, sys
d = json.load(open(sys.argv[1]))
assert any(e["file"] == sys.argv[2] and re.search(sys.argv[3], e["message"]) for e in d["errors"]), d["errors"]
assert len(d["findings"]) == 1, "findings"
' "$tmp/out" "$1" "$2" 2>"$tmp/py"
}

if command -v python3 >/dev/null 2>&1; then
    not_dir=$tmp/not_a_dir
    : >"$not_dir"
    run --format=json --emit-bench "$not_dir" "$GOOD"
    expect_rc "--emit-bench DIR that is a regular file" 2
    expect_in "--emit-bench DIR that is a regular file: stderr names DIR" err \
        "^$(re_path "$not_dir"): error: --emit-bench: cannot create directory"
    if json_error "$not_dir" "^--emit-bench: cannot create directory"; then
        ok "--emit-bench DIR that is a regular file: the error is in the JSON errors, with its file"
    else
        fail "--emit-bench DIR that is a regular file: not in the JSON errors: $(tail -1 "$tmp/py")"
        show
    fi

    missing_results=$tmp/no_results.json
    run --format=json --impact "$missing_results" "$GOOD"
    expect_rc "--impact with a missing results file" 2
    if json_error "$missing_results" "^--impact: cannot open"; then
        ok "--impact with a missing results file: the error is in the JSON errors, with its file"
    else
        fail "--impact with a missing results file: not in the JSON errors: $(tail -1 "$tmp/py")"
        show
    fi
else
    echo "skip: JSON errors of --emit-bench and --impact: python3 not available"
fi

# --- options ----------------------------------------------------------------

run --rules=no-such-rule "$GOOD"
expect_rc "unknown rule in --rules" 2
expect_in "unknown rule in --rules: names it" err "unknown rule 'no-such-rule'"
expect_in "unknown rule in --rules: lists uncoalesced-adjacent" err "uncoalesced-adjacent"
expect_in "unknown rule in --rules: lists uncoalesced-row" err "uncoalesced-row"

run --no-such-option "$GOOD"
expect_rc "unknown option" 2
expect_in "unknown option: names it" err "unknown option '--no-such-option'"

run --list-rules
expect_rc "--list-rules" 0
expect_in "--list-rules: lists uncoalesced-adjacent" out "^uncoalesced-adjacent[[:space:]]"
expect_in "--list-rules: lists uncoalesced-row" out "^uncoalesced-row[[:space:]]"
expect_not_in "--list-rules: no options without -v" out "option "

run --list-rules -v
expect_rc "--list-rules -v" 0
expect_in "--list-rules -v: lists uncoalesced-row" out "^uncoalesced-row[[:space:]]"
expect_in "--list-rules -v: options with defaults" out "option max-specialized-value = 64: "
expect_in "--list-rules -v: which rules --fix applies" out "--fix applies its fix-its"

run --version
expect_rc "--version" 0
expect_in "--version: prints gpulint" out "^gpulint "
expect_in "--version: names the libclang it loaded" out "^libclang: /.*libclang"
expect_in "--version: names clang's resource headers (or what to install)" out "^clang resource headers: (/|not found \(install libclang-common-)"

run --rules=uncoalesced-row "$GOOD"
expect_rc "--rules=uncoalesced-row on good.cu (no findings)" 0
expect_not_in "--rules=uncoalesced-row on good.cu: no warning printed" out ": warning: "

echo "$passed passed, $failed failed"
((failed == 0))
