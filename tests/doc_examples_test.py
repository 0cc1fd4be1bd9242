#!/usr/bin/env python3
"""doc_examples_test.py GPULINT DOCS_DIR [--update]

Every rule page (docs/rules/<id>.md) shows example code followed by the
output of `gpulint --rules=<id> [OPTIONS] example.cu` (options such as
--min-severity=info, for an example whose finding is below the default
threshold).  This runs each example and
fails when the page no longer shows what gpulint prints; --update rewrites
the output blocks instead.
"""
import os
import re
import subprocess
import sys
import tempfile


def main():
    gpulint, docs = os.path.abspath(sys.argv[1]), sys.argv[2]
    update = "--update" in sys.argv[3:]
    passed = failed = 0
    for page in sorted(os.listdir(os.path.join(docs, "rules"))):
        if not page.endswith(".md"):
            continue
        rule = page[:-3]
        path = os.path.join(docs, "rules", page)
        text = open(path).read()
        blocks = list(re.finditer(r"```(\w*)\n(.*?)```", text, re.S))
        new_text, last = [], 0
        found = 0
        for i, m in enumerate(blocks):
            if m.group(1) != "cuda" or i + 1 >= len(blocks):
                continue
            out = blocks[i + 1]
            command = out.group(2).split("\n", 1)[0]
            words = command.split()
            if words[:3] != ["$", "gpulint", "--rules=%s" % rule] or words[-1] != "example.cu":
                continue
            options = words[3:-1]
            found += 1
            with tempfile.TemporaryDirectory() as d:
                open(os.path.join(d, "example.cu"), "w").write(m.group(2))
                r = subprocess.run([gpulint, "--rules=" + rule] + options + ["example.cu"], cwd=d,
                                   capture_output=True, text=True)
            shown = out.group(2).split("\n", 1)[1]
            if r.stdout == shown:
                passed += 1
                print("ok: %s example %d" % (rule, found))
                continue
            if update:
                new_text.append(text[last:out.start(2)])
                new_text.append("%s\n%s" % (command, r.stdout))
                last = out.end(2)
                print("updated: %s example %d" % (rule, found))
                passed += 1
            else:
                failed += 1
                print("FAIL: %s example %d: the page shows\n%s\ngpulint prints\n%s" % (rule, found, shown, r.stdout))
        if update and new_text:
            new_text.append(text[last:])
            open(path, "w").write("".join(new_text))
        if not found:
            failed += 1
            print("FAIL: %s: no example with its output" % rule)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
