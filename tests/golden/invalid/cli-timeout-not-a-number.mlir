// RUN: check %s --timeout-ms abc
// EXIT: 2
