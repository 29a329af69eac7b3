//===- GenerateModels.cpp - Model-shaped benchmark inputs -----------------===//
//
// Family `transformer-ops` of symshape_bench_generate (bench/README.md):
// BERT-style post-LN encoders written with real compute ops, the way
// torch-mlir's linalg-on-tensors backend writes them:
//
//   - every result is a destination-style op on a `tensor.empty` init sized
//     from `tensor.dim` of the input ids (the symbolic batch and sequence),
//     accumulators first set by `linalg.fill`;
//   - linear layers: `linalg.transpose` of the [out, in] weight, a
//     `linalg.generic` broadcast of it over the batch, `linalg.batch_matmul`,
//     a `linalg.generic` bias add;
//   - attention heads split and merged with `tensor.expand_shape` /
//     `linalg.transpose` / `tensor.collapse_shape`, the two attention
//     matmuls as `linalg.batch_matmul` on the collapsed batch x heads dim;
//   - softmax (max, exp, sum, divide), layer norm (mean, variance, rsqrt)
//     and GELU (erf) as `linalg.generic` with their affine maps and
//     iterator types; the additive attention mask derived from the ids and
//     unsqueezed with `tensor.expand_shape`; the word embedding a gather
//     (`tensor.extract` in a `linalg.generic` body).
//
// Nothing in a generated file is UB: every obligation is safe, and every op
// is one symshape models. Affine maps are written inline (no `#map`
// aliases), so functions can be streamed into the module one by one.
//
//===----------------------------------------------------------------------===//

#include "GenerateModels.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace symshape_bench {
namespace {

std::string str(int64_t value) { return std::to_string(value); }

/// `tensor<AxBx...xELT>` with -1 written `?`.
std::string tensor(const std::vector<int64_t> &dims,
                   const char *element = "f32") {
  std::string text = "tensor<";
  for (int64_t d : dims)
    text += (d < 0 ? std::string("?") : str(d)) + "x";
  return text + element + ">";
}

/// `affine_map<(d0, ..., dN-1) -> (results)>`.
std::string affineMap(int loops, const std::string &results) {
  std::string text = "affine_map<(";
  for (int i = 0; i < loops; ++i)
    text += (i ? ", d" : "d") + std::to_string(i);
  return text + ") -> (" + results + ")>";
}

/// The identity map of `loops` loops.
std::string identity(int loops) {
  std::string results;
  for (int i = 0; i < loops; ++i)
    results += (i ? ", d" : "d") + std::to_string(i);
  return affineMap(loops, results);
}

/// `["parallel", ..., "reduction"]`: `parallel` loops, then `reduction`.
std::string iterators(int parallel, int reduction = 0) {
  std::string text = "[";
  for (int i = 0; i < parallel + reduction; ++i)
    text += std::string(i ? ", " : "") +
            (i < parallel ? "\"parallel\"" : "\"reduction\"");
  return text + "]";
}

/// A float as mlir-opt prints it (`1.250000e-01`).
std::string f32(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.6e", value);
  return buffer;
}

struct Operand {
  std::string name, type;
  std::string element = "f32";
};

/// One function being written: its body text, op count and parameters.
class Fn {
public:
  void op(const std::string &line, int indent = 2) {
    text.append(size_t(indent), ' ');
    text += line;
    text += '\n';
    ++ops;
  }
  /// A line that is not an op (a block header, a closing brace).
  void line(const std::string &line, int indent = 2) {
    text.append(size_t(indent), ' ');
    text += line;
    text += '\n';
  }
  std::string param(const std::string &name, const std::string &type) {
    params.push_back(name + ": " + type);
    return name;
  }

