// RUN: check %s no-such-file.mlir
// EXIT: 2
// A file that does not exist: the error names it and why; nothing is printed
// on stdout, not even for the files before it.
