// RUN: check --json %s
// EXIT: 2
// Inside `module { }` too, and under --json the error document says so
// rather than an all-zero summary; the op after the results is named.
module {
  %0 = hello world
}
