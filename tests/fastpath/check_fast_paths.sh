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

# tree_of NAME ARGS...: a function whose adds reduce the arguments
# pairwise, level by level (a balanced tree, as bench/gen_cliff.py's
# `tree`), each argument's type given as NAME:TYPE.
tree_of() {
  local name=$1 params="" level=() next=() i=0 n=0
  shift
  for arg in "$@"; do
    params+="${params:+, }%${arg%%:*}: ${arg#*:}"
    level+=("%${arg%%:*}:${arg#*:}")
  done
  echo "func.func @$name($params) -> tensor<?x4xf32> {"
  while [ "${#level[@]}" -gt 1 ]; do
    next=()
    for ((i = 0; i + 1 < ${#level[@]}; i += 2)); do
      n=$((n + 1))
      echo "  %v$n = \"tosa.add\"(${level[i]%%:*}, ${level[i + 1]%%:*}) : (${level[i]#*:}, ${level[i + 1]#*:}) -> tensor<?x4xf32>"
      next+=("%v$n:tensor<?x4xf32>")
    done
    [ $((${#level[@]} % 2)) -eq 1 ] && next+=("${level[-1]}")
    level=("${next[@]}")
  done
  echo "  return ${level[0]%%:*} : tensor<?x4xf32>"
  echo "}"
}

# trees FILE: balanced trees of adds over independent sizes (issue 46),
# decided without Z3 where the sides are unlinked; beside them trees whose
# sides share a size, or hold a static 1 or 4, that the solver decides.
trees() {
  local args=() t='tensor<?x4xf32>' i
  for ((i = 0; i < 37; ++i)); do args+=("a$i:$t"); done
  {
    tree_of t4 "${args[@]:0:4}"
    tree_of t5 "${args[@]:0:5}"
    tree_of t16 "${args[@]:0:16}"
    tree_of t37 "${args[@]}"
    tree_of shared a0:$t a1:$t a2:$t a0:$t a3:$t a1:$t a4:$t a5:$t
    tree_of static a0:$t 'a1:tensor<1x4xf32>' a2:$t a3:$t 'a4:tensor<4x4xf32>' a5:$t a6:$t a7:$t
  } | sed -E 's/^(func.func @shared\(%a0[^,]*, %a1[^,]*, %a2[^,]*), %a0[^,]*, (%a3[^,]*), %a1[^,]*,/\1, \2,/' >"$1"
}

# The inputs: generated benchmark files (FAMILY:OPS:SEED), the wide
# broadcasts, and the trees with no option, --min-dim 1 and --min-dim 2.
cases="random:3000:1 random:3000:2 random:3000:3 chain:3000:1 transformer:2000:1 reusedag:80:1 reusedag:80:2 wide:0:0 trees:0:0 trees:0:1 trees:0:2"
for case in $cases; do
  IFS=: read -r family ops seed <<<"$case"
  input="$work/$family-$ops-$seed.mlir"
  extra=()
  if [ "$family" = wide ]; then
    wide_broadcasts "$input"
  elif [ "$family" = trees ]; then
    trees "$input"
    [ "$seed" != 0 ] && extra=(--min-dim "$seed")
  else
    "$generate" --family "$family" --ops "$ops" --seed "$seed" -o "$input" 2>/dev/null
  fi
  "$symshape" check --json "${extra[@]}" "$input" >"$work/with.json" 2>"$work/with.err"
  rc_with=$?
  "$symshape" check --json --no-fast-paths "${extra[@]}" "$input" >"$work/without.json" 2>"$work/without.err"
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
  stats_with=$("$symshape" check --stats "${extra[@]}" "$input" 2>&1 >/dev/null | sed -n 's/^stats: //p')
  stats_without=$("$symshape" check --stats --no-fast-paths "${extra[@]}" "$input" 2>&1 >/dev/null | sed -n 's/^stats: //p')
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
