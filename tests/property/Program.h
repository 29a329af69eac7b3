//===- Program.h - The test's own description of a program ------*- C++ -*-===//
//
// A generated function is kept twice: as MLIR text for symshape, and as this
// description for the brute-force model. Nothing here comes from symshape's
// internals; the model (Model.h) works only from these structs.
//
//   func.func @f(%a: tensor<?x3xi32>, %b: tensor<*xi32>)
//       attributes {symshape.assume = ["%a[0] != 5"]} {
//     %0 = "test.broadcastable"(%a, %b) : (...) -> tensor<?x3xi32>
//     %1 = "foo.opaque"(%0) : (tensor<?x3xi32>) -> tensor<?xi32>
//     return
//   }
//
// Besides tensors, values may be `index` scalars, `!shape.size`, shapes
// (extent tensors `tensor<2xindex>` or `!shape.shape`) and
// `!shape.witness`; ops beyond implicit broadcasts are printed in the custom
// form mlir-opt 16 prints (tensor.cast, linalg.broadcast, shape.*) or, for
// the XLA ops, the generic form with a `broadcast_dimensions` attribute.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_PROPERTY_PROGRAM_H
#define SYMSHAPE_TESTS_PROPERTY_PROGRAM_H

#include <cstdint>
#include <string>
#include <vector>

namespace symshape::property {

/// A `?` dim in a TensorType.
constexpr int64_t kDynamic = -1;

/// `tensor<2x?xi32>`, `tensor<i32>` (ranked, no dims), `tensor<*xi32>`, or
/// the non-tensor `i32` (which an implicit-broadcast op rejects).
struct TensorType {
  bool ranked = true;
  bool scalar = false;         ///< `i32`, not a tensor (then `ranked` is false)
  std::vector<int64_t> dims;   ///< static sizes or kDynamic
  std::string element = "i32"; ///< "index" for extent tensors

  int rank() const { return static_cast<int>(dims.size()); }
  /// The MLIR spelling, element type `element`.
  std::string str() const;
};

enum class ValueKind {
  Tensor,  ///< `type` (i32 elements; or the non-tensor `i32`)
  Index,   ///< `index`
  Size,    ///< `!shape.size`
  Shape,   ///< an extent tensor (`type`, element index) or `!shape.shape`
  Witness, ///< `!shape.witness`
};

/// An SSA value: a function argument or an op result.
struct Value {
  std::string name; ///< without '%': "a", "0"
  TensorType type;  ///< Tensor; Shape: the extent tensor's type
  ValueKind kind = ValueKind::Tensor;
  bool shapeType = false; ///< Shape: `!shape.shape` rather than `type`

  /// The MLIR spelling of the value's type.
  std::string typeText() const;
};

enum class OpKind {
  Broadcast, ///< implicit broadcast: test.broadcastable, tosa.add
  Opaque,    ///< an op symshape does not know
  // Tensor glue.
  Constant, ///< arith.constant K : index (attr {K})
  Arith,    ///< arith.addi / subi / muli on index values
  Dim,      ///< tensor.dim %t, %c (operands {t, constant})
  Empty,    ///< tensor.empty(%x, ...) : T
  Cast,     ///< tensor.cast %a : T1 to T2
  // linalg and XLA.
  Linalg,         ///< linalg.broadcast; attr = dimensions; `rfc`: inits(..)
  XlaBinary,      ///< chlo.broadcast_* with broadcast_dimensions = attr
  BroadcastInDim, ///< stablehlo.broadcast_in_dim, attr = dims
  DynamicBroadcastInDim, ///< (%x, %shape), attr = dims
  // Shape dialect.
  ShapeOf,           ///< shape.shape_of %t
  ConstShape,        ///< shape.const_shape [attr]
  ConstSize,         ///< shape.const_size attr[0]
  ShapeBroadcast,    ///< shape.broadcast %a, %b
  CstrBroadcastable, ///< shape.cstr_broadcastable %a, %b
  Meet,              ///< shape.meet %a, %b
  CstrEq,            ///< shape.cstr_eq %a, %b
  GetExtent,         ///< shape.get_extent %s, %c (operands {s, constant})
  ShapeRank,         ///< shape.rank %s
  NumElements,       ///< shape.num_elements %s
  FromExtents,       ///< shape.from_extents %x, ...
  ToExtentTensor,    ///< shape.to_extent_tensor %s
  IndexToSize,       ///< shape.index_to_size %i
  SizeToIndex,       ///< shape.size_to_index %z
};

struct Op {
  OpKind kind = OpKind::Broadcast;
  std::string name;          ///< "test.broadcastable", "tosa.add", ...
  std::vector<int> operands; ///< value indices
  int result = -1;           ///< value index
  std::vector<int64_t> attr; ///< dims, extents or the constant (see OpKind)
  bool rfc = false;          ///< Linalg: the RFC's `inits(..)` form
  bool dense = false;        ///< XLA: `dense<..> : tensor<Nxi64>` spelling
  std::string error;         ///< ShapeBroadcast / Meet: `error` attribute
};

/// "implicit", "opaque", "glue" (tensor.cast / dim / empty, arith),
/// "linalg", "xla" or "shape": the op families the summary counts.
const char *opFamily(OpKind kind);

/// `%a[1]`: dim `dim` of value `value`; `%n` (dim -1) for an index value.
struct DimRef {
  int value = 0;
  int dim = 0;
};

enum class CmpOp { Eq, Ne, Lt, Le, Gt, Ge };

/// A user assumption in the grammar of SPEC section 6, restricted to what
/// the generator writes: comparisons of dims with small constants or with
/// each other, sets, ranges and Boolean connectives (no arithmetic, so the
/// model's finite domain decides satisfiability exactly).
struct Assume {
  enum class Kind { Cmp, In, NotIn, InRange, Not, And, Or };
  Kind kind = Kind::Cmp;
  CmpOp cmp = CmpOp::Eq; ///< Cmp
  DimRef lhs;            ///< Cmp, In, NotIn, InRange
  bool rhsIsRef = false; ///< Cmp: compare with `rhsRef` instead of `rhs`
  DimRef rhsRef;
  int64_t rhs = 0;
  std::vector<int64_t> set; ///< In / NotIn elements; InRange {lo, hi}
  std::vector<Assume> kids; ///< Not: one; And / Or: two
};

/// One generated function and the options symshape runs it with.
struct Program {
  uint64_t seed = 0;
  std::string label; ///< names a hand-written program (no seed) in reports
  int numArgs = 0;
  std::vector<Value> values; ///< arguments first, then op results
  std::vector<Op> ops;
  /// `symshape.assume` attribute entries, then Session::addAssumption ones.
  std::vector<Assume> attrAssumes;
  std::vector<Assume> sessionAssumes;
  int64_t minDim = 0;
  bool strict = false;

  /// The function as MLIR text (generic op form for implicit broadcasts,
  /// opaque and XLA ops; custom forms for the others).
  std::string text() const;
  /// The op's line, without indentation or newline.
  std::string opText(const Op &op) const;
  /// `assume` in the grammar of SPEC section 6.
  std::string print(const Assume &assume) const;
  /// "%a[1]", or "%n" for an index value.
  std::string print(DimRef ref) const;
  /// One-line summary of the options: "min-dim 1, strict, --assume ...".
  std::string options() const;
};

} // namespace symshape::property

#endif // SYMSHAPE_TESTS_PROPERTY_PROGRAM_H
