//===- TorchGen.cpp - The torch program of one seed -----------------------===//
//
// One transformer-like block over x [B, S, H], B = s0 (or s0 * 2) and S =
// s1 the exporter's symbols, as torch.export traces it and torch-mlir's FX
// importer prints it (TorchWriter.h):
//
//   x = the input [B, S, H], or embedding(table [V, H], ids [B, S])
//   h = x + pos[:, :x.size(1)]            position table [1, P, H]
//   n = h * rsqrt(mean(h ** 2, -1, keepdim) + eps)      (RMS norm)
//   q = linear(n, W, b)  or  (n.view(B*S, H) @ W.t()).view(B, S, H)
//   r = q.view(B, S, nh, hd).transpose(1, 2)
//   p = softmax(r @ r.transpose(-2, -1) + m, -1), m = mask[:, None, None, :]
//       [B, 1, 1, S] or m.expand(-1, nh, -1, -1)
//   c = (p @ r).transpose(1, 2), merged to [B, S, H] by view or flatten
//       (or through view(-1, 2 * H) when B is even: s0 * 2)
//   y = gelu(h + c)  or  silu(h + c)
//   out = y[:, :C].transpose(1, 2) @ Wc       a window of C tokens, [C, E]
//
// PyTorch's rules decide where sizes must agree (add.Tensor broadcasts
// as NumPy does, torch.mm / matmul contract equal sizes, Tensor.view keeps
// the element count, slicing clamps its end): pos[:, :S] has min(S, P)
// rows, so the add needs S <= P; the window has min(S, C) rows, so the
// product needs S >= C. A correct program's ranges keep C <= S <= P; the
// planted ones put one mismatch inside the ranges (TorchPlant).
//
//===----------------------------------------------------------------------===//

#include "gen/Builder.h"
#include "gen/TorchWriter.h"

