#!/usr/bin/env bash
# The same input gives byte-identical output across runs and -j settings.
# Usage: check_determinism.sh SYMSHAPE FILE...
set -uo pipefail
symshape=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for mode in "check --json" "check" "refine" "graph"; do
  files=("$@")
  # refine and graph take one file: use each in turn.
  if [ "$mode" = "refine" ] || [ "$mode" = "graph" ]; then
    for f in "${files[@]}"; do
      $symshape $mode "$f" >"$work/a" 2>&1
      $symshape $mode "$f" -j 4 >"$work/b" 2>&1
      if ! cmp -s "$work/a" "$work/b"; then
        echo "FAIL: '$mode $f' differs between runs/-j"; status=1
      fi
    done
    continue
  fi
  $symshape $mode "${files[@]}" >"$work/1" 2>&1
  $symshape $mode "${files[@]}" >"$work/2" 2>&1
  $symshape $mode -j 2 "${files[@]}" >"$work/3" 2>&1
  $symshape $mode -j 8 "${files[@]}" >"$work/4" 2>&1
  for k in 2 3 4; do
    if ! cmp -s "$work/1" "$work/$k"; then
      echo "FAIL: '$mode' output $k differs from the first run"
      diff "$work/1" "$work/$k" | head -10
      status=1
    fi
  done
done
[ "$status" -eq 0 ] && echo "deterministic across runs and -j 1/2/4/8 on $# files"
exit $status
