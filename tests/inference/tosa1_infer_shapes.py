"""symshape refine against mlir-opt-22's tosa-infer-shapes on TOSA 1.0.

    python3 tosa1_infer_shapes.py --symshape S [--mlir-opt M] FILE...

Each FILE is a fully static TOSA 1.0 program (current syntax, as
mlir-opt-22 prints it). The test erases every dim of every tosa op result
(`?`, in the op's type, at its uses, in `return` and in the function's
result types), checks that mlir-opt-22 still verifies the erased program,
then gives it to

  - mlir-opt-22 --tosa-infer-shapes (TOSA's own forward propagation), and
  - symshape refine,

and compares the types each gives back with the original program's: a dim
given back must be the original size (else it is wrong). symshape must give
back every dim tosa-infer-shapes gives back and no wrong one; both outputs
must verify in mlir-opt-22. Prints a table and 'N passed, N failed'.
"""

import argparse
import re
import subprocess
import sys

OP = re.compile(r"^(\s*)(%[\w$.-]+) = ([\w.]+)(.*)$")
RETURN = re.compile(r"^(\s*)(?:func\.)?return (.*) : (.*)$")
FUNC = re.compile(r"^(\s*func\.func @[\w$.-]+\()(.*)\) -> (.*) \{$")
NAME = re.compile(r"%[\w$.-]+")
KEEP = ("tosa.const", "tosa.const_shape")


