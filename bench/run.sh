#!/usr/bin/env bash
# symshape benchmark: `symshape check` against `mlir-opt-16` on generated
# inputs of four families at 10k, 100k and 200k ops. See bench/README.md.
#
#   bash bench/run.sh
#
# Environment (all optional):
#   BENCH_BUILD_DIR  build directory (default: <repo>/build-bench), Release
#   BENCH_WORK_DIR   generated files and raw results (default: $BUILD/bench-work)
#   BENCH_REPS       timed repetitions per file and tool (default 5)
#   BENCH_SIZES      op counts (default "10000 100000 200000")
#   BENCH_FAMILIES   families (default "chain transformer random transformer-ops")
#   BENCH_SEED       generator seed (default 1)
#   BENCH_TIMEOUT    seconds before a run counts as a time-out (default 900)
#   BENCH_JSON_TIMEOUT  the same for the `check --json` runs (default 300)
#   BENCH_SINGLE_SIZES  op counts for the one-function scaling runs
#                    (default "5000 10000 20000"; empty to skip)
#   MLIR_OPT         mlir-opt binary (default mlir-opt-16)
#
# Exit status: 0 when every run finished and the fast-path check passed,
# 1 otherwise (a crash, a time-out, an input mlir-opt rejects, a FAIL).
# Missed performance targets are reported, not failures.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="${BENCH_BUILD_DIR:-$root/build-bench}"
work="${BENCH_WORK_DIR:-$build/bench-work}"
reps="${BENCH_REPS:-5}"
sizes="${BENCH_SIZES:-10000 100000 200000}"
families="${BENCH_FAMILIES:-chain transformer random transformer-ops}"
seed="${BENCH_SEED:-1}"
timeout="${BENCH_TIMEOUT:-900}"
json_timeout="${BENCH_JSON_TIMEOUT:-300}"
mlir_opt="${MLIR_OPT:-mlir-opt-16}"
fastpath_ops=20000
single_sizes="${BENCH_SINGLE_SIZES-5000 10000 20000}"

failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

#--- tools and build ----------------------------------------------------------

for tool in cmake ninja awk "$mlir_opt"; do
  if ! command -v "$tool" > /dev/null 2>&1; then
    echo "run.sh: '$tool' not found (Debian: cmake ninja-build mawk mlir-16-tools)" >&2
    exit 1
  fi
done

# build_or_die DIR [ARGS...]: cmake --build, showing the log only on failure.
build_or_die() {
  local dir="$1" log="$1/bench-build.log"
  shift
  if ! cmake --build "$dir" "$@" > "$log" 2>&1; then
    tail -n 30 "$log" >&2
    echo "run.sh: build failed in $dir (log: $log)" >&2
    exit 1
  fi
}

if [[ ! -f "$build/CMakeCache.txt" ]]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_TESTING=OFF > /dev/null
fi
build_type="$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")"
if [[ "$build_type" != Release ]]; then
  echo "run.sh: $build is a '$build_type' build; set BENCH_BUILD_DIR to a Release one" >&2
  exit 1
fi
echo "== building symshape (Release) in $build"
build_or_die "$build" --target symshape
symshape="$build/tools/symshape"

# The generator and the rusage wrapper build on their own, so the benchmark
# does not depend on the top-level CMakeLists including bench/.
tools="$build/bench-tools"
if [[ ! -f "$tools/CMakeCache.txt" ]]; then
  cmake -S "$here" -B "$tools" -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null
fi
build_or_die "$tools"
generate="$tools/symshape_bench_generate"
measure="$tools/symshape_bench_measure"

#--- inputs -------------------------------------------------------------------

mkdir -p "$work"
echo "== generating inputs in $work"
files=()
for family in $families; do
  for ops in $sizes; do
    file="$work/$family-$ops.mlir"
    "$generate" --family "$family" --ops "$ops" --seed "$seed" -o "$file"
    files+=("$file")
  done
