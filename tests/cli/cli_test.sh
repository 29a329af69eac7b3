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
           "refine --require-coverage $safe" "graph --loc=mlir $safe"; do
  # shellcheck disable=SC2086
  "$symshape" $bad >"$work/out" 2>"$work/err"; status=$?
  [ "$status" -eq 2 ] && [ ! -s "$work/out" ] && grep -q "applies to" "$work/err" &&
    ok || fail "'$bad': exit $status; an option that does not apply must be an error"
done

for bad in "--loc=python" "--loc"; do
  "$symshape" check "$bad" "$safe" >"$work/out" 2>"$work/err"; status=$?
  [ "$status" -eq 2 ] && [ ! -s "$work/out" ] &&
    grep -q -- "--loc .*both, source or mlir" "$work/err" &&
    ok || fail "'check $bad': exit $status; --loc takes both, source or mlir"
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

# --- issue 23: -o writes through anything that is not a regular file -------
# SPEC 7: a regular FILE is replaced atomically; a device, a FIFO and a
# symlink's target are written through, and none of them is ever replaced
# by a regular file. As root (CI), a rename over them would succeed, so the
# nodes are made here: mknod needs root, otherwise /dev/null and /dev/full
# stand in (which a non-root run could not replace anyway).
no_temporaries() { # DIR: no temporary file left beside the outputs
  ! ls -a "$1" | grep -q '\.tmp'
}
if mknod "$work/null" c 1 3 2>/dev/null && mknod "$work/full" c 1 7 2>/dev/null; then
  null=$work/null full=$work/full
else
  echo "note: mknod not permitted: /dev/null and /dev/full stand in for device nodes"
  null=/dev/null full=/dev/full
fi
"$symshape" check --json "$ub" -o "$null" >"$work/out" 2>"$work/err"; status=$?
[ "$status" -eq 1 ] && [ -c "$null" ] && [ ! -s "$work/out" ] && [ ! -s "$work/err" ] &&
  no_temporaries "$work" &&
  ok || fail "-o on a device node: exit $status, $(stat -c %F "$null"), $(cat "$work/err")"
for cmd in "check --json" "check" "refine" "graph"; do
  # shellcheck disable=SC2086
  "$symshape" $cmd "$ub" -o "$full" >"$work/out" 2>"$work/err"; status=$?
  [ "$status" -eq 2 ] && [ -c "$full" ] &&
    grep -qx "symshape: error: cannot write to '$full': No space left on device" "$work/err" &&
    ok || fail "$cmd -o a full device: exit $status, $(stat -c %F "$full"), '$(cat "$work/err")'"
done
mkfifo "$work/fifo"
timeout 60 cat "$work/fifo" >"$work/fifo.out" &
reader=$!
"$symshape" refine "$ub" -o "$work/fifo" 2>"$work/err"; status=$?
wait "$reader"; read_status=$?
[ "$status" -eq 0 ] && [ "$read_status" -eq 0 ] && [ -p "$work/fifo" ] &&
  grep -q 'tensor<4xi32>' "$work/fifo.out" &&
  ok || fail "-o on a FIFO: exit $status/$read_status, $(stat -c %F "$work/fifo"), $(cat "$work/err")"
echo old >"$work/target.mlir" && chmod 640 "$work/target.mlir"
ln -s target.mlir "$work/link.mlir"
"$symshape" refine "$ub" -o "$work/link.mlir"; status=$?
[ "$status" -eq 0 ] && [ -L "$work/link.mlir" ] && grep -q 'tensor<4xi32>' "$work/target.mlir" &&
  [ "$(stat -c %a "$work/target.mlir")" = 640 ] &&
  ok || fail "-o on a symlink: exit $status; the link must stay and its target (mode 640) be written"
ln -s "$null" "$work/devlink"
"$symshape" graph "$ub" -o "$work/devlink"; status=$?
[ "$status" -eq 0 ] && [ -L "$work/devlink" ] && [ -c "$null" ] &&
  ok || fail "-o on a symlink to a device: exit $status, the link and the device must stay"
