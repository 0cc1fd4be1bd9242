#!/usr/bin/env bash
# layout_test.sh GPULINT SOURCE_DIR BUILD_DIR - the layer boundaries the design promises:
#   1. only checker/frontend/ includes libclang's headers;
#   2. no target outside the front end gets libclang's include directory
#      (read from the build's compile_commands.json);
#   3. the size caps (layout_sizes.py): files of at most 600 lines, except
#      a list that may only shrink, and functions of at most 150 lines;
#   4. every registered rule has its file, doc page and testdata;
#   5. each layer includes only itself and the layers below it (the table
#      LOWER below), and the build gives each file exactly those include
#      roots, so the table and CMakeLists.txt cannot drift apart.
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
python3 "$src/tests/layout_sizes.py" "$src" || fail=1

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

# 5: the one dependency picture (docs/dev/architecture.md draws it).  Each
# layer may include the layers listed after it, and nothing else.
declare -A LOWER=(
    [util]=""
    [model]="util"
    [finding]="model util"
    [frontend]="model util"
    [rules]="finding model util"
    [project]="frontend finding model util"
    [report]="rules frontend finding model util"
    [variants]="project report rules frontend finding model util"
    [engine]="variants project report rules frontend finding model util"
    [isolate]="engine variants project report rules frontend finding model util"
    [output]="rules finding model util"
    [bench]="output rules finding model util"
    [lsp]="isolate engine variants project report rules frontend finding model util"
    [audit]="isolate bench output engine variants project report rules frontend finding model util"
    [cli]="lsp audit bench output isolate engine variants project report rules frontend finding model util"
)
layer_of() { # a source file's layer: its folder under checker/, or rules
    local rel=${1#"$src"/}
    case "$rel" in rules/*) echo rules;; checker/*) rel=${rel#checker/}; echo "${rel%%/*}";; esac
}
nedges=0
while IFS= read -r f; do
    layer=$(layer_of "$f")
    [[ -n "$layer" ]] || continue
    [[ -v LOWER[$layer] ]] || { bad "$f: layer '$layer' is not in the table of tests/layout_test.sh"; continue; }
    while IFS= read -r inc; do
        [[ "$inc" == "$layer" ]] && continue
        nedges=$((nedges + 1))
        [[ " ${LOWER[$layer]} " == *" $inc "* ]] || bad "$f includes $inc/, which $layer may not (allowed: ${LOWER[$layer]:-none})"
    done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([a-z_]*\)\/.*/\1/p' "$f" | sort -u)
done < <(find "$src/checker" "$src/rules" -name '*.[ch]')
((nedges > 100)) || bad "only $nedges cross-layer includes found: the check is broken"
# the build's include roots for each file: its own layer and those below
if [[ -f "$cc_json" ]]; then
    nroots=0
    while IFS=$'\t' read -r f roots; do
        layer=$(layer_of "$f")
        [[ -n "$layer" && -v LOWER[$layer] ]] || continue
        want=$(echo "$layer ${LOWER[$layer]}" | tr ' ' '\n' | grep . | sort | tr '\n' ' ')
        got=$(echo "$roots" | tr ' ' '\n' | grep . | grep -v '^bench-headers$' | sort -u | tr '\n' ' ')
        nroots=$((nroots + 1))
        [[ "$want" == "$got" ]] || bad "$f is compiled with the include roots of [$got], the table says [$want]"
    done < <(python3 -c '
import json, re, sys
for e in json.load(open(sys.argv[1])):
    roots = re.findall(r"-I\S*/layer-roots/([a-z_-]+)", e["command"])
    print(e["file"] + "\t" + " ".join(roots))' "$cc_json" | grep -E "^$src/(checker|rules)/")
    ((nroots > 100)) || bad "only $nroots compile commands of checker/ and rules/ found: the check is broken"
    echo "layout: $nedges cross-layer includes and $nroots files' include roots checked against the table"
fi

if ((fail)); then echo "layout: 0 passed, 1 failed"; exit 1; fi
echo "layout: $nrules rules checked; 1 passed, 0 failed"