done
# The same families with every op in one function: symshape judges a
# function with one growing solver context, so this shows how the cost of a
# function grows with its length.
single_files=()
for family in $families; do
  for ops in $single_sizes; do
    file="$work/$family-1fn-$ops.mlir"
    "$generate" --family "$family" --ops "$ops" --seed "$seed" --func-ops 0 \
      --layers 0 -o "$file"
    single_files+=("$file")
  done
done
fastpath_file="$work/random-$fastpath_ops.mlir"
"$generate" --family random --ops "$fastpath_ops" --seed "$seed" \
  -o "$fastpath_file"

# chlo, stablehlo and the opaque test ops of `random` are not registered in
# mlir-opt 16; chain, transformer and transformer-ops must verify without
# the flag.
mlir_opt_args() {
  case "$(basename "$1")" in
  random-*) echo "--allow-unregistered-dialect" ;;
  *) ;;
  esac
}

#--- helpers ------------------------------------------------------------------

# field NAME LINE: the value of NAME=... in a measure line.
field() {
  local name="$1" line="$2"
  sed -n "s/.*\\b$name=\\([^ ]*\\).*/\\1/p" <<< "$line"
}

# median of the numbers on standard input.
median() {
  sort -n | awk '{ v[NR] = $1 } END {
    if (NR == 0) { print "-"; exit }
    if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

max() {
  sort -n | tail -n 1
}

runs="$work/runs.csv"
echo "file,tool,rep,status,wall_us,user_us,sys_us,maxrss_kb" > "$runs"

# timed TOOL FILE REP CMD...: one measured run, appended to runs.csv.
timed() {
  local tool="$1" file="$2" rep="$3"
  shift 3
  local line status
  line="$("$measure" --timeout "$timeout" --stderr "$work/last-$tool.err" -- "$@")"
  status="$(field status "$line")"
  echo "$(basename "$file"),$tool,$rep,$status,$(field wall_us "$line"),$(field user_us "$line"),$(field sys_us "$line"),$(field maxrss_kb "$line")" >> "$runs"
  case "$tool:$status" in
  symshape:0 | symshape:1 | symshape-j1:0 | symshape-j1:1 | \
    symshape-json:0 | symshape-json:1 | mlir-opt:0) ;;
  *)
    fail "$tool on $(basename "$file"), repetition $rep: status $status: $*"
    head -n 5 "$work/last-$tool.err" | sed 's/^/    /'
    ;;
  esac
}

# column FILE TOOL COLUMN: the values of one column of runs.csv, one a line,
# for the runs that finished.
column() {
  awk -F, -v f="$(basename "$1")" -v t="$2" -v c="$3" \
    '$1 == f && $2 == t && ($4 == "0" || $4 == "1") { print $c }' "$runs"
}

#--- timed runs ---------------------------------------------------------------

load_start="$(cut -d' ' -f1-3 /proc/loadavg)"
if awk -v l="${load_start%% *}" -v n="$(nproc)" 'BEGIN { exit !(l > n / 2) }'; then
  echo "run.sh: warning: load average $load_start on $(nproc) cores; timings will be noisy" >&2
fi
echo "== timing: $reps repetitions per file, symshape and mlir-opt interleaved"
for file in "${files[@]}"; do
  echo "   $(basename "$file")"
  read -r -a extra <<< "$(mlir_opt_args "$file")"
  for ((rep = 1; rep <= reps; rep++)); do
    # Alternate which tool goes first, so neither always finds a warm cache.
    # symshape runs as a user runs it (one thread per hardware thread) and
    # on one thread (-j 1), which is how mlir-opt-16 verifies these files.
    # `check --json` too, beside `check`, for the json/check ratio.
    if ((rep % 2)); then
      timed symshape "$file" "$rep" "$symshape" check "$file"
      timed mlir-opt "$file" "$rep" "$mlir_opt" "${extra[@]}" "$file" -o /dev/null
      timed symshape-json "$file" "$rep" "$symshape" check --json "$file"
      timed symshape-j1 "$file" "$rep" "$symshape" check -j 1 "$file"
    else
      timed symshape-j1 "$file" "$rep" "$symshape" check -j 1 "$file"
      timed symshape-json "$file" "$rep" "$symshape" check --json "$file"
      timed mlir-opt "$file" "$rep" "$mlir_opt" "${extra[@]}" "$file" -o /dev/null
      timed symshape "$file" "$rep" "$symshape" check "$file"
    fi
  done