ln -s missing.mlir "$work/dangling.mlir"
"$symshape" refine "$ub" -o "$work/dangling.mlir"; status=$?
[ "$status" -eq 0 ] && [ -L "$work/dangling.mlir" ] && grep -q 'tensor<4xi32>' "$work/missing.mlir" &&
  ok || fail "-o on a dangling symlink: exit $status; its target must be created, the link kept"
"$symshape" refine "$ub" -o "$work" 2>"$work/err"; status=$?
[ "$status" -eq 2 ] && grep -q "^symshape: error: cannot write to '$work': Is a directory" "$work/err" &&
  ok || fail "-o DIRECTORY: exit $status, '$(cat "$work/err")'"
no_temporaries "$work" && ok || fail "a temporary file was left behind: $(ls -a "$work")"

# --- issue 23: a failed write is an error, never silent ---------------------
for cmd in "check" "check --json" "check --format sarif" "refine" "graph" "--help" "--version"; do
  # shellcheck disable=SC2086
  "$symshape" $cmd $([ "${cmd#--}" = "$cmd" ] && echo "$ub") >/dev/full 2>"$work/err"; status=$?
  [ "$status" -eq 2 ] &&
    grep -qx "symshape: error: cannot write to standard output: No space left on device" "$work/err" &&
    ok || fail "'$cmd > /dev/full': exit $status, stderr '$(cat "$work/err")'"
done
"$symshape" check "$ub" >&- 2>"$work/err"; status=$?
[ "$status" -eq 2 ] && grep -q "^symshape: error: cannot write to standard output" "$work/err" &&
  ok || fail "check with stdout closed: exit $status, '$(cat "$work/err")'"
# A full file system: a report larger than the room left. The old file
# stays whole and no temporary file is left. A small tmpfs where mounts are
# allowed; everywhere, the file size limit (ulimit -f, in KiB) injects the
# same failure (EFBIG) into every write past it.
for ((k = 0; k < 100; k++)); do
  echo "func.func @g$k(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {"
  echo '  %0 = "tosa.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>'
  echo '  return %0 : tensor<?xf32>'
  echo '}'
done >"$work/hundred.mlir"
mkdir "$work/small"
if mount -t tmpfs -o size=16k tmpfs "$work/small" 2>/dev/null; then
  echo old >"$work/small/report.json"
  "$symshape" check --json "$work/hundred.mlir" -o "$work/small/report.json" 2>"$work/err"; status=$?
  [ "$status" -eq 2 ] && [ "$(cat "$work/small/report.json")" = old ] && no_temporaries "$work/small" &&
    grep -qx "symshape: error: cannot write to '$work/small/report.json': No space left on device" "$work/err" &&
    ok || fail "-o on a full tmpfs: exit $status, '$(cat "$work/err")', $(ls -a "$work/small")"
  umount "$work/small"
else
  echo "note: mount not permitted: the full file system is simulated by ulimit -f only"
fi
echo old >"$work/small/report.json"
(ulimit -f 16 && "$symshape" check --json "$work/hundred.mlir" -o "$work/small/report.json") 2>"$work/err"; status=$?
[ "$status" -eq 2 ] && [ "$(cat "$work/small/report.json")" = old ] && no_temporaries "$work/small" &&
  grep -qx "symshape: error: cannot write to '$work/small/report.json': File too large" "$work/err" &&
  ok || fail "-o past the file size limit: exit $status, '$(cat "$work/err")', $(ls -a "$work/small")"
(ulimit -f 16 && "$symshape" check --json "$work/hundred.mlir" >"$work/small/stdout.json") 2>"$work/err"; status=$?
[ "$status" -eq 2 ] && grep -qx "symshape: error: cannot write to standard output: File too large" "$work/err" &&
  ok || fail "stdout past the file size limit: exit $status, '$(cat "$work/err")'"

