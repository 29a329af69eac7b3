#!/usr/bin/env bash
# Issue 45, Defects: every hostile input or environment of the issue, each
# first seen failing on the build before the fix. Usage:
#   hostile_test.sh SYMSHAPE REPO_DIR [CORPUS_DIR]
# - memory limits (--memory-limit-mb from 16 MB up, ulimit -v): a clean
#   result or "out of memory" with exit 2, never a signal;
# - garbage types and overflowing static sizes: FILE:LINE:COL: error:,
#   exit 2 (valid memref/complex/tuple types still read);
# - Ctrl-C during solving: exit 130 within a second, -o file unchanged and
#   no temporary left, 20 of 20 tries;
# - "nothing checked" for a function whose ops are all opaque;
# - SPEC.md §7's severity in text and SARIF;
# - -o into a read-only directory; --fail-on; "did you mean".
set -uo pipefail
symshape=$1
repo=$2
corpus=${3:-}
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
failures=0 passed=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { passed=$((passed + 1)); }
bias=$repo/examples/bias_add.mlir
ub=$repo/tests/golden/output/ub-possible.mlir
safe=$repo/tests/golden/output/all-safe.mlir

# --- memory limits -----------------------------------------------------------
# A status of 128 or more is a signal (SIGSEGV in Z3_set_error_handler at
# 64 MB, an uncaught std::system_error from the watchdog thread at 70 MB).
clean_end() { # STATUS ERRFILE WHAT
  if [ "$1" -ge 128 ]; then
    fail "$3: killed by a signal (status $1): $(head -c 300 "$2")"
  elif [ "$1" -eq 2 ] && ! grep -q "out of memory" "$2"; then
    fail "$3: exit 2 without 'out of memory': $(head -c 300 "$2")"
  elif grep -q "terminate called\|Aborted\|Segmentation" "$2"; then
    fail "$3: $(head -c 300 "$2")"
  else
    ok
  fi
}
for mb in 16 24 32 48 64 70 96 256; do
  for jobs in 1 2; do
    "$symshape" check -j $jobs --memory-limit-mb $mb "$bias" >"$work/out" 2>"$work/err"
    clean_end $? "$work/err" "check -j $jobs --memory-limit-mb $mb"
  done
done
# Not in a sanitizer build (SYMSHAPE_HOSTILE_NO_ULIMIT): ASan's shadow
# memory needs more address space than any of these caps.
if [ -z "${SYMSHAPE_HOSTILE_NO_ULIMIT:-}" ]; then
  for kb in 30000 50000 70000 90000 120000; do
    (ulimit -v $kb; exec "$symshape" check "$bias") >"$work/out" 2>"$work/err"
    clean_end $? "$work/err" "ulimit -v $kb"
  done
fi

# --- garbage types, overflowing static sizes ---------------------------------
bad_type() { # NAME TYPE: a function taking TYPE is an error at its line
  printf 'func.func @f(%%a: %s) {\n  return\n}\n' "$2" >"$work/$1.mlir"
  "$symshape" check "$work/$1.mlir" >"$work/out" 2>"$work/err"; status=$?
  [ "$status" -eq 2 ] && grep -q "^$work/$1.mlir:1:[0-9]*: error: " "$work/err" &&
    ok || fail "$1 ($2): exit $status, $(head -c 300 "$work/err")"
}
bad_type tuple-garbage 'tuple<i32 @@ garbage !! 12>'
bad_type memref-garbage 'memref<4x@@!!>'
bad_type complex-garbage 'complex<@@ 1 2>'
bad_type complex-two 'complex<f32, f32>'
bad_type memref-no-element 'memref<4x>'
# (A dim of INT64_MAX alone is valid, as mlir-opt reads it: the golden
# invalid/int64-max-dim.mlir; times 2 it overflows.)
bad_type int64-max-twice 'tensor<9223372036854775807x2xf32>'
bad_type overflowing-tensor 'tensor<4611686018427387904x4xf32>'
bad_type overflowing-vector 'vector<4611686018427387904x4xf32>'
bad_type overflowing-memref 'memref<4611686018427387904x4xf32>'
bad_type too-large 'tensor<18446744073709551616xf32>'
# 10^5 nested tuples: deeper than the 256 levels types may nest.
{
  printf 'func.func @f(%%a: '
  for ((i = 0; i < 100000; i++)); do printf 'tuple<'; done
  printf 'i32'
  for ((i = 0; i < 100000; i++)); do printf '>'; done
  printf ') {\n  return\n}\n'
} >"$work/deep.mlir"
"$symshape" check "$work/deep.mlir" >"$work/out" 2>"$work/err"; status=$?
[ "$status" -eq 2 ] && grep -q "^$work/deep.mlir:1:[0-9]*: error: nesting too deep" "$work/err" &&
  ok || fail "10^5-deep tuple: exit $status, $(head -c 200 "$work/err")"
