//===- RefineEdits.h - symshape refine's steps applied to the module -*- C++
//-*-===//
//
// The bridge says what `symshape refine` changes, located in the printed
// text; these functions make the same changes to the module itself.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_PLUGIN_REFINEEDITS_H
#define SYMSHAPE_PLUGIN_REFINEEDITS_H

#include "Bridge.h"
#include "PrintedModule.h"

#include "mlir/Support/LogicalResult.h"

#include <vector>

namespace symshape::plugin {

/// Refines result types as `edits` say, removes the casts that became
/// identities, and puts a tensor.cast back to the old type before each use
/// that needs it (where refine writes one, and any use symshape's reading
/// of its op did not list). Failure, with an error at the module, when an
/// edit names no op of the printed text; nothing changes then.
mlir::LogicalResult applyRefineEdits(const PrintedModule &printed,
                                     const std::vector<RefineEdit> &edits);

/// Replaces each shape.cstr_* a PassWitness edit names by
/// `shape.const_witness true`, then erases the ops the RemoveOp edits name
/// (a check proved safe, an op that only fed one), users first; an op
/// still used stays.
void eraseRemovedOps(const PrintedModule &printed,
                     const std::vector<RefineEdit> &edits);

} // namespace symshape::plugin

#endif // SYMSHAPE_PLUGIN_REFINEEDITS_H
