//===- SessionTestInputs.h - Inputs the session tests share ----*- C++ -*-===//
//
// A two-finding function and the session options that compute shapes, for
// SessionTest.cpp and SessionJudgeTest.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_SESSION_TEST_INPUTS_H
#define SYMSHAPE_TESTS_SESSION_TEST_INPUTS_H

#include "symshape/driver/Session.h"

namespace symshape::frontend::testing {

inline const char *kTwoFindings =
    R"mlir(func.func @f(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<4xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
)mlir";

inline SessionOptions withShapes() {
  SessionOptions options;
  options.computeShapes = true;
  return options;
}

} // namespace symshape::frontend::testing

#endif // SYMSHAPE_TESTS_SESSION_TEST_INPUTS_H
