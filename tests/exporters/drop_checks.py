#!/usr/bin/env python3
"""refine --drop-redundant-checks on exporter-style programs (issue 22).

    drop_checks.py [--seeds N] SYMSHAPE EXPORTERS [MLIR_OPT]

For every generated torch-mlir-style, JAX-style and chlo-style program
(seeds 0 to N-1, 12 by default; clean and planted), SPEC sections 2 and 5:

- exactly the runtime checks `check` calls redundant (every finding of the
  op safe) go, and no other: `cf.assert`, `shape_assertion` and
  `shape.cstr_*` alike; a cstr whose witness a `shape.assuming` reads
  becomes `shape.const_witness true`;
- the refined text still reads in symshape and gives the same contract,
  with every remaining finding as before (the removed safe checks aside);
- it verifies in MLIR_OPT (mlir-opt-22), when given:
  * torch: the refined program itself (upstream dialects only);
  * jax, chlo: StableHLO and CHLO are not registered in mlir-opt-22, so
    their programs as printed (StableHLO's custom forms) are re-checked
    with symshape only. What mlir-opt can verify is the same program in
    the form the verify test feeds it (`gen --mlir-opt`: upstream
    dialects pretty, StableHLO ops generic), refined the same way and
    verified with --allow-unregistered-dialect: the upstream ops (func,
    arith, tensor, shape: the const_witness, the assuming regions, no use
    of a removed feeder) are verified, the StableHLO ops only parsed.
"""
import json
import re
import subprocess
import sys
import tempfile

CHECK_KINDS = ("assert", "cstr")


def run(args, stdin=None):
    return subprocess.run(args, input=stdin, capture_output=True, text=True)


def report(symshape, text):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
        f.write(text)
        f.flush()
        out = run([symshape, "check", "--json", "-j", "1", f.name])
    if out.returncode not in (0, 1):
        raise RuntimeError(out.stderr)
    doc = json.loads(out.stdout)
    return {fn["name"]: fn for fn in doc["files"][0]["functions"]}


def refine(symshape, text):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
        f.write(text)
        f.flush()
        return run([symshape, "refine", "--drop-redundant-checks", f.name])


def findings(fn):
    """(kind, verdict, condition) of every finding but safe checks."""
    return sorted((f["kind"], f["verdict"], f.get("condition", ""))
                  for f in fn["findings"]
                  if not (f["kind"] in CHECK_KINDS and f["verdict"] == "safe"))


def check_ops(functions):
    """Per check op (its loc): whether every finding there is safe."""
    ops = {}
    for fn in functions.values():
        for f in fn["findings"]:
            if f["kind"] in CHECK_KINDS:
                ops[f["loc"]] = ops.get(f["loc"], True) and \
                    f["verdict"] == "safe"
    return ops


def main():
    args = sys.argv[1:]
    seeds = 12
    if "--seeds" in args: # fewer under the sanitizers
        at = args.index("--seeds")
        seeds = int(args[at + 1])
        del args[at:at + 2]
    symshape, exporters = args[0], args[1]
    mlir_opt = args[2] if len(args) > 2 else ""
    failures = programs = 0
    dropped = {}
    verified = {}

    def fail(msg):
        nonlocal failures
        print("FAIL " + msg)
        failures += 1

    for family in ("torch", "jax", "chlo"):
        dropped[family] = verified[family] = 0
        for seed in range(seeds):
            for variant in ([], ["--planted"]):
                gen = [exporters, "gen", "--family", family, "--seed",
                       str(seed)] + variant
                text = run(gen).stdout
                programs += 1
                what = f"{family} seed {seed} {' '.join(variant)}"
                before = report(symshape, text)
                refined = refine(symshape, text)
                if refined.returncode != 0:
                    fail(f"{what}: refine exits {refined.returncode}: "
                         f"{refined.stderr}")
                    continue
                after = report(symshape, refined.stdout)
                ops_before, ops_after = check_ops(before), check_ops(after)
                redundant = sum(1 for safe in ops_before.values() if safe)
                dropped[family] += len(ops_before) - len(ops_after)
                if len(ops_after) != len(ops_before) - redundant:
                    fail(f"{what}: {len(ops_before)} checks, {redundant} "
                         f"redundant, {len(ops_after)} left after refine")
                # A redundant cstr read by shape.assuming stays as a
                # passing witness: one more const_witness for each.
                witnesses = (refined.stdout.count("shape.const_witness true")
                             - text.count("shape.const_witness true"))
                cstrs = len(re.findall(r"= shape\.cstr_", text)) - \
                    len(re.findall(r"= shape\.cstr_", refined.stdout))
                if witnesses != cstrs:
                    fail(f"{what}: {cstrs} cstr ops go but {witnesses} "
                         f"passing witnesses appear")
                for name, fn in before.items():
                    if name not in after:
                        continue
                    if fn.get("contract") != after[name].get("contract"):
                        fail(f"{what}: @{name}'s contract changes: "
                             f"{fn.get('contract')} -> "
                             f"{after[name].get('contract')}")
                    if findings(fn) != findings(after[name]):
                        fail(f"{what}: @{name}'s findings change:\n"
                             f"  {findings(fn)}\n  {findings(after[name])}")
                if not mlir_opt:
                    continue
                if family == "torch":
                    verify = run([mlir_opt, "--verify-each", "-"],
                                 refined.stdout)
                else:
                    # The mlir-opt form: the same ops, StableHLO generic.
                    form = run(gen + ["--mlir-opt"]).stdout
                    form_refined = refine(symshape, form)
                    if form_refined.returncode != 0:
                        fail(f"{what} (--mlir-opt form): refine exits "
                             f"{form_refined.returncode}: "
                             f"{form_refined.stderr}")
                        continue
                    gone = len(check_ops(report(symshape, form))) - len(
                        check_ops(report(symshape, form_refined.stdout)))
                    if gone != len(ops_before) - len(ops_after):
                        fail(f"{what}: the --mlir-opt form loses {gone} "
                             f"checks, the program as printed "
                             f"{len(ops_before) - len(ops_after)}")
                    verify = run([mlir_opt, "--verify-each",
                                  "--allow-unregistered-dialect", "-"],
                                 form_refined.stdout)
                if verify.returncode != 0:
                    fail(f"{what}: the refined program does not verify in "
                         f"{mlir_opt}: {verify.stderr[:400]}")
                else:
                    verified[family] += 1
    # The test can fail: each family has redundant checks to drop.
    for family, n in dropped.items():
        if n == 0:
            fail(f"{family}: no program had a redundant check to drop")
    print(f"drop-redundant-checks: {programs} programs, checks dropped "
          f"{dropped}, verified in {mlir_opt or '(no mlir-opt)'} {verified} "
          f"(jax, chlo: their --mlir-opt form, StableHLO ops generic), "
          f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
