// RUN: check --json=no %s
// EXIT: 2
// A flag that takes no value given one: today '--json=no' turns JSON on.