# Reshaping an overflowing static tensor: an error, not 0 obligations.
cat >"$work/reshape.mlir" <<'MLIR'
func.func @f(%a: tensor<4611686018427387904x4xf32>) -> tensor<8x2305843009213693952xf32> {
  %0 = stablehlo.reshape %a : (tensor<4611686018427387904x4xf32>) -> tensor<8x2305843009213693952xf32>
  return %0 : tensor<8x2305843009213693952xf32>
}
MLIR
"$symshape" check "$work/reshape.mlir" >"$work/out" 2>"$work/err"; status=$?
[ "$status" -eq 2 ] && grep -q "^$work/reshape.mlir:1:18: error: " "$work/err" &&
  ok || fail "overflowing reshape: exit $status, $(head -c 300 "$work/err")"
# Valid spellings of the same types still read (zero sizes do not overflow).
cat >"$work/valid.mlir" <<'MLIR'
func.func @f(%a: tuple<>, %b: tuple<i32, tensor<4xf32>, tuple<f16>>,
             %c: complex<f32>, %d: memref<?x4xf32>, %e: memref<*xf32>,
             %f: memref<4xf32, 1>, %g: memref<4x?xf32, strided<[?, 1], offset: ?>>,
             %h: tensor<0x4611686018427387904x4xf32>,
             %i: memref<2x2xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  return
}
MLIR
"$symshape" check "$work/valid.mlir" >"$work/out" 2>"$work/err"; status=$?
[ "$status" -eq 0 ] && ok || fail "valid tuple/complex/memref types: exit $status, $(head -c 300 "$work/err")"

# --- Ctrl-C during solving ----------------------------------------------------
# 60 reshapes by shapes of their own: about 20 s of nonlinear solving. Z3's
# own SIGINT handler used to swallow the signal (the run went on, exit 1).
n=60
{
  printf 'func.func @f(%%a: tensor<?x?x?xf32>'
  for ((i = 0; i < n; i++)); do printf ', %%s%d: tensor<3xindex>' $i; done
  printf ') -> tensor<?x?x?xf32> {\n'
  prev=%a
  for ((i = 0; i < n; i++)); do
    echo "  %r$i = stablehlo.dynamic_reshape $prev, %s$i : (tensor<?x?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>"
    echo "  %t$i = stablehlo.transpose %r$i, dims = [2, 0, 1] : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>"
    echo "  %u$i = stablehlo.add %t$i, %r$i : tensor<?x?x?xf32>"
    prev=%u$i
  done
  echo "  return $prev : tensor<?x?x?xf32>"
  echo '}'
} >"$work/slow.mlir"
mkdir "$work/ctrlc"
echo "old report" >"$work/ctrlc/report.txt"
stopped=0
for ((try = 0; try < 20; try++)); do
  # A background job of a script starts with SIGINT ignored: restore it,
  # as a terminal's Ctrl-C finds it.
  env --default-signal=INT "$symshape" check -j 1 "$work/slow.mlir" \
    -o "$work/ctrlc/report.txt" >/dev/null 2>"$work/err" &
  pid=$!
  sleep 0.$((3 + try % 5))
  kill -INT $pid
  start=$(date +%s%N)
  wait $pid; status=$?
  took=$((($(date +%s%N) - start) / 1000000))
  if [ "$status" -eq 130 ] && [ "$took" -le 1000 ] &&
    [ "$(cat "$work/ctrlc/report.txt")" = "old report" ] &&
    [ "$(ls "$work/ctrlc")" = report.txt ]; then
    stopped=$((stopped + 1))
  else
    echo "  try $try: exit $status after $took ms, $(ls "$work/ctrlc")"
  fi
done
[ "$stopped" -eq 20 ] && ok || fail "Ctrl-C stopped $stopped of 20 runs cleanly"

# --- nothing checked -----------------------------------------------------------
torch=$corpus/torch-fx/its__torch_ops__ConvBackward__nchw_bf16_3x1_dilated_d2_bwd_weight.mlir
if [ -n "$corpus" ] && [ -f "$torch" ]; then
  "$symshape" check "$torch" >"$work/out" 2>"$work/err"; status=$?
  # (The private function is judged through its call, in the public one.)
  [ "$status" -eq 0 ] && grep -q "warning: nothing checked in '@fused_op_layout" "$work/out" &&
    ok || fail "all-opaque torch module: exit $status, no 'nothing checked' warning"
  "$symshape" check --fail-on=opaque "$torch" >/dev/null 2>&1; status=$?
  [ "$status" -eq 1 ] && ok || fail "--fail-on=opaque on an all-opaque module: exit $status"
else
  echo "SKIP: no corpus for the all-opaque torch module"
fi
"$symshape" check "$safe" >"$work/out" 2>&1
grep -q "nothing checked" "$work/out" && fail "nothing checked on a modelled module" || ok

