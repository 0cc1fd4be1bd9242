#!/usr/bin/env python3
"""Score gpulint's JSON reports against hand-made recall labels.

usage: score.py LABELS.json REPORT_DIR [--tolerance N] [--misses] [--flagged]

LABELS.json is a list of {repo, path, line, rule, kind, why} (kind: positive
or negative).  REPORT_DIR holds one report per project, named OWNER__NAME.json
(gpulint --format=json --min-severity=info PROJECT_DIR).  A label is matched
by a finding of the same rule in the same file whose line range comes within
--tolerance lines of the label's line (default 3: labels point at the spot an
engineer would change, findings at the expression; a statement over several
lines moves them apart).  Each finding matches at most one label.

Prints, per rule and in total: positives found at --min-severity=info and at
the default threshold (low), and labelled negatives flagged at both.
"""
import json
import os
import sys

SEVERITIES = ["info", "low", "medium", "high"]
DEFAULT_MIN = "low"


def load_findings(report_dir, repo):
    name = repo.replace("/", "__")
    path = os.path.join(report_dir, name + ".json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        report = json.load(f)
    out = []
    for finding in report.get("findings", []):
        file = finding["file"]
        marker = "/" + name + "/"
        rel = file.split(marker, 1)[1] if marker in file else file
        out.append({"rule": finding["rule"], "path": rel, "line": finding["line"],
                    "end": finding.get("end_line", finding["line"]), "severity": finding["severity"]})
    return out


def match(labels, findings, tolerance, min_severity):
    """Label index -> the finding that matches it (closest line first)."""
    floor = SEVERITIES.index(min_severity)
    taken = set()
    result = {}
    candidates = []
    for li, label in enumerate(labels):
        for fi, f in enumerate(findings):
            if f["rule"] != label["rule"] or f["path"] != label["path"]:
                continue
            if SEVERITIES.index(f["severity"]) < floor:
                continue
            lo, hi = f["line"] - tolerance, f["end"] + tolerance
            if lo <= label["line"] <= hi:
                candidates.append((abs(label["line"] - f["line"]), li, fi))
    for _, li, fi in sorted(candidates):
        if li in result or fi in taken:
            continue
        result[li] = fi
        taken.add(fi)
    return result


def main():
    args = sys.argv[1:]
    tolerance, show_misses, show_flagged = 3, False, False
    if "--tolerance" in args:
        i = args.index("--tolerance")
        tolerance = int(args[i + 1])
        del args[i:i + 2]
    if "--misses" in args:
        args.remove("--misses")
        show_misses = True
    if "--flagged" in args:
        args.remove("--flagged")
        show_flagged = True
    if len(args) != 2:
        sys.stderr.write(__doc__)
        return 2
    with open(args[0]) as f:
        labels = json.load(f)
    report_dir = args[1]
    by_repo = {}
    for label in labels:
        by_repo.setdefault(label["repo"], []).append(label)
    rows = {}  # rule -> counters
    missing_reports = []
    misses, flagged = [], []
    for repo, repo_labels in sorted(by_repo.items()):
        findings = load_findings(report_dir, repo)
        if findings is None:
            missing_reports.append(repo)
            findings = []
        for severity, key in (("info", "info"), (DEFAULT_MIN, "default")):
            matched = match(repo_labels, findings, tolerance, severity)
            for li, label in enumerate(repo_labels):
                row = rows.setdefault(label["rule"], {})
                kind = label["kind"]
                row[kind] = row.get(kind, 0) + (1 if key == "info" else 0)
                hit = li in matched
                row[kind + "_" + key] = row.get(kind + "_" + key, 0) + (1 if hit else 0)
                if key == "info" and kind == "positive" and not hit:
                    misses.append(label)
                if key == "default" and kind == "negative" and hit:
                    flagged.append(label)
    def pct(a, b):
        return "-" if b == 0 else "%5.1f%%" % (100.0 * a / b)
    total = {}
    print("%-22s %5s %13s %13s %5s %13s %13s" % ("rule", "pos", "found(info)", "found(low)", "neg",
                                                 "flagged(info)", "flagged(low)"))
    for rule in sorted(rows) + ["total"]:
        row = rows.get(rule, total)
        if rule != "total":
            for k, v in row.items():
                total[k] = total.get(k, 0) + v
        p, n = row.get("positive", 0), row.get("negative", 0)
        print("%-22s %5d %6d %6s %6d %6s %5d %6d %6s %6d %6s" % (
            rule, p, row.get("positive_info", 0), pct(row.get("positive_info", 0), p),
            row.get("positive_default", 0), pct(row.get("positive_default", 0), p),
            n, row.get("negative_info", 0), pct(row.get("negative_info", 0), n),
            row.get("negative_default", 0), pct(row.get("negative_default", 0), n)))
    for repo in missing_reports:
        print("no report for %s in %s: its labels count as not found" % (repo, report_dir))
    if show_misses:
        print("\npositives not found at --min-severity=info:")
        for label in misses:
            print("  %s %s:%d %s" % (label["rule"], label["repo"] + "/" + label["path"], label["line"], label["why"]))
    if show_flagged:
        print("\nnegatives flagged at the default threshold:")
        for label in flagged:
            print("  %s %s:%d %s" % (label["rule"], label["repo"] + "/" + label["path"], label["line"], label["why"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
