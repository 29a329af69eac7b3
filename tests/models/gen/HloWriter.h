//===- HloWriter.h - Writing stablehlo ops ----------------------*- C++ -*-===//
//
// Private to the generator: each helper emits one op in current StableHLO
// pretty form and in generic form for the twin; runtime shapes are built
// the way JAX builds them (get_dimension_size, reshape, concatenate).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_MODELS_HLOWRITER_H
#define SYMSHAPE_MODELS_HLOWRITER_H

#include "gen/Builder.h"

#include <limits>
#include <map>
#include <optional>

namespace symshape::models::gen {

struct Hlo {
  explicit Hlo(Builder &b) : b(b) {}
  Builder &b;
  int weights = 0;
  bool useShapeOf = false; ///< broadcast shapes from shape.shape_of
  std::map<std::string, std::pair<Val, int>> source;
  std::map<std::string, Val> dimCache; ///< sym -> tensor<1xi32>
  std::map<std::string, Val> constCache;

  Val shapeOf(const Val &like) {
    Val r = b.result({Builder::fix(int64_t(like.dims.size()))}, "index");
    b.emit(r.name + " = shape.shape_of " + like.name + " : " + like.type +
               " -> " + r.type,
           Builder::generic({r}, "shape.shape_of", {like}, ""));
    return r;
  }
  Val weight(Dims dims) {
    return b.arg("w" + std::to_string(weights++), std::move(dims));
  }
  Val argWithSyms(const std::string &name, Dims dims) {
    Val v = b.arg(name, dims);
    for (size_t d = 0; d < dims.size(); ++d)
      if (dims[d].dynamic() && !source.count(dims[d].sym))
        source[dims[d].sym] = {v, int(d)};
    return v;
  }
  static std::string fnType(const std::vector<Val> &ops, const Val &r) {
    std::string out = " : (";
    for (size_t i = 0; i < ops.size(); ++i)
      out += (i ? ", " : "") + ops[i].type;
    return out + ") -> " + r.type;
  }
  Val constant(Dims dims, const std::string &elem, const std::string &value) {
    std::string key = tensorType(dims, elem) + value;
    auto it = constCache.find(key);
    if (it != constCache.end())
      return it->second;
    Val r = b.result(dims, elem);
    b.emit(r.name + " = stablehlo.constant dense<" + value + "> : " + r.type,
           Builder::generic({r}, "stablehlo.constant", {},
                            "value = dense<" + value + "> : " + r.type));
    return constCache[key] = r;
  }
  Val vec1(int64_t c) {
    return constant({Builder::fix(1)}, "i32", std::to_string(c));
  }
  /// tensor<1xi32> holding a dim: its size (static) or
  /// get_dimension_size + reshape (dynamic), as JAX writes it.
  Val dimVec(const Dim &d) {
    if (!d.dynamic())
      return vec1(d.size);
    auto it = dimCache.find(d.sym);
    if (it != dimCache.end())
      return it->second;
    auto [arg, i] = source.at(d.sym);
    Val g = b.result({}, "i32");
    b.emit(g.name + " = stablehlo.get_dimension_size " + arg.name + ", dim = " +
               std::to_string(i) + " : (" + arg.type + ") -> " + g.type,
           Builder::generic({g}, "stablehlo.get_dimension_size", {arg},
                            "dimension = " + std::to_string(i) + " : i64"));
    Val r = reshape(g, {Builder::fix(1)});
    return dimCache[d.sym] = r;
  }
  Val reshape(const Val &x, Dims out) {
    Val r = b.result(std::move(out), x.elem);
    b.emit(r.name + " = stablehlo.reshape " + x.name + fnType({x}, r),
           Builder::generic({r}, "stablehlo.reshape", {x}, ""));
    return r;
  }
  Val concat(const std::vector<Val> &parts, int64_t dim, Dims out,
             const std::string &elem) {
    Val r = b.result(std::move(out), elem);
    std::string names;
    for (size_t i = 0; i < parts.size(); ++i)
      names += (i ? ", " : "") + parts[i].name;
    b.emit(r.name + " = stablehlo.concatenate " + names +
               ", dim = " + std::to_string(dim) + fnType(parts, r),
           Builder::generic({r}, "stablehlo.concatenate", parts,
                            "dimension = " + std::to_string(dim) + " : i64"));
    return r;
  }
  /// The runtime shape `dims` as a tensor<Nxi32>.
  Val shape(const Dims &dims) {
    std::vector<Val> parts;
    for (const Dim &d : dims)
      parts.push_back(dimVec(d));
    if (parts.size() == 1)
      return parts[0];
    return concat(parts, 0, {Builder::fix(int64_t(dims.size()))}, "i32");
  }
  Val binary(const std::string &name, const Val &x, const Val &y) {
    Val r = b.result(x.dims, x.elem);
    b.emit(r.name + " = stablehlo." + name + " " + x.name + ", " + y.name +
               " : " + r.type,
           Builder::generic({r}, "stablehlo." + name, {x, y}, ""));
    return r;
  }
  Val unary(const std::string &name, const Val &x) {
    Val r = b.result(x.dims, x.elem);
    b.emit(r.name + " = stablehlo." + name + " " + x.name + " : " + r.type,
           Builder::generic({r}, "stablehlo." + name, {x}, ""));
    return r;
  }
  static std::string list(const std::vector<int64_t> &v) {
    return "[" + ints(v) + "]";
  }
  Val dotGeneral(const Val &x, const Val &y, std::vector<int64_t> lb,
                 std::vector<int64_t> rb, std::vector<int64_t> lc,
                 std::vector<int64_t> rc, Dims out) {
    Val r = b.result(std::move(out));
    std::string pretty =
        r.name + " = stablehlo.dot_general " + x.name + ", " + y.name;
    std::string attr;
    if (!lb.empty()) {
      pretty += ", batching_dims = " + list(lb) + " x " + list(rb);
      attr += "lhs_batching_dimensions = " + list(lb) +
              ", rhs_batching_dimensions = " + list(rb) + ", ";
    }
    pretty += ", contracting_dims = " + list(lc) + " x " + list(rc);
    attr += "lhs_contracting_dimensions = " + list(lc) +
            ", rhs_contracting_dimensions = " + list(rc);
    std::string precision;
    if (b.rng.chance(40)) { // jax.numpy.matmul writes the precision
      pretty += ", precision = [DEFAULT, DEFAULT]";
      precision = ", precision_config = [#stablehlo<precision DEFAULT>, "
                  "#stablehlo<precision DEFAULT>]";
    }
    b.emit(pretty + fnType({x, y}, r),
           Builder::generic({r}, "stablehlo.dot_general", {x, y},
                            "dot_dimension_numbers = #stablehlo.dot<" + attr +
                                ">" + precision));
    return r;
  }
  Val reduce(const Val &x, const std::string &op, int64_t dim) {
    Val init = op == "add" ? constant({}, "f32", "0.000000e+00")
                           : constant({}, "f32", "0xFF800000");
    Dims out = x.dims;
    out.erase(out.begin() + dim);
    Val r = b.result(out);
    b.emit(r.name + " = stablehlo.reduce(" + x.name + " init: " + init.name +
               ") applies stablehlo." + op + " across dimensions = [" +
               std::to_string(dim) + "]" + fnType({x, init}, r),
           Builder::generic({r}, "stablehlo.reduce", {x, init},
                            "dimensions = array<i64: " + std::to_string(dim) +
                                ">"));
    return r;
  }
  /// dynamic_broadcast_in_dim to `out`; its shape operand is
  /// `shape.shape_of %like` (mhlo/IREE style) when `like` is given and the
  /// program uses the shape dialect, else built as JAX builds it.
  Val broadcast(const Val &x, const Dims &out, const std::vector<int64_t> &dims,
                const Val *like = nullptr) {
    Val s = like && useShapeOf ? shapeOf(*like) : shape(out);
    Val r = b.result(out, x.elem);
    b.emit(r.name + " = stablehlo.dynamic_broadcast_in_dim " + x.name + ", " +
               s.name + ", dims = " + list(dims) + fnType({x, s}, r),
           Builder::generic({r}, "stablehlo.dynamic_broadcast_in_dim", {x, s},
                            "broadcast_dimensions = " +
                                (dims.empty()
                                     ? std::string("array<i64>")
                                     : "array<i64: " + ints(dims) + ">")));
    return r;
  }
  Val transpose(const Val &x, const std::vector<int64_t> &perm) {
    Dims out;
    for (int64_t p : perm)
      out.push_back(x.dims[p]);
    Val r = b.result(out, x.elem);
    b.emit(r.name + " = stablehlo.transpose " + x.name +
               ", dims = " + list(perm) + fnType({x}, r),
           Builder::generic({r}, "stablehlo.transpose", {x},
                            "permutation = array<i64: " + ints(perm) + ">"));
    return r;
  }
  Val dynamicReshape(const Val &x, const Val &s, Dims out) {
    Val r = b.result(std::move(out), x.elem);
    b.emit(r.name + " = stablehlo.dynamic_reshape " + x.name + ", " + s.name +
               fnType({x, s}, r),
           Builder::generic({r}, "stablehlo.dynamic_reshape", {x, s}, ""));
    return r;
  }
};

} // namespace symshape::models::gen

#endif // SYMSHAPE_MODELS_HLOWRITER_H