  /// `res = linalg.generic` with one f32 result. In the body the inputs are
  /// %in0, %in1, ..., the output %out; `body` ops name their results %v0,
  /// %v1, ... (the caller writes them), and `yield` is yielded.
  void generic(const std::string &res, const std::vector<Operand> &ins,
               const Operand &out, const std::vector<std::string> &maps,
               const std::string &iteratorTypes,
               const std::vector<std::string> &body, const std::string &yield) {
    std::string line = res + " = linalg.generic {indexing_maps = [";
    for (size_t i = 0; i < maps.size(); ++i)
      line += (i ? ", " : "") + maps[i];
    line += "], iterator_types = " + iteratorTypes + "} ins(";
    std::string types, block = "^bb0(";
    for (size_t i = 0; i < ins.size(); ++i) {
      line += (i ? ", " : "") + ins[i].name;
      types += (i ? ", " : "") + ins[i].type;
      block += "%in" + str(int64_t(i)) + ": " + ins[i].element + ", ";
    }
    line += " : " + types + ") outs(" + out.name + " : " + out.type + ") {";
    op(line);
    this->line(block + "%out: " + out.element + "):");
    for (const std::string &b : body)
      op(b, 4);
    op("linalg.yield " + yield + " : " + out.element, 4);
    this->line("} -> " + out.type);
  }

  std::string text;
  std::vector<std::string> params;
  int64_t ops = 0;
};

/// A model size: hidden, heads, FFN width, vocabulary.
struct Size {
  int64_t hidden, heads, ffn, vocab;
};

/// Writes one encoder into a Fn. Names are `%<prefix>...`; the batch and
/// sequence sizes are %b and %s, the f32 constants %cst*.
class Encoder {
public:
  Encoder(Fn &fn, const Size &size)
      : fn(fn), H(size.hidden), N(size.heads), D(size.hidden / size.heads),
        F(size.ffn), V(size.vocab), act(tensor({-1, -1, H})),
        stat(tensor({-1, -1})) {}

  /// Constants, sizes, the embedding and its layer norm, the mask.
  /// Returns the hidden state.
  std::string preamble() {
    std::string ids = fn.param("%ids", tensor({-1, -1}, "i64"));
    std::string wemb = fn.param("%wemb", tensor({V, H}));
    std::string eg = fn.param("%emb_g", tensor({H}));
    std::string eb = fn.param("%emb_b", tensor({H}));
    fn.op("%c0 = arith.constant 0 : index");
    fn.op("%c1 = arith.constant 1 : index");
    fn.op("%cst0 = arith.constant 0.000000e+00 : f32");
    fn.op("%cst1 = arith.constant 1.000000e+00 : f32");
    fn.op("%cst_half = arith.constant 5.000000e-01 : f32");
    fn.op("%cst_min = arith.constant -3.402823e+38 : f32");
    fn.op("%cst_masked = arith.constant -1.000000e+04 : f32");
    fn.op("%cst_h = arith.constant " + f32(double(H)) + " : f32");
    fn.op("%cst_eps = arith.constant 9.999999e-13 : f32");
    fn.op("%cst_scale = arith.constant " + f32(1.0 / sqrtOf(D)) + " : f32");
    fn.op("%cst_rsqrt2 = arith.constant 7.071068e-01 : f32");
    fn.op("%pad = arith.constant 0 : i64");
    std::string idsT = tensor({-1, -1}, "i64");
    fn.op("%b = tensor.dim " + ids + ", %c0 : " + idsT);
    fn.op("%s = tensor.dim " + ids + ", %c1 : " + idsT);
    // Word embedding: a gather of table rows by id.
    fn.op("%emb0 = tensor.empty(%b, %s) : " + act);
    fn.generic(
        "%emb", {{ids, idsT, "i64"}}, {"%emb0", act},
        {affineMap(3, "d0, d1"), identity(3)}, iterators(3),
        {"%v0 = arith.index_cast %in0 : i64 to index",
         "%v1 = \"linalg.index\"() {dim = 2 : i64} : () -> index",
         "%v2 = tensor.extract " + wemb + "[%v0, %v1] : " + tensor({V, H})},
        "%v2");
    std::string h = layerNorm("%emb_ln_", "%emb", eg, eb);
    // Additive attention mask: 0 for tokens, -10000 for padding, as
    // [batch, 1, 1, seq].
    fn.op("%mask0 = tensor.empty(%b, %s) : " + stat);
    fn.generic("%mask2", {{ids, idsT, "i64"}}, {"%mask0", stat},
               {identity(2), identity(2)}, iterators(2),
               {"%v0 = arith.cmpi eq, %in0, %pad : i64",
                "%v1 = arith.select %v0, %cst_masked, %cst0 : f32"},
               "%v1");
    fn.op("%mask = tensor.expand_shape %mask2 [[0, 1, 2], [3]] : " + stat +
          " into " + tensor({-1, 1, 1, -1}));
    return h;
  }

