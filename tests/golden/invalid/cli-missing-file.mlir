// RUN: check %s no-such-file.mlir
// EXIT: 2
// A file that does not exist: the error names it and why (stderr); the
// good file before it is still judged and reported (stdout), exit 2.
