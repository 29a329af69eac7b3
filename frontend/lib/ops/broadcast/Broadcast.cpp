//===- Broadcast.cpp - Op entries: the Broadcastable trait's test op ------===//
//
// test.broadcastable follows the Broadcastable trait. Ops named by
// `--broadcastable NAME` use the same rule; they are looked up by the
// lowering before this table.
//
//===----------------------------------------------------------------------===//

#include "ops/OpTable.h"
#include "ops/rules/OpRules.h"

namespace symshape::frontend {

static const OpEntry kBroadcastEntries[] = {
    {"test.broadcastable", nullptr, lowerImplicitBroadcastRule, kRefineBoth,
     "implicit broadcast (the Broadcastable trait)"},
};

OpFamily broadcastFamily() {
  return {"broadcast", kBroadcastEntries,
          sizeof(kBroadcastEntries) / sizeof(kBroadcastEntries[0])};
}

} // namespace symshape::frontend
