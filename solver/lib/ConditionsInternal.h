//===- ConditionsInternal.h - Printing condition covers ---------*- C++ -*-===//

#ifndef SYMSHAPE_SOLVER_CONDITIONSINTERNAL_H
#define SYMSHAPE_SOLVER_CONDITIONSINTERNAL_H

#include "symshape/solver/Polynomial.h"

#include <string>
#include <utility>
#include <vector>

namespace symshape::solver {

/// A conjunction of atom literals (atom, holds).
using Cube = std::vector<std::pair<Atom, bool>>;

/// Prints a disjunction of cubes in the grammar of SPEC section 6, grouping
/// literals on one size into `in {..}`, `not in {..}` and `in [lo, hi]`:
///
///   {{%a[0]==1: false, %a[0]==4: false}}   ->  %a[0] not in {1, 4}
///   {{%a[0]==0: true}, {%a[0]==2: true}}   ->  %a[0] in {0, 2}
std::string renderCover(const DimGraph &graph, const std::vector<Cube> &cover);

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_CONDITIONSINTERNAL_H
