# same_findings.sh - sourced by the package tests (package_test.sh,
# package_root_test.sh, container_test.sh): whether an installed gpulint
# finds what the build tree's finds, by rule and fingerprint.

# findings_list JSON: its findings as sorted "rule fingerprint" lines
# (fails on a file that is not gpulint's JSON).
findings_list() {
    python3 -c 'import json,sys; print("\n".join(sorted(f["rule"]+" "+f["fingerprint"] for f in json.load(open(sys.argv[1]))["findings"])))' "$1"
}

# same_findings WHAT BUILT_JSON OTHER_JSON OTHER_NAME: prints ok or FAIL with
# the difference; status 1 when the lists differ, the build's is empty or
# either file is not gpulint's JSON.
same_findings() {
    local what=$1 built=$2 other=$3 name=$4
    findings_list "$built" >"$built.list" 2>/dev/null || { echo "FAIL: $what: the build's output is not gpulint's JSON"; return 1; }
    findings_list "$other" >"$other.list" 2>/dev/null || {
        echo "FAIL: $what: the $name's output is not gpulint's JSON"; head -c 2000 "$other"; return 1; }
    [[ -s "$built.list" ]] || { echo "FAIL: $what: the build's binary found nothing"; return 1; }
    if diff -u "$built.list" "$other.list"; then
        echo "ok: $what: $(wc -l <"$other.list") findings, the same from the $name and the build"
    else
        echo "FAIL: $what: the $name's findings differ from the build's"
        return 1
    fi
}
