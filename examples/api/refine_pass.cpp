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

#include "symshape/symshape.h"

#include <iostream>

using namespace symshape;

int main() {
  const char *text = R"mlir(
func.func @f(%x: tensor<?x768xf32>, %b: tensor<8x1xf32>) -> tensor<?x768xf32> {
  %0 = "tosa.add"(%x, %b) : (tensor<?x768xf32>, tensor<8x1xf32>) -> tensor<?x768xf32>
  return %0 : tensor<?x768xf32>
}
)mlir";
  Options options;
  options.computeShapes = true; // most specific shapes, not only verdicts
  Session session(options);
  Result<void> analysed = session.addFile("f.mlir", text);
  if (analysed)
    analysed = session.analyze();
  if (!analysed) {
    std::cerr << analysed.message(); // file:line:col: error: ...
    return 2;
  }

  // Per value, as a pass rewriting its own IR would ask.
  std::optional<Function> fn = session.function("f");
  if (!fn)
    return 2;
  for (const Value &value : fn->values()) {
    std::string refined = *fn->refinedTypeOf(value.name);
    if (refined != value.type)
      std::cout << value.name << ": " << value.type << " -> " << refined
                << "\n";
  }
  // Or the whole text, with casts back to the types the uses expect.
  Result<std::string> rewritten = session.refine();
  if (!rewritten) {
    std::cerr << rewritten.message();
    return 2;
  }
  std::cout << *rewritten;
  return fn->refinedTypeOf("%0") == "tensor<8x768xf32>" ? 0 : 1;
}