namespace symshape::models {

using torchgen::TorchWriter;
using torchgen::TVal;
using torchgen::vtensorType;

namespace {

constexpr int64_t kUnbounded = 9223372036854775806; // the importer's "no max"

std::string ty(const TVal &v) { return vtensorType(v.dims, v.elem); }
const std::string kInt = "!torch.int";

/// The block's sizes and which parts it has.
struct Shape {
  int64_t h = 4, nh = 1, hd = 4, rows = 0, window = 0, e = 2;
  bool positions = false, windowed = false, evenBatch = false;
  bool pairs = false, linear = false, norm = false, mask = false;
  bool flatten = false, gelu = false, pool = false;
  bool embed = false, expandMask = false;
  int64_t vocab = 16;
};

Shape chooseShape(gen::Rng &rng, TorchPlant plant,
                  const TorchGenOptions &options) {
  Shape s;
  s.h = rng.chance(50) ? 4 : 8;
  s.nh = rng.chance(50) ? 1 : 2;
  s.hd = s.h / s.nh;
  s.e = rng.in(2, 4);
  s.positions = plant == TorchPlant::Positions || rng.chance(60);
  s.windowed = plant == TorchPlant::Window || rng.chance(50);
  s.rows = rng.pick(std::vector<int64_t>{16, 32, 64});
  s.window = rng.in(3, 8);
  s.evenBatch = plant != TorchPlant::View && rng.chance(40);
  bool pairs = rng.chance(70) && options.evenBatchView;
  s.pairs = plant == TorchPlant::View || (s.evenBatch && pairs);
  s.linear = plant != TorchPlant::MatMul && rng.chance(50);
  s.norm = rng.chance(70);
  s.mask = rng.chance(60);
  s.flatten = rng.chance(50);
  s.gelu = rng.chance(50);
  s.pool = rng.chance(50);
  s.embed = rng.chance(50);
  s.expandMask = rng.chance(50);
  s.vocab = rng.pick(std::vector<int64_t>{16, 100, 256});
  return s;
}

/// The sequence's range: C <= lo <= hi <= P in a correct program; a
/// planted positions / window mismatch moves one end across.
std::pair<int64_t, int64_t> sequenceRange(gen::Rng &rng, const Shape &s,
                                          TorchPlant plant) {
  int64_t lo = s.windowed ? s.window + rng.in(0, 2) : 2;
  int64_t hi = s.positions
                   ? s.rows - rng.in(0, 4)
                   : rng.pick(std::vector<int64_t>{64, 512, kUnbounded});
  if (plant == TorchPlant::Broadcast && hi == kUnbounded)
    hi = 512; // the second input's range goes past it
  if (plant == TorchPlant::Positions) {
    bool always = rng.chance(25);
    lo = always ? s.rows + rng.in(1, 3) : lo;
    hi = s.rows + rng.in(1, 40);
  } else if (plant == TorchPlant::Window) {
    lo = rng.in(2, s.window - 1);
    bool always = rng.chance(25);
    if (always)
      hi = rng.in(lo, s.window - 1);
  }
  return {lo, std::max(lo, hi)};
}

} // namespace

std::optional<int64_t> TorchDim::value(const std::vector<int64_t> &s) const {
  if (unbound)
    return std::nullopt;
  if (syms.empty())
    return size;
  int64_t v = coef;
  for (int k : syms)
    v *= s[size_t(k)];
  return v;
}

TorchDim TorchDim::times(const TorchDim &o) const {
  if (unbound || o.unbound)
    return unknown();
  if (syms.empty() && o.syms.empty())
    return fixed(size * o.size);
  TorchDim r;
  r.syms = syms;
  r.syms.insert(r.syms.end(), o.syms.begin(), o.syms.end());
  r.coef = (syms.empty() ? size : coef) * (o.syms.empty() ? o.size : o.coef);
  return r;
}

const char *torchPlantName(TorchPlant plant) {
  switch (plant) {
  case TorchPlant::None:
    return "none";
  case TorchPlant::Broadcast:
    return "broadcast";
  case TorchPlant::MatMul:
    return "matmul";
  case TorchPlant::View:
    return "view";
  case TorchPlant::Positions:
    return "positions";
  case TorchPlant::Window:
    return "window";
  }
  return "?";
}

std::vector<TorchPlant> torchPlants() {
  return {TorchPlant::None, TorchPlant::Broadcast, TorchPlant::MatMul,
          TorchPlant::View, TorchPlant::Positions, TorchPlant::Window};
}

std::optional<TorchPlant> torchPlantNamed(const std::string &name) {
  for (TorchPlant p : torchPlants())
    if (name == torchPlantName(p))
      return p;
  return std::nullopt;
}

TorchProgram generateTorch(uint64_t seed, TorchPlant plant,
                           const TorchGenOptions &options) {
  gen::Rng rng(seed * 8 + uint64_t(plant) + 0x544f5243);
  TorchProgram p;
  p.seed = seed;
  p.plant = plant;
  TorchWriter w(p);
  Shape s = chooseShape(rng, plant, options);
  int64_t h = s.h;
  p.landmarks = {h, 2 * h, s.rows, s.window};

  // The exporter's symbols, then the arguments and their bindings.
  int64_t batchHi = s.evenBatch ? rng.pick(std::vector<int64_t>{8, 64, 1000})
                                : rng.pick(std::vector<int64_t>{8, kUnbounded});
  int sb = w.symbol(2, batchHi);
  auto [seqLo, seqHi] = sequenceRange(rng, s, plant);
  int ss = w.symbol(seqLo, seqHi);
  int other = -1; // a planted input's own size
  if (plant == TorchPlant::Broadcast) {
    // Overlapping the sequence's range (UB unless equal) or not (always).
    bool always = rng.chance(25);
    int64_t lo = always ? seqHi + 1 : std::max<int64_t>(2, seqLo - 2);
    other = w.symbol(lo, always ? seqHi + 8 : seqHi + rng.in(0, 8));
  } else if (plant == TorchPlant::MatMul) {
    bool always = rng.chance(25);
    other = always ? w.symbol(h + 1, h + rng.in(1, 8))
                   : w.symbol(2, h + rng.in(0, 8));
  }
  TorchDim B = TorchDim::of(sb, s.evenBatch ? 2 : 1), S = TorchDim::of(ss);
  auto fix = TorchDim::fixed;
  // The tokens' embeddings as an input, or token ids and the table.
  TVal x = s.embed ? w.arg({B, S}, "si64") : w.arg({B, S, fix(h)});
  TVal table, pos, y, weight, bias, mask, wc;
  if (s.embed)
    table = w.arg({fix(s.vocab), fix(h)});
  if (s.positions)
    pos = w.arg({fix(1), fix(s.rows), fix(h)});
  if (plant == TorchPlant::Broadcast)
    y = w.arg({B, TorchDim::of(other), fix(h)});
  if (plant == TorchPlant::MatMul)
    weight = w.arg({TorchDim::of(other), fix(h)}); // [in, out], in dynamic
  else
    weight = w.arg({fix(h), fix(h)}); // nn.Linear's [out, in]
  if (s.linear)
    bias = w.arg({fix(h)});
  if (s.mask)
    mask = w.arg({B, S});
  if (s.windowed)
    wc = w.arg({fix(s.window), fix(s.e)});
  for (const TVal &a : {x, table, pos, y, weight, bias, mask, wc})
    if (!a.name.empty())
      w.bind(a);

  int line = int(rng.in(12, 40));
  auto at = [&](int step) { w.line(line += step); };
  auto bound = [&](TVal v) {
    w.bind(v);
    return v;
  };
  if (s.embed) {
    at(1);
    std::string pad = w.intConst(-1);
    std::string scale = w.boolConst(false), sparse = w.boolConst(false);
    x = bound(w.op("torch.aten.embedding",
                   {table.name, x.name, pad, scale, sparse},
                   {ty(table), ty(x), kInt, "!torch.bool", "!torch.bool"},
                   {B, S, fix(h)}));
  }
  TVal hid = x;
  if (s.positions) {
    at(1);
    std::string len = w.sizeInt(x, 1);
    std::string d = w.intConst(1), start = w.intConst(0), step = w.intConst(1);
    // pos[:, :S] has min(S, P) rows: S itself where the range is below P.
    bool fits = seqHi <= s.rows;
    TVal sl =
        bound(w.op("torch.aten.slice.Tensor", {pos.name, d, start, len, step},
                   {ty(pos), kInt, kInt, kInt, kInt},
                   {fix(1), fits ? S : TorchDim::unknown(), fix(h)}));
    std::string alpha = w.intConst(1);
    if (plant == TorchPlant::Positions)
      w.plant("add of x [B, S, " + std::to_string(h) + "] and pos[:, :S] (" +
              std::to_string(s.rows) + " rows, S in [" + std::to_string(seqLo) +
              ", " + std::to_string(seqHi) + "])");
    hid = bound(w.op("torch.aten.add.Tensor", {x.name, sl.name, alpha},
                     {ty(x), ty(sl), kInt}, {B, S, fix(h)}));
  }
  if (plant == TorchPlant::Broadcast) {
    at(1);
    std::string alpha = w.intConst(1);
    w.plant("add of x [B, S, " + std::to_string(h) +
            "] and a second input [B, s2, " + std::to_string(h) + "]");
    hid = bound(w.op("torch.aten.add.Tensor", {hid.name, y.name, alpha},
                     {ty(hid), ty(y), kInt}, {B, S, fix(h)}));
  }
  TVal n = hid;
  if (s.norm) {
    at(2);
    std::string two = w.intConst(2);
    TVal sq = bound(w.op("torch.aten.pow.Tensor_Scalar", {hid.name, two},
                         {ty(hid), kInt}, hid.dims));
    at(0);
    std::string dims = w.intListOf({-1});
    std::string keep = w.boolConst(true), none = w.noneConst();
    TVal mean =
        bound(w.op("torch.aten.mean.dim", {sq.name, dims, keep, none},
                   {ty(sq), "!torch.list<int>", "!torch.bool", "!torch.none"},
                   {B, S, fix(1)}));
    std::string eps = w.floatConst("1.000000e-05"), one = w.intConst(1);
    TVal shifted = bound(w.op("torch.aten.add.Scalar", {mean.name, eps, one},
                              {ty(mean), "!torch.float", kInt}, mean.dims));
    TVal r = bound(
        w.op("torch.aten.rsqrt", {shifted.name}, {ty(shifted)}, mean.dims));
    n = bound(w.op("torch.aten.mul.Tensor", {hid.name, r.name},
                   {ty(hid), ty(r)}, hid.dims));
  }
  // The projection.
  at(2);
  std::string bs, sq;
  TVal q;
  if (s.linear) {
    q = bound(w.op("torch.aten.linear", {n.name, weight.name, bias.name},
                   {ty(n), ty(weight), ty(bias)}, {B, S, fix(h)}));
  } else {
    bs = w.sizeInt(n, 0);
    sq = w.sizeInt(n, 1);
    std::string rows = w.mulInt(bs, sq);
    std::string list = w.intList({rows, w.intConst(h)});
    TVal flat = bound(w.op("torch.aten.view", {n.name, list},
                           {ty(n), "!torch.list<int>"}, {B.times(S), fix(h)}));
    TVal wt = weight;
    if (plant != TorchPlant::MatMul) {
      std::string a = w.intConst(0), b = w.intConst(1);
      wt = w.op("torch.aten.transpose.int", {weight.name, a, b},
                {ty(weight), kInt, kInt}, {fix(h), fix(h)});
    } else {
      w.plant("mm of [B*S, " + std::to_string(h) +
              "] and a weight input [s2, " + std::to_string(h) + "]");
    }
    TVal mm = bound(w.op("torch.aten.mm", {flat.name, wt.name},
                         {ty(flat), ty(wt)}, {B.times(S), fix(h)}));
    std::string back = w.intList({bs, sq, w.intConst(h)});
    q = bound(w.op("torch.aten.view", {mm.name, back},
                   {ty(mm), "!torch.list<int>"}, {B, S, fix(h)}));
  }
  if (bs.empty()) {
    bs = w.sizeInt(q, 0);
    sq = w.sizeInt(q, 1);
  }
  // Attention over the heads.
  at(1);
  std::string heads = w.intList({bs, sq, w.intConst(s.nh), w.intConst(s.hd)});
  TVal split =
      bound(w.op("torch.aten.view", {q.name, heads},
                 {ty(q), "!torch.list<int>"}, {B, S, fix(s.nh), fix(s.hd)}));
  auto transpose = [&](const TVal &v, int64_t a, int64_t b, TorchDims dims) {
    std::string da = w.intConst(a), db = w.intConst(b);
    return bound(w.op("torch.aten.transpose.int", {v.name, da, db},
                      {ty(v), kInt, kInt}, std::move(dims)));
  };
  TVal r = transpose(split, 1, 2, {B, fix(s.nh), S, fix(s.hd)});
  at(1);
  TVal kt = transpose(r, -2, -1, {B, fix(s.nh), fix(s.hd), S});
  TVal scores = bound(w.op("torch.aten.matmul", {r.name, kt.name},
                           {ty(r), ty(kt)}, {B, fix(s.nh), S, S}));
  if (s.mask) {
    at(1);
    std::string one = w.intConst(1);
    TVal u1 = bound(w.op("torch.aten.unsqueeze", {mask.name, one},
                         {ty(mask), kInt}, {B, fix(1), S}));
    std::string two = w.intConst(2);
    TVal u2 = bound(w.op("torch.aten.unsqueeze", {u1.name, two}, {ty(u1), kInt},
                         {B, fix(1), fix(1), S}));
    if (s.expandMask) { // to every head: expand(-1, nh, -1, -1)
      std::string sizes = w.intListOf({-1, s.nh, -1, -1});
      std::string implicit = w.boolConst(false);
      u2 = bound(w.op("torch.aten.expand", {u2.name, sizes, implicit},
                      {ty(u2), "!torch.list<int>", "!torch.bool"},
                      {B, fix(s.nh), fix(1), S}));
    }
    std::string alpha = w.intConst(1);
    scores = bound(w.op("torch.aten.add.Tensor", {scores.name, u2.name, alpha},
                        {ty(scores), ty(u2), kInt}, scores.dims));
  }
  at(1);
  std::string axis = w.intConst(-1), none = w.noneConst();
  TVal probs = bound(w.op("torch.aten.softmax.int", {scores.name, axis, none},
                          {ty(scores), kInt, "!torch.none"}, scores.dims));
  TVal ctx = bound(w.op("torch.aten.matmul", {probs.name, r.name},
                        {ty(probs), ty(r)}, {B, fix(s.nh), S, fix(s.hd)}));
  at(1);
  ctx = transpose(ctx, 1, 2, {B, S, fix(s.nh), fix(s.hd)});
  // Back to [B, S, H].
  at(1);
  TVal merged;
  if (s.pairs) {
    std::string list = w.intListOf({-1, 2 * h});
    // B * S * H / (2 * H) = s0 * s1 when B = s0 * 2; otherwise B * S
    // need not be even.
    TorchDim half =
        s.evenBatch ? TorchDim::of(sb).times(S) : TorchDim::unknown();
    if (plant == TorchPlant::View)
      w.plant("view of [B, S, " + std::to_string(s.nh) + ", " +
              std::to_string(s.hd) + "] to [-1, " + std::to_string(2 * h) +
              "] with B = s0, B * S odd in range");
    TVal pv = bound(w.op("torch.aten.view", {ctx.name, list},
                         {ty(ctx), "!torch.list<int>"}, {half, fix(2 * h)}));
    std::string back = w.intList({bs, sq, w.intConst(h)});
    merged = bound(w.op("torch.aten.view", {pv.name, back},
                        {ty(pv), "!torch.list<int>"}, {B, S, fix(h)}));
  } else if (s.flatten) {
    std::string a = w.intConst(2), b = w.intConst(3);
    merged = bound(w.op("torch.aten.flatten.using_ints", {ctx.name, a, b},
                        {ty(ctx), kInt, kInt}, {B, S, fix(h)}));
  } else {
    std::string back = w.intList({bs, sq, w.intConst(h)});
    merged = bound(w.op("torch.aten.view", {ctx.name, back},
                        {ty(ctx), "!torch.list<int>"}, {B, S, fix(h)}));
  }
  at(1);
  std::string alpha = w.intConst(1);
  TVal out = bound(w.op("torch.aten.add.Tensor", {hid.name, merged.name, alpha},
                        {ty(hid), ty(merged), kInt}, {B, S, fix(h)}));
  at(1);
  if (s.gelu) {
    std::string approx = w.strConst("none");
    out = bound(w.op("torch.aten.gelu", {out.name, approx},
                     {ty(out), "!torch.str"}, out.dims));
  } else {
    out = bound(w.op("torch.aten.silu", {out.name}, {ty(out)}, out.dims));
  }
  if (s.windowed) {
    at(2);
    std::string d = w.intConst(1), start = w.intConst(0),
                end = w.intConst(s.window), step = w.intConst(1);
    // y[:, :C] has min(S, C) rows: C itself where the range is above C.
    bool full = seqLo >= s.window;
    TVal win =
        bound(w.op("torch.aten.slice.Tensor", {out.name, d, start, end, step},
                   {ty(out), kInt, kInt, kInt, kInt},
                   {B, full ? fix(s.window) : TorchDim::unknown(), fix(h)}));
    TVal t = transpose(win, 1, 2, {B, fix(h), win.dims[1]});
    if (plant == TorchPlant::Window)
      w.plant("matmul of y[:, :" + std::to_string(s.window) + "] (S in [" +
              std::to_string(seqLo) + ", " + std::to_string(seqHi) +
              "]) with a [" + std::to_string(s.window) + ", " +
              std::to_string(s.e) + "] weight");
    out = bound(w.op("torch.aten.matmul", {t.name, wc.name}, {ty(t), ty(wc)},
                     {B, fix(h), fix(s.e)}));
    if (s.pool) {
      at(1);
      std::string dims = w.intListOf({-1});
      std::string keep = w.boolConst(false), none2 = w.noneConst();
      out = bound(
          w.op("torch.aten.sum.dim_IntList", {out.name, dims, keep, none2},
               {ty(out), "!torch.list<int>", "!torch.bool", "!torch.none"},
               {B, fix(h)}));
    }
  }
  w.ret(out);
  // The promise that no `?` is expanded by broadcasting: every `?` here
  // is at least 2 in its range, so no add expands one; the planted adds of
  // two `?` that may differ do not keep it.
  w.finish(plant != TorchPlant::Broadcast && plant != TorchPlant::Positions);
  return p;
}

} // namespace symshape::models
