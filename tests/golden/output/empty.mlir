// RUN: check %s
// An empty module is fine: no obligations, exit 0.
