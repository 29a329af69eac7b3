//===- RefinedType.h - The one builder of refined types ---------*- C++ -*-===//
//
// The most specific type of a value (SEMANTICS.md §5), as `refine` writes it,
// the JSON report's `refined` field shows it and `refinedTypeOf` returns it:
// the declared type with every `?` dim that takes one value in every
// well-defined execution written in; element type and encoding kept.
//
//   tensor<?x8xf32, #enc>, dim 0 proved 4   ->  tensor<4x8xf32, #enc>
//   tensor<*xf32>, rank proved 2, dims ?,3  ->  tensor<?x3xf32>
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_DRIVER_REFINEDTYPE_H
#define SYMSHAPE_DRIVER_REFINEDTYPE_H

#include "symshape/frontend/Type.h"
#include "symshape/solver/Problem.h"
#include "symshape/solver/Refinement.h"

namespace symshape::frontend {

/// The refined type of a value declared `declared`, which the lowering
/// describes by `info`. Without a well-defined execution (or without
/// `shapes`) only sizes the dim graph itself fixes are written in. Types
/// that are not tensors, tensors of unknown rank, and ranked tensors whose
/// rank disagrees with `info`, come back as declared.
Type refinedType(const Type &declared, const solver::ValueInfo &info,
                 const solver::Problem &problem,
                 const solver::ShapeRefinement *shapes);

/// Whether refinedType can give something other than `declared`: a tensor
/// with a `?` dim or of unknown rank. Else it comes back as declared,
/// whatever the problem says.
bool mayRefine(const Type &declared);

} // namespace symshape::frontend

#endif // SYMSHAPE_DRIVER_REFINEDTYPE_H
