// RUN: check %s --assume
// EXIT: 2
