#!/usr/bin/env bash
# Under a memory cap symshape stops with a clean error (exit 2, nothing on
# stdout) and leaves no half-written -o file. Usage: memory_cap.sh SYMSHAPE
set -uo pipefail
symshape=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A 60k-op chain: far more than 64 MB of IR, dims and obligations.
{
  echo 'func.func @f(%a: tensor<?x64xf32>, %b: tensor<64xf32>) -> tensor<?x64xf32> {'
  prev=%a
  for ((i = 0; i < 60000; i++)); do
    echo "  %v$i = \"tosa.add\"($prev, %b) : (tensor<?x64xf32>, tensor<64xf32>) -> tensor<?x64xf32>"
    prev=%v$i
  done
  echo "  return $prev : tensor<?x64xf32>"
  echo '}'
} >"$work/big.mlir"
fail() { echo "FAIL: $*"; exit 1; }

"$symshape" check "$work/big.mlir" --memory-limit-mb 64 >"$work/out" 2>"$work/err"
status=$?
[ "$status" -eq 2 ] || fail "check exited $status, expected 2"
grep -q "out of memory" "$work/err" || fail "no 'out of memory' message: $(head -3 "$work/err")"
[ ! -s "$work/out" ] || fail "check printed to stdout before failing"

"$symshape" refine "$work/big.mlir" -o "$work/refined.mlir" --memory-limit-mb 64 >/dev/null 2>&1
status=$?
[ "$status" -eq 2 ] || fail "refine exited $status, expected 2"
ls "$work" | grep -q refined && fail "refine left a file behind: $(ls "$work")"

# Wherever the cap falls (in the parse, the lowering, the judging or the
# report, on one thread or many), the run ends with a result or with the
# clean error: never a crash. A thread the cap leaves no room for is done
# without; jemalloc's arenas are created before the cap is set.
for cap in 80 112 160 224 320; do
  for jobs in 1 8; do
    for run in "check" "check --format json" "refine -o $work/r.mlir"; do
      # shellcheck disable=SC2086 # $run is a command and its options
      "$symshape" $run "$work/big.mlir" --memory-limit-mb "$cap" \
        --jobs "$jobs" >/dev/null 2>"$work/err"
      status=$?
      case $status in
        0 | 1) ;;
        2) grep -q "out of memory" "$work/err" ||
             fail "$run at $cap MB, $jobs jobs: exit 2 without 'out of memory': $(head -3 "$work/err")" ;;
        *) fail "$run at $cap MB, $jobs jobs: exit $status: $(head -3 "$work/err")" ;;
      esac
      rm -f "$work/r.mlir"
    done
  done
done

# Without the cap the same file is analysed.
"$symshape" check "$work/big.mlir" >/dev/null 2>&1
status=$?
[ "$status" -eq 0 ] || [ "$status" -eq 1 ] || fail "uncapped check exited $status"
echo "memory cap: clean exit 2, nothing half-written"
