#!/usr/bin/env bash
# The chain-stablehlo, chain-torch and chain-onnx files of one size must be
# the same graph to symshape: every op modelled (no opaque op, also under
# --require-coverage), the same number of ops of each kind in the file and
# the same number of obligations per op kind (add, sub, mul, matmul), and
# the same obligation count in the summary line. Prints, per spelling, the
# summary line and the obligations per op kind.
#
# Usage: check_spellings.sh SYMSHAPE GENERATOR OPS [WORKDIR]
# Exit status 0 when they agree, 1 otherwise.
set -uo pipefail
symshape=$1
generate=$2
ops=$3
if [ $# -ge 4 ]; then
  work=$4
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
status=0

# op_kind: maps each spelling's op name on stdin to add, sub, mul, matmul
# (anything else stays as it is, and then differs between spellings).
op_kind() {
  sed -E -e 's/^(stablehlo\.add|torch\.aten\.add\.Tensor|onnx\.Add)$/add/' \
    -e 's/^(stablehlo\.subtract|torch\.aten\.sub\.Tensor|onnx\.Sub)$/sub/' \
    -e 's/^(stablehlo\.multiply|torch\.aten\.mul\.Tensor|onnx\.Mul)$/mul/' \
    -e 's/^(stablehlo\.dot_general|torch\.aten\.mm|onnx\.MatMul)$/matmul/'
}

reference=""
for spelling in stablehlo torch onnx; do
  input="$work/chain-$spelling-$ops.mlir"
  "$generate" --family "chain-$spelling" --ops "$ops" -o "$input" 2>/dev/null ||
    { echo "FAIL: $spelling: the generator failed"; exit 1; }
  "$symshape" check --require-coverage "$input" >"$work/$spelling.txt" 2>&1
  rc=$?
  "$symshape" check --json "$input" >"$work/$spelling.json" 2>/dev/null
  summary=$(grep '^symshape: [0-9]* obligations' "$work/$spelling.txt")
  echo "$spelling: $summary"
  if [ "$rc" -gt 1 ] || grep -q 'opaque' "$work/$spelling.txt" ||
    ! grep -q ' 0 error,' <<<"$summary"; then
    echo "FAIL: $spelling: exit $rc, an op is opaque or an error"
    grep -m3 'opaque\|error' "$work/$spelling.txt"
    status=1
  fi
  # Ops in the file per kind (torch constants and symbolic shape ops are
  # not graph ops), then obligations per op kind.
  file_ops=$(grep -oE '= "?(stablehlo|torch\.aten|onnx)\.[A-Za-z_.]+' "$input" |
    sed -E 's/^= "?//' | op_kind | sort | uniq -c | tr -s ' ' | tr '\n' ';')
  obligations=$(grep -o '"op": "[^"]*"' "$work/$spelling.json" |
    sed -E 's/"op": "(.*)"/\1/' | op_kind | sort | uniq -c | tr -s ' ' |
    tr '\n' ';')
  total=$(sed -E 's/^symshape: ([0-9]+) obligations.*/\1/' <<<"$summary")
  echo "  ops per kind:$file_ops"
  echo "  obligations per op kind:$obligations"
  line="$file_ops|$obligations|$total"
  if [ -z "$reference" ]; then
    reference=$line
  elif [ "$line" != "$reference" ]; then
    echo "FAIL: $spelling differs from stablehlo"
    status=1
  fi
done
exit $status
