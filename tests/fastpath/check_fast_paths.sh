#!/usr/bin/env bash
# The fast paths (static decisions without Z3, hash-consed obligations,
# models without Z3) must not change any verdict, condition or refined
# shape. Generates mid-size benchmark files and compares `check --json`
# with `check --json --no-fast-paths`. Witnesses may differ (any assignment
# that reaches the op and violates it is a valid witness: the sizes it names,
# every other size 1; the property and models tests replay them), so each
# witness is reduced to "one is there".
# Usage: check_fast_paths.sh SYMSHAPE GENERATOR
set -uo pipefail
symshape=$1
generate=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

# witness_values FILE: the JSON with every witness replaced by {_}.
witness_values() {
  sed -E 's/"witness": \{[^}]*\}/"witness": {_}/g' "$1"
}

# wide_broadcasts FILE: broadcasts of many fresh sizes at once, whose
# conditions the fast path prints from one cover per kind of broadcast:
# names that begin alike (%a[1], %a[11]), sizes of scalars (never
# assumed non-negative) beside sizes of tensors, in either order.
wide_broadcasts() {
  local dims
  dims=$(printf '?x%.0s' $(seq 12))
  cat >"$1" <<MLIR
func.func @wide(%a: tensor<${dims}f32>, %b: tensor<${dims}f32>) -> tensor<${dims}f32> {
  %0 = "tosa.add"(%a, %b) : (tensor<${dims}f32>, tensor<${dims}f32>) -> tensor<${dims}f32>
  return %0 : tensor<${dims}f32>
}
func.func @scalars(%n: index, %c: tensor<?xf32>, %m: index) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %0 = "tosa.add"(%e, %c) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %f = tensor.empty(%m) : tensor<?xf32>
  %1 = "tosa.add"(%c, %f) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %d = "tosa.add"(%0, %1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %d : tensor<?xf32>
}
MLIR
}

cases="random:3000:1 random:3000:2 random:3000:3 chain:3000:1 transformer:2000:1 reusedag:80:1 reusedag:80:2 wide:0:0"
for case in $cases; do
  IFS=: read -r family ops seed <<<"$case"
  input="$work/$family-$ops-$seed.mlir"
  if [ "$family" = wide ]; then
    wide_broadcasts "$input"
  else
    "$generate" --family "$family" --ops "$ops" --seed "$seed" -o "$input" 2>/dev/null
  fi
  "$symshape" check --json "$input" >"$work/with.json" 2>"$work/with.err"
  rc_with=$?
  "$symshape" check --json --no-fast-paths "$input" >"$work/without.json" 2>"$work/without.err"
  rc_without=$?
  if [ "$rc_with" -gt 1 ] || [ "$rc_with" -ne "$rc_without" ]; then
    echo "FAIL: $case: exit $rc_with with fast paths, $rc_without without"
    head -3 "$work/with.err" "$work/without.err"
    status=1
    continue
  fi
  if ! cmp -s <(witness_values "$work/with.json") <(witness_values "$work/without.json"); then
    echo "FAIL: $case: verdicts, conditions or shapes differ without fast paths"
    diff <(witness_values "$work/with.json") <(witness_values "$work/without.json") |
      head -6 | cut -c 1-300
    status=1
    continue
  fi
  # The flag must really switch the fast paths off, or this test proves
  # nothing: without them no obligation is decided statically.
  stats_with=$("$symshape" check --stats "$input" 2>&1 >/dev/null | sed -n 's/^stats: //p')
  stats_without=$("$symshape" check --stats --no-fast-paths "$input" 2>&1 >/dev/null | sed -n 's/^stats: //p')
  static_with=$(sed -n 's/.*static=\([0-9]*\).*/\1/p' <<<"$stats_with")
  static_without=$(sed -n 's/.*static=\([0-9]*\).*/\1/p' <<<"$stats_without")
  if [ -z "$static_with" ] || [ "$static_with" -eq 0 ] || [ "$static_without" != 0 ]; then
    echo "FAIL: $case: fast paths not switched: with '$stats_with', without '$stats_without'"
    status=1
    continue
  fi
  findings=$(grep -c '"verdict": "ub-' "$work/with.json")
  echo "ok $case: $findings findings; with fast paths $stats_with; without $stats_without"
done
exit $status
