//===- GenerateChain.cpp - Chain and transformer families -----------------===//
//
// The benchmark generator's families (a) chain (long broadcast chains)
// and (b) transformer (post-LN encoder layers, their compute ops written
// as destination-style tensor.empty inits sized from tensor.dim).
//
//===----------------------------------------------------------------------===//

#include "GenerateCommon.h"

namespace symshape_bench::generate {

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

} // namespace symshape_bench::generate
