// RUN: check --loc=mlir jax-locations.mlir
// EXIT: 1
// jax-locations.mlir at the MLIR positions only, as if its ops had no
// loc(...): what symshape printed before it read locations.
