//===- Generator.h - Random implicit-broadcast programs ----------*- C++
//-*-===//
//
// Generates small functions around one op of SPEC 3's implicit-broadcast
// family -- `"test.broadcastable"` or an elementwise tosa op -- in generic
// form (tosa has no custom form in MLIR 16), for the differential test
// against mlir-opt-16:
//
//   func.func @f7(%a0: tensor<2x?xi32>, %a1: tensor<*xi32>) -> tensor<2x3xi32>
//   {
//     %0 = "test.broadcastable"(%a0, %a1) : (tensor<2x?xi32>, tensor<*xi32>) ->
//     tensor<2x3xi32> return %0 : tensor<2x3xi32>
//   }
//
// Operands: 1-3, ranks 0-3, static dims from {0,...,4}, `?` dims, some
// unranked. The result rank is near the rank the operands imply (equal, one
// more, one less) or unranked; its dims match a guess of the inferred dims,
// or are `?`, or are any static size. Half of the programs are static-only,
// so that verifier errors are frequent. Generation only depends on the seed.
//
// The tosa programs take the operand count and element types each op's ODS
// constraints demand (`tosa.mul` with its `shift`, i1 for the logical ops,
// the predicate of `tosa.select` and the comparisons' results), so that
// mlir-opt-16 only ever judges their shapes.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_DIFFERENTIAL_GENERATOR_H
#define SYMSHAPE_TESTS_DIFFERENTIAL_GENERATOR_H

#include <cstdint>
#include <string>
#include <vector>

namespace symshape::differential {

/// The size of a `?` dim in a Shape.
constexpr int64_t kDynamic = -1;

/// A tensor type: unranked, or a list of static sizes and kDynamic.
struct Shape {
  bool ranked = true;
  std::vector<int64_t> dims;

  size_t rank() const { return dims.size(); }
};

/// One function: its arguments, which argument each operand of the op is
/// (an argument may be used twice), and the op's (and function's) result.
struct Program {
  std::string name; ///< function name without '@'
  std::string op = "test.broadcastable";
  std::string
      attributes; ///< printed before the ` : `, e.g. `{shift = 0 : i32}`
  std::vector<Shape> arguments;
  std::vector<std::string> argumentElements;
  std::vector<unsigned> operands; ///< argument index of each operand
  Shape result;
  std::string resultElement;

  const Shape &operand(size_t i) const { return arguments[operands[i]]; }
};

/// `tensor<2x?xi32>`, `tensor<i32>`, `tensor<*xi32>`.
std::string printType(const Shape &shape, const std::string &element);

/// Prints `program` as a `func.func` of four lines; the op is on the second.
std::string printProgram(const Program &program);

/// `?x2x3`, `*` for unranked and `scalar` for rank 0, for reports.
std::string printShape(const Shape &shape);

/// Generates `count` programs named `<prefix>_<i>` from `seed`.
std::vector<Program> generatePrograms(uint32_t seed, unsigned count,
                                      const std::string &prefix);

/// The elementwise tosa ops the tosa programs draw from (SPEC 3's family).
const std::vector<std::string> &tosaOps();

/// Generates `count` programs around one elementwise tosa op each, named
/// `<prefix>_<i>`, from `seed`; every op of tosaOps() appears. A
/// `tosa.equal` that would crash mlir-opt-16 (see Classifier.h) becomes a
/// `tosa.greater`.
std::vector<Program> generateTosaPrograms(uint32_t seed, unsigned count,
                                          const std::string &prefix);

} // namespace symshape::differential

#endif // SYMSHAPE_TESTS_DIFFERENTIAL_GENERATOR_H