  /// One post-LN encoder layer on `h`; returns its output.
  std::string layer(int64_t index, const std::string &h) {
    std::string l = "%l" + str(index) + "_";
    auto weight = [&](const char *what, int64_t out, int64_t in) {
      return fn.param(l + what, tensor({out, in}));
    };
    auto vec = [&](const char *what, int64_t n) {
      return fn.param(l + what, tensor({n}));
    };
    std::string wq = weight("wq", H, H), bq = vec("bq", H);
    std::string wk = weight("wk", H, H), bk = vec("bk", H);
    std::string wv = weight("wv", H, H), bv = vec("bv", H);
    std::string wo = weight("wo", H, H), bo = vec("bo", H);
    std::string g1 = vec("g1", H), b1 = vec("b1", H);
    std::string wf1 = weight("wf1", F, H), bf1 = vec("bf1", F);
    std::string wf2 = weight("wf2", H, F), bf2 = vec("bf2", H);
    std::string g2 = vec("g2", H), b2 = vec("b2", H);

    std::string q = linear(l + "q", h, H, wq, bq, H);
    std::string k = linear(l + "k", h, H, wk, bk, H);
    std::string v = linear(l + "v", h, H, wv, bv, H);
    // [b, s, H] -> [b * N, s, D] (K: [b * N, D, s]).
    std::string q3 = heads(l + "q", q, {0, 2, 1, 3});
    std::string k3 = heads(l + "k", k, {0, 2, 3, 1});
    std::string v3 = heads(l + "v", v, {0, 2, 1, 3});

    // Scores [b * N, s, s] -> [b, N, s, s], scaled and masked.
    std::string qT = tensor({-1, -1, D}), kT = tensor({-1, D, -1});
    std::string s3 = tensor({-1, -1, -1}), s4 = tensor({-1, N, -1, -1});
    fn.op(l + "bh = tensor.dim " + q3 + ", %c0 : " + qT);
    fn.op(l + "sc0 = tensor.empty(" + l + "bh, %s, %s) : " + s3);
    fn.op(l + "scf = linalg.fill ins(%cst0 : f32) outs(" + l + "sc0 : " + s3 +
          ") -> " + s3);
    fn.op(l + "sc = linalg.batch_matmul ins(" + q3 + ", " + k3 + " : " + qT +
          ", " + kT + ") outs(" + l + "scf : " + s3 + ") -> " + s3);
    fn.op(l + "sc4 = tensor.expand_shape " + l +
          "sc [[0, 1], [2], [3]] : " + s3 + " into " + s4);
    fn.op(l + "sm0 = tensor.empty(%b, %s, %s) : " + s4);
    fn.generic(l + "sm", {{l + "sc4", s4}, {"%mask", tensor({-1, 1, 1, -1})}},
               {l + "sm0", s4},
               {identity(4), affineMap(4, "d0, 0, 0, d3"), identity(4)},
               iterators(4),
               {"%v0 = arith.mulf %in0, %cst_scale : f32",
                "%v1 = arith.addf %v0, %in1 : f32"},
               "%v1");
    // Softmax over the last dim: max, exp(x - max), sum, divide.
    std::string row = tensor({-1, N, -1});
    std::string rowMap = affineMap(4, "d0, d1, d2");
    fn.op(l + "mx0 = tensor.empty(%b, %s) : " + row);
    fn.op(l + "mxf = linalg.fill ins(%cst_min : f32) outs(" + l +
          "mx0 : " + row + ") -> " + row);
    fn.generic(l + "mx", {{l + "sm", s4}}, {l + "mxf", row},
               {identity(4), rowMap}, iterators(3, 1),
               {"%v0 = arith.maxf %in0, %out : f32"}, "%v0");
    fn.generic(
        l + "ex", {{l + "sm", s4}, {l + "mx", row}}, {l + "sm0", s4},
        {identity(4), rowMap, identity(4)}, iterators(4),
        {"%v0 = arith.subf %in0, %in1 : f32", "%v1 = math.exp %v0 : f32"},
        "%v1");
    fn.op(l + "smf = linalg.fill ins(%cst0 : f32) outs(" + l + "mx0 : " + row +
          ") -> " + row);
    fn.generic(l + "sum", {{l + "ex", s4}}, {l + "smf", row},
               {identity(4), rowMap}, iterators(3, 1),
               {"%v0 = arith.addf %in0, %out : f32"}, "%v0");
    fn.generic(l + "pr", {{l + "ex", s4}, {l + "sum", row}}, {l + "sm0", s4},
               {identity(4), rowMap, identity(4)}, iterators(4),
               {"%v0 = arith.divf %in0, %in1 : f32"}, "%v0");
    // Context [b * N, s, D] -> [b, s, H].
    std::string c4 = tensor({-1, N, -1, D}), ct4 = tensor({-1, -1, N, D});
    fn.op(l + "pr3 = tensor.collapse_shape " + l +
          "pr [[0, 1], [2], [3]] : " + s4 + " into " + s3);
    fn.op(l + "cx0 = tensor.empty(" + l + "bh, %s) : " + qT);
    fn.op(l + "cxf = linalg.fill ins(%cst0 : f32) outs(" + l + "cx0 : " + qT +
          ") -> " + qT);
    fn.op(l + "cx = linalg.batch_matmul ins(" + l + "pr3, " + v3 + " : " + s3 +
          ", " + qT + ") outs(" + l + "cxf : " + qT + ") -> " + qT);
    fn.op(l + "cx4 = tensor.expand_shape " + l +
          "cx [[0, 1], [2], [3]] : " + qT + " into " + c4);
    fn.op(l + "cxt0 = tensor.empty(%b, %s) : " + ct4);
    fn.op(l + "cxt = linalg.transpose ins(" + l + "cx4 : " + c4 + ") outs(" +
          l + "cxt0 : " + ct4 + ") permutation = [0, 2, 1, 3]");
    fn.op(l + "ctx = tensor.collapse_shape " + l +
          "cxt [[0], [1], [2, 3]] : " + ct4 + " into " + act);
    // Output projection, residual, layer norm.
    std::string o = linear(l + "o", l + "ctx", H, wo, bo, H);
    std::string r1 = add(l + "r1", h, o);
    std::string ln1 = layerNorm(l + "ln1_", r1, g1, b1);
    // FFN: up projection, GELU (erf form), down projection, residual, norm.
    std::string f1 = linear(l + "f1", ln1, H, wf1, bf1, F);
    std::string ffnT = tensor({-1, -1, F});
    fn.op(l + "gelu0 = tensor.empty(%b, %s) : " + ffnT);
    fn.generic(l + "gelu", {{f1, ffnT}}, {l + "gelu0", ffnT},
               {identity(3), identity(3)}, iterators(3),
               {"%v0 = arith.mulf %in0, %cst_rsqrt2 : f32",
                "%v1 = math.erf %v0 : f32", "%v2 = arith.addf %v1, %cst1 : f32",
                "%v3 = arith.mulf %in0, %v2 : f32",
                "%v4 = arith.mulf %v3, %cst_half : f32"},
               "%v4");
    std::string f2 = linear(l + "f2", l + "gelu", F, wf2, bf2, H);
    std::string r2 = add(l + "r2", ln1, f2);
    return layerNorm(l + "ln2_", r2, g2, b2);
  }

private:
  static double sqrtOf(int64_t n) {
    double x = double(n);
    for (int i = 0; i < 60; ++i)
      x = 0.5 * (x + double(n) / x);
    return x;
  }

