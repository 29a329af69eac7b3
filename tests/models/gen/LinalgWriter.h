//===- LinalgWriter.h - Writing linalg, tensor and arith ops ---*- C++ -*-===//
//
// Private to the generator: each helper emits one op in the pretty form
// current MLIR (mlir-opt-22) prints and in generic form for the twin,
// reading dynamic sizes with tensor.dim of the argument that introduced
// them.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_MODELS_LINALGWRITER_H
#define SYMSHAPE_MODELS_LINALGWRITER_H

#include "gen/Builder.h"

#include <limits>
#include <map>
#include <optional>

namespace symshape::models::gen {

struct Linalg {
  explicit Linalg(Builder &b) : b(b) {}
  Builder &b;
  int weights = 0, locals = 0;
  std::map<std::string, Val> dimCache; ///< symbol -> its index value
  std::map<int64_t, Val> indexConst;
  std::optional<Val> zero;
  /// Where each symbol can be read: an argument and a dim.
  std::map<std::string, std::pair<Val, int>> source;

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
  Val index(int64_t c) {
    auto it = indexConst.find(c);
    if (it != indexConst.end())
      return it->second;
    Val r = b.resultScalar("index");
    b.emit(r.name + " = arith.constant " + std::to_string(c) + " : index",
           Builder::generic({r}, "arith.constant", {},
                            "value = " + std::to_string(c) + " : index"));
    return indexConst[c] = r;
  }
  Val zeroF() {
    if (!zero) {
      Val r = b.resultScalar("f32");
      b.emit(r.name + " = arith.constant 0.000000e+00 : f32",
             Builder::generic({r}, "arith.constant", {},
                              "value = 0.000000e+00 : f32"));
      zero = r;
    }
    return *zero;
  }
  /// The runtime size of a dynamic dim, via tensor.dim of its argument.
  Val size(const Dim &d) {
    auto it = dimCache.find(d.sym);
    if (it != dimCache.end())
      return it->second;
    auto [arg, i] = source.at(d.sym);
    Val c = index(i);
    Val r = b.resultScalar("index");
    b.emit(r.name + " = tensor.dim " + arg.name + ", " + c.name + " : " +
               arg.type,
           Builder::generic({r}, "tensor.dim", {arg, c}, ""));
    return dimCache[d.sym] = r;
  }
  Val empty(const Dims &dims) {
    std::vector<Val> dyn;
    for (const Dim &d : dims)
      if (d.dynamic())
        dyn.push_back(size(d));
    Val r = b.result(dims);
    std::string args;
    for (size_t i = 0; i < dyn.size(); ++i)
      args += (i ? ", " : "") + dyn[i].name;
    b.emit(r.name + " = tensor.empty(" + args + ") : " + r.type,
           Builder::generic({r}, "tensor.empty", dyn, ""));
    return r;
  }
  Val fill(const Val &init) {
    Val z = zeroF();
    Val r = b.result(init.dims);
    b.emit(r.name + " = linalg.fill ins(" + z.name + " : f32) outs(" +
               init.name + " : " + init.type + ") -> " + r.type,
           Builder::generic({r}, "linalg.fill", {z, init},
                            "operand_segment_sizes = array<i32: 1, 1>"));
    return r;
  }
  Val zeros(const Dims &dims) { return fill(empty(dims)); }

