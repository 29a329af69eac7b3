//===- Rewrite.h - Writing refined types back into the source ---*- C++ -*-===//
//
// `symshape refine` edits the input text in place: each op result whose
// most specific type is more precise than its declared one gets the refined
// type; uses in ops that accept it (the broadcast, shape, tensor and linalg
// ops symshape understands, in generic form) get the new operand type; any
// other use -- a `return` (signatures never change), an unknown op, a
// custom form -- reads a `tensor.cast` back to the declared type, inserted
// just before it:
//
//   %0 = "tosa.add"(%a, %b) : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
//   %cast0 = tensor.cast %0 : tensor<4xf32> to tensor<?xf32>
//   return %cast0 : tensor<?xf32>
//
// Nothing else in the text changes.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_DRIVER_REWRITE_H
#define SYMSHAPE_DRIVER_REWRITE_H

#include "symshape/driver/Session.h"

#include <string>

namespace symshape::frontend {

struct RewriteStats {
  size_t refinedValues = 0; ///< results whose type became more precise
  size_t castsInserted = 0;
};

/// The text of `file` with refined types. Functions without a well-defined
/// execution, or analysed without shapes, are left as they are, and so is
/// every function but `only` when it is not empty. A tensor.cast is never
/// refined into an identity cast.
std::string rewriteRefined(const Session &session, const FileAnalysis &file,
                           RewriteStats *stats = nullptr,
                           const std::string &only = "");

} // namespace symshape::frontend

#endif // SYMSHAPE_DRIVER_REWRITE_H