  /// x [b, s, in] * W^T + bias, W [out, in]: torch-mlir's aten.linear.
  std::string linear(const std::string &p, const std::string &x, int64_t in,
                     const std::string &w, const std::string &bias,
                     int64_t out) {
    std::string wT = tensor({out, in}), wtT = tensor({in, out});
    std::string wbT = tensor({-1, in, out});
    std::string xT = tensor({-1, -1, in}), yT = tensor({-1, -1, out});
    fn.op(p + "wt0 = tensor.empty() : " + wtT);
    fn.op(p + "wt = linalg.transpose ins(" + w + " : " + wT + ") outs(" + p +
          "wt0 : " + wtT + ") permutation = [1, 0]");
    fn.op(p + "wb0 = tensor.empty(%b) : " + wbT);
    fn.generic(p + "wb", {{p + "wt", wtT}}, {p + "wb0", wbT},
               {affineMap(3, "d1, d2"), identity(3)}, iterators(3), {}, "%in0");
    fn.op(p + "mm0 = tensor.empty(%b, %s) : " + yT);
    fn.op(p + "mmf = linalg.fill ins(%cst0 : f32) outs(" + p + "mm0 : " + yT +
          ") -> " + yT);
    fn.op(p + "mm = linalg.batch_matmul ins(" + x + ", " + p + "wb : " + xT +
          ", " + wbT + ") outs(" + p + "mmf : " + yT + ") -> " + yT);
    fn.generic(p, {{p + "mm", yT}, {bias, tensor({out})}}, {p + "mm0", yT},
               {identity(3), affineMap(3, "d2"), identity(3)}, iterators(3),
               {"%v0 = arith.addf %in0, %in1 : f32"}, "%v0");
    return p;
  }

