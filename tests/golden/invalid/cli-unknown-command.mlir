// RUN: verify %s
// EXIT: 2
// The first word that is not an option is the command.
