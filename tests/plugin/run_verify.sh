#!/usr/bin/env bash
# Runs each FILE through mlir-opt-22 --verify-diagnostics with the pass
# pipeline its `// PIPELINE:` line names: the plugin's diagnostics must be
# exactly the file's expected-* comments (nothing else printed). Then runs
# it without --verify-diagnostics (which decides the exit status itself):
# the exit status must be the `// EXIT:` line's (1: the pass failed).
#   run_verify.sh PLUGIN FILE...
set -uo pipefail
plugin=$1
shift
passed=0 failed=0
for file in "$@"; do
  pipeline=$(sed -n 's|^// PIPELINE: ||p' "$file")
  want=$(sed -n 's|^// EXIT: ||p' "$file")
  out=$(mlir-opt-22 --allow-unregistered-dialect --verify-diagnostics \
        --load-pass-plugin="$plugin" --pass-pipeline="$pipeline" "$file" \
        -o /dev/null 2>&1)
  verified=$?
  mlir-opt-22 --allow-unregistered-dialect --load-pass-plugin="$plugin" \
    --pass-pipeline="$pipeline" "$file" -o /dev/null 2>/dev/null
  status=$?
  if [ -z "$pipeline" ] || [ -z "$want" ] || [ "$verified" != 0 ] ||
     [ "$status" != "$want" ] || [ -n "$out" ]; then
    echo "FAIL $file (exit $status, expected ${want:-?}):"
    echo "$out"
    failed=$((failed + 1))
  else
    echo "ok   $file"
    passed=$((passed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
