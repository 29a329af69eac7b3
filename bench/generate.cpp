//===- generate.cpp - Large MLIR inputs for the symshape benchmark --------===//
//
// Writes one seeded, deterministic .mlir file with exactly the requested
// number of ops, in one of three families (see bench/README.md):
//
//   chain        long chains of implicit broadcasts (tosa / test), mostly
//                static shapes, some `?` dims; verifies in mlir-opt-16.
//   transformer  12-layer encoder functions sharing a symbolic batch and
//                sequence dim: bias adds, residual adds, layer-norm style
//                broadcasts, shape-dialect guards, casts to static sizes;
//                verifies in mlir-opt-16.
//   random       random DAGs mixing every op symshape supports, ~1% of them
//                real UB (incompatible dynamic broadcasts); verifies in
//                mlir-opt-16 with --allow-unregistered-dialect (chlo,
//                stablehlo and opaque ops are not registered there).
//   transformer-ops  BERT-style encoders in torch-mlir's linalg-on-tensors
//                form (GenerateModels.cpp); verifies in mlir-opt-16.
//   argchain     one function: N `tensor<?x4xf32>` arguments, a chain of
//                adds each adding the next argument (every add UB-possible)
//   argdag       the same, each add taking a random earlier value
//   reusedag     one function: each add broadcasts the running value with
//                a fresh argument or, half the time, an earlier result
//
// "Ops" are operations in function bodies: terminators (`return`,
// `shape.yield`, `shape.assuming_yield`) and ops inside regions count, the
// `func.func` and `module` ops do not.
//
// The output depends only on the command line: the generator has its own
// random number generator and never uses std::shuffle or the standard
// distributions, whose results differ between standard libraries.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "GenerateModels.h"

namespace {

//===----------------------------------------------------------------------===//
// Random numbers
//===----------------------------------------------------------------------===//

/// splitmix64: the same stream on every platform and standard library.
class Rng {
public:
  explicit Rng(uint64_t seed) : state(seed) {}

  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, n), n > 0 (the modulo bias is irrelevant here).
  uint64_t below(uint64_t n) { return next() % n; }
  /// Uniform in [lo, hi].
  int64_t range(int64_t lo, int64_t hi) {
    return lo + int64_t(below(uint64_t(hi - lo + 1)));
  }
  /// True with probability p/1000.
  bool permille(unsigned p) { return below(1000) < p; }
  template <typename T> const T &pick(const std::vector<T> &values) {
    return values[below(values.size())];
  }
  /// An index into a pool of `size` values, biased towards recent ones.
  size_t recent(size_t size) {
    if (size > 16 && permille(600))
      return size - 1 - below(16);
    return below(size);
  }

private:
  uint64_t state;
};

//===----------------------------------------------------------------------===//
// Shape model
//===----------------------------------------------------------------------===//

/// One dim as the generator knows it: a static size, or a symbol (a size
/// fixed per execution but unknown). Two dims are known equal when they are
/// the same static size or the same symbol; a generated broadcast that the
/// model calls compatible is safe for every runtime size.
struct Dim {
  int64_t size = 1; ///< when sym < 0
  int sym = -1;

  static Dim fixed(int64_t size) { return Dim{size, -1}; }
  static Dim symbol(int id) { return Dim{-1, id}; }
  bool isSymbol() const { return sym >= 0; }
  bool isOne() const { return sym < 0 && size == 1; }
  bool operator==(const Dim &other) const {
    return sym == other.sym && (sym >= 0 || size == other.size);
  }
  bool operator!=(const Dim &other) const { return !(*this == other); }
};

/// A ranked f32 tensor value: its model dims and its declared type (a dim is
/// declared `?` or as its static model size).
struct Tensor {
  std::string name;
  std::vector<Dim> dims;
  std::vector<bool> dynamic; ///< declared `?`; implies nothing about dims

  size_t rank() const { return dims.size(); }
  /// The declared static size of dim i, or -1 for `?`.
  int64_t declared(size_t i) const { return dynamic[i] ? -1 : dims[i].size; }
  std::string type(const char *element = "f32") const {
    std::string text = "tensor<";
    for (size_t i = 0; i < dims.size(); ++i)
      text +=
          (dynamic[i] ? std::string("?") : std::to_string(dims[i].size)) + "x";
    return text + element + ">";
  }
};

/// A tensor whose declared type shows exactly the model: static dims
/// static, symbols `?`.
Tensor exactTensor(std::string name, std::vector<Dim> dims) {
  Tensor t{std::move(name), std::move(dims), {}};
  for (const Dim &d : t.dims)
    t.dynamic.push_back(d.isSymbol());
  return t;
}

/// Model of a right-aligned (numpy / Broadcastable trait) broadcast: per
/// column every dim that is not 1 must be the same; nullopt otherwise.
std::optional<std::vector<Dim>>
broadcastModel(const std::vector<const Tensor *> &operands) {
  size_t rank = 0;
  for (const Tensor *t : operands)
    rank = std::max(rank, t->rank());
  std::vector<Dim> result(rank, Dim::fixed(1));
  for (const Tensor *t : operands) {
    size_t offset = rank - t->rank();
    for (size_t i = 0; i < t->rank(); ++i) {
      const Dim &d = t->dims[i];
      Dim &r = result[offset + i];
      if (d.isOne())
        continue;
      if (r.isOne())
        r = d;
      else if (r != d)
        return std::nullopt;
    }
  }
  return result;
}

/// The result type mlir-opt infers from the declared operand types: a
/// static size other than 1 wins, all-1 gives 1, otherwise `?`. `model`
/// is the result's model (whatever it is); only the declared flags are
/// computed here. Requires declared types that broadcast.
std::vector<bool> broadcastDeclared(const std::vector<const Tensor *> &operands,
                                    size_t rank) {
  std::vector<int64_t> column(rank, 1); // 1, a static size > 1, or -1
  for (const Tensor *t : operands) {
    size_t offset = rank - t->rank();
    for (size_t i = 0; i < t->rank(); ++i) {
      int64_t d = t->declared(i);
      int64_t &c = column[offset + i];
      if (d == 1)
        continue;
      if (d > 1)
        c = d;
      else if (c == 1)
        c = -1;
    }
  }
  std::vector<bool> dynamic;
  for (int64_t c : column)
    dynamic.push_back(c < 0);
  return dynamic;
}

/// True when the declared types broadcast (no two static sizes other than 1
/// differ in one column): what mlir-opt's verifier demands.
bool declaredBroadcastable(const std::vector<const Tensor *> &operands) {
  size_t rank = 0;
  for (const Tensor *t : operands)
    rank = std::max(rank, t->rank());
  std::vector<int64_t> column(rank, 1);
  for (const Tensor *t : operands) {
    size_t offset = rank - t->rank();
    for (size_t i = 0; i < t->rank(); ++i) {
      int64_t d = t->declared(i);
      int64_t &c = column[offset + i];
      if (d <= 1)
        continue;
      if (c > 1 && c != d)
        return false;
      c = d;
    }
  }
  return true;
}

/// The result mlir-opt infers from the declared operand types alone, as a
/// tensor whose `?` dims are all symbol 0 (for callers that only need the
/// declared type).
Tensor declaredBroadcast(std::string name,
                         const std::vector<const Tensor *> &operands) {
  size_t rank = 0;
  for (const Tensor *t : operands)
    rank = std::max(rank, t->rank());
  Tensor result{std::move(name), {}, broadcastDeclared(operands, rank)};
  std::vector<int64_t> column(rank, 1);
  for (const Tensor *t : operands)
    for (size_t i = 0; i < t->rank(); ++i)
      if (t->declared(i) > 1)
        column[rank - t->rank() + i] = t->declared(i);
  for (size_t i = 0; i < rank; ++i)
    result.dims.push_back(result.dynamic[i] ? Dim::symbol(0)
                                            : Dim::fixed(column[i]));
  return result;
}

std::string joinTypes(const std::vector<const Tensor *> &operands) {
  std::string text;
  for (size_t i = 0; i < operands.size(); ++i)
    text += (i ? ", " : "") + operands[i]->type();
  return text;
}

std::string joinNames(const std::vector<const Tensor *> &operands) {
  std::string text;
  for (size_t i = 0; i < operands.size(); ++i)
    text += (i ? ", " : "") + operands[i]->name;
  return text;
}

std::string intList(const std::vector<int64_t> &values) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text;
}

/// A dense i64 attribute as mlir-opt 16 prints one: `dense<[1, 2]> :
/// tensor<2xi64>`, `dense<1> : tensor<1xi64>` (a splat).
std::string denseI64(const std::vector<int64_t> &values) {
  std::string n = std::to_string(values.size());
  if (values.empty())
    return "dense<> : tensor<0xi64>";
  if (values.size() == 1)
    return "dense<" + std::to_string(values[0]) + "> : tensor<1xi64>";
  return "dense<[" + intList(values) + "]> : tensor<" + n + "xi64>";
}

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

