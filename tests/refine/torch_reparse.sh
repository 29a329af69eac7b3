#!/usr/bin/env bash
# refine on torch-mlir's dialect keeps a program symshape reads (SPEC 5):
# mlir-opt cannot read torch's custom forms, so symshape's own parser is the
# check, and it rejects a use whose written type is not its value's. Each
# input refines, its output parses again, and `check` on it gives the same
# counts of every verdict but `safe` as on the input (a refined static type
# adds `result-cast`s that hold, as refine's output does in every dialect);
# at least one input must change. Usage: torch_reparse.sh SYMSHAPE FILE...
set -uo pipefail
symshape=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0 changed=0
for input in "$@"; do
  out="$work/$(basename "$input")"
  if ! "$symshape" refine "$input" -o "$out" 2>"$work/err"; then
    echo "FAIL: symshape refine $input"; cat "$work/err"
    failed=$((failed + 1)); continue
  fi
  cmp -s "$input" "$out" && continue
  changed=$((changed + 1))
  before=$("$symshape" check "$input" 2>&1 | tail -1 | sed 's/.*safe, //')
  after=$("$symshape" check "$out" 2>&1); status=$?
  if [ "$status" -eq 2 ] ||
    [ "$(tail -1 <<<"$after" | sed 's/.*safe, //')" != "$before" ]; then
    echo "FAIL: refined $input (exit $status):"; tail -5 <<<"$after"
    echo "expected: $before"
    diff -u "$input" "$out" | head -40
    failed=$((failed + 1))
  fi
done
echo "torch refine: $changed of $# inputs changed and parse again, $failed failed"
[ "$failed" -eq 0 ] && [ "$changed" -gt 0 ]
