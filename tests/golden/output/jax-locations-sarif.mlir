// RUN: check --format sarif jax-locations.mlir
// EXIT: 1
// The SARIF of jax-locations.mlir: each result located in model.py, so
// code scanning annotates the model's own source; the MLIR op, the Python
// callers and the call from @main are related locations.