/// One function being written: its body text and op budget.
class Body {
public:
  explicit Body(int64_t budget) : budget(budget) {}

  /// Ops that may still be emitted before the final `return`.
  int64_t left() const { return budget - used - 1; }
  int64_t emitted() const { return used; }
  void op(const std::string &line, int indent = 2) {
    text.append(size_t(indent), ' ');
    text += line;
    text += '\n';
    ++used;
  }
  /// A line that is not an op (a block label, a closing brace).
  void line(const std::string &line, int indent = 2) {
    text.append(size_t(indent), ' ');
    text += line;
    text += '\n';
  }
  std::string fresh() { return "%" + std::to_string(next++); }

  std::string text;

private:
  int64_t budget;
  int64_t used = 0;
  unsigned next = 0;
};

class Output {
public:
  explicit Output(FILE *file) : file(file) {}
  ~Output() { flush(); }

  void write(const std::string &text) {
    buffer += text;
    if (buffer.size() > (1u << 20))
      flush();
  }
  void flush() {
    if (!buffer.empty() &&
        std::fwrite(buffer.data(), 1, buffer.size(), file) != buffer.size())
      failed = true;
    buffer.clear();
  }
  bool ok() const { return !failed; }

  /// Writes `func.func @name(args) -> result { body return }`; `result`
  /// null returns nothing. Counts the `return`.
  void function(const std::string &name, const std::vector<Tensor> &args,
                const std::string &extraArgs, const Tensor *result, Body &body,
                const std::string &attributes = "") {
    std::string header = "func.func @" + name + "(";
    for (size_t i = 0; i < args.size(); ++i)
      header += (i ? ", " : "") + args[i].name + ": " + args[i].type();
    if (!extraArgs.empty())
      header += (args.empty() ? "" : ", ") + extraArgs;
    header += ")";
    if (result)
      header += " -> " + result->type();
    if (!attributes.empty())
      header += " attributes {" + attributes + "}";
    write(header + " {\n");
    write(body.text);
    write(result ? "  return " + result->name + " : " + result->type() + "\n"
                 : "  return\n");
    write("}\n\n");
    ops += body.emitted() + 1;
    ++functions;
  }

  int64_t ops = 0;
  int64_t functions = 0;

private:
  FILE *file;
  std::string buffer;
  bool failed = false;
};

//===----------------------------------------------------------------------===//
// Family (a): chain
//===----------------------------------------------------------------------===//

/// Functions of `funcOps` ops, each one long chain: every op broadcasts the
/// previous link with a function argument (or an earlier link, or two
/// operands for a 3-operand test.broadcastable). Shapes are mostly static;
/// half the functions have a dynamic batch dim, and a few argument dims are
/// `?` (fresh symbols): their first broadcast against the chain is
/// ub-possible, later ones are proved safe from it.
void generateChain(Rng &rng, Output &out, int64_t totalOps, int64_t funcOps) {
  static const std::vector<int64_t> sizes = {2, 4, 8, 16, 32, 64, 128, 768};
  struct OpKind {
    const char *name;
    const char *attrs;
    unsigned weight;
  };
  static const OpKind kinds[] = {
      {"tosa.add", "", 30},    {"tosa.mul", " {shift = 0 : i32}", 20},
      {"tosa.sub", "", 15},    {"tosa.maximum", "", 10},
      {"tosa.minimum", "", 5}, {"test.broadcastable", "", 20}};
  unsigned totalWeight = 0;
  for (const OpKind &k : kinds)
    totalWeight += k.weight;

  int64_t remaining = totalOps;
  for (int64_t f = 0; remaining > 0; ++f) {
    int64_t budget = std::min(funcOps > 0 ? funcOps : remaining, remaining);
    remaining -= budget;
    Body body(budget);
    int nextSymbol = 0;

    // The full shape of the chain.
    size_t rank = size_t(rng.range(2, 4));
    std::vector<Dim> base;
    for (size_t i = 0; i < rank; ++i)
      base.push_back(Dim::fixed(rng.pick(sizes)));
    if (rng.permille(500))
      base[0] = Dim::symbol(nextSymbol++);
    if (rank > 2 && rng.permille(200))
      base[1] = Dim::symbol(nextSymbol++);

    std::vector<Tensor> args;
    args.push_back(exactTensor("%x", base));
    int operandArgs = int(rng.range(4, 8));
    for (int a = 0; a < operandArgs; ++a) {
      size_t r = size_t(rng.range(1, int64_t(rank)));
      std::vector<Dim> dims(base.end() - long(r), base.end());
      for (Dim &d : dims) {
        if (rng.permille(250))
          d = Dim::fixed(1);
        else if (d.isSymbol())
          // A `?` of another argument is a different symbol.
          d = rng.permille(300) ? Dim::symbol(nextSymbol++) : Dim::fixed(1);
        else if (rng.permille(40))
          d = Dim::symbol(nextSymbol++);
      }
      args.push_back(exactTensor("%w" + std::to_string(a), dims));
    }

    std::vector<Tensor> links = {args[0]};
    while (body.left() > 0) {
      unsigned w = unsigned(rng.below(totalWeight));
      const OpKind *kind = kinds;
      while (w >= kind->weight)
        w -= (kind++)->weight;

      auto pickOperand = [&]() -> const Tensor & {
        if (links.size() > 1 && rng.permille(250))
          return links[links.size() - 1 -
                       rng.below(std::min<size_t>(64, links.size()))];
        return args[1 + rng.below(args.size() - 1)];
      };
      std::vector<const Tensor *> operands = {&links.back(), &pickOperand()};
      if (std::strcmp(kind->name, "test.broadcastable") == 0 &&
          rng.permille(200))
        operands.push_back(&pickOperand());
      if (rng.permille(300))
        std::swap(operands[0], operands[1]);

      Tensor result = declaredBroadcast(body.fresh(), operands);
      // Now and then a result dim mlir-opt would infer static is declared
      // `?` (allowed: an inferred static, declared dynamic dim).
      for (size_t i = 0; i < result.rank(); ++i)
        if (!result.dynamic[i] && result.dims[i].size > 1 && rng.permille(30))
          result.dynamic[i] = true;

      body.op(result.name + " = \"" + kind->name + "\"(" + joinNames(operands) +
              ")" + kind->attrs + " : (" + joinTypes(operands) + ") -> " +
              result.type());
      links.push_back(std::move(result));
    }
    out.function("chain" + std::to_string(f), args, "", &links.back(), body);
  }
}

//===----------------------------------------------------------------------===//
// Family (b): transformer
//===----------------------------------------------------------------------===//

