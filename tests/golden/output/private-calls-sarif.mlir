// RUN: check --format sarif private-calls.mlir
// EXIT: 1
// The SARIF of private-calls.mlir: one result per call whose condition
// differs, each with its own call site as a related location.
