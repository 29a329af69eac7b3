//===- Families.h - linalg, tensor and shape programs -----------*- C++ -*-===//
//
// The op families of SPEC 3 besides the implicit broadcast, as whole
// generated functions in the custom forms mlir-opt-16 prints (taken from
// round trips through it), each with what two models predict:
//
//  - linalg: one `linalg.broadcast ins(..) outs(..) dimensions = [..]`
//    (upstream form; mlir-opt-16 does not parse the RFC's `inits`), its
//    init an argument or a `tensor.empty` sized by `tensor.dim`s of the
//    input. The mlir-opt model transcribes MLIR 16's BroadcastOp::verify:
//    input rank + |dimensions| = init rank, each dimension in range, then
//    every mapped pair of sizes *literally* equal (`?` equals only `?`).
//    SPEC's model (section 3, seed 002): dimensions sorted and distinct,
//    in range and of the right count, else one `mapped-dim` error; then a
//    `mapped-dim` error per mapped pair of different sizes (no size-1
//    expansion; a static broadcast, so `?` maps onto `?` only, judged at
//    runtime). Unsorted added dimensions are divergence (f): mlir-opt-16
//    reads them as a set, SPEC 3 wants them sorted (seed 002).
//  - tensor: `arith.constant` (index and integer), `tensor.dim` (in-range
//    constant index), `tensor.empty`, `arith.addi`/`muli` on indices and
//    `tensor.cast` between ranked types of one rank or to/from unranked.
//    mlir-opt rejects the first cast whose static sizes differ
//    (CastOp::areCastCompatible); SPEC has a `cast` error per such dim.
//  - shape: random chains of the shape dialect's ops (shape_of,
//    const_shape, const_size, broadcast, meet, add, mul, get_extent, rank,
//    num_elements, from_extents, to_extent_tensor, index_to_size,
//    size_to_index, cstr_broadcastable, cstr_eq, is_broadcastable,
//    const_witness, assuming_all, reduce, assuming), typed as MLIR 16's
//    verifiers demand (found by running mlir-opt-16): an operand that can
//    hold an error (`!shape.shape`, `!shape.size`) forces an error-holding
//    result; `const_shape` and `shape_of` into an extent tensor need its
//    exact length (or `?` for shape_of); `meet` of two extent tensors of
//    different static lengths is rejected. So mlir-opt accepts them all,
//    and SPEC 4 ("the shape dialect has no compile-time rule") allows
//    symshape no static error. Runtime failures (a broadcast or get_extent
//    that cannot succeed) are generated on purpose.
//
// Two divergences (Classifier.h lists all), argued from SPEC:
//
//   (f) linalg-unsorted: SPEC 3's linalg row says "dims sorted, no
//       transpose" for both forms (seed 002: "Dimensions attribute should
//       be sorted"), so symshape errs on `dimensions = [2, 0]`; MLIR 16
//       reads the upstream form's added dims as a set and accepts.
//   (g) shape-runtime: MLIR 16's shape verifiers reject some types (an
//       extent tensor of the wrong static length from shape_of or
//       const_shape, a meet of extent tensors of different static lengths,
//       an error-holding operand with a non-error result); SPEC 4: "the
//       shape dialect has no compile-time rule: its failures (join, cstr, a
//       rank clash) are runtime verdicts, never error". Where the clash
//       fails at runtime, symshape must say so with a runtime verdict.
//
// The fixed cases add, per family, programs of every class, (g) among
// them: the generator keeps to the types mlir-opt-16 accepts.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_DIFFERENTIAL_FAMILIES_H
#define SYMSHAPE_TESTS_DIFFERENTIAL_FAMILIES_H

#include "Classifier.h"

#include "symshape/solver/Problem.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace symshape::differential {

/// A finding symshape must report on a case: a static `error`, or a
/// runtime verdict (`ub-possible`, `ub-guaranteed` or `unreachable`).
struct Expected {
  /// The obligation kind; none: any kind.
  std::optional<solver::ObligationKind> kind;
  int dim = -1;      ///< the obligation's dim; -1 for none
  bool error = true; ///< a static `error`, else a runtime verdict
};

/// One generated (or fixed) function of a family other than the implicit
/// broadcast.
struct Case {
  std::string family; ///< "linalg", "tensor", "shape"
  std::string name;   ///< function name without '@'
  std::string text;   ///< the func.func, ending in "}\n"
  /// mlir-opt-16's verdict by the family's model: the line (0-based in
  /// `text`) of the op it rejects first and a part of its message.
  bool mlirRejects = false;
  unsigned rejectLine = 0;
  std::string rejectMessage;
  /// The static errors SPEC predicts -- symshape must report exactly
  /// these -- and runtime findings it must report as well.
  std::vector<Expected> expected;
  Class cls = Class::AgreeAccept;
};

std::vector<Case> generateLinalgCases(uint32_t seed, unsigned count,
                                      const std::string &prefix);
std::vector<Case> generateTensorCases(uint32_t seed, unsigned count,
                                      const std::string &prefix);
std::vector<Case> generateShapeCases(uint32_t seed, unsigned count,
                                     const std::string &prefix);

/// Hand-written cases of every family and class, (g) among them.
std::vector<Case> fixedFamilyCases();

/// Programs where symshape disagrees with mlir-opt-16 and SPEC documents
/// no divergence: each expects what agreement would look like (a static
/// error where mlir-opt rejects; the runtime verdict SPEC 4 asks for).
std::vector<Case> pendingCases();

} // namespace symshape::differential

#endif // SYMSHAPE_TESTS_DIFFERENTIAL_FAMILIES_H
