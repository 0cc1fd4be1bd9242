#!/usr/bin/env python3
"""replay_table.py DIR... - the replays of emitted benchmark folders as a
Markdown table: per replay the kernel's time as written and fixed, the
speedup, the verdict and the cost model's prediction beside it.

Each DIR is a folder written by `gpulint --emit-bench DIR` whose replays were
run (`gpulint bench DIR`, or run.sh elsewhere and `gpulint bench DIR
--collect`): its index.json and results.json are read.  Replays that were not
built, not timed or failed are counted under the table with the reason.
"""
import json
import os
import statistics
import sys


def load(path):
    with open(path) as f:
        return json.load(f)


def main(dirs):
    rows, missing = [], []
    ratios = []
    for d in dirs:
        index = load(os.path.join(d, "index.json"))
        results = {r["id"]: r for r in load(os.path.join(d, "results.json")).get("results", [])}
        for b in index["benchmarks"]:
            if b.get("kind") != "replay":
                continue
            f = b["finding"]
            where = "%s:%s" % (os.path.basename(f["file"]), f["line"])
            r = results.get(b["id"])
            res = r.get("result") if r else None
            if not res:
                why = (r or {}).get("not_timed") or (r or {}).get("error") or "not built or not run"
                missing.append((where, f["rule"], why))
                continue
            v = res["variants"]
            best = [x for x in v[1:] if x.get("name") == res.get("best_fix")] or v[1:2]
            pred = f.get("predicted", {})
            p = pred.get("speedup") if pred.get("known", True) and "speedup" in pred else None
            s = res.get("best_speedup")
            if p and s:
                ratios.append(abs(p / s - 1))
            rows.append((f["rule"], where, f.get("kernel", "?"), b["replay"]["measures"], v[0]["median_ms"],
                         best[0]["median_ms"] if best else None, s, res.get("verdict"), p))
    print("| rule | finding | kernel | measures | as written (ms) | fixed (ms, best fix) | speedup | verdict | predicted |")
    print("|---|---|---|---|---:|---:|---:|---|---:|")
    for rule, where, kernel, measures, a, b, s, verdict, p in sorted(rows):
        print("| %s | %s | `%s` | %s | %.4f | %s | %s | %s | %s |" % (
            rule, where, kernel.replace("|", "\\|"), measures, a, "%.4f" % b if b else "-",
            "%.2fx" % s if s else "-", verdict, "%.2fx" % p if p else "-"))
    print()
    print("%d replays timed; %d not: %s." % (len(rows), len(missing), "; ".join(
        "%s [%s]: %s" % m for m in missing) or "none"))
    if ratios:
        print("Median |predicted/measured - 1| over the %d timed replays with a prediction: %.0f%%." % (
            len(ratios), 100 * statistics.median(ratios)))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
