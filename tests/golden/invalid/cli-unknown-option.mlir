// RUN: check --frobnicate %s
// EXIT: 2
// An option symshape does not know is a usage error, before any file is read.
