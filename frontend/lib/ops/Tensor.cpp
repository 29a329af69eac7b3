//===- Tensor.cpp - Op entries: tensor, arith, math and func ---===//
//
// One entry per op: its custom syntax, shape function and runtime
// requirements (see OpTable.h).
//
//===----------------------------------------------------------------------===//

#include "OpRules.h"
#include "OpTable.h"

namespace symshape::frontend {

OpFamily tensorFamily() { return {"tensor", nullptr, 0}; }

} // namespace symshape::frontend
