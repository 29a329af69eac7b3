//===- OnnxShapes.cpp - ONNX operators (to be filled) ---------------------===//

#include "OnnxInternal.h"

namespace symshape::frontend {

const std::vector<OnnxRule> &onnxShapeRules() {
  static const std::vector<OnnxRule> rules = {};
  return rules;
}

} // namespace symshape::frontend
