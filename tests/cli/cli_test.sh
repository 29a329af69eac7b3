#!/usr/bin/env bash
# Command-line behaviour that exact-output goldens cannot show (issue 14
# items 7, 8, 9, 12 and the coverage marks in `graph`): streams, exit
# statuses, file modes, terminals. Usage: cli_test.sh SYMSHAPE REPO_DIR
set -uo pipefail
symshape=$1
repo=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 passed=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { passed=$((passed + 1)); }
ub=$repo/tests/golden/output/ub-possible.mlir
safe=$repo/tests/golden/output/all-safe.mlir
cov=$repo/tests/golden/output/coverage.mlir

# --- item 7: --version, usage on stderr, --help on stdout --------------------
out=$("$symshape" --version 2>&1); status=$?
[ "$status" -eq 0 ] && [[ "$out" =~ ^symshape\ [0-9]+\.[0-9]+.*JSON\ report\ 1\.[0-9]+ ]] &&
  ok || fail "--version: exit $status, '$out'"
"$symshape" >"$work/out" 2>"$work/err"; status=$?
[ "$status" -eq 2 ] && [ ! -s "$work/out" ] && grep -q '^usage: symshape check' "$work/err" &&
  ok || fail "no arguments: exit $status, usage must be on stderr only"
"$symshape" --help >"$work/out" 2>"$work/err"; status=$?
[ "$status" -eq 0 ] && [ ! -s "$work/err" ] && grep -q '^usage:' "$work/out" &&
  ok || fail "--help: exit $status, usage must be on stdout"
# The limits a user can hit are stated.
grep -q 'nest at most 256 deep' "$work/out" && grep -q -- '--memory-limit-mb' "$work/out" &&
  ok || fail "--help does not state the nesting and memory limits"
for bad in "refine --json $safe" "graph --format sarif $safe" "check --strict-exit $safe" \
           "refine --require-coverage $safe"; do
  # shellcheck disable=SC2086
  "$symshape" $bad >"$work/out" 2>"$work/err"; status=$?
  [ "$status" -eq 2 ] && [ ! -s "$work/out" ] && grep -q "applies to" "$work/err" &&
    ok || fail "'$bad': exit $status; an option that does not apply must be an error"
done

# --- item 8: -o -, -o FILE modes ------------------------------------------
"$symshape" refine "$ub" -o - >"$work/out"; status=$?
[ "$status" -eq 0 ] && [ ! -e ./- ] && grep -q 'tensor<4xi32>' "$work/out" &&
  ok || fail "refine -o - must write to stdout"
"$symshape" check "$ub" -o - >"$work/out"; status=$?
[ "$status" -eq 1 ] && grep -q '^symshape: 2 obligations' "$work/out" &&
  ok || fail "check -o - must write to stdout"
(umask 022 && "$symshape" refine "$ub" -o "$work/new.mlir")
mode=$(stat -c %a "$work/new.mlir")
[ "$mode" = 644 ] && ok || fail "new file under umask 022 has mode $mode, expected 644"
(umask 027 && "$symshape" graph "$ub" -o "$work/new.dot")
mode=$(stat -c %a "$work/new.dot")
[ "$mode" = 640 ] && ok || fail "new file under umask 027 has mode $mode, expected 640"
cp "$ub" "$work/inplace.mlir" && chmod 644 "$work/inplace.mlir"
(umask 077 && "$symshape" refine "$work/inplace.mlir" -o "$work/inplace.mlir")
mode=$(stat -c %a "$work/inplace.mlir")
[ "$mode" = 644 ] && grep -q 'tensor<4xi32>' "$work/inplace.mlir" &&
  ok || fail "refining in place turned mode 644 into $mode"
touch "$work/report.json" && chmod 604 "$work/report.json"
"$symshape" check --json "$ub" -o "$work/report.json" >"$work/out"; status=$?
mode=$(stat -c %a "$work/report.json")
[ "$status" -eq 1 ] && [ ! -s "$work/out" ] && [ "$mode" = 604 ] &&
  grep -q '"version"' "$work/report.json" &&
  ok || fail "check -o FILE: exit $status, mode $mode (expected 604), report in the file"
