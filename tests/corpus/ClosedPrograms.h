//===- ClosedPrograms.h - Random programs with no inputs ------*- C++ -*-===//
//
// Programs in the style of TensorRT-Incubator's stablehlo simplification
// tests: `func.func @main()` with no argument, whose sizes are constants
// moved through the ops that carry integer values (reshape and
// dynamic_reshape of scalars, concatenate, dynamic_broadcast_in_dim
// splats, real_dynamic_slice, dynamic_slice, minimum / maximum, clamp,
// compare + select, gather of one element) and then used as shapes
// (dynamic_iota, get_dimension_size back into the pool). The generator
// follows every value itself and declares each shape use with the static
// type it computes, so every requirement of the program holds: a
// `result-cast` that symshape does not prove `safe` is a value it lost.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_CORPUS_CLOSEDPROGRAMS_H
#define SYMSHAPE_TESTS_CORPUS_CLOSEDPROGRAMS_H

#include <cstddef>
#include <string>

namespace symshape::corpus {

/// One program of about `ops` ops, the same for the same `seed`.
std::string generateClosedProgram(unsigned seed, size_t ops);

} // namespace symshape::corpus

#endif // SYMSHAPE_TESTS_CORPUS_CLOSEDPROGRAMS_H