# --- severity (SPEC.md §7) -----------------------------------------------------
guaranteed=$repo/tests/golden/output/unreachable-summary.mlir
"$symshape" check "$guaranteed" >"$work/out" 2>&1
grep -q "error: .*\[broadcast, ub-guaranteed, broadcastable\]" "$work/out" &&
  ! grep -q "warning: .*ub-guaranteed, " "$work/out" &&
  ok || fail "ub-guaranteed is not an error in text"
"$symshape" check --format sarif "$guaranteed" >"$work/out" 2>&1
python3 - "$work/out" <<'PY' && ok || fail "SARIF levels differ from SPEC.md §7"
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
want = {"error": "error", "ub-guaranteed": "error", "ub-possible": "warning",
        "unknown": "warning", "unreachable": "warning"}
for result in run["results"]:
    verdict = result["properties"]["verdict"]
    if verdict in want and result["level"] != want[verdict]:
        sys.exit(f"{verdict}: level {result['level']}")
PY
"$symshape" check "$ub" >"$work/out" 2>&1
grep -q "warning: .*ub-possible, [^]]*\]" "$work/out" && ok || fail "ub-possible is not a warning"

# --- -o into a read-only directory -------------------------------------------
# As `>` does: the writable file is rewritten in place. Root ignores the
# directory's mode, so the run drops to nobody.
mkdir "$work/ro" && cp "$safe" "$work/ro/in.mlir" && echo old >"$work/ro/report.txt"
chmod 666 "$work/ro/report.txt" && chmod 555 "$work/ro" && chmod 755 "$work"
as_user=()
[ "$(id -u)" -eq 0 ] && as_user=(setpriv --reuid 65534 --regid 65534 --clear-groups)
"${as_user[@]}" "$symshape" check "$work/ro/in.mlir" -o "$work/ro/report.txt" 2>"$work/err"; status=$?
[ "$status" -eq 0 ] && grep -q "^symshape: .* obligations" "$work/ro/report.txt" &&
  [ "$(ls "$work/ro")" = "in.mlir
report.txt" ] && ok || fail "-o in a read-only directory: exit $status, $(cat "$work/err")"
# A new file there still cannot be made: an error, nothing written.
"${as_user[@]}" "$symshape" check "$work/ro/in.mlir" -o "$work/ro/new.txt" 2>"$work/err"; status=$?
[ "$status" -eq 2 ] && [ ! -e "$work/ro/new.txt" ] && ok ||
  fail "-o to a new file in a read-only directory: exit $status"
chmod 755 "$work/ro"

# --- --fail-on -----------------------------------------------------------------
for case in "error 0" "ub-guaranteed 0" "ub-possible 1" "unknown 1" "opaque 1"; do
  set -- $case
  "$symshape" check --fail-on=$1 "$ub" >/dev/null 2>&1; status=$?
  [ "$status" -eq "$2" ] && ok || fail "--fail-on=$1 on ub-possible findings: exit $status, expected $2"
done
"$symshape" check --fail-on=ub-guaranteed "$guaranteed" >/dev/null 2>&1; status=$?
[ "$status" -eq 1 ] && ok || fail "--fail-on=ub-guaranteed on ub-guaranteed: exit $status"
"$symshape" check --fail-on=error "$guaranteed" >/dev/null 2>&1; status=$?
[ "$status" -eq 0 ] && ok || fail "--fail-on=error without errors: exit $status"
"$symshape" check "$ub" >/dev/null 2>&1; status=$?
[ "$status" -eq 1 ] && ok || fail "the default --fail-on changed: exit $status"
"$symshape" check --fail-on=warning "$ub" >/dev/null 2>"$work/err"; status=$?
[ "$status" -eq 2 ] && grep -q "expects error, ub-guaranteed" "$work/err" && ok ||
  fail "--fail-on=warning: exit $status"
"$symshape" refine --fail-on=error "$ub" >/dev/null 2>"$work/err"; status=$?
[ "$status" -eq 2 ] && grep -q "applies to check only" "$work/err" && ok ||
  fail "refine --fail-on: exit $status"

# --- did you mean --------------------------------------------------------------
"$symshape" chek "$ub" >/dev/null 2>"$work/err"; status=$?
[ "$status" -eq 2 ] && grep -q "did you mean 'check'" "$work/err" && ok ||
  fail "chek: exit $status, $(cat "$work/err")"
"$symshape" check --jsn "$ub" >/dev/null 2>"$work/err"; status=$?
[ "$status" -eq 2 ] && grep -q "did you mean '--json'" "$work/err" && ok ||
  fail "--jsn: exit $status, $(cat "$work/err")"
"$symshape" check --fail-of=error "$ub" >/dev/null 2>"$work/err"; status=$?
[ "$status" -eq 2 ] && grep -q "did you mean '--fail-on'" "$work/err" && ok ||
  fail "--fail-of: exit $status, $(cat "$work/err")"
"$symshape" frobnicate "$ub" >/dev/null 2>"$work/err"
grep -q "did you mean" "$work/err" && fail "a far word got a suggestion" || ok

echo "hostile: $passed passed, $failures failed"
[ "$failures" -eq 0 ]
