// RUN: check model.mlirbc
// EXIT: 2
// model.mlirbc is examples/bias_add.mlir as `mlir-opt-16 --emit-bytecode`
// writes it (magic "ML\xefR"): one error that says how to get text, no
// bytes echoed, never a parse of it as garbage.
