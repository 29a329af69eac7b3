// RUN: check --explain func-locations.mlir
// EXIT: 1
// --explain of func-locations.mlir: why the safe casts are safe, each
// note at the model's line of the op it names (the cast of @g at line
// 10, the check that implies it at line 9).
