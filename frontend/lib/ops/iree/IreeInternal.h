//===- IreeInternal.h - The iree family's forms -----------------*- C++ -*-===//
//
// The parse functions of the iree family's entries (Iree.cpp), as IREE's
// ops print today (UtilOps.td, FlowOps.td, HALOps.td). Each reads the
// custom form into the generic shape: operands in ODS order, the result
// types, and the attributes the generic form carries, so a generic-form op
// reads the same:
//
//   %t = flow.tensor.tie_shape %x : tensor<?x4xf32>{%n}
//     == "flow.tensor.tie_shape"(%x, %n) : (tensor<?x4xf32>, index)
//          -> tensor<?x4xf32>
//
// A form a function does not know returns false: the op is then skipped as
// opaque, never guessed.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_IREE_IREEINTERNAL_H
#define SYMSHAPE_FRONTEND_OPS_IREE_IREEINTERNAL_H

#include "parser/ParserImpl.h"

namespace symshape::frontend {

// util
bool parseUtilCall(Parser &p, PendingOp &pending);
bool parseOptimizationBarrier(Parser &p, PendingOp &pending);
bool parseAssumeInt(Parser &p, PendingOp &pending);
bool parseGlobal(Parser &p, PendingOp &pending);
bool parseGlobalLoad(Parser &p, PendingOp &pending); ///< and .address
bool parseGlobalLoadIndirect(Parser &p, PendingOp &pending);
bool parseGlobalStore(Parser &p, PendingOp &pending);
bool parseGlobalStoreIndirect(Parser &p, PendingOp &pending);
// flow
bool parseTieShape(Parser &p, PendingOp &pending);
bool parseDynamicConstant(Parser &p, PendingOp &pending);
// hal
bool parseTensorImport(Parser &p, PendingOp &pending);
bool parseTensorExport(Parser &p, PendingOp &pending);
bool parseTensorBarrier(Parser &p, PendingOp &pending);
bool parseBufferViewDim(Parser &p, PendingOp &pending);
/// util.null, hal.devices.get, hal.fence.create, hal.fence.await.
bool parsePlumbing(Parser &p, PendingOp &pending);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_IREE_IREEINTERNAL_H