/// Encoder functions of `layersPerFunc` post-LN transformer layers (hidden
/// size 768, 12 heads, FFN 3072), every layer on the function's symbolic
/// batch and sequence dims. Matmuls, reductions and softmax are written as
/// their destination-style `tensor.empty` init (the result shape of the
/// linalg op that would fill it), sized from `tensor.dim` of the layer
/// input, so the symbols stay shared as in linalg-on-tensors IR; symshape
/// would treat the compute ops themselves as opaque (fresh symbols).
void generateTransformer(Rng &rng, Output &out, int64_t totalOps,
                         int64_t layersPerFunc) {
  static const std::vector<int64_t> batches = {1, 2, 4, 8, 16, 32};
  static const std::vector<int64_t> sequences = {128, 256, 384, 512};
  const std::string act = "tensor<?x?x768xf32>";
  const std::string ffn = "tensor<?x?x3072xf32>";
  const std::string scores = "tensor<?x12x?x?xf32>";
  const std::string rowStat = "tensor<?x12x?x1xf32>";
  const std::string stat = "tensor<?x?x1xf32>";
  const std::string ext = "tensor<3xindex>";
  // Ops per layer, by construction below.
  const int64_t layerOps = 45, castOps = 2;

  int64_t remaining = totalOps;
  for (int64_t f = 0; remaining > 0; ++f) {
    // Fix the function's size: its layers, then filler ops to hit the
    // total exactly in the last function.
    int64_t fixedOps = 3; // %c0, %c1, return
    int64_t budget = std::min(remaining, fixedOps + layersPerFunc * layerOps +
                                             layersPerFunc / 4 * castOps);
    if (layersPerFunc <= 0)
      budget = remaining;
    remaining -= budget;
    Body body(budget);
    int64_t batch = rng.pick(batches), seq = rng.pick(sequences);
    std::string staticAct = "tensor<" + std::to_string(batch) + "x" +
                            std::to_string(seq) + "x768xf32>";

    std::vector<std::string> params;
    auto param = [&](const std::string &name, const std::string &type) {
      params.push_back(name + ": " + type);
      return name;
    };
    std::string x = param("%x", act);
    std::string mask = param("%mask", "tensor<?x1x1x?xf32>");
    std::string scale = param("%scale", "tensor<1x1x1x1xf32>");
    std::string zero = param("%zero", "tensor<1x1x1xf32>");

    std::string h = x;
    if (body.left() >= 2) {
      body.op("%c0 = arith.constant 0 : index");
      body.op("%c1 = arith.constant 1 : index");
    }
    for (int64_t layer = 0; body.left() >= layerOps; ++layer) {
      std::string l = "%l" + std::to_string(layer) + "_";
      auto bias = [&](const char *what, const char *type) {
        return param(l + what, type);
      };
      std::string bq = bias("bq", "tensor<768xf32>");
      std::string bk = bias("bk", "tensor<768xf32>");
      std::string bv = bias("bv", "tensor<768xf32>");
      std::string bo = bias("bo", "tensor<768xf32>");
      std::string g1 = bias("g1", "tensor<768xf32>");
      std::string b1 = bias("b1", "tensor<768xf32>");
      std::string bf1 = bias("bf1", "tensor<3072xf32>");
      std::string bf2 = bias("bf2", "tensor<768xf32>");
      std::string g2 = bias("g2", "tensor<768xf32>");
      std::string b2 = bias("b2", "tensor<768xf32>");
      auto add = [&](const std::string &res, const std::string &a,
                     const std::string &ta, const std::string &b,
                     const std::string &tb, const std::string &tr,
                     const char *op = "tosa.add", int indent = 2) {
        std::string attrs =
            std::strcmp(op, "tosa.mul") == 0 ? " {shift = 0 : i32}" : "";
        body.op(res + " = \"" + op + "\"(" + a + ", " + b + ")" + attrs +
                    " : (" + ta + ", " + tb + ") -> " + tr,
                indent);
      };
      // Sizes of the layer input (2 ops).
      body.op(l + "b = tensor.dim " + h + ", %c0 : " + act);
      body.op(l + "s = tensor.dim " + h + ", %c1 : " + act);
      std::string bs = "(" + l + "b, " + l + "s)";
      // Q, K, V projections with bias adds (6 ops).
      for (const auto &[name, b] :
           {std::pair<std::string, std::string>{"q", bq},
            {"k", bk},
            {"v", bv}}) {
        body.op(l + name + "mm = tensor.empty" + bs + " : " + act);
        add(l + name, l + name + "mm", act, b, "tensor<768xf32>", act);
      }
      // Scores, scale, mask, softmax (7 ops).
      body.op(l + "sc = tensor.empty(" + l + "b, " + l + "s, " + l +
              "s) : " + scores);
      add(l + "scs", l + "sc", scores, scale, "tensor<1x1x1x1xf32>", scores,
          "tosa.mul");
      add(l + "scm", l + "scs", scores, mask, "tensor<?x1x1x?xf32>", scores);
      body.op(l + "max = tensor.empty" + bs + " : " + rowStat);
      add(l + "e", l + "scm", scores, l + "max", rowStat, scores, "tosa.sub");
      body.op(l + "sum = tensor.empty" + bs + " : " + rowStat);
      add(l + "p", l + "e", scores, l + "sum", rowStat, scores, "tosa.mul");
      // Output projection with bias (2 ops).
      body.op(l + "omm = tensor.empty" + bs + " : " + act);
      add(l + "o", l + "omm", act, bo, "tensor<768xf32>", act);
      // Residual 1, its output shape computed and guarded (5 ops).
      body.op(l + "sh = shape.shape_of " + h + " : " + act + " -> " + ext);
      body.op(l + "so = shape.shape_of " + l + "o : " + act + " -> " + ext);
      body.op(l + "w1 = shape.cstr_broadcastable " + l + "sh, " + l +
              "so : " + ext + ", " + ext);
      body.op(l + "rs1 = shape.broadcast " + l + "sh, " + l + "so : " + ext +
              ", " + ext + " -> " + ext);
      add(l + "r1", h, act, l + "o", act, act);
      // Layer norm 1 (6 ops).
      auto layerNorm = [&](const std::string &in, const std::string &n,
                           const std::string &gamma, const std::string &beta) {
        body.op(l + n + "mean = tensor.empty" + bs + " : " + stat);
        add(l + n + "c", in, act, l + n + "mean", stat, act, "tosa.sub");
        body.op(l + n + "var = tensor.empty" + bs + " : " + stat);
        add(l + n + "n", l + n + "c", act, l + n + "var", stat, act,
            "tosa.mul");
        add(l + n + "g", l + n + "n", act, gamma, "tensor<768xf32>", act,
            "tosa.mul");
        add(l + n, l + n + "g", act, beta, "tensor<768xf32>", act);
      };
      layerNorm(l + "r1", "ln1", g1, b1);
      // FFN: up projection, bias, ReLU, down projection, bias (5 ops).
      body.op(l + "f1mm = tensor.empty" + bs + " : " + ffn);
      add(l + "f1", l + "f1mm", ffn, bf1, "tensor<3072xf32>", ffn);
      add(l + "f1r", l + "f1", ffn, zero, "tensor<1x1x1xf32>", ffn,
          "tosa.maximum");
      body.op(l + "f2mm = tensor.empty" + bs + " : " + act);
      add(l + "f2", l + "f2mm", act, bf2, "tensor<768xf32>", act);
      // Residual 2 under a shape.assuming guard (6 ops).
      body.op(l + "sa = shape.shape_of " + l + "ln1 : " + act + " -> " + ext);
      body.op(l + "sf = shape.shape_of " + l + "f2 : " + act + " -> " + ext);
      body.op(l + "w2 = shape.cstr_broadcastable " + l + "sa, " + l +
              "sf : " + ext + ", " + ext);
      body.op(l + "r2 = shape.assuming " + l + "w2 -> (" + act + ") {");
      add(l + "r2in", l + "ln1", act, l + "f2", act, act, "tosa.add", 4);
      body.op("shape.assuming_yield " + l + "r2in : " + act, 4);
      body.line("}");
      // Layer norm 2 (6 ops).
      layerNorm(l + "r2", "ln2", g2, b2);
      h = l + "ln2";
      // Every fourth layer hands its output to a kernel compiled for static
      // sizes: cast to them and back (2 ops).
      if (layer % 4 == 3 && body.left() >= castOps) {
        body.op(l + "st = tensor.cast " + h + " : " + act + " to " + staticAct);
        body.op(l + "dy = tensor.cast " + l + "st : " + staticAct + " to " +
                act);
        h = l + "dy";
      }
    }
    // Filler to reach the exact op count: more bias adds on the output.
    for (int64_t i = 0; body.left() > 0; ++i) {
      std::string name = "%tail" + std::to_string(i);
      std::string b = param("%tailb" + std::to_string(i), "tensor<768xf32>");
      body.op(name + " = \"tosa.add\"(" + h + ", " + b + ") : (" + act +
              ", tensor<768xf32>) -> " + act);
      h = name;
    }
    std::string joined;
    for (size_t i = 0; i < params.size(); ++i)
      joined += (i ? ", " : "") + params[i];
    Tensor result{h,
                  {Dim::symbol(0), Dim::symbol(1), Dim::fixed(768)},
                  {true, true, false}};
    out.function("encoder" + std::to_string(f), {}, joined, &result, body);
  }
}

//===----------------------------------------------------------------------===//
// Family (c): random
//===----------------------------------------------------------------------===//

/// An index (or !shape.size) value and the size it holds.
struct IndexValue {
  std::string name;
  Dim model;
};

/// A shape value: an extent tensor `tensor<Nxindex>` or a `!shape.shape`.
struct ShapeValue {
  std::string name;
  std::vector<Dim> dims;
  bool extentTensor;
  std::string type() const {
    return extentTensor ? "tensor<" + std::to_string(dims.size()) + "xindex>"
                        : "!shape.shape";
  }
};

/// One random function: pools of values by kind, and a generator per op.
/// Every op is safe by the model except the deliberate UB injections.
class RandomFunction {
public:
  RandomFunction(Rng &rng, Body &body, unsigned ubPermille)
      : rng(rng), body(body), ubPermille(ubPermille) {}

  std::vector<Tensor> args;
  std::string extraArgs;
  std::string attributes; ///< of the func.func, when it has %n
  int64_t ubOps = 0;

