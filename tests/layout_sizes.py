#!/usr/bin/env python3
"""layout_sizes.py SOURCE_DIR - the size caps of the layout test.

Prints one line per violation and exits 1 when there is any:
  - a C file over FILE_CAP lines that is not on OVER_CAP (a split is due);
  - a file on OVER_CAP that is no longer over the cap (take it off: the list
    only shrinks), or a list longer than OVER_CAP_MAX;
  - a function over FUNCTION_CAP lines (from the line of its name to its
    closing brace in column 0) that is not on FUNCTION_OVER_CAP.
"""
import os
import re
import sys

FILE_CAP = 600
FUNCTION_CAP = 150
# Files still over the cap, to be split along their seams.  Shrink only.
OVER_CAP = {
    "checker/lsp/lsp.c",
    "checker/frontend/cx.c",
    "checker/frontend/kernel.c",
    "checker/frontend/templates.c",
    "checker/frontend/eval.c",
    "checker/frontend/facts.c",
    "checker/project/cmake_facts.c",
    "checker/frontend/parse.c",
    "checker/project/project.c",
}
OVER_CAP_MAX = 9
# Functions still over the cap ("file:function").  Shrink only.
FUNCTION_OVER_CAP = set()

# A function definition: a line in column 0 that names it and opens its
# parameter list, with the body's brace in column 0 (the code's style).
DEF = re.compile(r"^(?:[A-Za-z_][\w\s\*]*?[\s\*])?([A-Za-z_]\w*)\s*\(")
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "do", "else"}


def functions(lines):
    """(name, first line, length) of each function definition."""
    name = start = None
    for i, line in enumerate(lines):
        if name is None:
            m = DEF.match(line)
            if m and m.group(1) not in KEYWORDS and not line.startswith(("#", "typedef", "struct ", "extern ")):
                name, start = m.group(1), i
        elif line.startswith("{") and start is not None and ";" in "".join(lines[start:i]).split(")")[-1]:
            name = None  # a declaration, not a definition
        elif line.startswith("}"):
            yield name, start + 1, i - start + 1
            name = None
        elif name is not None and line.strip().endswith(";") and not any(l.startswith("{") for l in lines[start:i + 1]):
            name = None  # a prototype over several lines


def main():
    src = sys.argv[1]
    bad = []
    over = set()
    long_functions = set()
    nfiles = nfunctions = 0
    for top in ("checker", "rules"):
        for dirpath, _, names in os.walk(os.path.join(src, top)):
            for n in sorted(names):
                if not n.endswith((".c", ".h")):
                    continue
                path = os.path.join(dirpath, n)
                rel = os.path.relpath(path, src)
                with open(path, encoding="utf-8", errors="replace") as f:
                    lines = f.read().split("\n")
                nfiles += 1
                count = len(lines) - (1 if lines and lines[-1] == "" else 0)
                if count > FILE_CAP:
                    over.add(rel)
                    if rel not in OVER_CAP:
                        bad.append(f"{rel} has {count} lines (cap {FILE_CAP}): split it along its seams")
                for name, line, length in functions(lines):
                    nfunctions += 1
                    if length > FUNCTION_CAP:
                        long_functions.add(f"{rel}:{name}")
                    if length > FUNCTION_CAP and f"{rel}:{name}" not in FUNCTION_OVER_CAP:
                        bad.append(f"{rel}:{line}: function {name} has {length} lines (cap {FUNCTION_CAP})")
    for rel in sorted(OVER_CAP - over):
        bad.append(f"{rel} is on the over-cap list but has at most {FILE_CAP} lines now: take it off the list")
    for fn in sorted(FUNCTION_OVER_CAP - long_functions):
        bad.append(f"{fn} is on the function list but has at most {FUNCTION_CAP} lines now: take it off the list")
    if len(OVER_CAP) > OVER_CAP_MAX:
        bad.append(f"the over-cap list has {len(OVER_CAP)} files; it may only shrink (at most {OVER_CAP_MAX})")
    for b in bad:
        print("layout: FAIL:", b)
    print(f"layout: {nfiles} files and {nfunctions} functions measured; {len(over)} files over {FILE_CAP} lines")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
