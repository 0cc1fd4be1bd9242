#!/usr/bin/env python3
"""doc_links_test.py SOURCE_DIR

Every relative link in the repository's Markdown pages (README.md,
CHANGELOG.md, docs/**, and the READMEs under bench/, include/, testdata/
and tests/) must name a file or directory that exists, and a link with a
#fragment into a Markdown page must name one of its headings (GitHub's
anchor rules).  Links to web addresses are not checked.  Links inside code
blocks and inline code are not links.  Exit 0 when all resolve, 1 otherwise.
"""
import os
import re
import sys

SKIP_DIRS = {".git", "shared", "corpus"}
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def pages(root):
    for top in ["README.md", "CHANGELOG.md"]:
        if os.path.isfile(os.path.join(root, top)):
            yield top
    for sub in ["docs", "bench", "include", "testdata", "tests"]:
        for d, dirs, files in os.walk(os.path.join(root, sub)):
            dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith("build"))
            for f in sorted(files):
                if f.endswith(".md") and (sub == "docs" or f == "README.md"):
                    yield os.path.relpath(os.path.join(d, f), root)


def strip_code(text, inline=True):
    """The text with fenced code blocks (and inline code) blanked, line numbers kept."""
    out, fenced = [], False
    for line in text.split("\n"):
        if re.match(r"^\s*(```|~~~)", line):
            fenced = not fenced
            out.append("")
            continue
        out.append("" if fenced else re.sub(r"`+[^`]*`+", "``", line) if inline else line)
    return out


def slug(heading):
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"[*~]", "", text)
    text = text.strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        seen, names = {}, set()
        for line in strip_code(open(path, encoding="utf-8").read(), inline=False):
            m = HEADING.match(line)
            if not m:
                continue
            s = slug(m.group(2))
            n = seen.get(s, 0)
            seen[s] = n + 1
            names.add(s if n == 0 else "%s-%d" % (s, n))
        cache[path] = names
    return cache[path]


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    checked = broken = 0
    for page in pages(root):
        path = os.path.join(root, page)
        for lineno, line in enumerate(strip_code(open(path, encoding="utf-8").read()), 1):
            for m in LINK.finditer(line):
                target = m.group(1)
                if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                    continue  # http:, https:, mailto:
                checked += 1
                file_part, _, fragment = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
                problem = None
                if file_part.startswith("/"):
                    problem = "an absolute path"
                elif not os.path.exists(dest):
                    problem = "no such file"
                elif os.path.relpath(dest, root).split(os.sep)[0] == "..":
                    problem = "outside the repository"
                elif fragment and dest.endswith(".md") and fragment not in anchors(dest):
                    problem = "no heading '#%s' in %s" % (fragment, os.path.relpath(dest, root))
                if problem:
                    broken += 1
                    print("%s:%d: broken link '%s': %s" % (page, lineno, target, problem))
    print("doc_links: %d relative links checked, %d broken" % (checked, broken))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
