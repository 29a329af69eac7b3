//===- Linalg.cpp - Op entries: linalg ---===//
//
// One entry per op: its custom syntax, shape function and runtime
// requirements (see OpTable.h).
//
//===----------------------------------------------------------------------===//

#include "OpRules.h"
#include "OpTable.h"

namespace symshape::frontend {

OpFamily linalgFamily() { return {"linalg", nullptr, 0}; }

} // namespace symshape::frontend