  /// Residual add of two [b, s, H].
  std::string add(const std::string &p, const std::string &x,
                  const std::string &y) {
    fn.op(p + "0 = tensor.empty(%b, %s) : " + act);
    fn.generic(p, {{x, act}, {y, act}}, {p + "0", act},
               {identity(3), identity(3), identity(3)}, iterators(3),
               {"%v0 = arith.addf %in0, %in1 : f32"}, "%v0");
    return p;
  }

  /// Layer norm over the hidden dim, as torch-mlir's native_layer_norm:
  /// mean, variance, rsqrt(var + eps), then (x - mean) * rstd * g + b.
  std::string layerNorm(const std::string &p, const std::string &x,
                        const std::string &gamma, const std::string &beta) {
    std::string rows = affineMap(3, "d0, d1"), hid = affineMap(3, "d2");
    fn.op(p + "st0 = tensor.empty(%b, %s) : " + stat);
    fn.op(p + "stf = linalg.fill ins(%cst0 : f32) outs(" + p + "st0 : " + stat +
          ") -> " + stat);
    fn.generic(p + "sum", {{x, act}}, {p + "stf", stat}, {identity(3), rows},
               iterators(2, 1), {"%v0 = arith.addf %in0, %out : f32"}, "%v0");
    fn.generic(p + "mean", {{p + "sum", stat}}, {p + "st0", stat},
               {identity(2), identity(2)}, iterators(2),
               {"%v0 = arith.divf %in0, %cst_h : f32"}, "%v0");
    fn.generic(p + "var", {{x, act}, {p + "mean", stat}}, {p + "stf", stat},
               {identity(3), rows, rows}, iterators(2, 1),
               {"%v0 = arith.subf %in0, %in1 : f32",
                "%v1 = arith.mulf %v0, %v0 : f32",
                "%v2 = arith.addf %v1, %out : f32"},
               "%v2");
    fn.generic(p + "rstd", {{p + "var", stat}}, {p + "st0", stat},
               {identity(2), identity(2)}, iterators(2),
               {"%v0 = arith.divf %in0, %cst_h : f32",
                "%v1 = arith.addf %v0, %cst_eps : f32",
                "%v2 = math.rsqrt %v1 : f32"},
               "%v2");
    fn.op(p + "y0 = tensor.empty(%b, %s) : " + act);
    std::string y = p + "y";
    fn.generic(y,
               {{x, act},
                {p + "mean", stat},
                {p + "rstd", stat},
                {gamma, tensor({H})},
                {beta, tensor({H})}},
               {p + "y0", act},
               {identity(3), rows, rows, hid, hid, identity(3)}, iterators(3),
               {"%v0 = arith.subf %in0, %in1 : f32",
                "%v1 = arith.mulf %v0, %in2 : f32",
                "%v2 = arith.mulf %v1, %in3 : f32",
                "%v3 = arith.addf %v2, %in4 : f32"},
               "%v3");
    return y;
  }

