#!/usr/bin/env bash
# Every input that MLIR verifies must still verify after `symshape refine`
# (SPEC 5). Current MLIR is the reference: an input mlir-opt-22 reads is
# verified, before and after, with mlir-opt-22; mlir-opt-16 verifies only
# the inputs in older forms that current MLIR rejects (pre-1.0 TOSA, the
# seeds' spellings). A file with `// -----` lines is split as mlir-opt and
# `symshape refine` split it (--split-input-file, both sides), and a file
# whose name says it is in current syntax (*current*) must be read by
# mlir-opt-22. Usage: verify_refine.sh SYMSHAPE FILE...
set -uo pipefail
symshape=$1
shift
for tool in mlir-opt-22 mlir-opt-16; do
  command -v "$tool" >/dev/null ||
    { echo "FAIL: $tool is not on PATH (bash .ci/install-deps)"; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
current=0 older=0 skipped=0 failed=0 refined=0 splits=0
for input in "$@"; do
  split=()
  grep -q '^// -----$' "$input" && split=(--split-input-file)
  verifier=""
  for tool in mlir-opt-22 mlir-opt-16; do
    if $tool --allow-unregistered-dialect "${split[@]}" "$input" -o /dev/null \
      2>/dev/null; then
      verifier=$tool
      break
    fi
  done
  case "$(basename "$input")" in
  *current*)
    if [ "$verifier" != mlir-opt-22 ]; then
      echo "FAIL: $input is named as current syntax but mlir-opt-22 rejects it:"
      mlir-opt-22 --allow-unregistered-dialect "${split[@]}" "$input" \
        -o /dev/null 2>&1 | head -5
      failed=$((failed + 1)); continue
    fi ;;
  esac
  if [ -z "$verifier" ]; then
    skipped=$((skipped + 1)) # invalid on purpose: nothing to preserve
    continue
  fi
  [ ${#split[@]} -gt 0 ] && splits=$((splits + 1))
  out="$work/$(basename "$input")"
  "$symshape" refine "${split[@]}" "$input" -o "$out" 2>"$work/err"
  status=$?
  if [ "$status" -eq 2 ] || [ ! -f "$out" ]; then
    echo "FAIL: symshape refine $input exited $status"; cat "$work/err"
    failed=$((failed + 1)); continue
  fi
  # An output equal to its input was verified just above: only a changed
  # one is verified again.
  if ! cmp -s "$input" "$out"; then
    refined=$((refined + 1))
    if ! $verifier --allow-unregistered-dialect "${split[@]}" "$out" \
      -o /dev/null 2>"$work/err"; then
      echo "FAIL: refined $input does not verify in $verifier:"; cat "$work/err"
      diff -u "$input" "$out" | head -40
      failed=$((failed + 1)); continue
    fi
  fi
  if [ "$verifier" = mlir-opt-22 ]; then
    current=$((current + 1))
  else
    older=$((older + 1))
  fi
done
echo "refine: $((current + older)) verified after refinement ($current in current syntax by mlir-opt-22, $older in older forms by mlir-opt-16; $refined changed, $splits split at '// -----'), $skipped skipped (rejected by both), $failed failed"
[ "$failed" -eq 0 ] && [ "$current" -gt 0 ] && [ "$older" -gt 0 ]
