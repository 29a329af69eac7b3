//===- GenerateRandom.h - The random family's function ----------*- C++ -*-===//
//
// Private to GenerateRandom*.cpp: the values of family (c) random and the
// RandomFunction that writes one function of it. Its setup, run and
// helpers are in GenerateRandom.cpp, its tensor ops in
// GenerateRandomTensor.cpp, its shape dialect ops in
// GenerateRandomShape.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_BENCH_GENERATERANDOM_H
#define SYMSHAPE_BENCH_GENERATERANDOM_H

#include "GenerateCommon.h"

namespace symshape_bench::generate {

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

  void setup();

  /// Emits ops until the budget is used up.
  void run();

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
  Dim product(const std::vector<Dim> &dims);

  /// The declared type of a result: `?` for symbols, and for a static dim
  /// now and then (mlir-opt and symshape both accept a static size
  /// declared dynamic).
  std::vector<bool> declare(const std::vector<Dim> &dims);

  /// `%cK = arith.constant K : index`, emitted once per function; needs one
  /// op of budget when new.
  std::string indexConstant(int64_t value);
  bool hasIndexConstant(int64_t value) const;

  /// A pool tensor broadcast-compatible (by the model) with `a` and whose
  /// declared type broadcasts with a's, or null after a few tries.
  const Tensor *compatibleWith(const Tensor &a);

  //--- tensor ops ---------------------------------------------------------//

  bool implicitBroadcast();

  /// chlo.broadcast_* with broadcast_dimensions: the lower-rank operand's
  /// dims mapped (strictly increasing) onto dims of the other one.
  bool xlaBroadcast();

  /// A random strictly increasing map of `from` dims into `to` dims.
  std::vector<int64_t> increasingMap(size_t from, size_t to);

  /// stablehlo.broadcast_in_dim of an operand with static sizes to a static
  /// result: each operand dim is 1 or the mapped result dim.
  bool broadcastInDim();

  /// stablehlo.dynamic_broadcast_in_dim to the shape of an extent tensor.
  bool dynamicBroadcastInDim();

  /// An index value holding `d`, emitting `tensor.dim` (and its constant)
  /// from `source`'s dim `i` when none exists. Null when over budget.
  const IndexValue *indexFor(const Dim &d, const Tensor &source, size_t i);

  /// linalg.broadcast in upstream form: `outs` an init from tensor.empty
  /// whose kept dims equal the input's, `dimensions` the added ones.
  bool linalgBroadcast();

  /// A broadcast inside shape.assuming on its own cstr_broadcastable.
  bool assumingBroadcast();

  bool tensorDim();

  bool tensorEmpty();

  /// tensor.cast that the model proves: a static dim made `?`, or a `?`
  /// whose size is known static made static again.
  bool tensorCast();

  bool constant();

  bool indexArith();

  /// An opaque op: a static result (facts) or `?` dims (fresh symbols).
  bool opaque();

  /// Real UB, about ubPermille of the ops: a broadcast of a dim (symbol or
  /// static > 1) against a fresh `?` from an opaque op: ub-possible.
  bool injectUb();

  //--- shape dialect ------------------------------------------------------//

  bool shapeOf();

  bool constShape();

  /// Two (or three) shapes whose models broadcast.
  std::optional<std::vector<const ShapeValue *>> compatibleShapes();

  static std::vector<Dim>
  broadcastShapes(const std::vector<const ShapeValue *> &operands);

  static std::string shapeNames(const std::vector<const ShapeValue *> &ops);
  static std::string shapeTypes(const std::vector<const ShapeValue *> &ops);

  bool shapeBroadcast();

  bool cstrBroadcastable();

  bool isBroadcastable();

  /// shape.cstr_eq, shape.meet or shape.join of two shapes with equal
  /// models.
  bool cstrEqOrMeet();

  bool assumingAll();

  /// shape.get_extent / shape.rank / shape.num_elements of an extent tensor.
  bool extentQuery();

  /// !shape.size values: const_size, index_to_size, size_to_index, mul.
  bool sizeOps();

  bool fromExtents();

  bool toExtentTensor();

  /// The seed's num_elements as a shape.reduce (4 ops with its init): on
  /// !shape.size for a !shape.shape, on index for an extent tensor.
  bool reduce();

  /// shape.debug_print of a !shape.shape (mlir-opt 16 takes no extent
  /// tensor there).
  bool debugPrint();
};

} // namespace symshape_bench::generate

#endif // SYMSHAPE_BENCH_GENERATERANDOM_H
