#!/usr/bin/env bash
# The plugin against the CLI on generated programs in current syntax:
# TOSA 1.0 programs (gen_tosa1.py) and torch-mlir style linalg programs
# (tests/models' generator), every one of which must verify in
# mlir-opt-22. Then compare_plugin.py compares the passes with the CLI on
# each.
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
linalg=0
for seed in $(seq 1 $((4 * count))); do
  file="$work/linalg_$seed.mlir"
  "$models" gen --family linalg --seed "$seed" >"$file" || exit 1
  linalg=$((linalg + 1))
  if ! mlir-opt-22 "$file" -o /dev/null 2>"$work/err"; then
    echo "FAIL: mlir-opt-22 rejects the generated linalg seed $seed:"
    cat "$work/err"
    bad=$((bad + 1))
  fi
done
echo "generated: $count TOSA 1.0 and $linalg linalg programs, $bad rejected" \
  "by mlir-opt-22"
[ "$bad" -eq 0 ] || exit 1
"$python" "$here/compare_plugin.py" --symshape "$symshape" --plugin "$plugin" \
  --min-files $((5 * count)) "$work"/tosa1_*.mlir "$work"/linalg_*.mlir