  /// Splits [b, s, H] into heads and permutes: expand to [b, s, N, D],
  /// transpose by `perm`, collapse the first two dims.
  std::string heads(const std::string &p, const std::string &x,
                    const std::vector<int> &perm) {
    std::vector<int64_t> split = {-1, -1, N, D}, permuted;
    for (int i : perm)
      permuted.push_back(split[size_t(i)]);
    std::vector<int64_t> collapsed = {-1, permuted[2], permuted[3]};
    std::string splitT = tensor(split), permT = tensor(permuted);
    // The `?` dims of the transposed init: %b and %s in their new places.
    std::string sizes;
    for (int i : perm)
      if (i == 0 || i == 1)
        sizes +=
            std::string(sizes.empty() ? "" : ", ") + (i == 0 ? "%b" : "%s");
    fn.op(p + "4 = tensor.expand_shape " + x + " [[0], [1], [2, 3]] : " + act +
          " into " + splitT);
    fn.op(p + "t0 = tensor.empty(" + sizes + ") : " + permT);
    fn.op(p + "t = linalg.transpose ins(" + p + "4 : " + splitT + ") outs(" +
          p + "t0 : " + permT + ") permutation = [" + str(perm[0]) + ", " +
          str(perm[1]) + ", " + str(perm[2]) + ", " + str(perm[3]) + "]");
    fn.op(p + "3 = tensor.collapse_shape " + p +
          "t [[0, 1], [2], [3]] : " + permT + " into " + tensor(collapsed));
    return p + "3";
  }

  Fn &fn;
  int64_t H, N, D, F, V;
  std::string act, stat;
};

/// splitmix64, as in generate.cpp: the same stream everywhere.
uint64_t nextRandom(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// Fills a function up to `ops` ops (its `return` not counted) with
/// elementwise doubling generics (3 ops) and identity casts (1 op) on `h`.
std::string filler(Fn &fn, int64_t ops, std::string h, const std::string &act) {
  for (int64_t i = 0; fn.ops < ops; ++i) {
    std::string name = "%tail" + str(i);
    if (ops - fn.ops >= 3)
      fn.generic(name, {{h, act}}, {h, act}, {identity(3), identity(3)},
                 iterators(3), {"%v0 = arith.addf %in0, %out : f32"}, "%v0");
    else
      fn.op(name + " = tensor.cast " + h + " : " + act + " to " + act);
    h = name;
  }
  return h;
}

std::string signature(const std::string &name, const Fn &fn,
                      const std::string &result) {
  std::string text = "func.func @" + name + "(";
  for (size_t i = 0; i < fn.params.size(); ++i)
    text += (i ? ", " : "") + fn.params[i];
  return text + ") -> " + result + " {\n";
}

} // namespace

Written
generateTransformerOps(uint64_t seed, int64_t totalOps, int64_t layersPerFunc,
                       const std::function<void(const std::string &)> &write) {
  // BERT base, and two smaller widths (head size 64 in all three).
  static const Size sizes[] = {{768, 12, 3072, 30522},
                               {768, 12, 3072, 30522},
                               {512, 8, 2048, 30522},
                               {256, 4, 1024, 30522}};
  // The op counts of the preamble and of a layer do not depend on the size:
  // measure them once on scratch functions.
  int64_t preambleOps, layerOps;
  {
    Fn scratch;
    Encoder encoder(scratch, sizes[0]);
    std::string h = encoder.preamble();
    preambleOps = scratch.ops;
    encoder.layer(0, h);
    layerOps = scratch.ops - preambleOps;
  }
  const int64_t modelOps = preambleOps + 1; // the return

  Written written;
  uint64_t state = seed;
  int64_t remaining = totalOps;
  for (int64_t f = 0; remaining > 0; ++f) {
    int64_t budget = remaining;
    if (layersPerFunc > 0)
      budget = std::min(remaining, modelOps + layersPerFunc * layerOps);
    remaining -= budget;
    const Size &size = sizes[nextRandom(state) % 4];
    std::string act = tensor({-1, -1, size.hidden});
    Fn fn;
    std::string name, h;
    if (budget >= modelOps) {
      name = "bert" + str(f);
      Encoder encoder(fn, size);
      h = encoder.preamble();
      for (int64_t layer = 0; budget - 1 - fn.ops >= layerOps; ++layer)
        h = encoder.layer(layer, h);
    } else {
      // Too few ops left for a model: a function of filler ops.
      name = "tail" + str(f);
      h = fn.param("%x", act);
    }
    h = filler(fn, budget - 1, h, act);
    write(signature(name, fn, act));
    write(fn.text);
    write("  return " + h + " : " + act + "\n}\n\n");
    written.ops += fn.ops + 1;
    ++written.functions;
  }
  return written;
}

} // namespace symshape_bench
