#!/usr/bin/env bash
# The plugin against the CLI on the exporters' programs (tests/exporters):
# JAX's shape-polymorphic export and the chlo/shape lowering with their
# StableHLO ops in generic form (a dialect mlir-opt-22 does not register:
# read under --allow-unregistered-dialect), and torch-mlir's
# linalg-on-tensors; clean, planted and doomed, the 72 programs
# `symshape_exporters verify` feeds mlir-opt-22. compare_plugin.py
# compares the passes with the CLI on each.
#   exporters.sh PYTHON SYMSHAPE PLUGIN SYMSHAPE_EXPORTERS [COUNT]
set -uo pipefail
python=$1 symshape=$2 plugin=$3 exporters=$4 count=${5:-24}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# As symshape_exporters' nth(): every 4th program from seed 0 is clean,
# planted, clean, doomed (chlo: planted).
for family in jax torch chlo; do
  for i in $(seq 0 $((count - 1))); do
    seed=$((i / 4 * 7 + i % 4))
    case $((i % 4)) in
    1) variant=--planted ;;
    3) variant=--doomed; [ "$family" = chlo ] && variant=--planted ;;
    *) variant= ;;
    esac
    file="$work/${family}_${seed}${variant:+_${variant#--}}.mlir"
    "$exporters" gen --family "$family" --seed "$seed" $variant --mlir-opt \
      >"$file" || exit 1
  done
done
"$python" "$here/compare_plugin.py" --symshape "$symshape" --plugin "$plugin" \
  --min-files $((3 * count)) "$work"/*.mlir
