// RUN: check %s
// EXIT: 2
// One bare word after the comments: not an op (an op outside a function is
// `dialect.op`, or `module` / `func`).
xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
