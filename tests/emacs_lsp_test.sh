#!/usr/bin/env bash
# emacs_lsp_test.sh GPULINT SOURCE_DIR - a real editor against gpulint lsp:
# Emacs in batch mode with eglot, configured by the documented setup
# (editors/emacs/gpulint.el), on a CUDA, an OpenCL and a HIP file
# (tests/emacs_lsp_test.el).  First, without Helix (Debian 12 has none), a
# check of editors/helix/languages.toml as data: the server's command and
# that the CUDA, HIP and OpenCL languages use it.
# Skipped (exit 77, with a message) where emacs or eglot is not installed;
# ci/setup.sh installs Debian's emacs-nox and elpa-eglot packages.
set -u
gpulint=$1 src=$(realpath "$2")

# Helix: the configuration parses and says what docs/editors.md says
if python3 -c 'import tomllib' 2>/dev/null; then
    python3 - "$src/editors/helix" <<'PY' || { echo "emacs_lsp_test: FAILED (editors/helix)"; exit 1; }
import os, sys, tomllib
root = sys.argv[1]
with open(os.path.join(root, "languages.toml"), "rb") as f:
    conf = tomllib.load(f)
bad = []
server = conf.get("language-server", {}).get("gpulint", {})
if server.get("command") != "gpulint" or server.get("args") != ["lsp"]:
    bad.append(f"[language-server.gpulint] runs {server.get('command')!r} {server.get('args')!r}, not gpulint lsp")
if not isinstance(server.get("config", {}).get("extraArgs"), list):
    bad.append("[language-server.gpulint] config has no extraArgs list")
langs = {l.get("name"): l for l in conf.get("language", [])}
for name, types in (("cuda", {"cu", "cuh"}), ("hip", {"hip"}), ("opencl", {"cl", "clh", "opencl"})):
    lang = langs.get(name)
    if lang is None:
        bad.append(f"no [[language]] {name}")
        continue
    if set(lang.get("file-types", [])) != types:
        bad.append(f"{name}: file-types {lang.get('file-types')}, want {sorted(types)}")
    if "gpulint" not in lang.get("language-servers", []):
        bad.append(f"{name}: language-servers {lang.get('language-servers')} lack gpulint")
for name in ("cuda", "hip"):
    if langs.get(name, {}).get("grammar") != "cpp":
        bad.append(f"{name}: not the cpp grammar")
    # Helix reads highlighting queries by language name: cuda's and hip's
    # inherit cpp's
    for q in ("highlights", "injections", "locals", "indents", "textobjects"):
        p = os.path.join(root, "runtime", "queries", name, q + ".scm")
        if not os.path.isfile(p) or open(p).readline().strip() != "; inherits: cpp":
            bad.append(f"runtime/queries/{name}/{q}.scm does not inherit cpp")
for b in bad:
    print("helix: FAIL: " + b)
if bad:
    sys.exit(1)
print("helix: languages.toml: gpulint lsp for cuda (cu, cuh), hip (hip) and opencl (cl, clh, opencl); not run (no Helix here)")
PY
else
    echo "emacs_lsp_test: editors/helix not checked: python3 with tomllib (3.11+) is not installed"
fi

if ! command -v emacs >/dev/null 2>&1; then
    echo "emacs_lsp_test: SKIPPED: emacs is not installed (apt-get install emacs-nox elpa-eglot; ci/setup.sh does)"
    exit 77
fi
. "$(dirname "$0")/editor_test_files.sh"
editor_test_setup "$gpulint"
echo "emacs_lsp_test: $(emacs --version | head -1)"
# -Q leaves the site-lisp directories out, and with them the package
# directories where Debian's elpa-* packages live: ask Emacs for those a
# user's Emacs activates (no init file, no site-start)
elpa=$(HOME="$tmp" emacs --batch -q --no-site-file \
       --eval "(progn (require 'package) (princ (mapconcat #'identity package-directory-list \":\")))" 2>/dev/null)
# HOME and XDG dirs in the temporary directory: no user configuration, no
# state left behind
out=$(cd "$tmp" && HOME="$tmp" XDG_CONFIG_HOME="$tmp/c" XDG_DATA_HOME="$tmp/d" XDG_STATE_HOME="$tmp/s" \
      XDG_CACHE_HOME="$tmp/k" PATH="$tmp/bin:$PATH" GPULINT_ELPA="$elpa" \
      GPULINT_SETUP="$src/editors/emacs/gpulint.el" GPULINT_TEST_CU="$tmp/scale.cu" GPULINT_TEST_CL="$tmp/rows.cl" \
      GPULINT_TEST_HIP="$tmp/shift.hip" timeout 60 emacs --batch -Q -l "$src/tests/emacs_lsp_test.el" 2>&1)
rc=$?
echo "$out"
if ((rc == 77)); then
    echo "emacs_lsp_test: SKIPPED: eglot is not installed (Emacs 28: apt-get install elpa-eglot; ci/setup.sh does)"
    exit 77
fi
if ((rc != 0)) || ! grep -q "emacs: all checks passed" <<<"$out"; then
    echo "emacs_lsp_test: FAILED (emacs exit $rc)"
    exit 1
fi
