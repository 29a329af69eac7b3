//===- Linalg.cpp - linalg structured ops (linalg docs, OpDSL)
//-------------===//
//
// A structured op is a loop nest whose sizes come from its operands through
// its indexing maps: a loop bound to an operand dim by a plain `dN` takes
// that dim's size, and every operand dim bound to the same loop must agree.
// A dim indexed by a sum such as `d1 * 2 + d4` (convolution windows) must
// contain the largest index reached, when the loops it reads are non-empty:
//
//   (N, OH, OW, F, KH, KW, C): input[n, oh*s + kh*d, ...] is in bounds iff
//   (OH-1)*s + (KH-1)*d < H.
//
// Results take the shapes of the `outs` operands (tensor semantics). Named
// ops use the maps their OpDSL definitions give.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <cctype>
#include <cstring>
#include <map>

namespace symshape::models::oracle {

static std::string s(int64_t v) { return std::to_string(v); }

/// c + sum(coef * d_loop).
struct AffineExpr {
  std::vector<std::pair<unsigned, int64_t>> terms;
  int64_t constant = 0;
  /// The loop when the expression is exactly `dN`.
  std::optional<unsigned> plainDim() const {
    if (terms.size() == 1 && terms[0].second == 1 && constant == 0)
      return terms[0].first;
    return std::nullopt;
  }
};
using AffineMap = std::vector<AffineExpr>; // one expression per operand dim

/// Parses "affine_map<(d0, d1) -> (d0 * 2 + d1, 0)>" (no symbols, no
/// floordiv/mod); `loops` receives the number of dims.
static std::optional<AffineMap> parseMap(const std::string &text,
                                         unsigned &loops) {
  size_t arrow = text.find("->");
  size_t open = text.find('(');
  if (arrow == std::string::npos || open == std::string::npos ||
      text.find('[') < arrow)
    return std::nullopt;
  std::string dims = text.substr(open + 1, text.find(')', open) - open - 1);
  loops = dims.find_first_not_of(' ') == std::string::npos
              ? 0
              : unsigned(std::count(dims.begin(), dims.end(), ',') + 1);
  size_t ro = text.find('(', arrow), rc = text.rfind(')');
  if (ro == std::string::npos || rc == std::string::npos || rc < ro)
    return std::nullopt;
  std::string body = text.substr(ro + 1, rc - ro - 1);
  AffineMap map;
  AffineExpr cur;
  bool any = false;
  size_t p = 0;
  int sign = 1;
  auto token = [&](std::string &out) {
    while (p < body.size() && body[p] == ' ')
      ++p;
    size_t st = p;
    if (p < body.size() && std::strchr("+-*,", body[p]))
      ++p;
    else
      while (p < body.size() && (std::isalnum((unsigned char)body[p])))
        ++p;
    out = body.substr(st, p - st);
  };
  std::string tok;
  // term := atom ('*' atom)?   atom := dN | INT
  while (true) {
    token(tok);
    if (tok.empty() && !any)
      break;
    if (tok.empty())
      return std::nullopt;
    std::optional<unsigned> dim;
    int64_t coef = 1;
    auto atom = [&](const std::string &t) {
      if (t.size() > 1 && t[0] == 'd' && std::isdigit((unsigned char)t[1])) {
        if (dim)
          return false;
        dim = unsigned(std::stoul(t.substr(1)));
      } else if (!t.empty() && std::isdigit((unsigned char)t[0])) {
        coef *= std::stoll(t);
      } else {
        return false;
      }
      return true;
    };
    if (!atom(tok))
      return std::nullopt;
    any = true;
    token(tok);
    if (tok == "*") {
      std::string rhs;
      token(rhs);
      if (!atom(rhs))
        return std::nullopt;
      token(tok);
    }
    if (dim)
      cur.terms.emplace_back(*dim, sign * coef);
    else
      cur.constant += sign * coef;
    if (tok == "+" || tok == "-") {
      sign = tok == "+" ? 1 : -1;
      continue;
    }
    sign = 1;
    map.push_back(cur);
    cur = AffineExpr{};
    if (tok == ",")
      continue;
    if (tok.empty())
      break;
    return std::nullopt;
  }
  return map;
}

/// Runs a structured op given its maps (one per operand, in operand
/// order); the last `numResults` operands are the outs.
static bool structured(Eval &e, const std::vector<AffineMap> &maps,
                       unsigned loops) {
  if (maps.size() != e.numOperands())
    return e.unsupported("indexing maps do not match the operands");
  std::vector<const Shape *> shapes;
  for (size_t i = 0; i < e.numOperands(); ++i) {
    const RtValue *v = e.tensor(i);
    if (!v)
      return false;
    if (v->shape.size() != maps[i].size())
      return e.unsupported("operand #" + s(i) + " rank differs from its map");
    shapes.push_back(&v->shape);
  }
  std::vector<int64_t> size(loops, -1);
  std::vector<std::string> from(loops);
  for (size_t i = 0; i < maps.size(); ++i)
    for (size_t d = 0; d < maps[i].size(); ++d)
      if (auto l = maps[i][d].plainDim()) {
        if (*l >= loops)
          return e.unsupported("map names d" + s(*l));
        std::string here = "operand #" + s(i) + " dim " + s(d);
        if (size[*l] < 0) {
          size[*l] = (*shapes[i])[d];
          from[*l] = here;
        } else if (!e.require(size[*l] == (*shapes[i])[d],
                              "loop d" + s(*l) + ": " + here + " is " +
                                  s((*shapes[i])[d]) + ", " + from[*l] +
                                  " is " + s(size[*l])))
          return false;
      }
  int64_t domain = 1;
  for (unsigned l = 0; l < loops; ++l) {
    if (size[l] < 0)
      return e.unsupported("loop d" + s(l) + " has no plain operand dim");
    domain *= size[l];
  }
  for (size_t i = 0; i < maps.size(); ++i)
    for (size_t d = 0; d < maps[i].size(); ++d) {
      const AffineExpr &x = maps[i][d];
      if (x.plainDim())
        continue;
      bool empty = x.terms.empty() ? domain == 0 : false;
      int64_t hi = x.constant, lo = x.constant;
      for (auto [l, coef] : x.terms) {
        if (l >= loops)
          return e.unsupported("map names d" + s(l));
        empty = empty || size[l] == 0;
        (coef > 0 ? hi : lo) += coef * (size[l] - 1);
      }
      if (!empty &&
          !e.require(lo >= 0 && hi < (*shapes[i])[d],
                     "operand #" + s(i) + " dim " + s(d) + " is " +
                         s((*shapes[i])[d]) + ", indices reach " + s(hi)))
        return false;
    }
  size_t outs = e.numOperands() - e.numResults();
  for (size_t r = 0; r < e.numResults(); ++r)
    e.setResult(r, *shapes[outs + r]);
  return true;
}

/// A map from a compact spec: each operand a list of loop-expr strings.
static bool named(Eval &e, unsigned loops,
                  const std::vector<std::string> &operandMaps) {
  std::string dims;
  for (unsigned l = 0; l < loops; ++l)
    dims += (l ? ", d" : "d") + s(l);
  std::vector<AffineMap> maps;
  for (const std::string &m : operandMaps) {
    unsigned n = 0;
    auto map = parseMap("affine_map<(" + dims + ") -> (" + m + ")>", n);
    if (!map)
      return e.unsupported("internal map " + m);
    maps.push_back(*map);
  }
  return structured(e, maps, loops);
}

static bool generic(Eval &e) {
  const frontend::Attribute *attr = e.attr("indexing_maps");
  if (!attr || attr->kind != frontend::AttrKind::Array)
    return e.unsupported("indexing_maps not readable");
  std::vector<AffineMap> maps;
  unsigned loops = 0;
  for (const frontend::Attribute &m : attr->elements) {
    unsigned n = 0;
    auto map = parseMap(m.text, n);
    if (!map || (!maps.empty() && n != loops))
      return e.unsupported("indexing map " + m.text + " not readable");
    loops = n;
    maps.push_back(*map);
  }
  return structured(e, maps, loops);
}

/// Every operand (tensor ins and the outs) has the shape of the init.
static bool identity(Eval &e) {
  const Shape *init = e.shape(e.numOperands() - 1);
  if (!init)
    return false;
  std::string all;
  for (size_t d = 0; d < init->size(); ++d)
    all += (d ? ", d" : "d") + s(d);
  std::vector<std::string> maps;
  for (size_t i = 0; i < e.numOperands(); ++i)
    maps.push_back(all);
  return named(e, unsigned(init->size()), maps);
}

static bool fill(Eval &e) { // ins(scalar) outs(init)
  const Shape *init = e.shape(e.numOperands() - 1);
  return init && e.setResult(0, *init);
}

static bool transpose(Eval &e) { // init[i] = input[perm[i]]
  const Shape *in = e.shape(0), *init = e.shape(1);
  auto perm = e.ints("permutation");
  if (!in || !init || !perm || !isPermutation(*perm, in->size()) ||
      init->size() != in->size())
    return in && init && e.unsupported("permutation not readable");
  for (size_t i = 0; i < perm->size(); ++i)
    if (!e.require((*init)[i] == (*in)[(*perm)[i]],
                   "init dim " + s(i) + " is " + s((*init)[i]) +
                       ", input dim " + s((*perm)[i]) + " is " +
                       s((*in)[(*perm)[i]])))
      return false;
  return e.setResult(0, *init);
}

static bool reduce(Eval &e) { // ins(inputs...) outs(inits...)
  auto dims = e.ints("dimensions");
  size_t n = e.numResults();
  const Shape *in = e.shape(0);
  if (!in || !dims || e.numOperands() != 2 * n)
    return in && e.unsupported("dimensions not readable");
  Shape kept;
  for (size_t d = 0; d < in->size(); ++d)
    if (std::find(dims->begin(), dims->end(), int64_t(d)) == dims->end())
      kept.push_back((*in)[d]);
  for (size_t i = 0; i < 2 * n; ++i) {
    const Shape *x = e.shape(i);
    if (!x)
      return false;
    const Shape &want = i < n ? *in : kept;
    if (!e.require(*x == want, "operand #" + s(i) + " " + str(*x) +
                                   " != expected " + str(want)))
      return false;
  }
  for (size_t r = 0; r < n; ++r)
    e.setResult(r, kept);
  return true;
}

/// linalg.broadcast, upstream "outs" form: `dimensions` are the init dims
/// the input lacks; the others must equal the input's, in order. RFC
/// "inits" form: dims[i] is the init dim input dim i maps to (002).
static bool broadcast(Eval &e) {
  const Shape *in = e.shape(0), *init = e.shape(1);
  auto dims = e.ints("dimensions");
  if (!in || !init || !dims)
    return in && init && e.unsupported("dimensions not readable");
  std::vector<int64_t> mapped;
  if (e.operation().form == "inits") {
    mapped = *dims;
  } else {
    for (size_t d = 0; d < init->size(); ++d)
      if (std::find(dims->begin(), dims->end(), int64_t(d)) == dims->end())
        mapped.push_back(int64_t(d));
  }
  if (mapped.size() != in->size())
    return e.unsupported("dimensions do not fit the ranks");
  for (size_t i = 0; i < mapped.size(); ++i)
    if (!e.require((*in)[i] == (*init)[mapped[i]],
                   "input dim " + s(i) + " is " + s((*in)[i]) + ", init dim " +
                       s(mapped[i]) + " is " + s((*init)[mapped[i]])))
      return false;
  return e.setResult(0, *init);
}

/// Convolution / pooling loop maps with strides and dilations (2-D).
static bool window(Eval &e, const char *layout) {
  auto st = e.ints("strides", 2).value_or(std::vector<int64_t>{1, 1});
  auto dl = e.ints("dilations", 2).value_or(std::vector<int64_t>{1, 1});
  if (st.size() != 2 || dl.size() != 2)
    return e.unsupported("strides/dilations not readable");
  auto win = [&](const char *o, const char *k, int i) {
    return std::string(o) + " * " + s(st[i]) + " + " + k + " * " + s(dl[i]);
  };
  std::string h = win("d1", "d4", 0), w = win("d2", "d5", 1);
  std::string L = layout;
  if (L == "conv_nhwc_hwcf") // (n, oh, ow, f, kh, kw, c)
    return named(
        e, 7,
        {"d0, " + h + ", " + w + ", d6", "d4, d5, d6, d3", "d0, d1, d2, d3"});
  if (L == "depthwise_nhwc_hwc") // (n, oh, ow, c, kh, kw)
    return named(
        e, 6, {"d0, " + h + ", " + w + ", d3", "d4, d5, d3", "d0, d1, d2, d3"});
  if (L == "pool_nhwc") // (n, oh, ow, c, kh, kw)
    return named(e, 6,
                 {"d0, " + h + ", " + w + ", d3", "d4, d5", "d0, d1, d2, d3"});
  if (L == "pool_nchw") { // (n, c, oh, ow, kh, kw)
    std::string h2 = std::string("d2 * ") + s(st[0]) + " + d4 * " + s(dl[0]),
                w2 = std::string("d3 * ") + s(st[1]) + " + d5 * " + s(dl[1]);
    return named(e, 6,
                 {"d0, d1, " + h2 + ", " + w2, "d4, d5", "d0, d1, d2, d3"});
  }
  // conv_nchw_fchw: (n, f, oh, ow, c, kh, kw)
  std::string h3 = std::string("d2 * ") + s(st[0]) + " + d5 * " + s(dl[0]),
              w3 = std::string("d3 * ") + s(st[1]) + " + d6 * " + s(dl[1]);
  return named(
      e, 7, {"d0, d4, " + h3 + ", " + w3, "d1, d4, d5, d6", "d0, d1, d2, d3"});
}

static void registerLinalg() {
  add("linalg.generic", generic);
  add("linalg.matmul", [](Eval &e) {
    return named(e, 3, {"d0, d2", "d2, d1", "d0, d1"});
  });
  add("linalg.matmul_transpose_a", [](Eval &e) {
    return named(e, 3, {"d2, d0", "d2, d1", "d0, d1"});
  });
  add("linalg.matmul_transpose_b", [](Eval &e) {
    return named(e, 3, {"d0, d2", "d1, d2", "d0, d1"});
  });
  add("linalg.batch_matmul", [](Eval &e) {
    return named(e, 4, {"d0, d1, d3", "d0, d3, d2", "d0, d1, d2"});
  });
  add("linalg.batch_matmul_transpose_a", [](Eval &e) {
    return named(e, 4, {"d0, d3, d1", "d0, d3, d2", "d0, d1, d2"});
  });
  add("linalg.batch_matmul_transpose_b", [](Eval &e) {
    return named(e, 4, {"d0, d1, d3", "d0, d2, d3", "d0, d1, d2"});
  });
  add("linalg.matvec", [](Eval &e) {
    return named(e, 2, {"d0, d1", "d1", "d0"});
  });
  add("linalg.vecmat", [](Eval &e) {
    return named(e, 2, {"d0", "d0, d1", "d1"});
  });
  add("linalg.batch_matvec", [](Eval &e) {
    return named(e, 3, {"d0, d1, d2", "d0, d2", "d0, d1"});
  });
  add("linalg.dot", [](Eval &e) { return named(e, 1, {"d0", "d0", ""}); });
  for (const char *name : {"linalg.map",
                           "linalg.copy",
                           "linalg.add",
                           "linalg.sub",
                           "linalg.mul",
                           "linalg.div",
                           "linalg.div_unsigned",
                           "linalg.max",
                           "linalg.min",
                           "linalg.powf",
                           "linalg.exp",
                           "linalg.log",
                           "linalg.abs",
                           "linalg.ceil",
                           "linalg.floor",
                           "linalg.negf",
                           "linalg.reciprocal",
                           "linalg.round",
                           "linalg.sqrt",
                           "linalg.rsqrt",
                           "linalg.square",
                           "linalg.tanh",
                           "linalg.erf",
                           "linalg.elemwise_unary",
                           "linalg.elemwise_binary",
                           "linalg.select"})
    add(name, identity);
  add("linalg.fill", fill);
  add("linalg.transpose", transpose);
  add("linalg.reduce", reduce);
  add("linalg.broadcast", broadcast);
  add("linalg.conv_2d_nhwc_hwcf",
      [](Eval &e) { return window(e, "conv_nhwc_hwcf"); });
  add("linalg.conv_2d_nchw_fchw",
      [](Eval &e) { return window(e, "conv_nchw_fchw"); });
  add("linalg.depthwise_conv_2d_nhwc_hwc",
      [](Eval &e) { return window(e, "depthwise_nhwc_hwc"); });
  for (const char *name : {"linalg.pooling_nhwc_max", "linalg.pooling_nhwc_sum",
                           "linalg.pooling_nhwc_min"})
    add(name, [](Eval &e) { return window(e, "pool_nhwc"); });
  for (const char *name :
       {"linalg.pooling_nchw_max", "linalg.pooling_nchw_sum"})
    add(name, [](Eval &e) { return window(e, "pool_nchw"); });
}

static const RuleFile rules(__FILE__, registerLinalg);

} // namespace symshape::models::oracle
