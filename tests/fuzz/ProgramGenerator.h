//===- ProgramGenerator.h - Valid programs from fuzzer bytes ----*- C++ -*-===//
//
// Turns bytes into a module that symshape must parse and lower without
// error, so that fuzzing reaches the lowering, the solver, the conditions
// and the reports rather than stopping at the first parse error:
//
//   func.func @f0(%a0: tensor<?x4xf32>, %a1: tensor<4xf32>, %n0: index)
//       attributes {symshape.assume = ["%a0[0] in {1, 8}"]} {
//     %v0 = "tosa.add"(%a0, %a1) : (tensor<?x4xf32>, tensor<4xf32>) ->
//     tensor<?x4xf32> %v1 = tensor.cast %v0 : tensor<?x4xf32> to
//     tensor<8x4xf32> %v2 = shape.shape_of %v1 : tensor<8x4xf32> ->
//     !shape.shape
//     ...
//     return
//   }
//
// Ops: implicit broadcasts (test.broadcastable, tosa, chlo), tensor.cast /
// dim / empty, index arithmetic, shape ops (shape_of, broadcast, cstr_*,
// num_elements, get_extent, from_extents, to_extent_tensor, reduce),
// linalg.broadcast, stablehlo.broadcast_in_dim, opaque ops; assumptions as
// a function attribute and on the "command line". Types are consistent
// (every use's written type is the value's type); sizes are not, so every
// verdict can occur.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_FUZZ_PROGRAMGENERATOR_H
#define SYMSHAPE_TESTS_FUZZ_PROGRAMGENERATOR_H

#include "ByteStream.h"
#include "symshape/driver/Session.h"

#include <string>
#include <vector>

namespace symshape::fuzz {

struct GeneratedProgram {
  std::string text;
  frontend::SessionOptions options;
  /// For Session::addAssumption; each names a value of the program.
  std::vector<std::string> assumptions;
};

/// A program and the options to analyse it with, drawn from `in`.
GeneratedProgram generateProgram(ByteStream &in);

} // namespace symshape::fuzz

#endif // SYMSHAPE_TESTS_FUZZ_PROGRAMGENERATOR_H
