// RUN: check --json jax-locations.mlir
// EXIT: 1
// The JSON report of jax-locations.mlir: `loc` stays the MLIR position;
// `source_loc` (the exporter's position), `source_name` (the op's name
// path) and `source_stack` (the Python callers, outermost first, as
// `call_stack`) are added to findings and opaque ops.
