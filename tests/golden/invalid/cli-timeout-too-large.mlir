// RUN: check %s --timeout-ms 99999999999999
// EXIT: 2
// A number, but above the limit of one day: the message must say so.
