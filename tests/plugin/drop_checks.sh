#!/usr/bin/env bash
# symshape-drop-redundant-checks against `symshape refine
# --drop-redundant-checks`, on torch-mlir-style programs (the generated
# exporters' family and the examples with cf.assert) and shape.cstr_*
# programs (a safe cstr becomes shape.const_witness true): both printed by
# mlir-opt-22 must be the same module, and the pass must have removed some
# check overall (a test that removes nothing must not pass).
# Usage: drop_checks.sh PLUGIN SYMSHAPE EXPORTERS EXAMPLE...
set -u
plugin=$1 symshape=$2 exporters=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 files=0 dropped=0
inputs=("$@")
for seed in $(seq 0 11); do
  "$exporters" gen --family torch --seed "$seed" > "$work/torch$seed.mlir"
  inputs+=("$work/torch$seed.mlir")
done
for input in "${inputs[@]}"; do
  files=$((files + 1))
  if ! "$symshape" refine "$input" | mlir-opt-22 > "$work/plain.mlir" 2>&1; then
    echo "FAIL $input: refine's output does not read in mlir-opt-22"
    failures=$((failures + 1)); continue
  fi
  "$symshape" refine --drop-redundant-checks "$input" | mlir-opt-22 \
    > "$work/cli.mlir" 2>&1
  mlir-opt-22 --load-pass-plugin="$plugin" \
    --pass-pipeline='builtin.module(symshape-drop-redundant-checks)' \
    "$input" > "$work/pass.mlir" 2>&1
  # The pass removes checks only: compare with refine's removals applied to
  # the module whose types refine also changed, the CLI's, when no type
  # changed; else only the count of checks left.
  checks='cf\.assert|shape\.cstr_'
  before=$(grep -cE "$checks" "$work/plain.mlir")
  after=$(grep -cE "$checks" "$work/pass.mlir")
  cli=$(grep -cE "$checks" "$work/cli.mlir")
  dropped=$((dropped + before - after))
  if [ "$after" != "$cli" ]; then
    echo "FAIL $input: the pass leaves $after checks, the CLI $cli"
    failures=$((failures + 1))
  elif cmp -s <(mlir-opt-22 "$input") "$work/plain.mlir" &&
       ! cmp -s "$work/pass.mlir" "$work/cli.mlir"; then
    echo "FAIL $input: the pass's module differs from the CLI's"
    diff "$work/pass.mlir" "$work/cli.mlir" | head -20
    failures=$((failures + 1))
  fi
done
echo "drop-redundant-checks: $files files, $dropped checks dropped, $failures failures"
[ "$failures" = 0 ] && [ "$dropped" -gt 0 ]
