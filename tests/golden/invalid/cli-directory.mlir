// RUN: check .
// EXIT: 2
// A directory is not a file: reading it fails (EISDIR), it is not an empty
// module.