  void setup() {
    static const std::vector<int64_t> sizes = {2, 3, 4, 8, 16, 32};
    size_t rank = size_t(rng.range(2, 4));
    for (size_t i = 0; i < rank; ++i)
      root.push_back(Dim::fixed(rng.pick(sizes)));
    // Two symbolic dims shared by everything derived from the root.
    root[0] = Dim::symbol(nextSymbol++);
    root[rank > 2 ? rank - 2 : 1] = Dim::symbol(nextSymbol++);
    args.push_back(exactTensor("%x", root));
    // Arguments broadcast-compatible with the root: a suffix of its dims,
    // each kept or 1; symbols become 1 (a `?` would be a fresh symbol).
    int count = int(rng.range(3, 5));
    for (int a = 0; a < count; ++a) {
      size_t r = size_t(rng.range(1, int64_t(rank)));
      std::vector<Dim> dims(root.end() - long(r), root.end());
      for (Dim &d : dims)
        if (d.isSymbol() || rng.permille(300))
          d = Dim::fixed(1);
      args.push_back(exactTensor("%a" + std::to_string(a), dims));
    }
    // A second dynamic input whose dims are unrelated to the root's.
    std::vector<Dim> free;
    for (size_t i = 0; i < rank; ++i)
      free.push_back(rng.permille(500) ? Dim::symbol(nextSymbol++)
                                       : Dim::fixed(1));
    args.push_back(exactTensor("%y", free));
    for (const Tensor &t : args)
      tensors.push_back(t);
    indices.push_back({"%n", Dim::symbol(nextSymbol++)});
    extraArgs = "%n: index";
    // The model takes %n for a size; to symshape an index argument is any
    // integer, and a negative one would be UB as a tensor size (SPEC 2).
    attributes = "symshape.assume = [\"%n >= 0\"]";
  }

  /// Emits ops until the budget is used up.
  void run() {
    struct Choice {
      bool (RandomFunction::*emit)();
      unsigned weight;
    };
    static const Choice choices[] = {
        {&RandomFunction::implicitBroadcast, 250},
        {&RandomFunction::xlaBroadcast, 50},
        {&RandomFunction::broadcastInDim, 35},
        {&RandomFunction::dynamicBroadcastInDim, 35},
        {&RandomFunction::linalgBroadcast, 40},
        {&RandomFunction::assumingBroadcast, 15},
        {&RandomFunction::tensorDim, 50},
        {&RandomFunction::tensorEmpty, 40},
        {&RandomFunction::tensorCast, 40},
        {&RandomFunction::constant, 35},
        {&RandomFunction::indexArith, 15},
        {&RandomFunction::shapeOf, 80},
        {&RandomFunction::constShape, 15},
        {&RandomFunction::shapeBroadcast, 50},
        {&RandomFunction::cstrBroadcastable, 40},
        {&RandomFunction::isBroadcastable, 8},
        {&RandomFunction::cstrEqOrMeet, 20},
        {&RandomFunction::assumingAll, 12},
        {&RandomFunction::extentQuery, 40},
        {&RandomFunction::sizeOps, 20},
        {&RandomFunction::fromExtents, 10},
        {&RandomFunction::toExtentTensor, 10},
        {&RandomFunction::reduce, 5},
        {&RandomFunction::debugPrint, 5},
        {&RandomFunction::opaque, 45},
    };
    unsigned totalWeight = 0;
    for (const Choice &c : choices)
      totalWeight += c.weight;
    while (body.left() > 0) {
      if (body.left() >= 2 && rng.permille(ubPermille) && injectUb()) {
        ++ubOps;
        continue;
      }
      // A generator that finds nothing suitable emits nothing: draw again,
      // then fall back to shape.shape_of, which always fits in one op.
      bool emitted = false;
      for (int tries = 0; tries < 4 && !emitted; ++tries) {
        unsigned w = unsigned(rng.below(totalWeight));
        const Choice *c = choices;
        while (w >= c->weight)
          w -= (c++)->weight;
        emitted = (this->*(c->emit))();
      }
      if (!emitted)
        shapeOf();
    }
  }

  const Tensor &result() const { return tensors.back(); }

private:
  Rng &rng;
  Body &body;
  unsigned ubPermille;
  int nextSymbol = 0;
  std::vector<Dim> root;
  std::vector<Tensor> tensors;
  std::vector<IndexValue> indices;
  std::vector<IndexValue> sizes; ///< !shape.size values
  std::vector<ShapeValue> shapes;
  std::vector<std::string> witnesses;
  std::vector<std::pair<int64_t, std::string>> indexConstants;

  const Tensor &anyTensor() { return tensors[rng.recent(tensors.size())]; }

  /// A fresh symbol standing for a size the model cannot relate to others.
  Dim freshSymbol() { return Dim::symbol(nextSymbol++); }

  /// The product of `dims`: static when every factor is (symshape folds
  /// it, so the model must too), else a fresh symbol.
  Dim product(const std::vector<Dim> &dims) {
    int64_t value = 1;
    for (const Dim &d : dims) {
      if (d.isSymbol() || (d.size > 0 && value > (int64_t(1) << 40) / d.size))
        return freshSymbol();
      value *= d.size;
    }
    return Dim::fixed(value);
  }

  /// The declared type of a result: `?` for symbols, and for a static dim
  /// now and then (mlir-opt and symshape both accept a static size
  /// declared dynamic).
  std::vector<bool> declare(const std::vector<Dim> &dims) {
    std::vector<bool> dynamic;
    for (const Dim &d : dims)
      dynamic.push_back(d.isSymbol() || (d.size > 1 && rng.permille(50)));
    return dynamic;
  }

  /// `%cK = arith.constant K : index`, emitted once per function; needs one
  /// op of budget when new.
  std::string indexConstant(int64_t value) {
    for (const auto &[v, name] : indexConstants)
      if (v == value)
        return name;
    std::string name = "%c" + std::to_string(value);
    body.op(name + " = arith.constant " + std::to_string(value) + " : index");
    indexConstants.push_back({value, name});
    indices.push_back({name, Dim::fixed(value)});
    return name;
  }
  bool hasIndexConstant(int64_t value) const {
    for (const auto &entry : indexConstants)
      if (entry.first == value)
        return true;
    return false;
  }

  /// A pool tensor broadcast-compatible (by the model) with `a` and whose
  /// declared type broadcasts with a's, or null after a few tries.
  const Tensor *compatibleWith(const Tensor &a) {
    for (int tries = 0; tries < 12; ++tries) {
      const Tensor &b = anyTensor();
      if (broadcastModel({&a, &b}) && declaredBroadcastable({&a, &b}))
        return &b;
    }
    return nullptr;
  }

  //--- tensor ops ---------------------------------------------------------//

  bool implicitBroadcast() {
    static const char *const names[] = {
        "tosa.add",           "tosa.sub",           "tosa.mul",
        "tosa.maximum",       "tosa.minimum",       "test.broadcastable",
        "test.broadcastable", "chlo.broadcast_add", "chlo.broadcast_multiply"};
    const char *name = names[rng.below(std::size(names))];
    const Tensor &a = anyTensor();
    const Tensor *b = compatibleWith(a);
    if (!b)
      return false;
    std::vector<const Tensor *> operands = {&a, b};
    if (std::strcmp(name, "test.broadcastable") == 0 && rng.permille(200)) {
      const Tensor &c = anyTensor();
      if (broadcastModel({&a, b, &c}) && declaredBroadcastable({&a, b, &c}))
        operands.push_back(&c);
    }
    if (rng.permille(500))
      std::swap(operands[0], operands[1]);
    std::vector<Dim> dims = *broadcastModel(operands);
    Tensor result{body.fresh(), dims, broadcastDeclared(operands, dims.size())};
    // Sometimes declare a `?` whose size the model knows statically: a
    // result-cast obligation symshape must prove.
    for (size_t i = 0; i < dims.size(); ++i)
      if (result.dynamic[i] && !dims[i].isSymbol() && rng.permille(300))
        result.dynamic[i] = false;
    const char *attrs =
        std::strcmp(name, "tosa.mul") == 0 ? " {shift = 0 : i32}" : "";
    body.op(result.name + " = \"" + name + "\"(" + joinNames(operands) + ")" +
            attrs + " : (" + joinTypes(operands) + ") -> " + result.type());
    tensors.push_back(std::move(result));
    return true;
  }

  /// chlo.broadcast_* with broadcast_dimensions: the lower-rank operand's
  /// dims mapped (strictly increasing) onto dims of the other one.
  bool xlaBroadcast() {
    const Tensor &a = anyTensor();
    if (a.rank() < 2)
      return false;
    for (int tries = 0; tries < 12; ++tries) {
      const Tensor &b = anyTensor();
      if (b.rank() == 0 || b.rank() >= a.rank())
        continue;
      size_t need = b.rank();
      std::vector<int64_t> map = increasingMap(need, a.rank());
      std::vector<Dim> dims = a.dims;
      std::vector<bool> dynamic = a.dynamic;
      bool ok = true;
      for (size_t i = 0; i < need && ok; ++i) {
        const Dim &d = b.dims[i];
        Dim &r = dims[size_t(map[i])];
        int64_t da = a.declared(size_t(map[i])), db = b.declared(i);
        if (da > 1 && db > 1 && da != db)
          ok = false;
        if (d.isOne())
          continue;
        if (r.isOne()) {
          r = d;
          dynamic[size_t(map[i])] = db < 0;
        } else if (r != d) {
          ok = false;
        } else if (db > 1) {
          dynamic[size_t(map[i])] = false;
        }
      }
      if (!ok)
        continue;
      static const char *const names[] = {"chlo.broadcast_add",
                                          "chlo.broadcast_multiply",
                                          "chlo.broadcast_subtract"};
      Tensor result{body.fresh(), dims, dynamic};
      bool swap = rng.permille(500);
      const Tensor &first = swap ? b : a, &second = swap ? a : b;
      body.op(result.name + " = \"" + names[rng.below(3)] + "\"(" + first.name +
              ", " + second.name +
              ") {broadcast_dimensions = " + denseI64(map) + "} : (" +
              first.type() + ", " + second.type() + ") -> " + result.type());
      tensors.push_back(std::move(result));
      return true;
    }
    return false;
  }

