#!/usr/bin/env bash
# Every input that mlir-opt-16 verifies must still verify after
# `symshape refine` (SPEC 5). Usage: verify_refine.sh SYMSHAPE FILE...
set -uo pipefail
symshape=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
checked=0 skipped=0 failed=0 refined=0
for input in "$@"; do
  if ! mlir-opt-16 --allow-unregistered-dialect "$input" -o /dev/null 2>/dev/null; then
    skipped=$((skipped + 1)) # invalid on purpose: nothing to preserve
    continue
  fi
  out="$work/$(basename "$input")"
  "$symshape" refine "$input" -o "$out" 2>"$work/err"
  status=$?
  if [ "$status" -eq 2 ] || [ ! -f "$out" ]; then
    echo "FAIL: symshape refine $input exited $status"; cat "$work/err"
    failed=$((failed + 1)); continue
  fi
  cmp -s "$input" "$out" || refined=$((refined + 1))
  if ! mlir-opt-16 --allow-unregistered-dialect "$out" -o /dev/null 2>"$work/err"; then
    echo "FAIL: refined $input does not verify:"; cat "$work/err"
    diff -u "$input" "$out" | head -40
    failed=$((failed + 1)); continue
  fi
  checked=$((checked + 1))
done
echo "refine: $checked verified after refinement ($refined changed), $skipped skipped (rejected by mlir-opt-16), $failed failed"
[ "$failed" -eq 0 ] && [ "$checked" -gt 0 ]
