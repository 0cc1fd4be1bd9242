#!/usr/bin/env python3
"""sarif_check.py SARIF SCHEMA - validate a gpulint SARIF report against the
official SARIF 2.1.0 schema and check what GitHub code scanning requires of
it (docs/ci.md).  Exit 0 valid, 1 invalid, 77 skipped (no schema or no
python3 jsonschema), with the reason printed."""
import json
import sys


def main():
    report, schema_path = sys.argv[1], sys.argv[2]
    try:
        schema = json.load(open(schema_path))
    except OSError:
        print(f"SKIP: the SARIF schema {schema_path} is absent (../shared is not here)")
        return 77
    try:
        import jsonschema
    except ImportError:
        print("SKIP: python3 jsonschema is not installed (Debian python3-jsonschema; ci/setup.sh installs it)")
        return 77
    doc = json.load(open(report))
    cls = jsonschema.validators.validator_for(schema)
    errors = sorted(cls(schema, format_checker=jsonschema.FormatChecker()).iter_errors(doc), key=str)
    problems = [f"schema: {e.message} at {list(e.absolute_path)}" for e in errors[:10]]

    def need(cond, what):
        if not cond:
            problems.append(what)

    need(doc.get("$schema") and doc.get("version") == "2.1.0", "$schema and version 2.1.0")
    need(len(doc.get("runs", [])) == 1, "exactly one run (GitHub: one run per category)")
    run = doc["runs"][0]
    driver = run["tool"]["driver"]
    need(driver.get("name") == "gpulint" and driver.get("rules"), "tool.driver name and rules")
    ids = [r["id"] for r in driver["rules"]]
    for r in driver["rules"]:
        for key in ("shortDescription", "fullDescription", "help"):
            need(r.get(key, {}).get("text"), f"rule {r['id']}: {key}.text")
            need(len(r.get(key, {}).get("text", "")) <= 1024, f"rule {r['id']}: {key}.text over 1024 characters")
        need(r.get("help", {}).get("markdown"), f"rule {r['id']}: help.markdown")
        need(r.get("helpUri", "").endswith(r["id"] + ".md"), f"rule {r['id']}: helpUri to the rule page")
        need(r.get("defaultConfiguration", {}).get("level") in ("note", "warning", "error"), f"rule {r['id']}: level")
    need("%SRCROOT%" in run.get("originalUriBaseIds", {}), "originalUriBaseIds %SRCROOT%")
    for i, res in enumerate(run["results"]):
        where = f"result {i}"
        need(res.get("ruleId") in ids and ids[res.get("ruleIndex", -1)] == res.get("ruleId"), f"{where}: ruleId/ruleIndex")
        need(res.get("message", {}).get("text"), f"{where}: message.text")
        need(1 <= len(res.get("locations", [])) <= 10, f"{where}: 1 to 10 locations")
        need(res.get("partialFingerprints", {}).get("primaryLocationLineHash"), f"{where}: partialFingerprints")
        locs = [l for l in res.get("locations", []) + res.get("relatedLocations", [])]
        for fx in res.get("fixes", []):
            locs += [{"physicalLocation": c} for c in fx["artifactChanges"]]
        for loc in locs:
            art = loc["physicalLocation"]["artifactLocation"]
            uri = art["uri"]
            need(not uri.startswith("/") and ":" not in uri and ".." not in uri.split("/"), f"{where}: relative uri {uri}")
            need(art.get("uriBaseId") == "%SRCROOT%", f"{where}: uriBaseId")
        reg = res["locations"][0]["physicalLocation"].get("region", {})
        for key in ("startLine", "startColumn", "endLine", "endColumn"):
            need(reg.get(key, 0) >= 1, f"{where}: region.{key}")
    need(run.get("invocations") and "executionSuccessful" in run["invocations"][0], "invocations[0].executionSuccessful")
    for p in problems:
        print("FAIL:", p)
    if not problems:
        print(f"ok: valid SARIF 2.1.0 with {len(run['results'])} results and {len(ids)} rules")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
