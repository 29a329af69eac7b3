#!/usr/bin/env bash
# The passes inside mlir-opt-22 pipelines, where --verify-diagnostics cannot
# look: exit statuses and the module written out.
#   1. A module mlir-opt reads and symshape cannot (300 nested
#      scf.execute_region, deeper than symshape's parser reads; a
#      symshape.assume attribute naming a source name mlir-opt dropped):
#      symshape-refine and symshape-drop-redundant-checks warn and write
#      the module unchanged, symshape-check warns and succeeds, and fails
#      under fail-on-ub.
#   2. `func=NAME` refines only that function, as `symshape refine --func`.
#   3. mlir-opt's printing options (--mlir-print-unique-ssa-ids, generic
#      form, locations) do not change what the pass reads: the same
#      findings, so the same values for `assume`.
#   4. Ops without a location (after strip-debuginfo) are shown by the
#      "see current operation" note, unless
#      --mlir-print-op-on-diagnostic=false.
#   pipeline.sh PLUGIN SYMSHAPE
set -uo pipefail
plugin=$1 symshape=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
opt() {
  mlir-opt-22 --allow-unregistered-dialect --load-pass-plugin="$plugin" "$@"
}

# 1. Unreadable to symshape.
python3 - "$work/deep.mlir" <<'EOF'
import sys
n = 300
lines = ["func.func @f(%x: tensor<?xf32>, %y: tensor<4xf32>) -> tensor<?xf32> {",
         "  %0 = tosa.add %x, %y : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>"]
for i in range(n):
    lines.append("  " * (i + 1) + "%%r%d = scf.execute_region -> tensor<?xf32> {" % i)
lines.append("  " * (n + 1) + "scf.yield %0 : tensor<?xf32>")
for i in reversed(range(1, n)):
    lines.append("  " * (i + 1) + "}")
    lines.append("  " * (i + 1) + "scf.yield %%r%d : tensor<?xf32>" % i)
