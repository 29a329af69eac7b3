// RUN: refine --json %s
// EXIT: 2
// An option that does not apply to the command is an error, not ignored.
