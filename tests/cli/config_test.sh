#!/usr/bin/env bash
# Issue 45's configuration file: symshape.toml or pyproject.toml's
# [tool.symshape], found from each input's directory up (nearest wins;
# symshape.toml first in one directory), --config FILE, --no-config, the
# command line over the file, and every mistake in it an error at its
# FILE:LINE:COL with exit status 2. Usage: config_test.sh SYMSHAPE REPO_DIR
set -uo pipefail
symshape=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") # the script cds
repo=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 passed=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { passed=$((passed + 1)); }
cd "$work" || exit 2
run() { "$symshape" "$@" >out 2>err; status=$?; }
has() { grep -qF -- "$1" "$2"; }
expect() { # STATUS WHAT
  [ "$status" -eq "$1" ] && ok || fail "$2: exit $status, expected $1: $(cat out err)"
}

# The repository's own pyproject.toml (the Python package's) must not
# configure the tests that run symshape inside the tree.
! grep -q 'tool\.symshape' "$repo/pyproject.toml" && ok ||
  fail "the repository's pyproject.toml has a [tool.symshape] table"

ub() { # FILE: one ub-possible broadcast (exit 1 by default)
  cat >"$1" <<'MLIR'
func.func @f(%a: tensor<?xi32>, %b: tensor<4xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<4xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
MLIR
}
mkdir -p top/mid/low top/py top/both top/plainpy/in
for d in top top/mid top/mid/low top/py top/both top/plainpy/in; do ub "$d/m.mlir"; done
echo 'fail-on = "error"' >top/symshape.toml
echo 'fail-on = "ub-possible"' >top/mid/symshape.toml

# --- lookup: nearest wins ------------------------------------------------
run check top/m.mlir;         expect 0 "top/symshape.toml's fail-on=error"
run check top/mid/m.mlir;     expect 1 "top/mid/symshape.toml is nearer"
run check top/mid/low/m.mlir; expect 1 "low/ has none: top/mid's, not top's"
# pyproject.toml with [tool.symshape]; one without it is passed over.
printf '[project]\nname = "x"\n\n[tool.symshape]\nfail-on = "ub-possible"\n' >top/py/pyproject.toml
run check top/py/m.mlir;      expect 1 "pyproject.toml's [tool.symshape] wins over top/"
printf '[project]\nname = "x"\n' >top/plainpy/pyproject.toml
run check top/plainpy/in/m.mlir; expect 0 "a pyproject.toml without the table is passed over"
# In one directory, symshape.toml before pyproject.toml.
echo 'fail-on = "ub-possible"' >top/both/symshape.toml
printf '[tool.symshape]\nfail-on = "error"\n' >top/both/pyproject.toml
run check top/both/m.mlir;    expect 1 "symshape.toml comes before pyproject.toml"
# --config FILE names it; --no-config reads none.
run check top/mid/m.mlir --config top/symshape.toml; expect 0 "--config FILE"
run check top/m.mlir --no-config; expect 1 "--no-config"
# The command line overrides the file.
run check top/m.mlir --fail-on=ub-possible; expect 1 "the command line over the file"
# A directory input: its own configuration.
run check top/mid;            expect 1 "check DIR reads DIR's symshape.toml"

# --- every check option is a key -----------------------------------------
mkdir opts && ub opts/m.mlir
cat >opts/symshape.toml <<'TOML'
assume = ["%a[0] == 4"]
timeout-ms = 500
format = "json"
explain = true
TOML
run check opts/m.mlir
expect 0 "assume = [...] makes the broadcast safe"
has '"version"' out && has '"implied_by"' out && ok ||
  fail "format = \"json\" and explain = true were not applied"
run check opts/m.mlir --format text
expect 0 "--format text over format = \"json\""
has "symshape: 3 obligations: 3 safe" out && ok || fail "--format text not applied: $(cat out)"

# Options that act before anything is read (colour, here) come from the
# file too.
mkdir colour && ub colour/m.mlir && echo 'color = "always"' >colour/symshape.toml
run check colour/m.mlir
[ "$status" -eq 1 ] && grep -q $'\e\[' out && ok || fail "color = \"always\" not applied"
run check colour/m.mlir --baseline colour/b.json
[ "$status" -eq 0 ] && grep -q $'\e\[' err && ok || fail "color = \"always\" not applied to stderr"

# --- mistakes: FILE:LINE:COL: error, exit 2 ------------------------------
mkdir bad && ub bad/m.mlir
bad() { # LINE-TEXT EXPECTED-MESSAGE
  printf '%b' "$1" >bad/symshape.toml
  run check bad/m.mlir
  [ "$status" -eq 2 ] && has "$2" err && [ ! -s out ] && ok ||
    fail "config '$1': exit $status, expected 2 and '$2': $(cat err)"
}
bad 'timeout-ms = 500\nfail-onn = "opaque"\n' \
  "bad/symshape.toml:2:1: error: unknown key 'fail-onn'; did you mean 'fail-on'?"
bad 'timeout-ms = "soon"\n' \
  "bad/symshape.toml:1:14: error: 'timeout-ms' must be a non-negative integer"
bad 'fail-on = "never"\n' \
  "bad/symshape.toml:1:11: error: --fail-on expects error, ub-guaranteed, ub-possible, unknown or opaque, got 'never'"
bad 'assume = [1]\n' \
  "bad/symshape.toml:1:10: error: 'assume' must be a string or a list of strings"
bad '\n[[suppress]]\nfunc = "f"\nop = "test.broadcastable"\nkind = "broadcast"\nrule = "broadcastable"\n' \
  "bad/symshape.toml:2:1: error: a [[suppress]] table needs 'reason': say why the finding is accepted"
bad '[[suppress]]\nfunc = "f"\nop = "x"\nkind = "k"\nrule = "r"\nreason = "r"\nline = 3\n' \
  "bad/symshape.toml:7:1: error: unknown key 'line' in [[suppress]]"
bad 'fail-on = [\n' "bad/symshape.toml:1:13: error: invalid TOML: Error while parsing array: encountered end-of-file"
printf '[tool.symshape]\ntimeout = 5\n' >bad/pyproject.toml && rm bad/symshape.toml
run check bad/m.mlir
[ "$status" -eq 2 ] && has "bad/pyproject.toml:2:1: error: unknown key 'timeout'" err &&
  ok || fail "a bad key in [tool.symshape]: exit $status: $(cat err)"

# --- suppressions --------------------------------------------------------
mkdir sup && ub sup/m.mlir
cat >sup/symshape.toml <<'TOML'
[[suppress]]
func = "f"
op = "test.broadcastable"
kind = "broadcast"
rule = "broadcastable"
value = "%a"
condition = "%a[0] not in {1, 4}"
reason = "the loader pads %a to 4"

[[suppress]]
func = "other"
op = "test.broadcastable"
kind = "broadcast"
rule = "broadcastable"
reason = "nothing like it here"
TOML
run check sup/m.mlir
[ "$status" -eq 0 ] && has "sup/m.mlir:2:8: note: suppressed because: the loader pads %a to 4" out &&
  has "sup/symshape.toml:10:1: note: this suppression matches no finding" err &&
  ok || fail "suppression with value and condition: exit $status: $(cat out err)"
# [[tool.symshape.suppress]] in a pyproject.toml ("@f" or "f").
mkdir pysup && ub pysup/m.mlir
printf '[tool.symshape]\n\n[[tool.symshape.suppress]]\nfunc = "@f"\nop = "test.broadcastable"\nkind = "broadcast"\nrule = "broadcastable"\nreason = "checked upstream"\n' >pysup/pyproject.toml
run check pysup/m.mlir
[ "$status" -eq 0 ] && has "pysup/m.mlir:2:8: note: suppressed because: checked upstream" out &&
  ok || fail "[[tool.symshape.suppress]]: exit $status: $(cat out err)"
# A condition that differs does not suppress.
sed -i 's/not in {1, 4}/not in {1, 5}/' sup/symshape.toml
run check sup/m.mlir
[ "$status" -eq 1 ] && has "warning: the broadcast" out &&
  ok || fail "a suppression whose condition differs: exit $status"

# --- no configuration, no change -----------------------------------------
mkdir plain && ub plain/m.mlir
"$symshape" check plain/m.mlir >with 2>&1
"$symshape" check plain/m.mlir --no-config >without 2>&1
cmp -s with without && ! grep -q gate with && ok ||
  fail "a run without configuration or baseline prints something new"

echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]