ls "$work" | grep -q tmp && fail "a temporary file was left behind: $(ls "$work")" || ok

# --- item 9: refine and graph exit 0 once written; --strict-exit ----------
"$symshape" refine "$ub" >/dev/null; status=$?
[ "$status" -eq 0 ] && ok || fail "refine with findings exited $status, expected 0"
"$symshape" graph "$ub" >/dev/null; status=$?
[ "$status" -eq 0 ] && ok || fail "graph with findings exited $status, expected 0"
"$symshape" refine --strict-exit "$ub" >/dev/null; status=$?
[ "$status" -eq 1 ] && ok || fail "refine --strict-exit with findings exited $status, expected 1"
"$symshape" graph --strict-exit "$safe" >/dev/null; status=$?
[ "$status" -eq 0 ] && ok || fail "graph --strict-exit, all safe, exited $status, expected 0"

# --- coverage: graph marks sizes from opaque ops --------------------------
"$symshape" graph "$cov" >"$work/cov.dot"
grep -q 'from an opaque op' "$work/cov.dot" && grep -q 'style="bold,dashed", color=saddlebrown' "$work/cov.dot" &&
  ok || fail "graph does not mark the sizes that come from opaque ops"
if command -v dot >/dev/null; then
  dot -Tsvg "$work/cov.dot" -o /dev/null && ok || fail "the DOT with opaque marks does not render"
fi

# --- item 12: colour -------------------------------------------------------
esc=$'\033'
"$symshape" check --color=always "$ub" >"$work/out"
grep -q "${esc}\[1;35mwarning:" "$work/out" && grep -q "${esc}\[1;32m *\^" "$work/out" &&
  ok || fail "--color=always: no coloured warning and caret"
"$symshape" check --color=always "$work/none.mlir" 2>"$work/err"
grep -q "${esc}\[1;31merror:" "$work/err" && ok || fail "--color=always: errors on stderr not coloured"
"$symshape" check "$ub" >"$work/out" 2>&1
grep -q "$esc" "$work/out" && fail "--color=auto coloured output that is not a terminal" || ok
"$symshape" check --color=never "$ub" >"$work/out" 2>&1
grep -q "$esc" "$work/out" && fail "--color=never coloured the output" || ok
if command -v script >/dev/null; then
  # A pseudo-terminal: auto colours; NO_COLOR turns it off.
  script -qec "\"$symshape\" check \"$ub\"" /dev/null >"$work/tty" 2>&1
  grep -q "${esc}\[1;35mwarning:" "$work/tty" && ok || fail "--color=auto on a terminal: no colour"
  NO_COLOR=1 script -qec "\"$symshape\" check \"$ub\"" /dev/null >"$work/tty" 2>&1
  grep -q "${esc}\[1;35m" "$work/tty" && fail "NO_COLOR=1 on a terminal still coloured" || ok
fi

# --- item 12: progress -------------------------------------------------------
# 1200 small functions: a few seconds on one thread.
for ((k = 0; k < 1200; k++)); do
  echo "func.func @f$k(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?xf32>) -> tensor<?x?xf32> {"
  echo '  %0 = "tosa.add"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>'
  echo '  %1 = "tosa.mul"(%0, %c) {shift = 0 : i32} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>'
  echo '  return %1 : tensor<?x?xf32>'
  echo '}'
done >"$work/many.mlir"
start=$(date +%s%N)
"$symshape" check -j 1 --progress=always "$work/many.mlir" >"$work/out" 2>"$work/err"
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
if [ "$elapsed_ms" -ge 3000 ]; then
  grep -q 'symshape: judging function [0-9]* of 1200' "$work/err" &&
    ok || fail "--progress=always: a ${elapsed_ms} ms run printed no progress"
else
  echo "note: the progress run took ${elapsed_ms} ms (< 3 s): progress lines not required"
fi
grep -q '^symshape: 6000 obligations' "$work/out" && ok || fail "--progress changed stdout"
"$symshape" check -j 1 "$work/many.mlir" >/dev/null 2>"$work/err"
grep -q 'judging function' "$work/err" && fail "progress shown although stderr is not a terminal" || ok

echo "cli: $passed passed, $failures failed"
[ "$failures" -eq 0 ]
