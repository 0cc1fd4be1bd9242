#!/usr/bin/env python3
"""host_strings_test.py GPULINT TESTDATA - kernels in host strings, end to end.

Every finding in testdata/opencl_strings/ must point into the host file at
the exact line and column, and the host file must hold the expected text
there (the finding's own range, its related locations and its fix-its).
Also: --fix edits the host file, a fix over escape sequences is not
offered, a host file without kernels is not linted, a directory walk picks
the host files with kernels only, and an unterminated string is an error
that says so."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

G, T = sys.argv[1], sys.argv[2]
D = os.path.join(T, "opencl_strings")
failed = 0


def check(name, ok, detail=""):
    global failed
    print(("ok: " if ok else "FAIL: ") + name)
    if not ok:
        failed = 1
        if detail:
            print("    | " + str(detail)[:2000].replace("\n", "\n    | "))


def run(*args):
    p = subprocess.run([G, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def text_at(path, line, col, end_line, end_col):
    lines = open(path, encoding="utf-8").read().split("\n")
    if end_line != line:
        return None
    return lines[line - 1][col - 1:end_col - 1]


def lint(name):
    rc, out, err = run("--format=json", "--min-severity=info", os.path.join(D, name))
    return rc, json.loads(out), err


# (rule, line, column, end column, text at that place in the host file)
EXPECT = {
    "raw.cpp": [("double-literal", 12, 30, 33, "1.5"), ("uncoalesced-row", 19, 38, 50, "a[i * n + j]"),
                ("uniform-branch", 26, 5, 7, "if")],
    "escaped.c": [("double-literal", 9, 35, 38, "0.5"), ("uncoalesced-row", 15, 43, 55, "a[i * n + j]"),
                  ("uniform-branch", 19, 34, 36, "if"), ("double-literal", 21, 65, 71, "0\\0562")],
    "stringify.c": [("double-literal", 10, 30, 33, "2.5"), ("uncoalesced-row", 19, 34, 46, "a[i * n + j]"),
                    ("uniform-branch", 24, 5, 7, "if")],
}
# related "the loop over j" of uncoalesced-row: (line, column, text starting there)
LOOPS = {"raw.cpp": (19, 5), "escaped.c": (15, 10), "stringify.c": (19, 5)}

for name, want in EXPECT.items():
    rc, res, err = lint(name)
    path = os.path.join(D, name)
    got = sorted((f["rule"], f["line"], f["column"], f["end_column"],
                  text_at(path, f["line"], f["column"], f["end_line"], f["end_column"])) for f in res["findings"])
    check(f"{name}: findings at their host line:column", got == sorted(want), got)
    check(f"{name}: no errors, status ok", not res["errors"] and res["files"][0]["status"] == "ok", res["errors"])
    for f in res["findings"]:
        if f["rule"] == "uncoalesced-row":
            rel = [(r["line"], r["column"]) for r in f["related"]]
            line = open(path).read().split("\n")[LOOPS[name][0] - 1]
            check(f"{name}: related loop at {LOOPS[name]}", rel == [LOOPS[name]] and
                  line[LOOPS[name][1] - 1:].startswith("for ("), rel)
        if f["rule"] == "double-literal":
            fx = f["fixes"][0]
            if f["line"] == 21:
                check(f"{name}: fix over an escape sequence is not offered as an edit",
                      not fx["replacements"] and "not offered as an edit" in fx["description"], fx)
            else:
                r = fx["replacements"][0] if fx["replacements"] else {}
                check(f"{name}:{f['line']}: fix-it in the host file",
                      (r.get("line"), r.get("column"), r.get("end_column"), r.get("text")) ==
                      (f["line"], f["column"], f["end_column"], f["evidence"]["literal"] + "f"), fx)

# --fix edits the host file in place (the escaped one only where it can)
tmp = tempfile.mkdtemp(prefix="gpulint-hoststr.")
try:
    for n in ("raw.cpp", "escaped.c"):
        shutil.copy(os.path.join(D, n), tmp)
    run("--fix", "--min-severity=info", tmp)
    raw = open(os.path.join(tmp, "raw.cpp")).read().split("\n")
    esc = open(os.path.join(tmp, "escaped.c")).read().split("\n")
    check("--fix: raw string edited", raw[11] == "    if (i < n) y[i] = x[i] * 1.5f;", raw[11])
    check("--fix: escaped literal edited", esc[8] == '    "    if (i < n) y[i] = x[i] * 0.5f;\\n"', esc[8])
    check("--fix: the \\056 literal left alone", "*= 0\\0562; }" in esc[20], esc[20])
finally:
    shutil.rmtree(tmp)

# a host file without kernel strings: not linted, no output
rc, out, err = run(os.path.join(D, "no_kernel.cpp"))
check("no_kernel.cpp: exit 0, nothing analysed", rc == 0 and "0 files" in err and "no_kernel" not in out + err,
      (rc, out, err))
rc, out, err = run("--format=json", os.path.join(D, "no_kernel.cpp"))
res = json.loads(out)
check("no_kernel.cpp: JSON without files, findings or errors",
      not res["files"] and not res["findings"] and not res["errors"], res)

# a directory walk takes the host files with kernel strings (and the broken one)
rc, out, err = run("--format=json", "--min-severity=info", D)
res = json.loads(out)
files = sorted(os.path.basename(f["path"]) for f in res["files"])
check("walk: host files with kernels only",
      files == ["escaped.c", "host_launch.c", "raw.cpp", "stringify.c", "unterminated.cpp"], files)

# an unterminated raw string: an error at its opening, no crash
rc, out, err = run("--format=json", os.path.join(D, "unterminated.cpp"))
res = json.loads(out)
e = res["errors"]
check("unterminated.cpp: exit 2 with one error at 6:22", rc == 2 and len(e) == 1 and
      (e[0]["line"], e[0]["column"]) == (6, 22) and "unterminated raw string literal R\"CL(" in e[0]["message"],
      (rc, e))

# a kernel string and its launch in one file: the launch is linked by name
rc, out, err = run("--format=json", os.path.join(D, "launch", "host_launch.c"))
res = json.loads(out)
got = [(f["rule"], f["line"], f["kernel"]) for f in res["findings"]]
check("host_launch.c: 16x16 launch of the string's kernel", got == [("fixed-block-16x16", 19, "copy2d")], got)

# -x cl keeps its meaning: the whole file is OpenCL C (so C++ names are unknown, no kernel)
rc, out, err = run("-x", "cl", os.path.join(D, "raw.cpp"))
check("-x cl reads the host file as OpenCL C", "never defines (std)" in err and "0 kernels" in err, err)

sys.exit(failed)
