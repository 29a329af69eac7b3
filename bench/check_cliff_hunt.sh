#!/usr/bin/env bash
# symshape_cliff_hunt splits its input as `check --split-input-file` does
# and names each timed piece: a generator's top-level functions one by
# one, an exporter's module whole (its functions may call each other).
#
# Usage: check_cliff_hunt.sh CLIFF_HUNT
# Exit status 0 when every check passes, 1 otherwise.
set -uo pipefail
hunt=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
fail() {
  echo "FAIL: $*"
  status=1
}

cat >"$work/pieces.mlir" <<'MLIR'
// family: chain, 1 op and a return
func.func @gen0(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @gen1(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}

// -----

module {
  func.func private @callee(%a: tensor<?xf32>) -> tensor<?xf32> {
    return %a : tensor<?xf32>
  }
  func.func @caller(%a: tensor<?xf32>) -> tensor<?xf32> {
    %0 = call @callee(%a) : (tensor<?xf32>) -> tensor<?xf32>
    return %0 : tensor<?xf32>
  }
}
MLIR

out=$("$hunt" "$work/pieces.mlir" --limit-ms 100000 --top 5)
rc=$?
echo "$out"
[ $rc -eq 0 ] || fail "exit status $rc under a limit nothing reaches"
echo "$out" | grep -q "^functions: 3 " || fail "not 3 pieces"
for label in "pieces.mlir:2 @gen0  family: chain, 1 op and a return" \
  "pieces.mlir:6 @gen1" "pieces.mlir:12 @callee"; do
  echo "$out" | grep -qF "$label" || fail "no piece named '$label'"
done
echo "$out" | grep -qF "@caller" && fail "the module was split"

# Over the limit: exit status 1. No input, or an unreadable one: 2.
"$hunt" "$work/pieces.mlir" --limit-ms 0 >/dev/null
rc=$?
[ $rc -eq 1 ] || fail "exit status $rc, not 1, with every piece over the limit"
"$hunt" "$work/missing.mlir" >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] || fail "exit status $rc, not 2, for a missing file"
"$hunt" >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] || fail "exit status $rc, not 2, without a file"
exit $status
