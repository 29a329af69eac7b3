#!/usr/bin/env python3
"""refine --drop-redundant-checks on exporter-style programs (issue 22).

    drop_checks.py SYMSHAPE EXPORTERS [MLIR_OPT]

For every generated torch-mlir-style and JAX-style program (clean and
planted): the refined text has exactly the runtime checks `check` called
redundant removed (and no other check), it still verifies in MLIR_OPT
(mlir-opt-22), still reads in
symshape, and gives the same contract, with every remaining finding as
before (the removed safe checks aside). Only the torch-mlir-style output
is verified by mlir-opt: StableHLO's custom forms need its dialect.
"""
import json
import subprocess
import sys
import tempfile


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


def findings(fn):
    """(kind, verdict, condition) of every finding but safe checks."""
    return sorted((f["kind"], f["verdict"], f.get("condition", ""))
                  for f in fn["findings"]
                  if not (f["kind"] == "assert" and f["verdict"] == "safe"))


def main():
    symshape, exporters = sys.argv[1], sys.argv[2]
    mlir_opt = sys.argv[3] if len(sys.argv) > 3 else ""
    failures = programs = dropped = 0
    for family in ("torch", "jax"):
        for seed in range(12):
            for variant in ([], ["--planted"]):
                gen = run([exporters, "gen", "--family", family, "--seed",
                           str(seed)] + variant)
                text = gen.stdout
                programs += 1
                before = report(symshape, text)
                with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
                    f.write(text)
                    f.flush()
                    refined = run([symshape, "refine",
                                   "--drop-redundant-checks", f.name])
                what = f"{family} seed {seed} {' '.join(variant)}"
                if refined.returncode != 0:
                    print(f"FAIL {what}: refine exits {refined.returncode}: "
                          f"{refined.stderr}")
                    failures += 1
                    continue
                after = report(symshape, refined.stdout)
                safe_checks = sum(
                    1 for fn in before.values() for f in fn["findings"]
                    if f["kind"] == "assert" and f["verdict"] == "safe")
                left = sum(1 for fn in after.values() for f in fn["findings"]
                           if f["kind"] == "assert")
                checks = sum(1 for fn in before.values()
                             for f in fn["findings"] if f["kind"] == "assert")
                dropped += checks - left
                if left != checks - safe_checks:
                    print(f"FAIL {what}: {checks} checks, {safe_checks} "
                          f"redundant, {left} left after refine")
                    failures += 1
                for name, fn in before.items():
                    if name not in after:
                        continue
                    if fn.get("contract") != after[name].get("contract"):
                        print(f"FAIL {what}: @{name}'s contract changes: "
                              f"{fn.get('contract')} -> "
                              f"{after[name].get('contract')}")
                        failures += 1
                    if findings(fn) != findings(after[name]):
                        print(f"FAIL {what}: @{name}'s findings change:\n"
                              f"  {findings(fn)}\n  {findings(after[name])}")
                        failures += 1
                # StableHLO's custom forms need its dialect, which mlir-opt
                # has not: only the upstream dialects' output is verified.
                if mlir_opt and family == "torch":
                    verify = run([mlir_opt, "--verify-each", "-"],
                                 refined.stdout)
                    if verify.returncode != 0:
                        print(f"FAIL {what}: the refined program does not "
                              f"verify in {mlir_opt}: {verify.stderr[:400]}")
                        failures += 1
    print(f"drop-redundant-checks: {programs} programs, {dropped} checks "
          f"dropped, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
