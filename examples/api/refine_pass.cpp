//===- refine_pass.cpp - A shape-inference step that calls symshape -------===//
//
// What a compiler's shape-inference pass does with symshape: hand it a
// function, let it prove the size every `?` has in every well-defined
// execution, and write those sizes back. Here %x's batch is free, but the
// add only runs when it is 1 or 8, so %0 is 8x768 in every such run:
//
//   %0 = "tosa.add"(%x, %b) : (...) -> tensor<8x768xf32>
//   %cast0 = tensor.cast %0 : tensor<8x768xf32> to tensor<?x768xf32>
//
// (the signature keeps its type). Prints each refined value and the
// rewritten function; exits 1 if %0 is not refined to 8x768.
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Rewrite.h"
#include "symshape/driver/Session.h"

#include <iostream>

using namespace symshape::frontend;

int main() {
  const char *text = R"mlir(
func.func @f(%x: tensor<?x768xf32>, %b: tensor<8x1xf32>) -> tensor<?x768xf32> {
  %0 = "tosa.add"(%x, %b) : (tensor<?x768xf32>, tensor<8x1xf32>) -> tensor<?x768xf32>
  return %0 : tensor<?x768xf32>
}
)mlir";
  SessionOptions options;
  options.computeShapes = true; // most specific shapes, not only verdicts
  Session session(options);
  if (!session.addFile("f.mlir", text) || !session.analyze()) {
    std::cerr << session.diagnostics().renderAll(); // file:line:col: error
    return 2;
  }

  // Per value, as a pass rewriting its own IR would ask.
  const FunctionAnalysis &fn = *session.function("f");
  for (const Value &value : fn.function->values) {
    std::string declared = value.type.str();
    std::string refined = *fn.refinedTypeOf(value.name);
    if (refined != declared)
      std::cout << "%" << value.name << ": " << declared << " -> " << refined
                << "\n";
  }
  // Or the whole text, with casts back to the types the uses expect.
  std::cout << rewriteRefined(session, *session.files()[0]);
  return fn.refinedTypeOf("%0") == "tensor<8x768xf32>" ? 0 : 1;
}
