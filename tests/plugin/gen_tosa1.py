"""Random TOSA 1.0 programs in current syntax, for the plugin tests.

    python3 gen_tosa1.py --out DIR [--count N] [--seed S]

Writes DIR/tosa1_K.mlir: one function each over arguments with dynamic
dims, chaining TOSA 1.0 ops as mlir-opt-22 prints them: broadcasting
binary ops (add, sub, maximum, minimum, mul with its shift operand,
greater + select), unary ops, reduce_sum, transpose (`perms`), concat,
tile (a const_shape operand) and clamp. Each op's declared result type is
the broadcast of its operands' types (a `?` against a static size stays
`?` or takes the size, by chance), so the programs verify and have
findings that can fail at runtime. The test verifies every program with
mlir-opt-22 before using it.
"""

import argparse
import os
import random

SIZES = [-1, -1, -1, 1, 4, 8]


def tensor(dims, elem="f32"):
    return "tensor<" + "".join(("?" if d < 0 else str(d)) + "x"
                               for d in dims) + elem + ">"


class Program:
    def __init__(self, rng, name):
        self.rng = rng
        self.name = name
        self.lines = []
        self.values = []  # (name, dims)
        self.counter = 0
        self.rank = rng.choice([1, 2, 3])
        self.args = []
        for k in range(rng.randint(2, 4)):
            dims = [rng.choice(SIZES) for _ in range(self.rank)]
            self.args.append(("%a" + str(k), dims))
        self.values = list(self.args)
        self.shift = None

    def fresh(self):
        self.counter += 1
        return "%v" + str(self.counter)

    def pick(self):
        return self.rng.choice(self.values)

    def emit(self, line, dims):
        name = line.split(" = ")[0].strip()
        self.lines.append("  " + line)
        self.values.append((name, dims))

    def broadcast(self, a, b):
        out = []
        for x, y in zip(a, b):
            if x == 1:
                out.append(y)
            elif y == 1:
                out.append(x)
            elif x < 0 and y < 0:
                out.append(-1)
            elif x < 0 or y < 0:
                static = max(x, y)
                out.append(static if self.rng.random() < 0.5 else -1)
            elif x == y:
                out.append(x)
            else:
                return None
        return out

    def binary(self):
        a, b = self.pick(), self.pick()
        dims = self.broadcast(a[1], b[1])
        if dims is None:
            return
        op = self.rng.choice(["add", "sub", "maximum", "minimum", "mul",
                              "select"])
        r = self.fresh()
        if op == "mul":
            if self.shift is None:
                self.shift = "%shift"
                self.lines.append(
                    '  %shift = "tosa.const"() <{values = dense<0> : '
                    'tensor<1xi8>}> : () -> tensor<1xi8>')
            self.emit("%s = tosa.mul %s, %s, %%shift : (%s, %s, "
                      "tensor<1xi8>) -> %s" % (r, a[0], b[0], tensor(a[1]),
                                               tensor(b[1]), tensor(dims)),
                      dims)
        elif op == "select":
            c = self.fresh()
            cond = self.broadcast(a[1], b[1])
            self.lines.append("  %s = tosa.greater %s, %s : (%s, %s) -> %s" %
                              (c, a[0], b[0], tensor(a[1]), tensor(b[1]),
                               tensor(cond, "i1")))
            out = self.broadcast(cond, a[1])
            out = out and self.broadcast(out, b[1])
            if out is None:
                return
            self.emit("%s = tosa.select %s, %s, %s : (%s, %s, %s) -> %s" %
                      (r, c, a[0], b[0], tensor(cond, "i1"), tensor(a[1]),
                       tensor(b[1]), tensor(out)), out)
        else:
            self.emit("%s = tosa.%s %s, %s : (%s, %s) -> %s" %
                      (r, op, a[0], b[0], tensor(a[1]), tensor(b[1]),
                       tensor(dims)), dims)

    def unary(self):
        a = self.pick()
        op = self.rng.choice(["abs", "exp", "tanh", "sigmoid", "floor"])
        r = self.fresh()
        self.emit("%s = tosa.%s %s : (%s) -> %s" %
                  (r, op, a[0], tensor(a[1]), tensor(a[1])), a[1])

    def clamp(self):
        a = self.pick()
        r = self.fresh()
        self.emit("%s = tosa.clamp %s {max_val = 6.000000e+00 : f32, "
                  "min_val = 0.000000e+00 : f32} : (%s) -> %s" %
                  (r, a[0], tensor(a[1]), tensor(a[1])), a[1])

    def reduce(self):
        a = self.pick()
        axis = self.rng.randrange(self.rank)
        dims = list(a[1])
        dims[axis] = 1
        r = self.fresh()
        self.emit("%s = tosa.reduce_sum %s {axis = %d : i32} : (%s) -> %s" %
                  (r, a[0], axis, tensor(a[1]), tensor(dims)), dims)

    def transpose(self):
        if self.rank < 2:
            return
        a = self.pick()
        perms = list(range(self.rank))
        self.rng.shuffle(perms)
        dims = [a[1][p] for p in perms]
        r = self.fresh()
        self.emit("%s = tosa.transpose %s {perms = array<i32: %s>} : (%s) -> "
                  "%s" % (r, a[0], ", ".join(map(str, perms)), tensor(a[1]),
                          tensor(dims)), dims)

    def concat(self):
        a = self.pick()
        axis = self.rng.randrange(self.rank)
        dims = list(a[1])
        dims[axis] = -1 if dims[axis] < 0 else 2 * dims[axis]
        r = self.fresh()
        self.emit("%s = tosa.concat %s, %s {axis = %d : i32} : (%s, %s) -> %s"
                  % (r, a[0], a[0], axis, tensor(a[1]), tensor(a[1]),
                     tensor(dims)), dims)

    def tile(self):
        a = self.pick()
        multiples = [self.rng.choice([1, 2]) for _ in range(self.rank)]
        dims = [-1 if d < 0 else d * m for d, m in zip(a[1], multiples)]
        m, r = self.fresh(), self.fresh()
        self.lines.append(
            "  %s = tosa.const_shape {values = dense<[%s]> : tensor<%dxindex>}"
            " : () -> !tosa.shape<%d>" % (m, ", ".join(map(str, multiples)),
                                          self.rank, self.rank))
        self.emit("%s = tosa.tile %s, %s : (%s, !tosa.shape<%d>) -> %s" %
                  (r, a[0], m, tensor(a[1]), self.rank, tensor(dims)), dims)

    def text(self, ops):
        choices = [self.binary] * 5 + [self.unary] * 2 + [
            self.clamp, self.reduce, self.transpose, self.concat, self.tile]
        for _ in range(ops):
            self.rng.choice(choices)()
        result = self.values[-1]
        args = ", ".join("%s: %s" % (n, tensor(d)) for n, d in self.args)
        return ("// Generated by tests/plugin/gen_tosa1.py.\n"
                "func.func @%s(%s) -> %s {\n%s\n  return %s : %s\n}\n" %
                (self.name, args, tensor(result[1]), "\n".join(self.lines),
                 result[0], tensor(result[1])))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for k in range(args.count):
        rng = random.Random(args.seed * 100003 + k)
        text = Program(rng, "f%d" % k).text(rng.randint(4, 12))
        with open(os.path.join(args.out, "tosa1_%d.mlir" % k), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