  static std::string list(const std::vector<Val> &vs, bool types) {
    std::string out;
    for (size_t i = 0; i < vs.size(); ++i)
      out += (i ? ", " : "") + (types ? vs[i].type : vs[i].name);
    return out;
  }
  static std::string insOuts(const std::vector<Val> &ins, const Val &out) {
    return "ins(" + list(ins, false) + " : " + list(ins, true) + ") outs(" +
           out.name + " : " + out.type + ")";
  }
  static std::string segments(size_t ins) {
    return "operand_segment_sizes = array<i32: " + std::to_string(ins) + ", 1>";
  }
  /// A named op: linalg.NAME {attrs} ins(..) outs(..) -> T.
  Val named(const std::string &name, const std::vector<Val> &ins,
            const Val &out, const std::string &attrs = "",
            const std::string &tail = " -> ") {
    Val r = b.result(out.dims);
    std::vector<Val> all = ins;
    all.push_back(out);
    b.emit(r.name + " = linalg." + name +
               (attrs.empty() ? "" : " {" + attrs + "}") + " " +
               insOuts(ins, out) + tail + (tail == " -> " ? r.type : ""),
           Builder::generic({r}, "linalg." + name, all,
                            (attrs.empty() ? "" : attrs + ", ") +
                                segments(ins.size())));
    return r;
  }
  /// linalg.generic with maps over `loops` dims; `body` computes from the
  /// block arguments %in<k>.. and the out, and names its result %res.
  Val generic(const std::vector<std::string> &maps,
              const std::vector<std::string> &iterators,
              const std::vector<Val> &ins, const Val &out,
              const std::vector<std::string> &body) {
    Val r = b.result(out.dims);
    std::vector<Val> all = ins;
    all.push_back(out);
    std::string aliases, inline_, its, itsGeneric;
    for (size_t i = 0; i < maps.size(); ++i) {
      aliases += (i ? ", " : "") + b.alias(maps[i]);
      inline_ += (i ? ", " : "") + maps[i];
    }
    for (size_t i = 0; i < iterators.size(); ++i) {
      its += (i ? ", \"" : "\"") + iterators[i] + "\"";
      itsGeneric += (i ? ", " : "") + std::string("#linalg.iterator_type<") +
                    iterators[i] + ">";
    }
    int id = locals++;
    std::string tag = "_" + std::to_string(id);
    std::string args;
    for (size_t i = 0; i < all.size(); ++i)
      args += (i ? ", " : "") + std::string("%a") + std::to_string(i) + tag +
              ": f32";
    std::string text = r.name + " = linalg.generic {indexing_maps = [" +
                       aliases + "], iterator_types = [" + its + "]} " +
                       insOuts(ins, out) + " {\n^bb0(" + args + "):\n";
    std::string last;
    for (const std::string &line : body) {
      std::string l = line;
      for (size_t p; (p = l.find("$")) != std::string::npos;)
        l.replace(p, 1, tag);
      text += "  " + l + "\n";
    }
    text += "  linalg.yield %r" + tag + " : f32\n} -> " + r.type;
    b.emit(text, Builder::generic({r}, "linalg.generic", all,
                                  "indexing_maps = [" + inline_ +
                                      "], iterator_types = [" + itsGeneric +
                                      "], " + segments(ins.size())));
    return r;
  }
  Val tensorOp(const std::string &name, const std::vector<Val> &operands) {
    Val r = b.result(operands[0].dims);
    b.emit(r.name + " = " + name + " " + list(operands, false) + " : " + r.type,
           Builder::generic({r}, name, operands, ""));
    return r;
  }
  Val transpose(const Val &x, const std::vector<int64_t> &perm) {
    Dims out;
    for (int64_t p : perm)
      out.push_back(x.dims[p]);
    Val init = empty(out);
    Val r = b.result(out);
    b.emit(r.name + " = linalg.transpose " + insOuts({x}, init) +
               " permutation = [" + ints(perm) + "]",
           Builder::generic({r}, "linalg.transpose", {x, init},
                            "permutation = array<i64: " + ints(perm) + ">"));
    return r;
  }
  /// tensor.collapse_shape %x [groups] : T into R.
  Val collapseShape(const Val &x, const std::string &groups, Dims out) {
    Val r = b.result(std::move(out));
    b.emit(r.name + " = tensor.collapse_shape " + x.name + " [" + groups +
               "] : " + x.type + " into " + r.type,
           Builder::generic({r}, "tensor.collapse_shape", {x},
                            "reassociation = [" + groups + "]"));
    return r;
  }
  /// tensor.expand_shape %x [groups] output_shape [..] : T into R, every
  /// size given (MLIR 19 on); a dynamic one as size() reads it.
  Val expandShape(const Val &x, const std::string &groups, Dims out) {
    std::vector<Val> dyn;
    std::string sizes, statics;
    for (size_t d = 0; d < out.size(); ++d) {
      std::string sep = d ? ", " : "";
      if (out[d].dynamic()) {
        dyn.push_back(size(out[d]));
        sizes += sep + dyn.back().name;
        statics += sep + std::to_string(std::numeric_limits<int64_t>::min());
      } else {
        sizes += sep + std::to_string(out[d].size);
        statics += sep + std::to_string(out[d].size);
      }
    }
    std::vector<Val> operands{x};
    operands.insert(operands.end(), dyn.begin(), dyn.end());
    Val r = b.result(std::move(out));
    b.emit(r.name + " = tensor.expand_shape " + x.name + " [" + groups +
               "] output_shape [" + sizes + "] : " + x.type + " into " + r.type,
           Builder::generic(
               {r}, "tensor.expand_shape", operands,
               "reassociation = [" + groups +
                   "], static_output_shape = array<i64: " + statics + ">"));
    return r;
  }
  /// A size computed from another: `sym` = size(of) / divisor
  /// (arith.divsi), then read by size(sym).
  Val quotient(const std::string &sym, const Dim &of, int64_t divisor) {
    Val n = size(of), c = index(divisor);
    Val r = b.resultScalar("index");
    b.emit(r.name + " = arith.divsi " + n.name + ", " + c.name + " : index",
           Builder::generic({r}, "arith.divsi", {n, c}, ""));
    return dimCache[sym] = r;
  }
  /// Q K^T as current MLIR writes it: linalg.batch_matmul with the maps
  /// of a transposed rhs (mlir-opt-22 has no batch_matmul_transpose_b).
  /// The twin is the linalg.generic of the same maps.
  Val batchMatmulTransposeB(const Val &lhs, const Val &rhs, const Val &out) {
    const std::vector<std::string> maps{
        "affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>",
        "affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>",
        "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>"};
    std::string aliases, inline_;
    for (size_t i = 0; i < maps.size(); ++i) {
      aliases += (i ? ", " : "") + b.alias(maps[i]);
      inline_ += (i ? ", " : "") + maps[i];
    }
    Val r = b.result(out.dims);
    b.emit(r.name + " = linalg.batch_matmul indexing_maps = [" + aliases +
               "] " + insOuts({lhs, rhs}, out) + " -> " + r.type,
           Builder::generic({r}, "linalg.generic", {lhs, rhs, out},
                            "indexing_maps = [" + inline_ +
                                "], iterator_types = "
                                "[#linalg.iterator_type<parallel>, "
                                "#linalg.iterator_type<parallel>, "
                                "#linalg.iterator_type<parallel>, "
                                "#linalg.iterator_type<reduction>], " +
                                segments(2)));
    return r;
  }
};

} // namespace symshape::models::gen

#endif // SYMSHAPE_MODELS_LINALGWRITER_H