  /// A random strictly increasing map of `from` dims into `to` dims.
  std::vector<int64_t> increasingMap(size_t from, size_t to) {
    std::vector<int64_t> map;
    for (size_t i = 0; i < to && map.size() < from; ++i)
      if (to - i == from - map.size() || rng.below(to - i) < from - map.size())
        map.push_back(int64_t(i));
    return map;
  }

  /// stablehlo.broadcast_in_dim of an operand with static sizes to a static
  /// result: each operand dim is 1 or the mapped result dim.
  bool broadcastInDim() {
    static const std::vector<int64_t> sizes = {2, 3, 4, 8};
    const Tensor &x = anyTensor();
    if (x.rank() > 3)
      return false;
    for (const Dim &d : x.dims)
      if (d.isSymbol())
        return false;
    size_t rank = x.rank() + size_t(rng.range(0, 1));
    std::vector<int64_t> map = increasingMap(x.rank(), rank);
    std::vector<Dim> dims(rank);
    for (Dim &d : dims)
      d = Dim::fixed(rng.pick(sizes));
    for (size_t i = 0; i < map.size(); ++i)
      if (!x.dims[i].isOne() || rng.permille(500))
        dims[size_t(map[i])] = x.dims[i];
    Tensor result = exactTensor(body.fresh(), dims);
    std::string attr =
        "array<i64" + std::string(map.empty() ? "" : ": ") + intList(map) + ">";
    body.op(result.name + " = \"stablehlo.broadcast_in_dim\"(" + x.name +
            ") {broadcast_dimensions = " + attr + "} : (" + x.type() + ") -> " +
            result.type());
    tensors.push_back(std::move(result));
    return true;
  }

  /// stablehlo.dynamic_broadcast_in_dim to the shape of an extent tensor.
  bool dynamicBroadcastInDim() {
    std::vector<const ShapeValue *> targets;
    for (const ShapeValue &s : shapes)
      if (s.extentTensor && !s.dims.empty())
        targets.push_back(&s);
    if (targets.empty())
      return false;
    const ShapeValue &target = *targets[rng.recent(targets.size())];
    for (int tries = 0; tries < 12; ++tries) {
      const Tensor &x = anyTensor();
      if (x.rank() > target.dims.size())
        continue;
      std::vector<int64_t> map = increasingMap(x.rank(), target.dims.size());
      bool ok = true;
      for (size_t i = 0; i < map.size() && ok; ++i)
        ok = x.dims[i].isOne() || x.dims[i] == target.dims[size_t(map[i])];
      if (!ok)
        continue;
      Tensor result = exactTensor(body.fresh(), target.dims);
      body.op(result.name + " = \"stablehlo.dynamic_broadcast_in_dim\"(" +
              x.name + ", " + target.name +
              ") {broadcast_dimensions = " + denseI64(map) + "} : (" +
              x.type() + ", " + target.type() + ") -> " + result.type());
      tensors.push_back(std::move(result));
      return true;
    }
    return false;
  }

  /// An index value holding `d`, emitting `tensor.dim` (and its constant)
  /// from `source`'s dim `i` when none exists. Null when over budget.
  const IndexValue *indexFor(const Dim &d, const Tensor &source, size_t i) {
    for (const IndexValue &v : indices)
      if (v.model == d)
        return &v;
    int64_t need = hasIndexConstant(int64_t(i)) ? 1 : 2;
    if (body.left() < need)
      return nullptr;
    std::string c = indexConstant(int64_t(i));
    std::string name = body.fresh();
    body.op(name + " = tensor.dim " + source.name + ", " + c + " : " +
            source.type());
    indices.push_back({name, d});
    return &indices.back();
  }

  /// linalg.broadcast in upstream form: `outs` an init from tensor.empty
  /// whose kept dims equal the input's, `dimensions` the added ones.
  bool linalgBroadcast() {
    static const std::vector<int64_t> sizes = {2, 3, 4, 8};
    const Tensor &x = anyTensor();
    if (x.rank() == 0 || x.rank() > 3 || body.left() < 6)
      return false;
    size_t rank = x.rank() + size_t(rng.range(1, 2));
    if (rank > 4)
      rank = 4;
    std::vector<int64_t> kept = increasingMap(x.rank(), rank);
    std::vector<Dim> dims(rank);
    std::vector<int64_t> added;
    for (size_t i = 0, k = 0; i < rank; ++i) {
      if (k < kept.size() && kept[k] == int64_t(i)) {
        dims[i] = x.dims[k++];
      } else {
        dims[i] = Dim::fixed(rng.pick(sizes));
        added.push_back(int64_t(i));
      }
    }
    // The init's kept dims are declared like the input's (mlir-opt 16
    // rejects `?` against a static size there); its `?` sizes come from
    // tensor.dim of the input.
    Tensor init = exactTensor("", dims);
    for (size_t i = 0, k = 0; i < rank; ++i)
      if (k < kept.size() && kept[k] == int64_t(i))
        init.dynamic[i] = x.dynamic[k++];
    std::string sizesText;
    for (size_t i = 0, k = 0; i < rank; ++i) {
      bool isKept = k < kept.size() && kept[k] == int64_t(i);
      if (isKept)
        ++k;
      if (!init.dynamic[i])
        continue;
      const IndexValue *v = indexFor(dims[i], x, k - 1);
      if (!v)
        return true; // budget gone; what was emitted is valid
      sizesText += (sizesText.empty() ? "" : ", ") + v->name;
    }
    if (body.left() < 2)
      return true;
    init.name = body.fresh();
    body.op(init.name + " = tensor.empty(" + sizesText + ") : " + init.type());
    Tensor result{body.fresh(), dims, init.dynamic};
    body.op(result.name + " = linalg.broadcast ins(" + x.name + " : " +
            x.type() + ") outs(" + init.name + " : " + init.type() +
            ") dimensions = [" + intList(added) + "]");
    tensors.push_back(init);
    tensors.push_back(std::move(result));
    return true;
  }

  /// A broadcast inside shape.assuming on its own cstr_broadcastable.
  bool assumingBroadcast() {
    if (body.left() < 6)
      return false;
    const Tensor &a = anyTensor();
    const Tensor *b = compatibleWith(a);
    if (!b)
      return false;
    Tensor ta = a, tb = *b; // copies: the pools grow below
    ShapeValue sa{body.fresh(), ta.dims, true};
    body.op(sa.name + " = shape.shape_of " + ta.name + " : " + ta.type() +
            " -> " + sa.type());
    ShapeValue sb{body.fresh(), tb.dims, true};
    body.op(sb.name + " = shape.shape_of " + tb.name + " : " + tb.type() +
            " -> " + sb.type());
    std::string w = body.fresh();
    body.op(w + " = shape.cstr_broadcastable " + sa.name + ", " + sb.name +
            " : " + sa.type() + ", " + sb.type());
    std::vector<Dim> dims = *broadcastModel({&ta, &tb});
    Tensor result{body.fresh(), dims,
                  broadcastDeclared({&ta, &tb}, dims.size())};
    std::string inner = body.fresh();
    body.op(result.name + " = shape.assuming " + w + " -> (" + result.type() +
            ") {");
    body.op(inner + " = \"tosa.add\"(" + ta.name + ", " + tb.name + ") : (" +
                ta.type() + ", " + tb.type() + ") -> " + result.type(),
            4);
    body.op("shape.assuming_yield " + inner + " : " + result.type(), 4);
    body.line("}");
    shapes.push_back(sa);
    shapes.push_back(sb);
    witnesses.push_back(w);
    tensors.push_back(std::move(result));
    return true;
  }

  bool tensorDim() {
    const Tensor &x = anyTensor();
    if (x.rank() == 0 || body.left() < 2)
      return false;
    size_t i = rng.below(x.rank());
    Tensor copy = x;
    std::string c = indexConstant(int64_t(i));
    std::string name = body.fresh();
    body.op(name + " = tensor.dim " + copy.name + ", " + c + " : " +
            copy.type());
    indices.push_back({name, copy.dims[i]});
    return true;
  }

