# all_findings.sh - sourced by CLI tests whose cases are about files, parsing
# and benchmarks, not about severity: all_findings_gpulint REAL DIR writes
# DIR/gpulint-all-findings, which runs REAL with --min-severity=info (every finding is
# reported, whatever its predicted cost; `gpulint bench ...` is passed on as
# it is), and prints its path.
all_findings_gpulint() {
    local real=$1 dir=$2
    case $real in /*) ;; *) real=$(cd "$(dirname "$real")" && pwd)/$(basename "$real") ;; esac
    printf '#!/bin/sh\nif [ "$1" = bench ]; then exec "%s" "$@"; fi\nexec "%s" --min-severity=info "$@"\n' "$real" "$real" > "$dir/gpulint-all-findings"
    chmod +x "$dir/gpulint-all-findings"
    printf "%s\n" "$dir/gpulint-all-findings"
}
