#!/usr/bin/env bash
# Every input that MLIR verifies must still verify after `symshape refine`
# (SPEC 5). Current MLIR is the reference: an input mlir-opt-22 reads is
# verified, before and after, with mlir-opt-22; mlir-opt-16 verifies only
# the inputs in older forms that current MLIR rejects (pre-1.0 TOSA, the
# seeds' spellings). Usage: verify_refine.sh SYMSHAPE FILE...
set -uo pipefail
symshape=$1
shift
for tool in mlir-opt-22 mlir-opt-16; do
  command -v "$tool" >/dev/null ||
    { echo "FAIL: $tool is not on PATH (bash .ci/install-deps)"; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
current=0 older=0 skipped=0 failed=0 refined=0
for input in "$@"; do
  verifier=""
  for tool in mlir-opt-22 mlir-opt-16; do
    if $tool --allow-unregistered-dialect "$input" -o /dev/null 2>/dev/null; then
      verifier=$tool
      break
    fi
  done
  if [ -z "$verifier" ]; then
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
  if ! $verifier --allow-unregistered-dialect "$out" -o /dev/null 2>"$work/err"; then
    echo "FAIL: refined $input does not verify in $verifier:"; cat "$work/err"
    diff -u "$input" "$out" | head -40
    failed=$((failed + 1)); continue
  fi
  if [ "$verifier" = mlir-opt-22 ]; then
    current=$((current + 1))
  else
    older=$((older + 1))
  fi
done
echo "refine: $((current + older)) verified after refinement ($current in current syntax by mlir-opt-22, $older in older forms by mlir-opt-16; $refined changed), $skipped skipped (rejected by both), $failed failed"
[ "$failed" -eq 0 ] && [ "$current" -gt 0 ] && [ "$older" -gt 0 ]
