#!/usr/bin/env bash
# Issue 45's acceptance: README's "Use in CI" workflow, run as written on
# files this script makes: a baseline is recorded, a later run passes while
# the findings are the baselined ones (also after lines are added above
# them), a new mismatch fails it, a suppressed one does not, a fixed one
# leaves a stale entry. Directories are recursed in sorted order, with a
# summary per file. Usage: baseline_workflow_test.sh SYMSHAPE REPO_DIR
set -uo pipefail
symshape=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") # the script cds
repo=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 passed=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { passed=$((passed + 1)); }
cd "$work" || exit 2
# The commands README.md shows, in its order; each must be in README.md.
record="symshape check models/ --baseline symshape-baseline.json"
for command in "$record"; do
  grep -qF -- "$command" "$repo/README.md" && ok ||
    fail "README.md's Use in CI section does not show '$command'"
done
run() { # ARGS...: stdout in out, stderr in err, exit status in status
  "$symshape" "$@" >out 2>err; status=$?
}
has() { grep -qF -- "$1" "$2"; }

mkdir -p models/sub
cat >models/a.mlir <<'MLIR'
func.func @f(%a: tensor<?xi32>, %b: tensor<4xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<4xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
MLIR
cat >models/sub/b.mlir <<'MLIR'
func.func @h(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
MLIR
touch models/notes.txt # not an .mlir file: not read

# --- without a baseline the finding fails the run -------------------------
run check models/ --no-config
[ "$status" -eq 1 ] && has "models/a.mlir:2:8: warning: the broadcast" out &&
  ok || fail "no baseline: exit $status, expected 1 with the warning"
# A summary per file (sorted: a.mlir before sub/b.mlir), then the total.
grep '^symshape: ' out >summaries
diff - summaries <<'TEXT' >/dev/null && ok || fail "per-file summaries: $(cat summaries)"
symshape: models/a.mlir: 2 obligations: 1 safe, 1 ub-possible, 0 ub-guaranteed, 0 error, 0 unreachable, 0 unknown
symshape: models/sub/b.mlir: 3 obligations: 3 safe, 0 ub-possible, 0 ub-guaranteed, 0 error, 0 unreachable, 0 unknown
symshape: 5 obligations: 4 safe, 1 ub-possible, 0 ub-guaranteed, 0 error, 0 unreachable, 0 unknown
TEXT
# The output does not depend on -j.
"$symshape" check models/ --no-config -j 1 >j1 2>&1
"$symshape" check models/ --no-config -j 3 >j3 2>&1
cmp -s j1 j3 && ok || fail "check DIR -j 1 and -j 3 differ"

# --- 1. record the baseline: every finding baselined, exit 0 --------------
# shellcheck disable=SC2086
run ${record#symshape }
[ "$status" -eq 0 ] && [ -s symshape-baseline.json ] &&
  has "symshape-baseline.json: note: baseline written with 1 finding" err &&
  has "models/a.mlir:2:8: note: baselined: the broadcast of operand sizes %a[0] and 4" out &&
  has "symshape: gate (--fail-on=ub-possible): 0 new findings, 1 baselined, 0 suppressed" out &&
  ok || fail "recording: exit $status: $(cat out err)"
python3 - symshape-baseline.json <<'PY' && ok || fail "baseline content: $(cat symshape-baseline.json)"
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["version"] == 1, doc
[f] = doc["findings"]
assert f == {"file": "models/a.mlir", "function": "f", "op": "test.broadcastable",
             "kind": "broadcast", "rule": "broadcastable", "values": ["%a", "%b"],
             "dim": 0, "condition": "%a[0] not in {1, 4}",
             "verdict": "ub-possible"}, f
PY

# --- 2. the same findings, lines added above them: still passes ----------
{ printf '// exported again, with a header\n\n'; cat models/a.mlir; } >a.new &&
  mv a.new models/a.mlir
run check models/ --baseline symshape-baseline.json
[ "$status" -eq 0 ] && has "models/a.mlir:4:8: note: baselined:" out &&
  ! has "warning" out && [ ! -s err ] &&
  ok || fail "after lines above the op: exit $status: $(cat out err)"
# An op inserted before it (its result renumbers the op's own, %0 -> %1):
# the key names the values compared, not the result, and still matches.
cp models/a.mlir a.saved
sed -i 's|^  %0 = "test.broadcastable"(%a, %b)|  %0 = "test.broadcastable"(%b, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>\n  %1 = "test.broadcastable"(%a, %b)|; s|return %0 : tensor<?xi32>|return %1 : tensor<?xi32>|' models/a.mlir
run check models/ --baseline symshape-baseline.json
[ "$status" -eq 0 ] && has 'models/a.mlir:5:8: note: baselined:' out &&
  has '%1 = "test.broadcastable"(%a, %b)' models/a.mlir && ! has "warning" out &&
  ok || fail "after an op inserted above: exit $status: $(cat out err)"
mv a.saved models/a.mlir

# --- 3. a new mismatch fails it ------------------------------------------
cat >>models/a.mlir <<'MLIR'
func.func @g(%a: tensor<?xi32>, %b: tensor<3xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<3xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
MLIR
run check models/ --baseline symshape-baseline.json
[ "$status" -eq 1 ] &&
  has "models/a.mlir:8:8: warning: the broadcast of operand sizes %a[0] and 3 (result dim 0) can fail at runtime [broadcast, ub-possible, broadcastable]" out &&
  has "models/a.mlir:4:8: note: baselined:" out &&
  has "symshape: gate (--fail-on=ub-possible): 1 new finding, 1 baselined, 0 suppressed" out &&
  ok || fail "a new mismatch: exit $status, expected 1: $(cat out err)"

# --- 4. a suppressed one does not ----------------------------------------
cat >symshape.toml <<'TOML'
baseline = "symshape-baseline.json"

[[suppress]]
func = "g"
op = "test.broadcastable"
kind = "broadcast"
rule = "broadcastable"
reason = "the caller pads %a to 3"
TOML
run check models/
[ "$status" -eq 0 ] &&
  has "models/a.mlir:8:8: note: suppressed: the broadcast of operand sizes %a[0] and 3" out &&
  has "models/a.mlir:8:8: note: suppressed because: the caller pads %a to 3" out &&
  has "symshape: gate (--fail-on=ub-possible): 0 new findings, 1 baselined, 1 suppressed" out &&
  ok || fail "a suppressed mismatch: exit $status, expected 0: $(cat out err)"
# JSON and SARIF carry the same waivers, and stay valid.
run check models/ --format json -o report.json
[ "$status" -eq 0 ] && has '"suppressed": {"reason": "the caller pads %a to 3"}' report.json &&
  has '"baselined": true' report.json && ok || fail "JSON waivers: exit $status"
run check models/ --format sarif -o report.sarif
[ "$status" -eq 0 ] && has '"justification": "the caller pads %a to 3"' report.sarif &&
  has '"justification": "recorded in the baseline"' report.sarif &&
  ok || fail "SARIF waivers: exit $status"
run check models/ --format html -o report.html
[ "$status" -eq 0 ] && has 'suppressed: the caller pads %a to 3' report.html &&
  has 'baselined: recorded in the baseline' report.html &&
  ok || fail "HTML waivers: exit $status"
python3 - "$repo" <<'PY' && ok || fail "the reports with waivers do not validate"
import json, sys, jsonschema
repo = sys.argv[1]
for doc, schema in (("report.json", "symshape-report.schema.json"),
                    ("report.sarif", "sarif-2.1.0-subset.schema.json")):
    jsonschema.validate(json.load(open(doc)),
                        json.load(open(f"{repo}/schema/{schema}")))
PY

# --- 5. fixed: the baseline entry is stale --------------------------------
cat >models/a.mlir <<'MLIR'
// exported again, with a header

func.func @f(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
func.func @g(%a: tensor<?xi32>, %b: tensor<3xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<3xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
MLIR
run check models/
[ "$status" -eq 0 ] && ! has "baselined:" out &&
  has "symshape-baseline.json: note: baseline entry no longer found (fixed? run with --write-baseline to drop it): @f: test.broadcastable [broadcast, broadcastable] %a, %b dim 0 when %a[0] not in {1, 4} (models/a.mlir)" err &&
  ok || fail "a fixed finding: exit $status, expected 0 and a stale note: $(cat out err)"
run check models/ --write-baseline
[ "$status" -eq 0 ] && has "symshape-baseline.json: note: baseline rewritten with 0 findings" err &&
  python3 -c 'import json,sys; assert json.load(open("symshape-baseline.json"))["findings"] == []' &&
  ok || fail "--write-baseline: exit $status: $(cat err)"

# --- multiset: two entries for one finding, one of them stale ------------
cat >dup.mlir <<'MLIR'
func.func @f(%a: tensor<?xi32>, %b: tensor<4xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<4xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
MLIR
"$symshape" check dup.mlir --no-config --baseline one.json >/dev/null 2>&1
python3 - <<'PY' || fail "could not double the baseline entry"
import json
doc = json.load(open("one.json"))
doc["findings"] *= 2
json.dump(doc, open("two.json", "w"))
PY
run check dup.mlir --no-config --baseline two.json
[ "$status" -eq 0 ] && [ "$(grep -c 'no longer found' err)" -eq 1 ] &&
  ok || fail "two entries for one finding: exit $status, expected one stale: $(cat err)"
# A bad baseline is an error, exit 2.
echo '{"version": 7, "findings": []}' >bad.json
run check dup.mlir --no-config --baseline bad.json
[ "$status" -eq 2 ] && has "bad.json: error: not a symshape baseline: version 7" err &&
  ok || fail "a baseline of another version: exit $status: $(cat err)"
for doc in 'not json' '{"version": 1}' \
           '{"version": 1, "findings": [{"file": "dup.mlir", "function": "f"}]}' \
           '{"version": 1, "findings": [{"file": "x", "function": "f", "op": "o", "kind": "k", "rule": "r", "line": 3}]}'; do
  echo "$doc" >bad.json
  run check dup.mlir --no-config --baseline bad.json
  [ "$status" -eq 2 ] && has "bad.json: error: not a symshape baseline: " err && [ ! -s out ] &&
    ok || fail "baseline '$doc': exit $status, expected 2: $(cat err)"
done
run check dup.mlir --no-config --write-baseline
[ "$status" -eq 2 ] && has "--write-baseline needs --baseline FILE" err &&
  ok || fail "--write-baseline alone: exit $status"
# An empty directory is an error rather than a silent pass.
mkdir empty
run check empty --no-config
[ "$status" -eq 2 ] && has "empty: error: no *.mlir file in this directory" err &&
  ok || fail "an empty directory: exit $status: $(cat err)"

# --- opaque ops: baselined under --fail-on=opaque and as coverage errors --
mkdir opaque && cp "$repo/tests/golden/output/coverage.mlir" \
  "$repo/tests/golden/output/require-coverage-module-level.mlir" opaque/
run check opaque --no-config --fail-on=opaque
expected_status=$status
run check opaque --no-config --fail-on=opaque --baseline opaque.json
[ "$expected_status" -eq 1 ] && [ "$status" -eq 0 ] &&
  has "opaque.json: note: baseline written with 4 findings" err &&
  [ "$(grep -c '"verdict": "opaque"' opaque.json)" -eq 4 ] &&
  ok || fail "opaque ops under --fail-on=opaque: exit $expected_status then $status: $(cat err)"
# The same ops are the coverage errors of --require-coverage, also the one
# outside any function.
run check opaque --no-config --require-coverage --baseline opaque.json
[ "$status" -eq 0 ] &&
  has "opaque/require-coverage-module-level.mlir:8:1: note: baselined: 'foo.bar' is opaque" out &&
  has "opaque/coverage.mlir:8:8: note: baselined: 'baz.qux' is opaque: op not modelled [coverage, error, coverage]" out &&
  ! has "error:" out && ok || fail "coverage errors baselined: exit $status: $(cat out err)"
# Recorded without --fail-on=opaque, an opaque op is no finding.
run check opaque --no-config --baseline plain.json
[ "$status" -eq 0 ] && has "plain.json: note: baseline written with 0 findings" err &&
  ok || fail "opaque ops are findings of --fail-on=opaque only: $(cat err)"
run check opaque --no-config --baseline plain.json --fail-on=opaque
[ "$status" -eq 1 ] && has "4 new findings, 0 baselined" out &&
  ok || fail "opaque ops not in the baseline fail --fail-on=opaque: exit $status"

# A run with a bad input writes no baseline (it would miss that file's).
printf 'func.func @broken(\n' >broken.mlir
run check dup.mlir broken.mlir --no-config --baseline partial.json
[ "$status" -eq 2 ] && [ ! -e partial.json ] &&
  has "partial.json: note: baseline not written: some input could not be judged" err &&
  ok || fail "a bad input and a new baseline: exit $status: $(cat err)"

# --- standard input ------------------------------------------------------
"$symshape" check - --no-config --baseline stdin.json <dup.mlir >out 2>err
"$symshape" check - --no-config --baseline stdin.json <dup.mlir >out 2>err; status=$?
[ "$status" -eq 0 ] && has '"file": "<stdin>"' stdin.json && has "<stdin>:2:8: note: baselined:" out &&
  ok || fail "check - with a baseline: exit $status: $(cat out err)"

# --- an empty baseline changes nothing but the gate line ------------------
# The gate decides the exit status finding by finding; with nothing waived
# it must agree with the summary's decision on every golden input and
# level, and the report must be the same but for its last line.
echo '{"version": 1, "findings": []}' >empty.json
differ=0
for f in "$repo"/tests/golden/output/*.mlir; do
  for options in "--fail-on=error" "--fail-on=ub-guaranteed" "" \
                 "--fail-on=opaque" "--require-coverage"; do
    # shellcheck disable=SC2086
    "$symshape" check "$f" --no-config $options >plain 2>/dev/null; a=$?
    # shellcheck disable=SC2086
    "$symshape" check "$f" --no-config $options --baseline empty.json >gated 2>/dev/null; b=$?
    if [ "$a" -ne "$b" ] || ! diff -q plain <(grep -v '^symshape: gate' gated) >/dev/null ||
       { [ "$a" -ne 2 ] && ! grep -q '^symshape: gate' gated; }; then
      differ=$((differ + 1))
      echo "  $f $options: exit $a without the baseline, $b with it"
    fi
  done
done
[ "$differ" -eq 0 ] && ok || fail "an empty baseline changed $differ runs"

echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]
