//===- Func.cpp - Op entries: func.call and func.return -------------------===//
//
// func.return ends a function (read by the op that owns the region);
// func.call inlines its callee's shape semantics (lowering/LowerCall.cpp).
// The documentation lists these entries in the tensor family.
//
//   %r = func.call @g(%a) : (tensor<?xf32>) -> tensor<?xf32>
//
//===----------------------------------------------------------------------===//

#include "ops/OpTable.h"
#include "ops/rules/OpRules.h"
#include "ops/rules/PrettyForms.h"

namespace symshape::frontend {

static const OpEntry kFuncEntries[] = {
    withShortName(
        {"func.return",
         [](Parser &p, PendingOp &o) { return parseTerminatorForm(p, o); },
         nullptr, kRefineNone,
         "terminator: read by the op that owns the region", true,
         OpRole::Return},
        "return"),
    withShortName({"func.call", parseFuncCall, lowerFuncCall, kRefineNone,
                   "the callee's result shapes in terms of the call's operands",
                   false, OpRole::Call},
                  "call"),
};

OpFamily funcOps() {
  return {"func", kFuncEntries, sizeof(kFuncEntries) / sizeof(kFuncEntries[0])};
}

} // namespace symshape::frontend
