// RUN: check /dev/null
// A file of zero bytes is an empty module: no obligations, exit 0.
