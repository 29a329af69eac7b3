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
  bool scalar = false;       ///< `i32`, not a tensor (then `ranked` is false)
  std::vector<int64_t> dims; ///< static sizes or kDynamic

  int rank() const { return static_cast<int>(dims.size()); }
  /// The MLIR spelling, element type i32.
  std::string str() const;
};

/// An SSA value: a function argument or an op result.
struct Value {
  std::string name; ///< without '%': "a", "0"
  TensorType type;
};

enum class OpKind {
  Broadcast, ///< implicit broadcast: test.broadcastable, tosa.add
  Opaque,    ///< an op symshape does not know
};

struct Op {
  OpKind kind = OpKind::Broadcast;
  std::string name;          ///< "test.broadcastable", "tosa.add", ...
  std::vector<int> operands; ///< value indices
  int result = -1;           ///< value index
};

/// `%a[1]`: dim `dim` of value `value`.
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

  /// The function as MLIR text (generic op form).
  std::string text() const;
  /// `assume` in the grammar of SPEC section 6.
  std::string print(const Assume &assume) const;
  /// "%a[1]".
  std::string print(DimRef ref) const;
  /// One-line summary of the options: "min-dim 1, strict, --assume ...".
  std::string options() const;
};

} // namespace symshape::property

#endif // SYMSHAPE_TESTS_PROPERTY_PROGRAM_H
