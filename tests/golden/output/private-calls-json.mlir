// RUN: check --json private-calls.mlir
// EXIT: 1
// The JSON report of private-calls.mlir: each call's finding at the
// broadcast has its own `call_stack`; the safe findings, the same for both
// calls, are one finding each, with both calls in `call_sites`.