  bool tensorEmpty() {
    static const std::vector<int64_t> sizes = {1, 2, 4, 8};
    size_t rank = size_t(rng.range(1, 3));
    std::vector<Dim> dims;
    std::vector<bool> dynamic;
    std::string operands;
    for (size_t i = 0; i < rank; ++i) {
      if (rng.permille(600)) {
        const IndexValue &v = indices[rng.recent(indices.size())];
        dims.push_back(v.model);
        dynamic.push_back(true);
        operands += (operands.empty() ? "" : ", ") + v.name;
      } else {
        dims.push_back(Dim::fixed(rng.pick(sizes)));
        dynamic.push_back(false);
      }
    }
    // A negative constant size would be UB of its own: keep to sizes >= 0.
    for (const Dim &d : dims)
      if (!d.isSymbol() && d.size < 0)
        return false;
    Tensor result{body.fresh(), dims, dynamic};
    body.op(result.name + " = tensor.empty(" + operands +
            ") : " + result.type());
    tensors.push_back(std::move(result));
    return true;
  }

  /// tensor.cast that the model proves: a static dim made `?`, or a `?`
  /// whose size is known static made static again.
  bool tensorCast() {
    const Tensor &x = anyTensor();
    if (x.rank() == 0)
      return false;
    Tensor result = x;
    result.name = body.fresh();
    bool changed = false;
    for (size_t i = 0; i < x.rank(); ++i) {
      if (x.dims[i].isSymbol() || !rng.permille(500))
        continue;
      result.dynamic[i] = !result.dynamic[i];
      changed = true;
    }
    if (!changed)
      return false;
    body.op(result.name + " = tensor.cast " + x.name + " : " + x.type() +
            " to " + result.type());
    tensors.push_back(std::move(result));
    return true;
  }

  bool constant() {
    switch (rng.below(3)) {
    case 0:
      if (indexConstants.size() < 8) {
        int64_t v = rng.range(0, 7);
        if (!hasIndexConstant(v)) {
          indexConstant(v);
          return true;
        }
      }
      [[fallthrough]];
    case 1: {
      // A dense constant shaped like a suffix of the root (a bias).
      size_t r = size_t(rng.range(1, int64_t(root.size())));
      std::vector<Dim> dims(root.end() - long(r), root.end());
      for (Dim &d : dims)
        if (d.isSymbol() || rng.permille(300))
          d = Dim::fixed(1);
      Tensor result = exactTensor(body.fresh(), dims);
      body.op(result.name +
              " = arith.constant dense<1.000000e+00> : " + result.type());
      tensors.push_back(std::move(result));
      return true;
    }
    default:
      body.op(body.fresh() + " = arith.constant " +
              std::to_string(rng.range(0, 99)) + " : i32");
      return true;
    }
  }

  bool indexArith() {
    const IndexValue a = indices[rng.recent(indices.size())];
    const IndexValue b = indices[rng.recent(indices.size())];
    bool add = rng.permille(500);
    Dim d = freshSymbol();
    if (!a.model.isSymbol() && !b.model.isSymbol())
      d = Dim::fixed(add ? a.model.size + b.model.size
                         : a.model.size * b.model.size);
    if (!d.isSymbol() && d.size > 4096)
      return false;
    std::string name = body.fresh();
    if (rng.permille(500))
      body.op(name + " = arith." + (add ? "addi " : "muli ") + a.name + ", " +
              b.name + " : index");
    else
      body.op(name + " = shape." + (add ? "add " : "mul ") + a.name + ", " +
              b.name + " : index, index -> index");
    indices.push_back({name, d});
    return true;
  }

  /// An opaque op: a static result (facts) or `?` dims (fresh symbols).
  bool opaque() {
    static const std::vector<int64_t> sizes = {1, 2, 4, 8};
    const Tensor &x = anyTensor();
    if (rng.permille(300)) {
      // A registered, shape-preserving op symshape does not model.
      Tensor result = x;
      result.name = body.fresh();
      for (size_t i = 0; i < x.rank(); ++i)
        if (x.dynamic[i])
          result.dims[i] = freshSymbol();
      body.op(result.name + " = \"tosa." +
              (rng.permille(500) ? "exp" : "tanh") + "\"(" + x.name + ") : (" +
              x.type() + ") -> " + result.type());
      tensors.push_back(std::move(result));
      return true;
    }
    size_t rank = size_t(rng.range(1, 3));
    std::vector<Dim> dims;
    for (size_t i = 0; i < rank; ++i)
      dims.push_back(rng.permille(300) ? freshSymbol()
                                       : Dim::fixed(rng.pick(sizes)));
    Tensor result = exactTensor(body.fresh(), dims);
    static const char *const names[] = {"foo.matmul", "foo.softmax",
                                        "mydialect.custom_call"};
    body.op(result.name + " = \"" + names[rng.below(3)] + "\"(" + x.name +
            ") {note = \"opaque\"} : (" + x.type() + ") -> " + result.type());
    tensors.push_back(std::move(result));
    return true;
  }

  /// Real UB, about ubPermille of the ops: a broadcast of a dim (symbol or
  /// static > 1) against a fresh `?` from an opaque op: ub-possible.
  bool injectUb() {
    const Tensor &a = anyTensor();
    std::vector<size_t> columns;
    for (size_t i = 0; i < a.rank(); ++i)
      if (!a.dims[i].isOne())
        columns.push_back(i);
    if (columns.empty())
      return false;
    size_t column = rng.pick(columns);
    Tensor src = a; // a copy: the pool grows below
    std::vector<Dim> dims(src.rank(), Dim::fixed(1));
    dims[column] = freshSymbol();
    Tensor other = exactTensor(body.fresh(), dims);
    body.op(other.name + " = \"foo.source\"() : () -> " + other.type());
    std::vector<Dim> result = src.dims;
    result[column] = freshSymbol();
    Tensor r{body.fresh(), result, src.dynamic};
    r.dynamic[column] = true;
    body.op(r.name + " = \"tosa.add\"(" + src.name + ", " + other.name +
            ") : (" + src.type() + ", " + other.type() + ") -> " + r.type());
    tensors.push_back(std::move(other));
    tensors.push_back(std::move(r));
    return true;
  }

  //--- shape dialect ------------------------------------------------------//

  bool shapeOf() {
    const Tensor &x = anyTensor();
    ShapeValue s{body.fresh(), x.dims, rng.permille(750)};
    body.op(s.name + " = shape.shape_of " + x.name + " : " + x.type() + " -> " +
            s.type());
    shapes.push_back(std::move(s));
    return true;
  }

  bool constShape() {
    const Tensor &x = anyTensor();
    std::vector<int64_t> sizes;
    std::vector<Dim> dims;
    for (const Dim &d : x.dims) {
      int64_t v = d.isSymbol() ? 1 : d.size;
      sizes.push_back(v);
      dims.push_back(Dim::fixed(v));
    }
    ShapeValue s{body.fresh(), dims, rng.permille(600)};
    body.op(s.name + " = shape.const_shape [" + intList(sizes) +
            "] : " + s.type());
    shapes.push_back(std::move(s));
    return true;
  }

  /// Two (or three) shapes whose models broadcast.
  std::optional<std::vector<const ShapeValue *>> compatibleShapes() {
    if (shapes.empty())
      return std::nullopt;
    const ShapeValue &a = shapes[rng.recent(shapes.size())];
    for (int tries = 0; tries < 12; ++tries) {
      const ShapeValue &b = shapes[rng.recent(shapes.size())];
      Tensor ta{"", a.dims, std::vector<bool>(a.dims.size(), true)};
      Tensor tb{"", b.dims, std::vector<bool>(b.dims.size(), true)};
      if (broadcastModel({&ta, &tb}))
        return std::vector<const ShapeValue *>{&a, &b};
    }
    return std::nullopt;
  }

  static std::vector<Dim>
  broadcastShapes(const std::vector<const ShapeValue *> &operands) {
    std::vector<Tensor> ts;
    for (const ShapeValue *s : operands)
      ts.push_back(
          Tensor{"", s->dims, std::vector<bool>(s->dims.size(), true)});
    std::vector<const Tensor *> ptrs;
    for (const Tensor &t : ts)
      ptrs.push_back(&t);
    return *broadcastModel(ptrs);
  }

  static std::string shapeNames(const std::vector<const ShapeValue *> &ops) {
    std::string text;
    for (size_t i = 0; i < ops.size(); ++i)
      text += (i ? ", " : "") + ops[i]->name;
    return text;
  }
  static std::string shapeTypes(const std::vector<const ShapeValue *> &ops) {
    std::string text;
    for (size_t i = 0; i < ops.size(); ++i)
      text += (i ? ", " : "") + ops[i]->type();
    return text;
  }