# --- issue 23: text that is not MLIR, bytecode, binary ----------------------
# (the exact messages are goldens in tests/golden/invalid)
# A dotted first word followed by words (or nothing) is prose too, also
# under --require-coverage and inside a module.
for text in 'hello world' 'xxxx' '%0 = hello' 'foo.bar baz' 'hello.world' \
            'the.quick brown fox jumps' 'module { foo.bar baz }'; do
  printf '%s\n' "$text" | "$symshape" check - >"$work/out" 2>"$work/err"; status=$?
  [ "$status" -eq 2 ] && [ ! -s "$work/out" ] &&
    grep -q "^<stdin>:1:[0-9]*: error: expected an operation, found '.*': this is not MLIR text" "$work/err" &&
    ok || fail "'$text' on stdin: exit $status, stdout '$(cat "$work/out")', stderr '$(cat "$work/err")'"
done
for text in 'foo.bar baz' 'hello.world'; do
  printf '%s\n' "$text" | "$symshape" check --require-coverage - >"$work/out" 2>"$work/err"; status=$?
  [ "$status" -eq 2 ] && [ ! -s "$work/out" ] &&
    grep -q "^<stdin>:1:1: error: expected an operation, found '$text': this is not MLIR text" "$work/err" &&
    ok || fail "'$text' under --require-coverage: exit $status, '$(cat "$work/err")'"
done
# An op outside any function that symshape does not read is opaque: the
# coverage line names it, --require-coverage fails on it.
printf 'foo.bar @x : tensor<4xf32>\n' | "$symshape" check - >"$work/out" 2>"$work/err"; status=$?
[ "$status" -eq 0 ] && grep -qx 'symshape: 1 op opaque: foo.bar (1)' "$work/out" &&
  ok || fail "a module-level op not read: exit $status, '$(cat "$work/out")'"
printf 'foo.bar @x : tensor<4xf32>\n' | "$symshape" check --require-coverage - >"$work/out" 2>"$work/err"; status=$?
[ "$status" -eq 1 ] && grep -q '^<stdin>:1:1: error: .*foo.bar' "$work/out" &&
  ok || fail "a module-level op not read under --require-coverage: exit $status, '$(cat "$work/out")'"
printf 'hello world\n' | "$symshape" check --json - >"$work/out" 2>/dev/null; status=$?
[ "$status" -eq 2 ] && grep -q '"message": "expected an operation, found' "$work/out" &&
  grep -q '"files": \[\]' "$work/out" &&
  ok || fail "not MLIR under --json: exit $status, $(cat "$work/out")"
for text in '' '// a comment only' 'module {}'; do
  printf '%s\n' "$text" | "$symshape" check - >"$work/out" 2>"$work/err"; status=$?
  [ "$status" -eq 0 ] && grep -q '^symshape: 0 obligations' "$work/out" &&
    ok || fail "'$text' is an empty module: exit $status, '$(cat "$work/err")'"
done
printf 'ML\357R\0\5\033[2J' | "$symshape" check - >"$work/out" 2>"$work/err"; status=$?
[ "$status" -eq 2 ] && [ "$(wc -l <"$work/err")" -eq 1 ] &&
  grep -qx "<stdin>:1:1: error: this is MLIR bytecode, not text: print it as text with 'mlir-opt FILE.mlirbc -o FILE.mlir', then check FILE.mlir" "$work/err" &&
  ok || fail "bytecode on stdin: exit $status, '$(cat -v "$work/err")'"
# No byte a terminal acts on reaches stderr, whatever the input holds.
head -c 4096 "$symshape" | "$symshape" check - >"$work/out" 2>"$work/err"; status=$?
# (control characters but newline and tab, C1 controls, bytes not UTF-8)
[ "$status" -eq 2 ] && ! tr -d '\n\t' <"$work/err" | LC_ALL=C grep -q '[[:cntrl:]]' &&
  ! LC_ALL=C grep -qP '\xc2[\x80-\x9f]' "$work/err" && iconv -f UTF-8 -t UTF-8 "$work/err" >/dev/null &&
  ok || fail "binary on stdin: exit $status, control bytes echoed: '$(cat -v "$work/err")'"

