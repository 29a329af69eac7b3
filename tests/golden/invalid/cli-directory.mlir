// RUN: refine .
// EXIT: 2
// A directory is not a file for refine (and graph): reading it fails
// (EISDIR), it is not an empty module. (`check DIR` judges the *.mlir files
// below DIR: tests/cli/baseline_workflow_test.sh.)
