#!/usr/bin/env bash
# Every C++ source of the repository is as .clang-format (LLVM style) and
# clang-format 14 print it. Lists the files that differ, with a few lines of
# the difference; to fix them: clang-format-14 -i FILE...
#
#   check_format.sh SOURCE_DIR [CLANG_FORMAT]
set -euo pipefail
src=$1
format=${2:-clang-format-14}
command -v "$format" >/dev/null ||
  { echo "no $format (bash .ci/install-deps installs clang-format-14)"; exit 1; }
cd "$src"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.cpp' '*.h')
else
  mapfile -t files < <(find . -path ./build -prune -o \( -name '*.cpp' -o -name '*.h' \) -print)
fi
bad=0
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  if ! "$format" --style=file "$f" | cmp -s - "$f"; then
    echo "not formatted: $f"
    "$format" --style=file "$f" | diff -u "$f" - | sed -n '3,12p' || true
    bad=$((bad + 1))
  fi
done
echo "clang-format: ${#files[@]} files, $bad not formatted"
[ "$bad" -eq 0 ]