# --- issue 23: usage and --help list every option ---------------------------
"$symshape" --help >"$work/help"
usage=$(sed -n '/^## Usage/,/^## /p' "$repo/docs/USAGE.md")
for option in $(grep -oE '"--?[a-z][a-z-]*"' "$repo/tools/CommandLine.cpp" | tr -d '"' | sort -u); do
  grep -q -- "$option\b" "$work/help" && ok || fail "--help does not list $option"
  grep -q -- "$option\b" <<<"$usage" && ok || fail "docs/USAGE.md's Usage does not list $option"
done

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

# Inside one function: 4000 arguments added in a chain, every add
# ub-possible. --progress=always shows progress from the start (every
# 200 ms), counting the obligations of this one function; the callback
# itself is tested deterministically in tests/unit/frontend/NotMlirTest.cpp.
{
  printf 'func.func @big(%%a0: tensor<?x4xf32>'
  for ((k = 1; k < 4000; k++)); do printf ', %%a%d: tensor<?x4xf32>' "$k"; done
  printf ') -> tensor<?x4xf32> {\n  %%r0 = "tosa.add"(%%a0, %%a1) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>\n'
  for ((k = 2; k < 4000; k++)); do
    printf '  %%r%d = "tosa.add"(%%r%d, %%a%d) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>\n' \
      $((k - 1)) $((k - 2)) "$k"
  done
  printf '  return %%r3998 : tensor<?x4xf32>\n}\n'
} >"$work/big.mlir"
start=$(date +%s%N)
"$symshape" check -j 1 --progress=always "$work/big.mlir" >"$work/out" 2>"$work/err"
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
grep -q '^symshape: 15996 obligations' "$work/out" && ok || fail "the one-function input gave $(tail -1 "$work/out")"
# Lines come every 200 ms: a quicker run may print none.
if [ "$elapsed_ms" -ge 1000 ]; then
  grep -q 'symshape: judging function 1 of 1, obligations judged: [0-9]* of 15996' "$work/err" &&
    ok || fail "--progress=always inside one function: $(tr '\r' '\n' <"$work/err" | head -3)"
  else
  echo "note: the one-function run took ${elapsed_ms} ms (< 1 s): progress lines not required"
fi
# The step a function is in: an ONNX Unsqueeze whose three axes are an
# input has conditions of many cases (a second or more of queries, most of
# it in the verdicts and the contract).
cat >"$work/axes.mlir" <<'MLIR'
func.func @unsqueeze_axes(%arg0: !torch.vtensor<[3,4,5],f32>, %arg1: !torch.vtensor<[3],si64>) -> !torch.vtensor<[3,4,1,5,1,1],f32> attributes {torch.onnx_meta.ir_version = 10 : si64, torch.onnx_meta.opset_version = 21 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %0 = torch.operator "onnx.Unsqueeze"(%arg0, %arg1) : (!torch.vtensor<[3,4,5],f32>, !torch.vtensor<[3],si64>) -> !torch.vtensor<[3,4,1,5,1,1],f32>
  return %0 : !torch.vtensor<[3,4,1,5,1,1],f32>
}
MLIR
start=$(date +%s%N)
"$symshape" check -j 1 --progress=always "$work/axes.mlir" >"$work/out" 2>"$work/err"
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
if [ "$elapsed_ms" -ge 1000 ]; then
  grep -q 'symshape: judging function 1 of 1.*, now: \(verdicts\|contract\)' "$work/err" &&
    ok || fail "--progress=always names no step: $(tr '\r' '\n' <"$work/err" | tail -3)"
else
  echo "note: the Unsqueeze run took ${elapsed_ms} ms (< 1 s): progress lines not required"
