#!/usr/bin/env python3
"""action_steps_test.py BUILD_DIR SOURCE_DIR - action.yml's steps run as a
GitHub runner runs them, on a local .deb: each `run` step under bash with
its `env` (every value one `${{ inputs.X }}` or `${{ github.X }}`, the
inputs' defaults filled in), GITHUB_ACTION_PATH, GITHUB_OUTPUT and
GITHUB_PATH, on a scratch repository with a pull request that adds a
file with findings to files with others.  Checks: the install step installs the .deb
(unpacked: GPULINT_INSTALL_PREFIX), the lint step annotates only the added
file's findings, fails the step (and not with fail-on-findings false), writes SARIF of
every finding (valid against the SARIF schema when it is here) and sets its
outputs; the upload step gets that file.  Exit 77 (skipped) without python3
yaml, cpack, dpkg or git."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

build, src = (os.path.realpath(a) for a in sys.argv[1:3])
try:
    import yaml
except ImportError:
    print("SKIP: python3 yaml is not installed (Debian python3-yaml; ci/setup.sh installs it)")
    sys.exit(77)
for tool in ("cpack", "dpkg", "git"):
    if not shutil.which(tool):
        print(f"SKIP: {tool} not found")
        sys.exit(77)

failures = 0


def check(what, ok):
    global failures
    print(("ok: " if ok else "FAIL: ") + what)
    failures += not ok


action = yaml.safe_load(open(os.path.join(src, "action.yml")))
steps = action["runs"]["steps"]
EXPR = re.compile(r"^\$\{\{\s*(inputs|github)\.([A-Za-z_][A-Za-z0-9_-]*)\s*\}\}$")
for s in steps:
    if "run" in s:
        check(f"step '{s['name']}': no expression inside the shell text", "${{" not in s["run"])
        check(f"step '{s['name']}': shell bash", s.get("shell") == "bash")
        for k, v in (s.get("env") or {}).items():
            check(f"step '{s['name']}': env {k} is one input or github value", bool(EXPR.match(str(v))))
            m = EXPR.match(str(v))
            if m and m.group(1) == "inputs":
                check(f"env {k} names a declared input ({m.group(2)})", m.group(2) in action["inputs"])


def run_steps(inputs, github, workdir, tmp):
    """Runs every `run` step; returns ({step id or name: exit status}, outputs per step id)."""
    values = {k: str(v.get("default", "")) for k, v in action["inputs"].items()}
    values.update(inputs)
    path_file = os.path.join(tmp, "github_path")
    open(path_file, "a").close()
    statuses, outputs = {}, {}
    failed = False
    for s in steps:
        key = s.get("id", s["name"])
        if "run" not in s or failed:  # a runner skips the steps after a failed one (no always())
            continue
        env = dict(os.environ)
        extra = [l.strip() for l in open(path_file) if l.strip()]
        env["PATH"] = os.pathsep.join(extra + [env["PATH"]])
        out_file = os.path.join(tmp, f"output-{key}")
        open(out_file, "w").close()
        env.update(GITHUB_ACTION_PATH=src, GITHUB_OUTPUT=out_file, GITHUB_PATH=path_file)
        for k, v in (s.get("env") or {}).items():
            m = EXPR.match(str(v))
            env[k] = (values if m.group(1) == "inputs" else github).get(m.group(2), "")
        p = subprocess.run(["bash", "-c", s["run"]], cwd=workdir, env=env, capture_output=True, text=True)
        statuses[key] = p.returncode
        failed = p.returncode != 0
        outputs[key] = dict(l.split("=", 1) for l in open(out_file).read().splitlines() if "=" in l)
        print(f"-- step '{s['name']}' exited {p.returncode}")
        sys.stdout.write(p.stdout[-2000:] + p.stderr[-2000:])
    return statuses, outputs


tmp = tempfile.mkdtemp(prefix="gpulint-action-")
try:
    subprocess.run(["cpack", "-G", "DEB", "-B", os.path.join(tmp, "pkg")], cwd=build, check=True,
                   capture_output=True)
    deb = next(os.path.join(tmp, "pkg", f) for f in os.listdir(os.path.join(tmp, "pkg")) if f.endswith(".deb"))
    # a repository whose main branch has findings; the pull request adds a
    # file with more
    repo = os.path.join(tmp, "repo")
    os.makedirs(repo)
    for f in ("activations.cu", "matrix_rows.cu"):
        shutil.copy(os.path.join(src, "testdata/examples", f), repo)
    git = lambda *a: subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *a], cwd=repo,
                                    check=True, capture_output=True)
    git("init", "-q", "-b", "main")
    git("add", ".")
    git("commit", "-qm", "base")
    git("update-ref", "refs/remotes/origin/main", "HEAD")
    git("checkout", "-qb", "pr")
    shutil.copy(os.path.join(src, "testdata/examples/image_blur.cu"), repo)
    git("add", ".")
    git("commit", "-qm", "pr")
    count = lambda *paths: len(json.loads(subprocess.run([os.path.join(build, "gpulint"), "--format=json", *paths],
                                                         cwd=repo, capture_output=True, text=True).stdout)["findings"])
    added, everything = count("image_blur.cu"), count(".")
    os.environ["GPULINT_INSTALL_PREFIX"] = os.path.join(tmp, "prefix")
    os.environ.pop("GPULINT_DATA_DIR", None)
    github = {"action_ref": "main", "action_repository": "example/gpulint", "base_ref": "main"}
    statuses, outputs = run_steps({"deb": deb}, github, repo, tmp)
    check("install step: exit 0", statuses.get("Install gpulint") == 0)
    check("install step: gpulint unpacked", os.path.exists(os.path.join(tmp, "prefix/usr/bin/gpulint")))
    check("lint step: fails the step on the pull request's finding", statuses.get("lint") == 1)
    lint = outputs.get("lint", {})
    check(f"lint step: findings={added}, the added file's only ({lint.get('findings')})",
          lint.get("findings") == str(added) and 0 < added < everything)
    sarif_path = os.path.join(repo, lint.get("sarif-file", "missing"))
    check("lint step: sarif-file output names the written report", os.path.isfile(sarif_path))
    if os.path.isfile(sarif_path):
        results = json.load(open(sarif_path))["runs"][0]["results"]
        check(f"SARIF has every finding ({len(results)} of {everything}), not only the changed lines",
              len(results) == everything)
        schema = os.path.join(src, "..", "shared", "schemas", "sarif-schema-2.1.0.json")
        v = subprocess.run([sys.executable, os.path.join(src, "tests/sarif_check.py"), sarif_path, schema],
                           capture_output=True, text=True)
        check(f"SARIF valid ({v.stdout.strip()[:100]})", v.returncode in (0, 77))
    upload = next(s for s in steps if "uses" in s)
    check("upload step: codeql-action/upload-sarif of the lint step's file",
          upload["uses"].startswith("github/codeql-action/upload-sarif@")
          and "steps.lint.outputs.sarif-file" in upload["with"]["sarif_file"] and "always()" in upload.get("if", ""))
    statuses, _ = run_steps({"deb": deb, "fail-on-findings": "false"}, github, repo, tmp)
    check("fail-on-findings false: the lint step passes", statuses.get("lint") == 0)
    statuses, outputs = run_steps({"deb": deb, "paths": "no-such-dir"}, github, repo, tmp)
    check("a path that does not exist: the lint step exits 2", statuses.get("lint") == 2)
    statuses, _ = run_steps({}, {"action_ref": "main", "action_repository": "example/gpulint"}, repo, tmp)
    check("no release tag and no deb: the install step fails with a message", statuses.get("Install gpulint") == 1)
finally:
    shutil.rmtree(tmp, ignore_errors=True)
sys.exit(1 if failures else 0)
