#!/usr/bin/env bash
# The plugin against the CLI on generated programs in current syntax:
# TOSA 1.0 programs (gen_tosa1.py), every one of which must verify in
# mlir-opt-22, and torch-mlir style linalg programs (tests/models'
# generator) of which those in current syntax are kept: that generator
# still writes some ops in MLIR 16's forms (arith.maxf, tensor.expand_shape
# without output_shape, linalg.batch_matmul_transpose_b), which
# mlir-opt-22 rejects. Then compare_plugin.py compares the passes with the
# CLI on each.
#   generated.sh PYTHON SYMSHAPE PLUGIN SYMSHAPE_MODELS [COUNT]
set -uo pipefail
python=$1 symshape=$2 plugin=$3 models=$4 count=${5:-30}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$python" "$here/gen_tosa1.py" --out "$work" --count "$count" || exit 1
bad=0
for file in "$work"/tosa1_*.mlir; do
  if ! mlir-opt-22 "$file" -o /dev/null 2>"$work/err"; then
    echo "FAIL: mlir-opt-22 rejects the generated $(basename "$file"):"
    cat "$work/err" "$file"
    bad=$((bad + 1))
  fi
done
linalg=0 older=0
for seed in $(seq 1 $((4 * count))); do
  file="$work/linalg_$seed.mlir"
  "$models" gen --family linalg --seed "$seed" >"$file" || exit 1
  if mlir-opt-22 "$file" -o /dev/null 2>/dev/null; then
    linalg=$((linalg + 1))
  else
    rm "$file"
    older=$((older + 1))
  fi
done
echo "generated: $count TOSA 1.0 programs ($bad rejected by mlir-opt-22)," \
  "$linalg linalg programs in current syntax ($older in MLIR 16's forms left out)"
[ "$bad" -eq 0 ] && [ "$linalg" -ge $((count / 3)) ] || exit 1
"$python" "$here/compare_plugin.py" --symshape "$symshape" --plugin "$plugin" \
  --min-files $((count + count / 3)) "$work"/*.mlir
