# no_time_limit.sh - sourced by tests whose cases are about results, not
# about time limits (isolation_test.sh has those): no_time_limit_gpulint
# REAL DIR writes DIR/gpulint-no-time-limit, which runs REAL with
# --file-timeout=3600, and prints its path.  The default limit is 60 s of
# wall-clock time per file; one toolkit file takes 30-60 s under ASan on a
# 2-core machine at a load average of 10, so a busier machine would time a
# file out and fail a check that has nothing to do with time.  Subcommands
# (bench, audit, lsp) are passed on as they are.
no_time_limit_gpulint() {
    local real=$1 dir=$2
    case $real in /*) ;; *) real=$(cd "$(dirname "$real")" && pwd)/$(basename "$real") ;; esac
    printf '#!/bin/sh\ncase "$1" in bench|audit|lsp) exec "%s" "$@" ;; esac\nexec "%s" --file-timeout=3600 "$@"\n' \
        "$real" "$real" >"$dir/gpulint-no-time-limit"
    chmod +x "$dir/gpulint-no-time-limit"
    printf "%s\n" "$dir/gpulint-no-time-limit"
}
