#!/usr/bin/env python3
"""rule_files_test.py GPULINT SRCDIR [RULE...]: every registered rule's own
files agree with what the rule reports, so that a new rule is checked without
an edit here (docs/dev/adding-a-rule.md).

For each rule that `gpulint --list-rules` prints (or each RULE given), gpulint
lints the rule's positive cases (testdata/rules/<id>/pos_*) with
`--rules=<id> --min-severity=info --format=json --emit-bench DIR`, and:

  - the rule reports at least one finding;
  - every evidence key of every finding is named (`key`) in the
    **Evidence.** paragraph of docs/rules/<id>.md, or is one of the keys
    docs/evidence-keys.md gives every finding ("Every ... may add `key`");
  - every finding gets a benchmark (an entry of DIR/index.json) or a note
    saying why not ("--emit-bench: ID: no benchmark: ...");
  - a rule without bench/templates/<id>.cu is one whose bench() refuses:
    none of its findings gets a benchmark, and each has the note (a rule
    whose pattern no CUDA benchmark on NVIDIA can show, such as
    warp-size-assumption's 64-wide wavefronts);
  - each benchmark's parameters are GL_ macros that bench/templates/<id>.cu
    reads (a name the template never reads would be benchmarked at its
    default, silently), with a value, and they cover every GL_ macro the
    template uses without defining it (no #define in the template or in the
    harness bench/gpulint_bench.h);
  - the benchmarks of the rule's cases do not all use only defaults: at least
    one finding's evidence sets a parameter.

Prints one line per problem and exits 1 when there is any."""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

HARNESS_NAMES = {"GL_FINDING_ID", "GL_RULE", "GL_LOCATION", "GL_ASSUMED"}  # written by --emit-bench itself


def rule_ids(gpulint):
    out = subprocess.run([gpulint, "--list-rules"], capture_output=True, text=True, check=True).stdout
    return [line.split()[0] for line in out.splitlines() if line and not line[0].isspace()]


def documented_keys(src, rule):
    """The keys the rule's page names in its **Evidence.** paragraph."""
    page = open(os.path.join(src, "docs", "rules", rule + ".md"), encoding="utf-8").read()
    m = re.search(r"^\*\*Evidence\.\*\*(.*?)(?:\n\n|\Z)", page, re.S | re.M)
    if not m:
        return None
    return set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", m.group(1)))


