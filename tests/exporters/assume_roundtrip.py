#!/usr/bin/env python3
"""What symshape prints reads back as --assume, and means it (issue 22).

    assume_roundtrip.py SYMSHAPE EXPORTERS [COUNT]

For generated JAX-, torch-mlir- and chlo-style programs (clean, planted,
doomed; seeds 0..COUNT-1), `check --json`, then (SPEC sections 4 and 6):

1. Every printed formula -- the entry function's contract `checked` and
   `requires` (or each of their `_parts`) and every finding's `condition`
   -- is accepted by `--assume` (exit 0 or 1, never 2: it is an expression
   of section 6, floordiv, mod, max and min included).
2. The contract, assumed, holds: with `--assume "(checked) && (requires)"`
   every run that the types allow passes every check and has no UB, so
   every finding of the function (checks, requirements, the callee's ops
   judged through the call) is `safe`, the assumption itself is `safe`
   (consistent) and the exit status is 0. A contract that is `false` (a
   doomed check) cannot be assumed: the assumption is an `error`
   (it contradicts the types) and is ignored.
3. A condition C of a `ub-possible` finding is exact under P (the facts
   and every earlier obligation): assumed, the sizes that reach the op are
   exactly those that violate it, so the finding becomes `ub-guaranteed`;
   `!(C)` assumed, none violates it, so it becomes `safe`. (The earlier
   obligations may change verdict: C narrows their P too.)
"""
import json
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor


def run(args):
    return subprocess.run(args, capture_output=True, text=True)


def check(symshape, path, assume=None):
    args = [symshape, "check", "--json", "-j", "1", path]
    if assume is not None:
        args += ["--assume", assume]
    out = run(args)
    doc = json.loads(out.stdout) if out.stdout.startswith("{") else None
    return out.returncode, doc, out.stderr


def formula(contract, name):
    if contract.get(name) is not None:
        return contract[name]
    return " && ".join(f"({p['holds']})" for p in contract[name + "_parts"])


def key(finding):
    return (finding["loc"], finding["kind"], finding.get("dim"),
            tuple(finding.get("call_stack", [])))


def program_cases(exporters, count):
    for family in ("jax", "torch", "chlo"):
        variants = [[], ["--planted"]] + ([["--doomed"]]
                                          if family != "chlo" else [])
        for seed in range(count):
            for variant in variants:
                gen = run([exporters, "gen", "--family", family, "--seed",
                           str(seed)] + variant)
                yield f"{family} seed {seed} {' '.join(variant)}", gen.stdout


def judge(symshape, what, text):
    """Failures (strings) and counters for one program."""
    failures = []
    counts = {"parsed": 0, "contracts": 0, "conditions": 0}
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
        f.write(text)
        f.flush()
        rc, doc, err = check(symshape, f.name)
        if doc is None:
            return [f"{what}: check exits {rc}: {err[:300]}"], counts
        functions = doc["files"][0]["functions"]
        entry = next(fn for fn in functions if "contract" in fn)
        contract = entry["contract"]
        texts = [formula(contract, "checked"), formula(contract, "requires")]
        for name in ("checked_parts", "requires_parts"):
            texts += [p["holds"] for p in contract.get(name, [])]
        conditions = []
        for fn in functions:
            for finding in fn["findings"]:
                if "condition" in finding:
                    texts.append(finding["condition"])
                    if finding["verdict"] == "ub-possible" and \
                            "call_sites" not in finding:
                        conditions.append(finding)
        # 1. Everything printed reads back.
        for t in texts:
            rc, _, err = check(symshape, f.name, t)
            if rc not in (0, 1):
                failures.append(f"{what}: --assume \"{t}\" is rejected: "
                                f"{err.strip()[:300]}")
            else:
                counts["parsed"] += 1
        # 2. The contract, assumed, holds.
        whole = f"({texts[0]}) && ({texts[1]})"
        rc, after, err = check(symshape, f.name, whole)
        if after is None:
            failures.append(f"{what}: --assume the contract: exit {rc}")
        else:
            counts["contracts"] += 1
            doomed = "false" in (contract.get("checked"),
                                 contract.get("requires"))
            for fn in after["files"][0]["functions"]:
                for finding in fn["findings"]:
                    if finding["kind"] == "assume":
                        want = "error" if doomed else "safe"
                        if finding["verdict"] != want:
                            failures.append(
                                f"{what}: the contract assumed is "
                                f"{finding['verdict']}, not {want}")
                    elif not doomed and finding["verdict"] != "safe":
                        failures.append(
                            f"{what}: with the contract assumed, "
                            f"{finding['kind']} at {finding['loc']} is "
                            f"{finding['verdict']}: "
                            f"{finding.get('condition', '')}")
            if not doomed and rc != 0:
                failures.append(f"{what}: with the contract assumed, "
                                f"exit {rc}")
        # 3. Conditions are exact.
        for finding in conditions:
            c = finding["condition"]
            for assumed, want in ((c, "ub-guaranteed"),
                                  (f"!({c})", "safe")):
                rc, after, err = check(symshape, f.name, assumed)
                got = None
                if after is not None:
                    for fn in after["files"][0]["functions"]:
                        for g in fn["findings"]:
                            if key(g) == key(finding):
                                got = g["verdict"]
                if got != want:
                    failures.append(
                        f"{what}: --assume \"{assumed}\" makes "
                        f"{finding['kind']} at {finding['loc']} {got}, "
                        f"not {want}")
            counts["conditions"] += 1
    return failures, counts


def main():
    symshape, exporters = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 6
    cases = list(program_cases(exporters, count))
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda c: judge(symshape, *c), cases))
    failures = [f for fs, _ in results for f in fs]
    totals = {}
    for _, counts in results:
        for k, v in counts.items():
            totals[k] = totals.get(k, 0) + v
    for f in failures:
        print("FAIL " + f)
    print(f"assume round trip: {len(cases)} programs, {totals['parsed']} "
          f"printed formulas read back, {totals['contracts']} contracts "
          f"assumed, {totals['conditions']} conditions assumed both ways; "
          f"{len(failures)} failures")
    # The test can fail: the programs have conditions to read back.
    if totals["conditions"] == 0:
        print("FAIL no ub-possible condition to assume")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
