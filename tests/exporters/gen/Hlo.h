//===- Hlo.h - Writing StableHLO ops as current StableHLO prints them -*- C++
//-*-===//
//
// Private to the generators: each helper appends one op to a function in
// StableHLO's pretty form (the forms JAX's exports and stablehlo-opt
// print: `stablehlo.compare  GE, %a, %b,  SIGNED : (..) -> ..`,
// `stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : ..`) and in
// generic form with the inherent attributes as properties, as
// `mlir-opt --mlir-print-op-generic` prints them, for the twin.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_EXPORTERS_HLO_H
#define SYMSHAPE_EXPORTERS_HLO_H

#include "gen/Writer.h"

#include <functional>
#include <map>

namespace symshape::exporters::gen {

struct Hlo {
  Hlo(Fn &f, Rng &rng) : f(f), rng(rng) {}
  Fn &f;
  Rng &rng;
  /// Constants named %c / %cst (StableHLO since 2024) or numbered.
  bool namedConstants = true;
  /// Constants go to the top of the function (current JAX).
  bool hoistConstants = false;
  /// The location suffix of an op, from a JAX primitive name ("add",
  /// "dimension_size[dimension=0]"); empty when locations are off.
  std::function<std::string(const std::string &)> loc =
      [](const std::string &) { return std::string(); };

  V constant(const std::string &literal, const std::string &type,
             bool cache = true);
  V scalarInt(int64_t v, const std::string &elem) {
    return constant("dense<" + std::to_string(v) + ">", "tensor<" + elem + ">");
  }
  V getDimensionSize(const V &x, int64_t dim);
  /// convert to `type`; the identity conversion prints its short form.
  V convert(const V &x, const std::string &type, const std::string &what);
  V binary(const std::string &op, const V &a, const V &b,
           const std::string &what = "");
  V unary(const std::string &op, const V &a, const std::string &what = "");
  V compare(const std::string &dir, const V &a, const V &b,
            const std::string &type, const std::string &what = "");
  void shapeAssertion(const V &pred, const std::vector<V> &values,
                      const std::string &message);
  V reshape(const V &x, const std::string &type, const std::string &what = "");
  V concatenate(const std::vector<V> &parts, int64_t dim,
                const std::string &type, const std::string &what = "");
  V dynamicBroadcastInDim(const V &x, const V &shape,
                          const std::vector<int64_t> &dims,
                          const std::string &type,
                          const std::string &what = "broadcast_in_dim");
  V dynamicReshape(const V &x, const V &shape, const std::string &type,
                   const std::string &what = "reshape");
  V dynamicIota(const V &shape, int64_t dim, const std::string &type,
                const std::string &what = "iota");
  V realDynamicSlice(const V &x, const V &start, const V &limit,
                     const V &strides, const std::string &type,
                     const std::string &what = "slice");
  V dotGeneral(const V &a, const V &b, const std::vector<int64_t> &lb,
               const std::vector<int64_t> &rb, const std::vector<int64_t> &lc,
               const std::vector<int64_t> &rc, const std::string &type,
               bool precision, const std::string &what = "dot_general");
  V reduce(const V &x, const V &init, const std::string &op,
           const std::vector<int64_t> &dims, const std::string &type,
           const std::string &what = "reduce");
  V select(const V &p, const V &a, const V &b, const std::string &what = "");

private:
  std::map<std::string, V> constants;
  void emit(OpText t, std::vector<V> defs, bool hoist = false);
};

} // namespace symshape::exporters::gen

#endif // SYMSHAPE_EXPORTERS_HLO_H