def common_keys(src):
    """The keys docs/evidence-keys.md gives every finding ("Every ...")."""
    doc = open(os.path.join(src, "docs", "evidence-keys.md"), encoding="utf-8").read()
    keys = set()
    for para in doc.split("\n\n"):
        if para.startswith("Every "):
            keys.update(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)` (?:str|int|bool)", para))
    return keys


def defined_names(text):
    return set(re.findall(r"^\s*#\s*define\s+(GL_[A-Z0-9_]+)", text, re.M))


def template_names(src, rule):
    """(names the template reads, names it uses without a #define of its own
    or of the harness)."""
    tmpl = open(os.path.join(src, "bench", "templates", rule + ".cu"), encoding="utf-8").read()
    harness = open(os.path.join(src, "bench", "gpulint_bench.h"), encoding="utf-8").read()
    code = re.sub(r"/\*.*?\*/", " ", tmpl, flags=re.S)  # the header comment documents names, reads none
    code = re.sub(r"//[^\n]*", " ", code)
    read = set(re.findall(r"\bGL_[A-Z0-9_]+\b", code)) | set(re.findall(r"\bGL_[A-Z0-9_]+\b", harness))
    required = set(re.findall(r"\bGL_[A-Z0-9_]+\b", code)) - defined_names(code) - defined_names(harness)
    return read, required - HARNESS_NAMES


def check_rule(gpulint, src, rule, common, problems):
    seen = {}  # a problem once, at its first finding, with how many findings have it

    def bad(msg, where=None):
        if msg not in seen:
            seen[msg] = [where, 0]
            problems.append((rule, msg, seen[msg]))
        seen[msg][1] += 1

    cases = sorted(glob.glob(os.path.join(src, "testdata", "rules", rule, "pos_*")))
    if not cases:
        return bad("no positive cases testdata/rules/%s/pos_*" % rule)
    if not os.path.isfile(os.path.join(src, "docs", "rules", rule + ".md")):
        return bad("no docs/rules/%s.md" % rule)
    # no template: the rule must refuse every benchmark, with a note (below)
    has_template = os.path.isfile(os.path.join(src, "bench", "templates", rule + ".cu"))
    doc = documented_keys(src, rule)
    if doc is None:
        bad("docs/rules/%s.md has no '**Evidence.**' paragraph" % rule)
        doc = set()
    read, required = template_names(src, rule) if has_template else (set(), set())
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "findings.json")
        bdir = os.path.join(work, "b")
        p = subprocess.run([gpulint, "--rules=" + rule, "--min-severity=info", "--format=json", "-o", out,
                            "--emit-bench", bdir] + cases, capture_output=True, text=True)
        if p.returncode > 1:
            return bad("gpulint exited %d: %s" % (p.returncode, p.stderr[-2000:]))
        report = json.load(open(out, encoding="utf-8"))
        findings = [f for f in report["findings"] if f["rule"] == rule]
        index_path = os.path.join(bdir, "index.json")
        entries = json.load(open(index_path, encoding="utf-8"))["benchmarks"] if os.path.exists(index_path) else []
    if not findings:
        return bad("no finding on its %d positive cases" % len(cases))
    notes = " ".join(e.get("message", "") for e in report.get("errors", []) + report.get("notes", [])) + p.stderr
    by_id = {e["id"]: e for e in entries}
    set_by_evidence = False
    for f in findings:
        where = "%s:%d" % (os.path.relpath(f["file"], src), f["line"])
        for key in f["evidence"]:
            if key not in doc and key not in common:
                bad("evidence key '%s' is not in the Evidence paragraph of docs/rules/%s.md" % (key, rule), where)
        entry = by_id.get(f["id"])
        if entry is None:
            if ("--emit-bench: %s: no benchmark: " % f["id"]) not in notes:
                bad("a finding has no benchmark and no note saying why" +
                    ("" if has_template else " (no bench/templates/%s.cu: the rule must refuse, with a note)" % rule),
                    where)
            continue
        if not has_template:
            bad("a finding got a benchmark but there is no bench/templates/%s.cu" % rule, where)
            continue
        params = entry["params"]
        params = {name.split("(")[0]: value for name, value in params.items()}  # GL_EXPR(x): a macro's name
        for name, value in params.items():
            if name not in read:
                bad("parameter %s is not read by bench/templates/%s.cu" % (name, rule), where)
            if value == "":
                bad("parameter %s has no value" % name, where)
        for name in sorted(required - set(params)):
            bad("bench/templates/%s.cu needs %s (no default) and a finding's benchmark does not set it" % (rule, name),
                where)
        set_by_evidence = set_by_evidence or bool(params)
    if by_id and not set_by_evidence:
        bad("no benchmark of its positive cases sets a parameter: the benchmark ignores the evidence")
    print("%s: %d cases, %d findings, %d benchmarks%s" % (rule, len(cases), len(findings), len(by_id),
                                                        "" if has_template else " (no template: every finding says why)"))


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: rule_files_test.py GPULINT SRCDIR [RULE...]")
    gpulint, src = sys.argv[1], sys.argv[2]
    rules = sys.argv[3:] or rule_ids(gpulint)
    if not rules:
        sys.exit("FAIL: gpulint --list-rules printed no rule")
    common = common_keys(src)
    problems = []
    for rule in rules:
        check_rule(gpulint, src, rule, common, problems)
    for rule, msg, (where, count) in problems:
        print("FAIL %s: %s%s" % (rule, msg, " (first at %s; %d findings)" % (where, count) if where else ""))
    print("%d rules, %d problems" % (len(rules), len(problems)))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
