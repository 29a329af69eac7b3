// RUN: check %s
// EXIT: 2
// Text that is not MLIR is bad input, never an empty module that passes.
hello world
