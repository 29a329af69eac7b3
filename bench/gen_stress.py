#!/usr/bin/env python3
"""Stress shapes of issue 25: one op or one call chain that is very wide.

    gen_stress.py broadcast N OUT   tosa.add of two rank-N all-`?` operands
    gen_stress.py calls N OUT       N public functions, each calling the next
    gen_stress.py concat N OUT      stablehlo.concatenate of N distinct
                                    tensor<?x2xf32> operands along dim 0

Each must take `symshape check` well under 2 s at N = 100,000 / 10,000 /
10,000 (bench/README.md). Standard library only; the output depends only
on the command line.
"""

import sys


def broadcast(n, out):
    t = "tensor<" + "?x" * n + "f32>"
    out.write("func.func @wide(%%a: %s, %%b: %s) -> %s {\n" % (t, t, t))
    out.write('  %%0 = "tosa.add"(%%a, %%b) : (%s, %s) -> %s\n' % (t, t, t))
    out.write("  return %%0 : %s\n}\n" % t)


def calls(n, out):
    # Every function adds its two arguments (an obligation per function,
    # judged on its own since every function is public) and passes the sum
    # to the next one; the last one returns it.
    t = "tensor<?xf32>"
    for i in range(n):
        out.write("func.func @f%d(%%x: %s, %%y: %s) -> %s {\n" % (i, t, t, t))
        out.write("  %%0 = \"tosa.add\"(%%x, %%y) : (%s, %s) -> %s\n" % (t, t, t))
        if i + 1 < n:
            out.write(
                "  %%1 = func.call @f%d(%%0, %%y) : (%s, %s) -> %s\n"
                % (i + 1, t, t, t)
            )
            out.write("  return %%1 : %s\n}\n" % t)
        else:
            out.write("  return %%0 : %s\n}\n" % t)


def concat(n, out):
    # Generic form, so that mlir-opt-16 reads it with
    # --allow-unregistered-dialect. The operands' sizes along dim 0 can be
    # anything, so the concatenation itself requires nothing; adding the
    # result to %r gives one obligation over the sum of all N sizes.
    t = "tensor<?x2xf32>"
    args = ", ".join("%%a%d: %s" % (i, t) for i in range(n))
    out.write("func.func @cat(%s, %%r: %s) -> %s {\n" % (args, t, t))
    operands = ", ".join("%%a%d" % i for i in range(n))
    types = ", ".join([t] * n)
    out.write(
        '  %%0 = "stablehlo.concatenate"(%s) {dimension = 0 : i64}'
        " : (%s) -> %s\n" % (operands, types, t)
    )
    out.write('  %%1 = "tosa.add"(%%0, %%r) : (%s, %s) -> %s\n' % (t, t, t))
    out.write("  return %%1 : %s\n}\n" % t)


def main(argv):
    families = {"broadcast": broadcast, "calls": calls, "concat": concat}
    if len(argv) != 4 or argv[1] not in families or not argv[2].isdigit():
        sys.stderr.write(__doc__)
        return 2
    with open(argv[3], "w") as out:
        families[argv[1]](int(argv[2]), out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
