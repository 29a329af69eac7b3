// RUN: check --json func-locations.mlir
// EXIT: 1
// The JSON of func-locations.mlir: a function whose loc(...) names a
// position has "source_loc" (1.2) beside its name.