done

#--- verdicts and solver statistics -------------------------------------------

# Verdict counts from `check --json` (which also computes the most specific
# shapes, so it may be much slower than `check`: its time is reported) and
# the solver statistics from `check --stats`, one run each per file.
echo "== verdicts: symshape check --json, and check --stats, one run each per file"
declare -A summary stats json_time
for file in "${files[@]}"; do
  json="$work/last.json"
  line="$("$measure" --timeout "$json_timeout" --stdout "$json" -- \
    "$symshape" check --json "$file")"
  status="$(field status "$line")"
  json_time[$file]="$(field wall_us "$line")"
  if [[ "$status" =~ ^[01]$ ]]; then
    # "summary": {"safe": 3, "ub-possible": 1, ...}
    summary[$file]="$(tail -c 1000 "$json" | tr -d '\n' |
      sed -n 's/.*"summary": *{\([^}]*\)}.*/\1/p' | tr -d '" ' |
      sed 's/:/=/g; s/,/ /g')"
  else
    summary[$file]="(check --json: $status)"
    json_time[$file]="$status"
    fail "symshape check --json $(basename "$file"): status $status after $(field wall_us "$line") us: $symshape check --json $file"
  fi
  rm -f "$json"
  # stats: static=N solver=M unknown=K checks=C (when symshape has --stats)
  line="$("$measure" --timeout "$timeout" --stderr "$work/last.stats" -- \
    "$symshape" check --stats "$file")"
  # A symshape without --stats exits 2 on the unknown option: no line.
  stats[$file]="$(sed -n 's/^stats: //p' "$work/last.stats" | tail -n 1)"
done

#--- one function of growing length -------------------------------------------

