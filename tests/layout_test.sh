#!/usr/bin/env bash
# layout_test.sh GPULINT SOURCE_DIR BUILD_DIR - the layer boundaries the design promises:
#   1. only checker/frontend/ includes libclang's headers;
#   2. no target outside the front end gets libclang's include directory
#      (read from the build's compile_commands.json);
#   3. no C file is over 900 lines;
#   4. every registered rule has its file, doc page and testdata.
set -u
gpulint=$1 src=$2 build=$3
fail=0
bad() { echo "layout: FAIL: $*"; fail=1; }

# 1
while IFS= read -r f; do
    case "$f" in "$src"/checker/frontend/*) ;; *) bad "$f includes libclang (only checker/frontend/ may)";; esac
done < <(grep -rlE '#[[:space:]]*include[[:space:]]*[<"]clang-c/' "$src/checker" "$src/rules" "$src/tests" 2>/dev/null)

# 2
cc_json="$build/compile_commands.json"
if [[ -f "$cc_json" ]]; then
    libclang_inc=$(sed -n 's/^LIBCLANG_INCLUDE_DIR:PATH=//p' "$build/CMakeCache.txt")
    # compile_commands.json as CMake writes it: "command" then "file" per entry
    awk -v inc="-I$libclang_inc" -v src="$src/checker/frontend/" '
        /"command":/ { cmd = $0 }
        /"file":/ { f = $0; sub(/.*"file": *"/, "", f); sub(/".*/, "", f)
                    if (index(cmd, inc) && index(f, src) != 1 && f !~ /CMakeFiles/) print f }' "$cc_json" |
        while IFS= read -r f; do bad "$f is compiled with libclang's include directory"; done | grep . && fail=1
    # the check must see the flag where it belongs, or it proves nothing
    frontend_with_flag=$(awk -v inc="-I$libclang_inc" -v src="$src/checker/frontend/" '
        /"command":/ { cmd = $0 }
        /"file":/ { if (index(cmd, inc) && index($0, src)) n++ } END { print n + 0 }' "$cc_json")
    ((frontend_with_flag > 0)) || bad "no front-end file is compiled with -I$libclang_inc: the check is broken"
    checked=$(grep -c '"file":' "$cc_json")
    echo "layout: $checked compile commands checked for libclang's include directory"
else
    bad "no $cc_json (configure with CMAKE_EXPORT_COMPILE_COMMANDS=ON)"
fi

# 3
while read -r n f; do
    [[ "$f" == total ]] && continue
    ((n > 900)) && bad "$f has $n lines (limit 900: split it along its seams)"
done < <(find "$src/checker" "$src/rules" -name '*.c' -print0 | xargs -0 wc -l)

# 4
ids=$("$gpulint" --list-rules | awk '{print $1}')
nrules=0
for id in $ids; do
    nrules=$((nrules + 1))
    [[ -f "$src/rules/${id//-/_}.c" ]] || bad "rule $id: no rules/${id//-/_}.c"
    [[ -f "$src/docs/rules/$id.md" ]] || bad "rule $id: no docs/rules/$id.md"
    [[ -d "$src/testdata/rules/$id" ]] || bad "rule $id: no testdata/rules/$id/"
    grep -q "X(${id//-/_})" "$src/rules/registry.c" || bad "rule $id: not registered in rules/registry.c"
done
((nrules >= 7)) || bad "found only $nrules rules"

if ((fail)); then echo "layout: 0 passed, 1 failed"; exit 1; fi
echo "layout: $nrules rules checked; 1 passed, 0 failed"
