//===- Stablehlo.cpp - Op entries: stablehlo, mhlo and chlo ---===//
//
// One entry per op: its custom syntax, shape function and runtime
// requirements (see OpTable.h).
//
//===----------------------------------------------------------------------===//

#include "OpRules.h"
#include "OpTable.h"

namespace symshape::frontend {

OpFamily stablehloFamily() { return {"stablehlo", nullptr, 0}; }

} // namespace symshape::frontend