  bool shapeBroadcast() {
    auto operands = compatibleShapes();
    if (!operands)
      return false;
    std::vector<Dim> dims = broadcastShapes(*operands);
    bool allExtent = true;
    for (const ShapeValue *s : *operands)
      allExtent = allExtent && s->extentTensor;
    ShapeValue result{body.fresh(), dims, allExtent && rng.permille(800)};
    body.op(result.name + " = shape.broadcast " + shapeNames(*operands) +
            " : " + shapeTypes(*operands) + " -> " + result.type());
    shapes.push_back(std::move(result));
    return true;
  }

  bool cstrBroadcastable() {
    auto operands = compatibleShapes();
    if (!operands)
      return false;
    std::string w = body.fresh();
    body.op(w + " = shape.cstr_broadcastable " + shapeNames(*operands) + " : " +
            shapeTypes(*operands));
    witnesses.push_back(w);
    return true;
  }

  bool isBroadcastable() {
    auto operands = compatibleShapes();
    if (!operands)
      return false;
    body.op(body.fresh() + " = shape.is_broadcastable " +
            shapeNames(*operands) + " : " + shapeTypes(*operands));
    return true;
  }

  /// shape.cstr_eq, shape.meet or shape.join of two shapes with equal
  /// models.
  bool cstrEqOrMeet() {
    if (shapes.empty())
      return false;
    const ShapeValue &a = shapes[rng.recent(shapes.size())];
    const ShapeValue *b = nullptr;
    for (int tries = 0; tries < 12 && !b; ++tries) {
      const ShapeValue &c = shapes[rng.recent(shapes.size())];
      if (c.dims.size() == a.dims.size() &&
          std::equal(c.dims.begin(), c.dims.end(), a.dims.begin()))
        b = &c;
    }
    if (!b)
      b = &a;
    std::string name = body.fresh();
    switch (rng.below(3)) {
    case 0:
      body.op(name + " = shape.cstr_eq " + a.name + ", " + b->name + " : " +
              a.type() + ", " + b->type());
      witnesses.push_back(name);
      return true;
    case 1: {
      ShapeValue result{name, a.dims,
                        a.extentTensor && b->extentTensor && rng.permille(800)};
      body.op(name + " = shape.meet " + a.name + ", " + b->name + " : " +
              a.type() + ", " + b->type() + " -> " + result.type());
      shapes.push_back(std::move(result));
      return true;
    }
    default: {
      // shape.join has no custom form in mlir-opt 16: generic.
      ShapeValue result{name, a.dims, a.extentTensor && b->extentTensor};
      body.op(name + " = \"shape.join\"(" + a.name + ", " + b->name + ") : (" +
              a.type() + ", " + b->type() + ") -> " + result.type());
      shapes.push_back(std::move(result));
      return true;
    }
    }
  }

  bool assumingAll() {
    if (witnesses.size() < 2)
      return false;
    std::string a = witnesses[rng.recent(witnesses.size())];
    std::string b = witnesses[rng.recent(witnesses.size())];
    std::string w = body.fresh();
    body.op(w + " = shape.assuming_all " + a + ", " + b);
    witnesses.push_back(w);
    return true;
  }

  /// shape.get_extent / shape.rank / shape.num_elements of an extent tensor.
  bool extentQuery() {
    std::vector<const ShapeValue *> extents;
    for (const ShapeValue &s : shapes)
      if (s.extentTensor && !s.dims.empty())
        extents.push_back(&s);
    if (extents.empty() || body.left() < 2)
      return false;
    ShapeValue s = *extents[rng.recent(extents.size())];
    std::string name;
    switch (rng.below(3)) {
    case 0: {
      size_t i = rng.below(s.dims.size());
      std::string c = indexConstant(int64_t(i));
      name = body.fresh();
      body.op(name + " = shape.get_extent " + s.name + ", " + c + " : " +
              s.type() + ", index -> index");
      indices.push_back({name, s.dims[i]});
      return true;
    }
    case 1:
      name = body.fresh();
      body.op(name + " = shape.rank " + s.name + " : " + s.type() +
              " -> index");
      indices.push_back({name, Dim::fixed(int64_t(s.dims.size()))});
      return true;
    default: {
      Dim d = product(s.dims);
      name = body.fresh();
      body.op(name + " = shape.num_elements " + s.name + " : " + s.type() +
              " -> index");
      indices.push_back({name, d});
      return true;
    }
    }
  }

  /// !shape.size values: const_size, index_to_size, size_to_index, mul.
  bool sizeOps() {
    std::string name = body.fresh();
    switch (rng.below(4)) {
    case 0: {
      int64_t v = rng.range(1, 8);
      body.op(name + " = shape.const_size " + std::to_string(v));
      sizes.push_back({name, Dim::fixed(v)});
      return true;
    }
    case 1: {
      const IndexValue &v = indices[rng.recent(indices.size())];
      body.op(name + " = shape.index_to_size " + v.name);
      sizes.push_back({name, v.model});
      return true;
    }
    case 2:
      if (!sizes.empty()) {
        const IndexValue v = sizes[rng.recent(sizes.size())];
        body.op(name + " = shape.size_to_index " + v.name + " : !shape.size");
        indices.push_back({name, v.model});
        return true;
      }
      [[fallthrough]];
    default:
      if (sizes.empty())
        return false;
      const IndexValue a = sizes[rng.recent(sizes.size())];
      const IndexValue b = sizes[rng.recent(sizes.size())];
      body.op(name + " = shape.mul " + a.name + ", " + b.name +
              " : !shape.size, !shape.size -> !shape.size");
      sizes.push_back({name, product({a.model, b.model})});
      return true;
    }
  }

  bool fromExtents() {
    size_t rank = size_t(rng.range(1, 3));
    std::vector<Dim> dims;
    std::string names, types;
    for (size_t i = 0; i < rank; ++i) {
      const IndexValue &v = indices[rng.recent(indices.size())];
      dims.push_back(v.model);
      names += (i ? ", " : "") + v.name;
      types += (i ? ", " : "") + std::string("index");
    }
    ShapeValue s{body.fresh(), dims, false};
    body.op(s.name + " = shape.from_extents " + names + " : " + types);
    shapes.push_back(std::move(s));
    return true;
  }

  bool toExtentTensor() {
    std::vector<const ShapeValue *> ranked;
    for (const ShapeValue &s : shapes)
      if (!s.extentTensor)
        ranked.push_back(&s);
    if (ranked.empty())
      return false;
    ShapeValue s = *ranked[rng.recent(ranked.size())];
    ShapeValue result{body.fresh(), s.dims, true};
    body.op(result.name + " = shape.to_extent_tensor " + s.name + " : " +
            s.type() + " -> " + result.type());
    shapes.push_back(std::move(result));
    return true;
  }

  /// The seed's num_elements as a shape.reduce (4 ops with its init): on
  /// !shape.size for a !shape.shape, on index for an extent tensor.
  bool reduce() {
    if (shapes.empty() || body.left() < 4)
      return false;
    ShapeValue s = shapes[rng.recent(shapes.size())];
    std::string one = body.fresh();
    std::string name = body.fresh(), i = body.fresh(), d = body.fresh(),
                acc = body.fresh(), next = body.fresh();
    if (s.extentTensor) {
      body.op(one + " = arith.constant 1 : index");
      body.op(name + " = shape.reduce(" + s.name + ", " + one +
              ") : " + s.type() + " -> index {");
      body.line("^bb0(" + i + ": index, " + d + ": index, " + acc +
                ": index):");
      body.op(next + " = arith.muli " + acc + ", " + d + " : index", 4);
      body.op("shape.yield " + next + " : index", 4);
      body.line("}");
      indices.push_back({name, product(s.dims)});
      return true;
    }
    body.op(one + " = shape.const_size 1");
    body.op(name + " = shape.reduce(" + s.name + ", " + one +
            ") : " + s.type() + " -> !shape.size {");
    body.line("^bb0(" + i + ": index, " + d + ": !shape.size, " + acc +
              ": !shape.size):");
    body.op(next + " = shape.mul " + acc + ", " + d +
                " : !shape.size, !shape.size -> !shape.size",
            4);
    body.op("shape.yield " + next + " : !shape.size", 4);
    body.line("}");
    sizes.push_back({name, product(s.dims)});
    return true;
  }

  /// shape.debug_print of a !shape.shape (mlir-opt 16 takes no extent
  /// tensor there).
  bool debugPrint() {
    std::vector<const ShapeValue *> candidates;
    for (const ShapeValue &s : shapes)
      if (!s.extentTensor)
        candidates.push_back(&s);
    if (candidates.empty())
      return false;
    ShapeValue s = *candidates[rng.recent(candidates.size())];
    ShapeValue result{body.fresh(), s.dims, false};
    // No custom form in mlir-opt 16: generic.
    body.op(result.name + " = \"shape.debug_print\"(" + s.name + ") : (" +
            s.type() + ") -> " + result.type());
    shapes.push_back(std::move(result));
    return true;
  }
};