declare -A single
if ((${#single_files[@]} > 0)); then
  echo "== one-function scaling: symshape only, one run per file"
  for file in "${single_files[@]}"; do
    line="$("$measure" --timeout "$timeout" -- "$symshape" check "$file")"
    single[$file]="$line"
    status="$(field status "$line")"
    [[ "$status" =~ ^[01]$ ]] || fail "symshape on $(basename "$file"): status $status: $symshape check $file"
  done
fi

#--- fast paths must not change verdicts --------------------------------------

echo "== fast-path check on $(basename "$fastpath_file")"
with="$work/fastpath-with.json"
without="$work/fastpath-without.json"
line_with="$("$measure" --timeout "$json_timeout" --stdout "$with" -- \
  "$symshape" check --json "$fastpath_file")"
line_without="$("$measure" --timeout "$json_timeout" --stdout "$without" -- \
  "$symshape" check --json --no-fast-paths "$fastpath_file")"
# Witnesses may differ (any assignment that reaches the op and violates it
# is a witness, named by its sizes other than 1; the property test replays
# them): the check compares the JSON with witnesses masked, and says
# separately whether the raw JSON is identical.
witness_values() { sed -E 's/"witness": \{[^}]*\}/"witness": {_}/g' "$1"; }
fastpath_result=FAIL
fastpath_identical=no
if [[ "$(field status "$line_with")" =~ ^[01]$ &&
  "$(field status "$line_without")" =~ ^[01]$ ]]; then
  if cmp -s <(witness_values "$with") <(witness_values "$without"); then
    fastpath_result=PASS
  fi
  if cmp -s "$with" "$without"; then
    fastpath_identical=yes
  fi
fi
if [[ $fastpath_result == PASS ]]; then
  rm -f "$with" "$without"
else
  fail "symshape check --json differs with --no-fast-paths on $fastpath_file" \
    "beyond witnesses (kept $with, $without)"
  diff <(witness_values "$with") <(witness_values "$without") | head -n 4 |
    cut -c 1-400 | sed 's/^/    /' || true
fi

#--- report -------------------------------------------------------------------

seconds() { awk -v us="$1" 'BEGIN { if (us == "-") print "-"; else printf "%.3f", us / 1e6 }'; }
mib() { awk -v kb="$1" 'BEGIN { if (kb == "" || kb == "-") print "-"; else printf "%.0f", kb / 1024 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b == 0) print "-"; else printf "%.2f", a / b }'; }

declare -A wall
echo
echo "symshape benchmark, $(date +%F), nproc $(nproc), $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
echo "load average at start: $load_start, at end: $(cut -d' ' -f1-3 /proc/loadavg)"
revision="(not a git checkout)"
if head_rev="$(git -C "$root" rev-parse --short HEAD 2>/dev/null)"; then
  revision="$head_rev"
  git -C "$root" diff --quiet HEAD 2>/dev/null || revision+=" with local changes"
fi
echo "symshape $revision, $("$mlir_opt" --version 2>/dev/null | sed -n 's/.*LLVM version \([0-9.]*\).*/mlir-opt (LLVM \1)/p' | head -n 1), median of $reps runs"
echo
printf '%-12s %7s %10s %10s %7s %8s %7s %10s %10s %9s %9s\n' \
  family ops symshape_s mlir-opt_s ratio j1_s j1_ratio sym_cpu_s opt_cpu_s sym_MiB opt_MiB
for file in "${files[@]}"; do
  name="$(basename "$file" .mlir)"
  family="${name%-*}"
  ops="${name##*-}"
  s_wall="$(column "$file" symshape 5 | median)"
  m_wall="$(column "$file" mlir-opt 5 | median)"
  s_cpu="$(awk -F, -v f="$(basename "$file")" '$1 == f && $2 == "symshape" && ($4 == "0" || $4 == "1") { print $6 + $7 }' "$runs" | median)"
  m_cpu="$(awk -F, -v f="$(basename "$file")" '$1 == f && $2 == "mlir-opt" && $4 == "0" { print $6 + $7 }' "$runs" | median)"
  j1_wall="$(column "$file" symshape-j1 5 | median)"
  s_rss="$(column "$file" symshape 8 | max)"
  m_rss="$(column "$file" mlir-opt 8 | max)"
  wall[$family:$ops]="$s_wall"
  wall[mlir:$family:$ops]="$m_wall"
  wall[j1:$family:$ops]="$j1_wall"
  wall[json:$family:$ops]="$(column "$file" symshape-json 5 | median)"
  printf '%-12s %7s %10s %10s %7s %8s %7s %10s %10s %9s %9s\n' "$family" "$ops" \
    "$(seconds "$s_wall")" "$(seconds "$m_wall")" "$(ratio "$s_wall" "$m_wall")" \
    "$(seconds "$j1_wall")" "$(ratio "$j1_wall" "$m_wall")" \
    "$(seconds "$s_cpu")" "$(seconds "$m_cpu")" "$(mib "$s_rss")" "$(mib "$m_rss")"
done
echo
echo "ratio = symshape / mlir-opt wall time; j1 = symshape check -j 1 (one thread); cpu = user + sys"
echo "of the default run; MiB = peak RSS (max over runs)"
echo "mlir-opt runs with --allow-unregistered-dialect on random-* (chlo, stablehlo, opaque ops)"

echo
printf '%-12s %7s %9s  %s\n' family ops json_s "verdicts (symshape check --json) | obligations decided (check --stats)"
for file in "${files[@]}"; do
  name="$(basename "$file" .mlir)"
  t="${json_time[$file]:--}"
  [[ "$t" =~ ^[0-9]+$ ]] && t="$(seconds "$t")"
  printf '%-12s %7s %9s  %s | %s\n' "${name%-*}" "${name##*-}" "$t" \
    "${summary[$file]:-(no summary)}" "${stats[$file]:-(no --stats line)}"
done
echo "json_s = wall time of the one check --json run (it also computes the most specific shapes)"

echo
echo "check --json against check (medians of the interleaved runs), target <= 1.3:"
printf '  %-16s %7s %9s %9s %6s\n' family ops check_s json_s ratio
for file in "${files[@]}"; do
  name="$(basename "$file" .mlir)"
  family="${name%-*}"
  ops="${name##*-}"
  c="${wall[$family:$ops]:--}"
  j="${wall[json:$family:$ops]:--}"
  r="$(ratio "$j" "$c")"
  ok="$(awk -v r="$r" 'BEGIN { print (r != "-" && r <= 1.3) ? "met" : "MISSED" }')"
  printf '  %-16s %7s %9s %9s %6s %s\n' "$family" "$ops" "$(seconds "$c")" \
    "$(seconds "$j")" "$r" "$ok"
done

echo
echo "growth time(200k)/time(100k), target <= 2.2:"
for family in $families; do
  s="$(ratio "${wall[$family:200000]:--}" "${wall[$family:100000]:--}")"
  m="$(ratio "${wall[mlir:$family:200000]:--}" "${wall[mlir:$family:100000]:--}")"
  j="$(ratio "${wall[j1:$family:200000]:--}" "${wall[j1:$family:100000]:--}")"
  printf '  %-12s symshape %5s   symshape -j 1 %5s   mlir-opt %5s\n' "$family" "$s" "$j" "$m"
done

echo
echo "targets at 100k ops (chain, transformer: symshape <= 2x mlir-opt; all: peak RSS <= 1 GiB):"
for family in $families; do
  file="$work/$family-100000.mlir"
  [[ -n "${wall[$family:100000]:-}" ]] || continue
  r="$(ratio "${wall[$family:100000]}" "${wall[mlir:$family:100000]}")"
  r1="$(ratio "${wall[j1:$family:100000]:--}" "${wall[mlir:$family:100000]}")"
  rss="$(column "$file" symshape 8 | max)"
  time_ok=n/a
  if [[ "$family" != random ]]; then
    time_ok="$(awk -v r="$r" 'BEGIN { print (r != "-" && r <= 2) ? "met" : "MISSED" }')"
  fi
  rss_ok="$(awk -v kb="$rss" 'BEGIN { print (kb != "" && kb <= 1048576) ? "met" : "MISSED" }')"
  printf '  %-12s time ratio %5s: %-6s (-j 1: %5s)  peak RSS %5s MiB: %s\n' \
    "$family" "$r" "$time_ok" "$r1" "$(mib "$rss")" "$rss_ok"
done

if ((${#single_files[@]} > 0)); then
  echo
  echo "one function holding every op (--func-ops 0 / --layers 0), symshape check, one run:"
  printf '  %-12s %7s %10s %10s %9s %8s\n' family ops wall_s cpu_s MiB growth
  for family in $families; do
    previous=""
    for ops in $single_sizes; do
      line="${single[$work/$family-1fn-$ops.mlir]}"
      status="$(field status "$line")"
      if [[ ! "$status" =~ ^[01]$ ]]; then
        printf '  %-12s %7s %10s\n' "$family" "$ops" "$status"
        previous=""
        continue
      fi
      cpu="$(($(field user_us "$line") + $(field sys_us "$line")))"
      growth="-"
      [[ -n "$previous" ]] && growth="$(ratio "$cpu" "$previous")"
      printf '  %-12s %7s %10s %10s %9s %8s\n' "$family" "$ops" \
        "$(seconds "$(field wall_us "$line")")" "$(seconds "$cpu")" \
        "$(mib "$(field maxrss_kb "$line")")" "$growth"
      previous="$cpu"
    done
  done
  echo "  growth = cpu time / cpu time at the previous size (linear: the size ratio)"
fi

echo
echo "fast paths: symshape check --json vs --json --no-fast-paths on $(basename "$fastpath_file")" \
  "($(seconds "$(field wall_us "$line_with")") s vs $(seconds "$(field wall_us "$line_without")") s):"
echo "  same verdicts, conditions, shapes, witnesses there: $fastpath_result"
echo "  byte-identical JSON (witness values too):          $fastpath_identical"
echo "raw runs: $runs"

if ((failures > 0)); then
  echo "$failures failure(s)"
  exit 1
fi
