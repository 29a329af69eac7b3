// RUN: check %s --timeout-ms
// EXIT: 2
