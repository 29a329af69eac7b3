// RUN: check --loc=source jax-locations.mlir
// EXIT: 1
// jax-locations.mlir at the exporter's positions only, as mlir-opt reports
// at the ops' own loc(...): no MLIR note, the Python callers as "called
// from" notes, the call from @main at its MLIR position (its loc(...) is
// unknown).
