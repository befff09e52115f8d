#!/usr/bin/env bash
# Self-test of the constant-time checker: runs one deliberately leaky function under memcheck with
# the same options as the library check and passes only if memcheck fails the run AND names that
# function under the expected kind of report. A harness that catches nothing fails here.
#
# Usage: expect_leak.sh VALGRIND HARNESS branch|lookup
set -uo pipefail
valgrind=$1 harness=$2 kind=$3
case $kind in
  branch) message='Conditional jump or move depends on uninitialised value' ;;
  lookup) message='Use of uninitialised value of size' ;;
  *) echo "unknown kind $kind" >&2; exit 2 ;;
esac
function=vg_ct_selftest_$([[ $kind == branch ]] && echo branch_on_secret || echo lookup_by_secret)

output=$("$valgrind" --error-exitcode=1 --track-origins=yes "$harness" --selftest "$kind" 2>&1)
status=$?
echo "$output"
if ((status != 1)); then
  echo "expect_leak: valgrind exited with $status, expected 1 (an error was found)" >&2
  exit 1
fi
# The first stack frame follows the message on the next line: "==pid==    at 0x...: function (...)".
if ! grep -A1 -F "$message" <<<"$output" | grep -q "at 0x[0-9A-F]*: $function"; then
  echo "expect_leak: no '$message' report in $function" >&2
  exit 1
fi
echo "expect_leak: memcheck caught $function as expected"
