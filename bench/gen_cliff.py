#!/usr/bin/env python3
"""Cliff hunt of issue 46: many small functions of common dynamic shapes.

    gen_cliff.py addchain FUNCS INPUTS OUT
        FUNCS functions, each a chain of INPUTS-1 generic "tosa.add"s over
        INPUTS independent tensor<?x4xf32> arguments (the issue's file is
        `addchain 60 12`).
    gen_cliff.py random FUNCS MAXOPS SEED OUT
        FUNCS random functions of 1 to MAXOPS ops each (see shapes below).

Standard library only; the output depends only on the command line (its own
splitmix64, not Python's `random`). Every file verifies with
`mlir-opt-16 --allow-unregistered-dialect`.
"""

import sys

T4 = "tensor<?x4xf32>"


def addchain(funcs, inputs, out):
    for f in range(funcs):
        args = ", ".join("%%a%d: %s" % (i, T4) for i in range(inputs))
        out.write("func.func @f%d(%s) -> %s {\n" % (f, args, T4))
        prev = "%a0"
        for i in range(1, inputs):
            out.write(
                '  %%%d = "tosa.add"(%s, %%a%d) : (%s, %s) -> %s\n'
                % (i, prev, i, T4, T4, T4)
            )
            prev = "%%%d" % i
        out.write("  return %s : %s\n}\n" % (prev, T4))


class Rng:
    """splitmix64, so that files do not depend on Python's version."""

    def __init__(self, seed):
        self.s = seed & 0xFFFFFFFFFFFFFFFF

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n


def ttype(dims):
    return "tensor<" + "".join("%sx" % d for d in dims) + "f32>"


def random_func(rng, name, maxops, out):
    """One function: a shape family picked at random, then up to MAXOPS ops.

    chain   : a left-deep chain of broadcasts over independent arguments
    tree    : a balanced tree of broadcasts over independent arguments
    shared  : broadcasts over arguments that share one batch size `?`
              with some static 1s and static sizes
    reshape : broadcasts, then tosa.reshape to products (?x4 -> ?) and back
    concat  : stablehlo.concatenate of arguments, then broadcasts of the sum
    check   : shape.cstr_broadcastable of argument shapes in shape.assuming
    """
    family = ["chain", "tree", "shared", "reshape", "concat", "check"][rng.below(6)]
    nops = 1 + rng.below(maxops)
    lines = []
    args = []

    def arg(dims):
        args.append("%%a%d: %s" % (len(args), ttype(dims)))
        return "%%a%d" % (len(args) - 1)

    counter = [0]

    def fresh():
        counter[0] += 1
        return "%%v%d" % counter[0]

    def add(a, b, ty, rty=None):
        r = fresh()
        lines.append(
            '  %s = "tosa.add"(%s, %s) : (%s, %s) -> %s\n'
            % (r, a, b, ty, ty if rty is None else rty, ty)
        )
        return r

    if family == "chain":
        prev = arg(["?", 4])
        for _ in range(nops):
            prev = add(prev, arg(["?", 4]), T4)
        result, rty = prev, T4
    elif family == "tree":
        level = [arg(["?", 4]) for _ in range(nops + 1)]
        while len(level) > 1:
            nxt = [add(level[i], level[i + 1], T4) for i in range(0, len(level) - 1, 2)]
            if len(level) % 2:
                nxt.append(level[-1])
            level = nxt
        result, rty = level[0], T4
    elif family == "shared":
        t = "tensor<?x?x8xf32>"
        prev = arg(["?", "?", 8])
        for _ in range(nops):
            pick = rng.below(3)
            if pick == 0:
                other, oty = arg(["?", 1, 8]), "tensor<?x1x8xf32>"
            elif pick == 1:
                other, oty = arg([1, "?", 8]), "tensor<1x?x8xf32>"
            else:
                other, oty = arg(["?", "?", 8]), t
            r = fresh()
            lines.append(
                '  %s = "tosa.add"(%s, %s) : (%s, %s) -> %s\n' % (r, prev, other, t, oty, t)
            )
            prev = r
        result, rty = prev, t
    elif family == "reshape":
        prev = arg(["?", 4])
        i = 0
        while len(lines) < nops:
            i += 1
            if i % 3 == 0 and len(lines) + 2 <= nops:
                r = fresh()
                lines.append(
                    '  %s = "tosa.reshape"(%s) {new_shape = array<i64: -1>} : (%s) -> tensor<?xf32>\n'
                    % (r, prev, T4)
                )
                r2 = fresh()
                lines.append(
                    '  %s = "tosa.reshape"(%s) {new_shape = array<i64: -1, 4>} : (tensor<?xf32>) -> %s\n'
                    % (r2, r, T4)
                )
                prev = r2
            else:
                prev = add(prev, arg(["?", 4]), T4)
        result, rty = prev, T4
    elif family == "concat":
        n = max(2, min(nops, 16))
        parts = [arg(["?", 2]) for _ in range(n)]
        r = fresh()
        t2 = "tensor<?x2xf32>"
        lines.append(
            '  %s = "stablehlo.concatenate"(%s) {dimension = 0 : i64} : (%s) -> %s\n'
            % (r, ", ".join(parts), ", ".join([t2] * n), t2)
        )
        prev = r
        for _ in range(max(1, nops - n)):
            prev = add(prev, arg(["?", 2]), t2)
        result, rty = prev, t2
    else:  # check
        a0 = arg(["?", 4])
        prev = a0
        for _ in range(max(1, nops // 6)):  # 6 ops a step
            a = arg(["?", 4])
            s1, s2, w = fresh(), fresh(), fresh()
            lines.append("  %s = shape.shape_of %s : %s -> tensor<2xindex>\n" % (s1, prev, T4))
            lines.append("  %s = shape.shape_of %s : %s -> tensor<2xindex>\n" % (s2, a, T4))
            lines.append(
                "  %s = shape.cstr_broadcastable %s, %s : tensor<2xindex>, tensor<2xindex>\n"
                % (w, s1, s2)
            )
            r = fresh()
            lines.append("  %s = shape.assuming %s -> (%s) {\n" % (r, w, T4))
            inner = fresh()
            lines.append(
                '    %s = "tosa.add"(%s, %s) : (%s, %s) -> %s\n' % (inner, prev, a, T4, T4, T4)
            )
            lines.append("    shape.assuming_yield %s : %s\n  }\n" % (inner, T4))
            prev = r
        result, rty = prev, T4
    out.write("// family: %s, %d ops and a return\n" % (family, len(lines)))
    out.write("func.func @%s(%s) -> %s {\n" % (name, ", ".join(args), rty))
    out.writelines(lines)
    out.write("  return %s : %s\n}\n" % (result, rty))


def random_file(funcs, maxops, seed, out):
    rng = Rng(seed)
    for f in range(funcs):
        random_func(rng, "f%d" % f, maxops, out)


def main(argv):
    if len(argv) == 5 and argv[1] == "addchain" and argv[2].isdigit() and argv[3].isdigit():
        with open(argv[4], "w") as out:
            addchain(int(argv[2]), int(argv[3]), out)
        return 0
    if len(argv) == 6 and argv[1] == "random" and all(a.isdigit() for a in argv[2:5]):
        with open(argv[5], "w") as out:
            random_file(int(argv[2]), int(argv[3]), int(argv[4]), out)
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
