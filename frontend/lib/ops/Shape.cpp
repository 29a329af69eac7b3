//===- Shape.cpp - Op entries: the shape dialect ---===//
//
// One entry per op: its custom syntax, shape function and runtime
// requirements (see OpTable.h).
//
//===----------------------------------------------------------------------===//

#include "OpRules.h"
#include "OpTable.h"

namespace symshape::frontend {

OpFamily shapeFamily() { return {"shape", nullptr, 0}; }

} // namespace symshape::frontend
