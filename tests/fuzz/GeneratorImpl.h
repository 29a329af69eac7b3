//===- GeneratorImpl.h - The program generator's state ----------*- C++ -*-===//
//
// One Generator writes one program. Its methods are split by topic:
//
//   ProgramGenerator.cpp    functions, values, assumptions, op choice
//   GenerateTensorOps.cpp   broadcasts, tensor and index ops, linalg, XLA
//   GenerateShapeOps.cpp    the shape dialect
//
// Every decision reads the ByteStream; a definition appends a line to the
// current function body and its value to `pool`.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_FUZZ_GENERATORIMPL_H
#define SYMSHAPE_TESTS_FUZZ_GENERATORIMPL_H

#include "ProgramGenerator.h"

#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace symshape::fuzz::gen {

/// A `?` dim.
constexpr int64_t kDyn = -1;

/// What the generator knows of a value: enough to write its type and to
/// pick operands of the right kind.
struct Val {
  enum Kind { Tensor, Index, Shape, ExtentTensor, Size, Witness };
  std::string name; ///< with '%'
  Kind kind = Tensor;
  bool ranked = true;
  std::vector<int64_t> dims; ///< Tensor: kDyn for `?`; ExtentTensor: [n]
  std::string element = "f32";

  std::string type() const {
    switch (kind) {
    case Index:
      return "index";
    case Shape:
      return "!shape.shape";
    case Size:
      return "!shape.size";
    case Witness:
      return "!shape.witness";
    case ExtentTensor:
      return "tensor<" + std::to_string(dims[0]) + "xindex>";
    case Tensor:
      break;
    }
    if (!ranked)
      return "tensor<*x" + element + ">";
    std::string text = "tensor<";
    for (int64_t d : dims)
      text += (d == kDyn ? std::string("?") : std::to_string(d)) + "x";
    return text + element + ">";
  }
};

class Generator {
public:
  explicit Generator(ByteStream &in) : in(in) {}

  GeneratedProgram run();

private:
  //===--- Sizes, types and values (ProgramGenerator.cpp) -----------------===//
  int64_t staticSize(); ///< 0, 1, 2, 3, 4 or 8
  int64_t dimSize();    ///< `?` or a static size
  Val tensorType(size_t maxRank = 3);
  std::string fresh(const char *prefix);
  std::vector<const Val *> ofKind(Val::Kind kind, bool rankedOnly = false);
  const Val *choose(const std::vector<const Val *> &vals);
  void define(Val v, std::string line);
  /// An index value, made from a constant when none exists yet.
  const Val *indexValue();
  const Val *indexConstant(int64_t value);

  //===--- Functions and assumptions (ProgramGenerator.cpp) ---------------===//
  void function(size_t index, GeneratedProgram &program);
  /// A reference to a runtime size of an argument: `%a0[1]` or `%n2`.
  std::optional<std::string> sizeRef();
  std::string term(int depth);
  std::string boolExpr(int depth);
  /// One op of a kind the bytes choose.
  void operation();

  //===--- Tensor ops (GenerateTensorOps.cpp) -----------------------------===//
  /// A result dim for an implicit broadcast: `?`, the inferred size, or
  /// any static size.
  int64_t resultDim(int64_t inferred);
  void elementwise();
  void cast();
  void tensorDim();
  void tensorEmpty();
  void indexArith();
  /// An init tensor for linalg.broadcast: an opaque op's result.
  const Val *tensorOfRank(size_t rank, const std::string &element);
  void linalgBroadcast();
  void broadcastInDim();
  void opaque();

  //===--- Shape ops (GenerateShapeOps.cpp) -------------------------------===//
  /// A shape: the shape_of of a tensor, as !shape.shape or an extent tensor.
  const Val *shapeValue();
  /// A !shape.size: a constant, an index value or a num_elements.
  const Val *sizeValue();
  void shapeBroadcast();
  void shapeConstraint();
  void shapeSizes();
  void shapeToTensor();
  /// The seed's num_elements as a shape.reduce.
  void shapeReduce();

  ByteStream &in;
  /// Values in scope, in definition order. A deque: pointers to its
  /// elements stay valid while more values are defined.
  std::deque<Val> pool;
  std::vector<Val> args; ///< the current function's arguments
  std::string body;
  unsigned counter = 0;
};

} // namespace symshape::fuzz::gen

#endif // SYMSHAPE_TESTS_FUZZ_GENERATORIMPL_H