lines += ["  }", "  return %r0 : tensor<?xf32>", "}"]
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
EOF
cat >"$work/assume.mlir" <<'EOF'
func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<?xf32> attributes {symshape.assume = ["%a[0] == 4"]} {
  %0 = tosa.add %a, %b : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
EOF
for input in "$work/deep.mlir" "$work/assume.mlir"; do
  name=$(basename "$input")
  mlir-opt-22 "$input" >"$work/plain.mlir" ||
    { fail "mlir-opt-22 rejects $name"; continue; }
  "$symshape" check - <"$work/plain.mlir" >/dev/null 2>&1
  [ $? = 2 ] || fail "symshape reads $name: pick another unreadable input"
  for pass in symshape-refine symshape-drop-redundant-checks; do
    opt --pass-pipeline="builtin.module($pass,canonicalize)" "$input" \
      >"$work/out.mlir" 2>"$work/err"
    status=$?
    mlir-opt-22 --canonicalize "$input" >"$work/want.mlir"
    if [ $status != 0 ]; then
      fail "$pass on $name exits $status:"; head -c 600 "$work/err"; echo
    elif ! cmp -s "$work/out.mlir" "$work/want.mlir"; then
      fail "$pass changed $name, which symshape cannot read"
    elif ! grep -q "warning: symshape cannot read this module, so $pass leaves it unchanged: " "$work/err"; then
      fail "$pass on $name says:"; head -c 600 "$work/err"; echo
    fi
  done
  opt --pass-pipeline='builtin.module(symshape-check)' "$input" \
    -o /dev/null 2>"$work/err"
  status=$?
  grep -q "warning: symshape cannot read this module, so symshape-check checked nothing: " "$work/err"
  found=$?
  [ $status = 0 ] && [ $found = 0 ] ||
    { fail "symshape-check on $name exits $status:"; head -c 600 "$work/err"; echo; }
  opt --pass-pipeline='builtin.module(symshape-check{fail-on-ub=true})' \
    "$input" -o /dev/null 2>"$work/err"
  status=$?
  grep -q "error: symshape cannot read this module, so symshape-check checked nothing: " "$work/err"
  found=$?
  [ $status = 1 ] && [ $found = 0 ] ||
    { fail "symshape-check{fail-on-ub} on $name exits $status:"; head -c 600 "$work/err"; echo; }
done

# 2. One function: refined alone, as by the CLI's --func.
cat >"$work/two.mlir" <<'EOF'
func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<?xf32> {
  %0 = tosa.add %a, %b : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
  %1 = tosa.abs %0 : (tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}
func.func @g(%c: tensor<?xf32>, %d: tensor<5xf32>) -> tensor<?xf32> {
  %0 = tosa.add %c, %d : (tensor<?xf32>, tensor<5xf32>) -> tensor<?xf32>
  %1 = tosa.abs %0 : (tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}
EOF
mlir-opt-22 "$work/two.mlir" >"$work/plain.mlir"
for fn in f g; do
  opt --pass-pipeline="builtin.module(symshape-refine{func=$fn})" \
    "$work/two.mlir" >"$work/out.mlir" 2>"$work/err" ||
    { fail "symshape-refine{func=$fn} failed:"; cat "$work/err"; continue; }
  "$symshape" refine --func "$fn" - <"$work/plain.mlir" | mlir-opt-22 \
    >"$work/want.mlir"
  if ! cmp -s "$work/out.mlir" "$work/want.mlir"; then
    fail "symshape-refine{func=$fn} differs from symshape refine --func $fn:"
    diff "$work/out.mlir" "$work/want.mlir"
  fi
  other=$([ $fn = f ] && echo 5 || echo 4)
  grep -q "tensor<${other}xf32>) -> tensor<${other}xf32>" "$work/out.mlir" &&
    fail "symshape-refine{func=$fn} refined the other function"
  mine=$([ $fn = f ] && echo 4 || echo 5)
  grep -q "tensor<${mine}xf32>) -> tensor<${mine}xf32>" "$work/out.mlir" ||
    fail "symshape-refine{func=$fn} did not refine @$fn"
done
opt --pass-pipeline='builtin.module(symshape-check{func=h})' \
  "$work/two.mlir" -o /dev/null 2>"$work/err"
status=$?
grep -q "error: symshape: no function named '@h' with a body" "$work/err"
found=$?
[ $status = 1 ] && [ $found = 0 ] ||
  { fail "symshape-check{func=h} exits $status:"; cat "$work/err"; }

# 3. Printing options do not reach what the pass reads.
cp "$work/two.mlir" "$work/printing.mlir"
cat >>"$work/printing.mlir" <<'EOF'
func.func @slice(%a: tensor<?x4xf32>) -> tensor<2x4xf32> {
  %start = tosa.const_shape {values = dense<[1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[2, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.slice %a, %start, %size : (tensor<?x4xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
EOF
pipeline='builtin.module(symshape-check{assume={"%arg0[0] in [1, 4]"}})'
opt --pass-pipeline="$pipeline" "$work/printing.mlir" -o /dev/null \
  2>"$work/plain.err"
grep -q "in-bounds" "$work/plain.err" ||
  fail "no in-bounds finding on tosa.slice: the test reads nothing"
for flags in --mlir-print-unique-ssa-ids --mlir-print-op-generic \
  --mlir-print-debuginfo --mlir-print-local-scope \
  --mlir-print-elementsattrs-with-hex-if-larger=0 \
  --mlir-elide-elementsattrs-if-larger=1; do
  opt --pass-pipeline="$pipeline" $flags "$work/printing.mlir" -o /dev/null \
    2>"$work/err"
  cmp -s "$work/err" "$work/plain.err" || {
    fail "$flags changes what symshape-check finds:"
    diff "$work/plain.err" "$work/err"
  }
done
# (assume names %arg0 of every function checked: here @f's and @g's, and
# @g's 5 cannot be 4.)
opt --pass-pipeline='builtin.module(symshape-check{assume={"%arg0[0] == 4"}})' \
  "$work/two.mlir" -o /dev/null 2>"$work/err"
grep -q "ub-guaranteed" "$work/err" ||
  fail "assume={\"%arg0[0] == 4\"} should constrain @g's %arg0 too"

# 4. Ops without locations.
opt --pass-pipeline='builtin.module(strip-debuginfo,symshape-check)' \
  "$work/two.mlir" -o /dev/null 2>"$work/err"
grep -A1 "^<unknown>:0: warning: the broadcast" "$work/err" |
  grep -q 'note: see current operation: %0 = "tosa.add"' ||
  { fail "no op shown for a finding without location:"; cat "$work/err"; }
opt --mlir-print-op-on-diagnostic=false \
  --pass-pipeline='builtin.module(strip-debuginfo,symshape-check)' \
  "$work/two.mlir" -o /dev/null 2>"$work/err"
grep -q "see current operation" "$work/err" &&
  fail "--mlir-print-op-on-diagnostic=false still shows the op"

echo "pipeline: $failures failures"
[ "$failures" = 0 ]