def run(cmd, stdin=None):
    proc = subprocess.run(cmd, input=stdin, capture_output=True, timeout=300)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def split_top(text):
    """Splits at commas outside <>, (), [], {}."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def erase(type_text):
    m = re.match(r"^tensor<((?:[0-9?]+x)+)(.*)>$", type_text)
    if not m:
        return type_text
    rank = m.group(1).count("x")
    return "tensor<" + "?x" * rank + m.group(2) + ">"


def functional(rest):
    """(head, operand types, result types) of `... : (A, B) -> R`."""
    at = rest.rfind(" : (")
    if at < 0:
        return None
    head, sig = rest[:at], rest[at + 3:]
    depth = 0
    for i, ch in enumerate(sig):
        depth += ch in "<([{"
        depth -= ch in ">)]}"
        if depth == 0:
            break
    operands = split_top(sig[1:i])
    results = sig[i + 1:].strip()
    assert results.startswith("-> "), sig
    results = results[3:]
    if results.startswith("("):
        results = split_top(results[1:-1])
    else:
        results = [results]
    return head, operands, results


def erase_program(text):
    """The program with every tosa op result's dims erased; and the number
    of dims erased."""
    erased = {}  # value name -> erased type
    out = []
    count = 0
    for line in text.splitlines():
        m = OP.match(line)
        if m and functional(m.group(4)):
            indent, result, name, rest = m.groups()
            head, operands, results = functional(rest)
            names = NAME.findall(head.split("{")[0].split("<{")[0])
            operands = [erased.get(n, t) for n, t in zip(names, operands)]
            if name.startswith("tosa.") and name not in KEEP and \
                    len(results) == 1 and results[0].startswith("tensor<"):
                new = erase(results[0])
                count += sum(d.isdigit() for d in
                             re.findall(r"([0-9?]+)x", results[0]))
                erased[result] = new
                results = [new]
            res = results[0] if len(results) == 1 else \
                "(" + ", ".join(results) + ")"
            line = "%s%s = %s%s : (%s) -> %s" % (
                indent, result, name, head, ", ".join(operands), res)
        r = RETURN.match(line)
        if r:
            names = NAME.findall(r.group(2))
            types = split_top(r.group(3))
            types = [erased.get(n, t) for n, t in zip(names, types)]
            line = "%sreturn %s : %s" % (r.group(1), r.group(2),
                                         ", ".join(types))
            returned = types
            # The signature's results follow what is returned.
            for k in range(len(out) - 1, -1, -1):
                f = FUNC.match(out[k])
                if f:
                    res = returned[0] if len(returned) == 1 else \
                        "(" + ", ".join(returned) + ")"
                    out[k] = "%s%s) -> %s {" % (f.group(1), f.group(2), res)
                    break
        out.append(line)
    return "\n".join(out) + "\n", count


def result_types(text):
    """Result types of each op other than tensor.cast, in order, with the
    op name."""
    out = []
    for line in text.splitlines():
        m = OP.match(line)
        if not m or m.group(3) == "tensor.cast":
            continue
        f = functional(m.group(4))
        out.append((m.group(3), f[2] if f else None))
    return out


def dims(type_text):
    m = re.match(r"^tensor<((?:[0-9?]+x)+)", type_text or "")
    return m.group(1).split("x")[:-1] if m else []


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--symshape", required=True)
    parser.add_argument("--mlir-opt", default="mlir-opt-22")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    mlir = [args.mlir_opt]
    passed = failed = 0
    rows = []
    total = [0, 0, 0, 0, 0]
    for path in args.files:
        problems = []
        status, original, err = run(mlir + [path])
        if status != 0:
            print("FAIL %s: mlir-opt-22 rejects it:\n%s" % (path, err))
            failed += 1
            continue
        text, count = erase_program(original)
        status, erased, err = run(mlir + ["-"], text.encode())
        if status != 0:
            print("FAIL %s: the erased program does not verify:\n%s\n%s" %
                  (path, err, text))
            failed += 1
            continue
        status, inferred, err = run(mlir + ["--tosa-infer-shapes", "-"],
                                    erased.encode())
        if status != 0:
            problems.append("tosa-infer-shapes failed: " + err)
        status, refined, err = run([args.symshape, "refine", "-"],
                                   erased.encode())
        if status != 0:
            problems.append("symshape refine failed: " + err)
        status, refined, err = run(mlir + ["-"], refined.encode())
        if status != 0:
            problems.append("symshape refine's output does not verify: " +
                            err)
        if problems:
            print("FAIL %s:\n  %s" % (path, "\n  ".join(problems)))
            failed += 1
            continue
        want = result_types(original)
        got_erased = result_types(erased)
        by = {"tosa-infer-shapes": result_types(inferred),
              "symshape": result_types(refined)}
        for tool, got in by.items():
            if [n for n, _ in got] != [n for n, _ in want]:
                problems.append("%s changed the ops: %s" %
                                (tool, [n for n, _ in got]))
        if problems:
            print("FAIL %s:\n  %s" % (path, "\n  ".join(problems)))
            failed += 1
            continue
        back = {tool: 0 for tool in by}
        wrong = {tool: 0 for tool in by}
        for k, (name, types) in enumerate(want):
            if not types or got_erased[k][1] == types:
                continue
            for r, original_type in enumerate(types):
                for d, size in enumerate(dims(original_type)):
                    if size == "?" or dims(got_erased[k][1][r])[d] != "?":
                        continue
                    given = {}
                    for tool, got in by.items():
                        value = dims(got[k][1][r])[d]
                        given[tool] = value == size
                        back[tool] += value == size
                        if value not in ("?", size):
                            wrong[tool] += 1
                            problems.append(
                                "%s gives dim %d of %s (op %d) as %s, the "
                                "program has %s" % (tool, d, name, k, value,
                                                    size))
                    if given["tosa-infer-shapes"] and not given["symshape"]:
                        problems.append(
                            "tosa-infer-shapes gives back dim %d of %s (op "
                            "%d, %s), symshape does not" % (d, name, k, size))
        if wrong["symshape"] == 0 and not [p for p in problems
                                           if "symshape does not" in p or
                                           p.startswith("symshape")]:
            passed += 1
            status = "ok  "
        else:
            failed += 1
            status = "FAIL"
        print("%s %s: %d dims erased, tosa-infer-shapes gives back %d (%d "
              "wrong), symshape %d (%d wrong)" %
              (status, path, count, back["tosa-infer-shapes"],
               wrong["tosa-infer-shapes"], back["symshape"],
               wrong["symshape"]))
        for problem in problems:
            print("  " + problem)
        rows.append((path, count, back["tosa-infer-shapes"],
                     back["symshape"]))
        for i, v in enumerate((count, back["tosa-infer-shapes"],
                               back["symshape"], wrong["tosa-infer-shapes"],
                               wrong["symshape"])):
            total[i] += v
    print("\n| TOSA 1.0 input | dims erased | given back by tosa-infer-shapes "
          "| given back by symshape refine |\n|---|---:|---:|---:|")
    for path, count, infer, ours in rows:
        print("| %s | %d | %d | %d |" % (path.split("/")[-1], count, infer,
                                         ours))
    print("| **total** | %d | %d | %d |" % tuple(total[:3]))
    print("wrong dims: tosa-infer-shapes %d, symshape %d" %
          (total[3], total[4]))
    if passed + failed == 0 or total[0] == 0:
        print("nothing compared")
        failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