fi
"$symshape" check -j 1 "$work/big.mlir" >/dev/null 2>"$work/err"
[ ! -s "$work/err" ] && ok || fail "progress written although stderr is not a terminal: $(head -c 200 "$work/err")"
if command -v script >/dev/null; then
  # auto on a terminal: shown once the analysis has taken two seconds
  # (this one may be quicker), and erased at the end.
  start=$(date +%s%N)
  script -qec "\"$symshape\" check -j 1 --progress=always \"$work/big.mlir\" >/dev/null" /dev/null >"$work/tty" 2>&1
  elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
  if [ "$elapsed_ms" -ge 1000 ]; then
    grep -q 'obligations judged' "$work/tty" && grep -q $'\r\033\[K' "$work/tty" &&
      ok || fail "--progress on a terminal: no progress line, or not erased: $(cat -v "$work/tty" | tail -c 300)"
  elif grep -q 'obligations judged' "$work/tty"; then # shown: then erased
    grep -q $'\r\033\[K' "$work/tty" && ok || fail "--progress on a terminal: a line not erased"
  fi
fi

# A file of 1 MiB or more is mapped, and its pages are given back as the
# parser reads on: what a report quotes of it afterwards (the last op's
# line, an error's) is read again from the file. Every output must be the
# one of the same text read from stdin.
{
  printf 'func.func @long(%%a: tensor<2x4xf32>, %%b: tensor<3x4xf32>) -> tensor<2x4xf32> {\n'
  printf '  %%r0 = "tosa.add"(%%a, %%a) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>\n'
  for ((k = 1; k < 14000; k++)); do
    printf '  %%r%d = "tosa.add"(%%r%d, %%a) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>\n' "$k" $((k - 1))
  done
  printf '  %%bad = "tosa.add"(%%r13999, %%b) : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>\n'
  printf '  %%last = tensor.cast %%bad : tensor<?x4xf32> to tensor<2x4xf32>\n'
  printf '  return %%last : tensor<2x4xf32>\n}\n'
} >"$work/mapped.mlir"
size=$(stat -c %s "$work/mapped.mlir")
[ "$size" -ge 1048576 ] && ok || fail "the mapped-file input is only $size bytes"
for mode in "check" "check --format json" "refine"; do
  # shellcheck disable=SC2086
  "$symshape" $mode "$work/mapped.mlir" >"$work/from-file" 2>&1; s1=$?
  # shellcheck disable=SC2086
  "$symshape" $mode - <"$work/mapped.mlir" 2>&1 |
    sed "s|<stdin>|$work/mapped.mlir|g" >"$work/from-stdin"; s2=${PIPESTATUS[0]}
  [ "$s1" -eq "$s2" ] && cmp -s "$work/from-file" "$work/from-stdin" &&
    ok || fail "'$mode' of a mapped file (exit $s1) differs from stdin (exit $s2): $(diff "$work/from-file" "$work/from-stdin" | head -5)"
done
grep -q 'tosa.add' "$work/from-file" && ok || fail "refine of a mapped file lost its ops"
"$symshape" check "$work/mapped.mlir" >"$work/out" 2>&1
grep -q "mapped.mlir:14002:10: error: the broadcast of operand sizes 2 and 3" "$work/out" &&
  grep -q '^  %bad = "tosa.add"(%r13999, %b)' "$work/out" &&
  ok || fail "the last add's error is not at line 14002, quoted: $(head -c 300 "$work/out")"
# An error on the last line: its caret line is quoted from a page read again.
sed '$ s/^}$/} garbage/' "$work/mapped.mlir" >"$work/mapped-bad.mlir"
"$symshape" check "$work/mapped-bad.mlir" >"$work/out" 2>"$work/err"; status=$?
[ "$status" -eq 2 ] && grep -q "mapped-bad.mlir:14005:3: error" "$work/err" &&
  grep -q '^} garbage$' "$work/err" &&
  ok || fail "an error at the end of a mapped file (exit $status): $(head -c 300 "$work/err")"

echo "cli: $passed passed, $failures failed"
[ "$failures" -eq 0 ]
