#!/usr/bin/env bash
# Times `symshape check` on one chain in three spellings (families
# chain-stablehlo, chain-torch, chain-onnx; issues 42 and 46: torch and ONNX
# within 1.2x of StableHLO at 100k ops), side by side: every round runs the
# three files once each, the first spelling rotating from round to round.
#
#   bash bench/run_spellings.sh
#
# Environment (all optional): BENCH_BUILD_DIR (a Release build with the
# bench tools, default build-bench; built when missing), BENCH_WORK_DIR,
# BENCH_REPS (rounds, default 5), BENCH_SPELLING_OPS (default 100000),
# BENCH_TIMEOUT (seconds per run, default 300), BENCH_JOBS (passed as
# `check -j`, default: symshape's own default).
#
# First checks that the three files are the same graph to symshape
# (check_spellings.sh), then prints per spelling the median wall time, the
# median CPU time (user + sys), the peak RSS (maximum over the rounds) and
# the ratios to StableHLO. Exit status 1 when the check fails or a run
# crashes or times out; a ratio above 1.2 is reported, not a failure.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="${BENCH_BUILD_DIR:-$root/build-bench}"
work="${BENCH_WORK_DIR:-$build/bench-work}"
reps="${BENCH_REPS:-5}"
ops="${BENCH_SPELLING_OPS:-100000}"
timeout="${BENCH_TIMEOUT:-300}"
jobs=()
[[ -n "${BENCH_JOBS:-}" ]] && jobs=(-j "$BENCH_JOBS")

if [[ ! -f "$build/CMakeCache.txt" ]]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_TESTING=OFF > /dev/null
fi
cmake --build "$build" --target symshape symshape_bench_generate \
  symshape_bench_measure > "$build/bench-build.log" 2>&1 ||
  { tail -n 30 "$build/bench-build.log" >&2; exit 1; }
symshape="$build/tools/symshape"
generate="$build/bench/symshape_bench_generate"
measure="$build/bench/symshape_bench_measure"
mkdir -p "$work"

bash "$here/check_spellings.sh" "$symshape" "$generate" "$ops" "$work" ||
  { echo "FAIL: the spellings are not the same graph" >&2; exit 1; }
spellings=(stablehlo torch onnx)
for s in "${spellings[@]}"; do
  printf '%s: %s bytes\n' "$s" "$(wc -c < "$work/chain-$s-$ops.mlir")"
done

runs="$work/spellings.csv"
echo "round,spelling,status,wall_us,user_us,sys_us,maxrss_kb" > "$runs"
failures=0
for ((r = 0; r < reps; ++r)); do
  for ((k = 0; k < 3; ++k)); do
    s="${spellings[$(((r + k) % 3))]}"
    line="$("$measure" --timeout "$timeout" --stdout /dev/null -- \
      "$symshape" check "${jobs[@]}" "$work/chain-$s-$ops.mlir")"
    field() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<< "$line"; }
    status="$(field status)"
    if [[ "$status" != 0 && "$status" != 1 ]]; then
      echo "FAIL: $s -> $line" >&2
      failures=$((failures + 1))
    fi
    echo "$r,$s,$status,$(field wall_us),$(field user_us),$(field sys_us),$(field maxrss_kb)" >> "$runs"
  done
done

awk -F, -v ops="$ops" 'NR > 1 {
    n[$2]++; wall[$2, n[$2]] = $4 / 1e6; cpu[$2, n[$2]] = ($5 + $6) / 1e6
    if ($7 > rss[$2]) rss[$2] = $7
  }
  function median(a, s, k,   v, i, j, t) {
    for (i = 1; i <= k; ++i) v[i] = a[s, i]
    for (i = 1; i <= k; ++i)
      for (j = i + 1; j <= k; ++j)
        if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return v[int((k + 1) / 2)]
  }
  END {
    split("stablehlo torch onnx", order, " ")
    for (i = 1; i <= 3; ++i) {
      s = order[i]
      w[s] = median(wall, s, n[s]); c[s] = median(cpu, s, n[s])
    }
    printf "| spelling | ops | wall s | CPU s | peak MiB | wall / stablehlo | CPU / stablehlo | RSS / stablehlo |\n"
    printf "|---|---:|---:|---:|---:|---:|---:|---:|\n"
    for (i = 1; i <= 3; ++i) {
      s = order[i]
      printf "| %s | %d | %.3f | %.3f | %.0f | %.2f | %.2f | %.2f |\n", s, ops,
             w[s], c[s], rss[s] / 1024, w[s] / w["stablehlo"],
             c[s] / c["stablehlo"], rss[s] / rss["stablehlo"]
    }
  }' "$runs"
exit $((failures > 0))
