// RUN: check %s --require-coverage
// EXIT: 2
// A dotted first word followed by words alone is prose, not an op of a
// dialect symshape does not know (mlir-opt: "Dialect `the' not found for
// custom op"): an error, also under --require-coverage, never an empty
// module that passes with 0 obligations.
the.quick brown fox jumps over the lazy dog