void generateRandom(Rng &rng, Output &out, int64_t totalOps, int64_t funcOps,
                    unsigned ubPermille, int64_t &ubOps) {
  int64_t remaining = totalOps;
  for (int64_t f = 0; remaining > 0; ++f) {
    int64_t size =
        funcOps > 0 ? rng.range(funcOps / 2, funcOps * 3 / 2) : remaining;
    int64_t budget = std::min(size, remaining);
    remaining -= budget;
    Body body(budget);
    RandomFunction fn(rng, body, ubPermille);
    fn.setup();
    fn.run();
    Tensor result = fn.result();
    out.function("random" + std::to_string(f), fn.args, fn.extraArgs, &result,
                 body, fn.attributes);
    ubOps += fn.ubOps;
  }
}

//===----------------------------------------------------------------------===//
// Families (d) argchain and (e) argdag: one function, every add ub-possible
//===----------------------------------------------------------------------===//

/// One function of N ops: N arguments `tensor<?x4xf32>` and N - 1
/// `"tosa.add"`s, each adding the next argument to an earlier value (the
/// previous add's result: `argchain`; a uniformly random earlier value,
/// %a0 or an add's result: `argdag`), then `return`. Every add's dim 0 is
/// a fresh `?` against the running value: every add is ub-possible, and
/// every finding's witness fixes the sizes that reach it.
void generateArgumentGraph(Rng &rng, Output &out, int64_t totalOps, bool dag) {
  const std::string type = "tensor<?x4xf32>";
  int64_t args = totalOps; // N - 1 adds and the return
  std::string header = "func.func @args(";
  for (int64_t i = 0; i < args; ++i)
    header += (i ? ", %a" : "%a") + std::to_string(i) + ": " + type;
  out.write(header + ") -> " + type + " {\n");
  std::vector<std::string> values{"%a0"};
  for (int64_t i = 1; i < args; ++i) {
    const std::string &lhs =
        dag ? values[rng.below(values.size())] : values.back();
    std::string result = "%r" + std::to_string(i);
    out.write("  " + result + " = \"tosa.add\"(" + lhs + ", %a" +
              std::to_string(i) + ") : (" + type + ", " + type + ") -> " +
              type + "\n");
    values.push_back(result);
  }
  out.write("  return " + values.back() + " : " + type + "\n}\n\n");
  out.ops += totalOps;
  ++out.functions;
}

/// One function of N ops: N arguments `tensor<?x4xf32>` and N - 1 adds,
/// each broadcasting the running value with either the next argument or
/// (half the time) an earlier value (%a0 or an add's result), then
/// `return`: a DAG that reuses values, as the reference's `gen_symbols.py
/// dag`. The adds of a fresh argument are ub-possible; those of an earlier
/// value are safe, since the running value holds all of its sizes.
void generateReuseGraph(Rng &rng, Output &out, int64_t totalOps) {
  const std::string type = "tensor<?x4xf32>";
  std::string header = "func.func @reuse(";
  for (int64_t i = 0; i < totalOps; ++i)
    header += (i ? ", %a" : "%a") + std::to_string(i) + ": " + type;
  out.write(header + ") -> " + type + " {\n");
  std::vector<std::string> values{"%a0"};
  for (int64_t i = 1; i < totalOps; ++i) {
    std::string other = rng.below(2) ? "%a" + std::to_string(i)
                                     : values[rng.below(values.size())];
    std::string result = "%t" + std::to_string(i);
    out.write("  " + result + " = \"tosa.add\"(" + values.back() + ", " +
              other + ") : (" + type + ", " + type + ") -> " + type + "\n");
    values.push_back(result);
  }
  out.write("  return " + values.back() + " : " + type + "\n}\n\n");
  out.ops += totalOps;
  ++out.functions;
}

//===----------------------------------------------------------------------===//
// Command line
//===----------------------------------------------------------------------===//

const char *const kUsage =
    R"(usage: symshape_bench_generate --family F --ops N
                               [--seed S] [-o FILE] [--func-ops K]
                               [--layers L] [--ub-permille P]

Writes a deterministic .mlir file of exactly N ops (operations in function
bodies, terminators and region ops included) to FILE (default: stdout).

  --family F       chain, transformer, random, transformer-ops, argchain,
                   argdag or reusedag
  --ops N          total op count (N >= 1)
  --seed S         random seed (default 1)
  --func-ops K     chain: ops per function (default 1000; 0 = one function)
                   random: mean ops per function (default 400; 0 = one)
  --layers L       transformer, transformer-ops: layers per function
                   (default 12; 0 = one function holding every layer)
  --ub-permille P  random: share of ops that are real UB, per mille
                   (default 10)
)";

bool parseInt(const char *text, int64_t &value) {
  char *end = nullptr;
  errno = 0;
  long long v = std::strtoll(text, &end, 10);
  if (errno || !end || *end || end == text || v < 0)
    return false;
  value = v;
  return true;
}

} // namespace

int main(int argc, char **argv) {
  std::string family, output;
  int64_t ops = -1, seed = 1, funcOps = -1, layers = 12, ubPermille = 10;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](int64_t &v) {
      if (i + 1 >= argc || !parseInt(argv[++i], v)) {
        std::fprintf(stderr, "symshape_bench_generate: %s needs a number\n",
                     arg.c_str());
        std::exit(2);
      }
    };
    if (arg == "-h" || arg == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if (arg == "--family" && i + 1 < argc) {
      family = argv[++i];
    } else if (arg == "-o" && i + 1 < argc) {
      output = argv[++i];
    } else if (arg == "--ops") {
      value(ops);
    } else if (arg == "--seed") {
      value(seed);
    } else if (arg == "--func-ops") {
      value(funcOps);
    } else if (arg == "--layers") {
      value(layers);
    } else if (arg == "--ub-permille") {
      value(ubPermille);
    } else {
      std::fprintf(stderr, "symshape_bench_generate: bad argument '%s'\n%s",
                   arg.c_str(), kUsage);
      return 2;
    }
  }
  if (ops < 1 ||
      (family != "chain" && family != "transformer" && family != "random" &&
       family != "transformer-ops" && family != "argchain" &&
       family != "argdag" && family != "reusedag") ||
      ubPermille > 1000) {
    std::fputs(kUsage, stderr);
    return 2;
  }

  FILE *file = stdout;
  std::string temp;
  if (!output.empty() && output != "-") {
    // Write to a temporary name and rename: never a half-written FILE.
    temp = output + ".tmp";
    file = std::fopen(temp.c_str(), "wb");
    if (!file) {
      std::perror(temp.c_str());
      return 2;
    }
  }
  Rng rng(uint64_t(seed) * 0x2545f4914f6cdd1dULL + 0x1234567ULL);
  int64_t ubOps = 0;
  bool ok;
  int64_t functions;
  {
    Output out(file);
    out.write("// Generated by symshape_bench_generate --family " + family +
              " --ops " + std::to_string(ops) + " --seed " +
              std::to_string(seed) + "\n");
    out.write("module {\n");
    if (family == "chain")
      generateChain(rng, out, ops, funcOps < 0 ? 1000 : funcOps);
    else if (family == "transformer")
      generateTransformer(rng, out, ops, layers);
    else if (family == "transformer-ops") {
      symshape_bench::Written w = symshape_bench::generateTransformerOps(
          rng.next(), ops, layers, [&](const std::string &t) { out.write(t); });
      out.ops += w.ops;
      out.functions += w.functions;
    } else if (family == "argchain" || family == "argdag")
      generateArgumentGraph(rng, out, ops, family == "argdag");
    else if (family == "reusedag")
      generateReuseGraph(rng, out, ops);
    else
      generateRandom(rng, out, ops, funcOps < 0 ? 400 : funcOps,
                     unsigned(ubPermille), ubOps);
    out.write("}\n");
    out.flush();
    ok = out.ok() && out.ops == ops;
    functions = out.functions;
    if (out.ops != ops)
      std::fprintf(stderr,
                   "symshape_bench_generate: internal error: %lld ops "
                   "written, %lld asked\n",
                   (long long)out.ops, (long long)ops);
  }
  if (file != stdout) {
    ok = std::fclose(file) == 0 && ok;
    if (ok && std::rename(temp.c_str(), output.c_str()) != 0)
      ok = false;
    if (!ok)
      std::remove(temp.c_str());
  }
  if (!ok) {
    std::fprintf(stderr, "symshape_bench_generate: could not write %s\n",
                 output.empty() ? "stdout" : output.c_str());
    return 1;
  }
  std::fprintf(stderr,
               "symshape_bench_generate: %s: family=%s ops=%lld "
               "functions=%lld%s\n",
               output.empty() ? "stdout" : output.c_str(), family.c_str(),
               (long long)ops, (long long)functions,
               family == "random"
                   ? (" ub-injections=" + std::to_string(ubOps)).c_str()
                   : "");
  return 0;
}
