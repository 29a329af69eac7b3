#!/usr/bin/env bash
# Times symshape on the argchain and argdag families (one function of N ops,
# every add ub-possible: the cost per finding, witness and condition), with
# `check` and `check --json` against mlir-opt-16 side by side.
#
#   bash bench/run_args.sh
#
# Environment (all optional): BENCH_BUILD_DIR (a Release build, default
# build-bench), BENCH_WORK_DIR, BENCH_REPS (default 3), BENCH_ARG_SIZES
# (default "1000 2000 4000 8000"), BENCH_ARG_FAMILIES (default "argchain
# argdag"), BENCH_TIMEOUT (seconds per run, default 300), MLIR_OPT.
#
# Prints per family and size the median wall time of each tool, the ratios
# json/mlir-opt and json/check, and the growth of `check --json` from the
# previous size. Exit status 1 when a run crashed or timed out; missed
# targets are reported, not failures.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="${BENCH_BUILD_DIR:-$root/build-bench}"
work="${BENCH_WORK_DIR:-$build/bench-work}"
reps="${BENCH_REPS:-3}"
sizes="${BENCH_ARG_SIZES:-1000 2000 4000 8000}"
families="${BENCH_ARG_FAMILIES:-argchain argdag}"
timeout="${BENCH_TIMEOUT:-300}"
mlir_opt="${MLIR_OPT:-mlir-opt-16}"

if [[ ! -f "$build/CMakeCache.txt" ]]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_TESTING=OFF > /dev/null
fi
cmake --build "$build" --target symshape > "$build/bench-build.log" 2>&1 ||
  { tail -n 30 "$build/bench-build.log" >&2; exit 1; }
tools="$build/bench-tools"
if [[ ! -f "$tools/CMakeCache.txt" ]]; then
  cmake -S "$here" -B "$tools" -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null
fi
cmake --build "$tools" > "$tools/bench-build.log" 2>&1 ||
  { tail -n 30 "$tools/bench-build.log" >&2; exit 1; }
symshape="$build/tools/symshape"
generate="$tools/symshape_bench_generate"
measure="$tools/symshape_bench_measure"
mkdir -p "$work"

failures=0
# median_wall CMD...: median wall seconds of $reps runs (exit status 0 or 1
# is a finished run; anything else counts as a failure).
median_wall() {
  local times=() line status wall
  for ((r = 0; r < reps; ++r)); do
    line="$("$measure" --timeout "$timeout" --stdout /dev/null -- "$@")"
    status="$(sed -n 's/.*\bstatus=\([^ ]*\).*/\1/p' <<< "$line")"
    wall="$(sed -n 's/.*\bwall_us=\([^ ]*\).*/\1/p' <<< "$line")"
    if [[ "$status" != 0 && "$status" != 1 ]]; then
      echo "FAIL: $* -> $line" >&2
      failures=$((failures + 1))
    fi
    times+=("$wall")
  done
  printf '%s\n' "${times[@]}" | sort -n |
    awk '{ v[NR] = $1 } END { printf "%.3f", v[int((NR + 1) / 2)] / 1e6 }'
}

printf '| family | ops | check s | check --json s | mlir-opt s | json/mlir-opt | json/check | json growth |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|\n'
for family in $families; do
  previous=""
  for ops in $sizes; do
    file="$work/$family-$ops.mlir"
    "$generate" --family "$family" --ops "$ops" -o "$file" 2> /dev/null
    check="$(median_wall "$symshape" check "$file")"
    json="$(median_wall "$symshape" check --json "$file")"
    mlir="$(median_wall "$mlir_opt" "$file" -o /dev/null)"
    growth="$(awk -v a="$json" -v b="$previous" \
      'BEGIN { if (b == "" || b == 0) print "-"; else printf "%.2f", a / b }')"
    awk -v f="$family" -v n="$ops" -v c="$check" -v j="$json" -v m="$mlir" \
      -v g="$growth" 'BEGIN {
        printf "| %s | %d | %.3f | %.3f | %.3f | %.1f | %.2f | %s |\n",
               f, n, c, j, m, (m > 0 ? j / m : 0), (c > 0 ? j / c : 0), g }'
    previous="$json"
  done
done
exit $((failures > 0))
