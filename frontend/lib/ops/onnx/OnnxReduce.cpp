//===- OnnxReduce.cpp - ONNX operators (to be filled) ---------------------===//

#include "OnnxInternal.h"

namespace symshape::frontend {

const std::vector<OnnxRule> &onnxReduceRules() {
  static const std::vector<OnnxRule> rules = {};
  return rules;
}

} // namespace symshape::frontend
