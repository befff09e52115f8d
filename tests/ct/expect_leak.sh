#!/usr/bin/env bash
# Self-test of the constant-time checker: runs one deliberately leaky function under the checker
# with the same options as the library check and passes only if the checker fails the run AND names
# that function under the expected kind of report. A harness that catches nothing fails here.
#
# Usage: expect_leak.sh valgrind|msan HARNESS branch|lookup [RUNNER...]
#   valgrind: RUNNER is the valgrind command line; msan: no runner (the harness is instrumented).
set -uo pipefail
checker=$1 harness=$2 kind=$3
shift 3
case $kind in
  branch) function=vg_ct_selftest_branch_on_secret ;;
  lookup) function=vg_ct_selftest_lookup_by_secret ;;
  *) echo "unknown kind $kind" >&2; exit 2 ;;
esac
case $checker in
  valgrind)
    # The first stack frame follows the message: "==pid==    at 0x...: function (...)".
    expected_status=1
    frame="at 0x[0-9A-F]*: $function"
    [[ $kind == branch ]] && message='Conditional jump or move depends on uninitialised value' ||
      message='Use of uninitialised value of size'
    ;;
  msan)
    # MSan reports a branch and a load through a marked address alike and stops (exit code 77 from
    # MSAN_OPTIONS, set by CTest):
    # "WARNING: MemorySanitizer: use-of-uninitialized-value", then "#0 0x... in function ...".
    expected_status=77
    frame="#0 0x[0-9a-f]* in $function"
    message='MemorySanitizer: use-of-uninitialized-value'
    ;;
  *) echo "unknown checker $checker" >&2; exit 2 ;;
esac

output=$("$@" "$harness" --selftest "$kind" 2>&1)
status=$?
echo "$output"
if ((status != expected_status)); then
  echo "expect_leak: $checker exited with $status, expected $expected_status (an error was found)" >&2
  exit 1
fi
if ! grep -A1 -F "$message" <<<"$output" | grep -q "$frame"; then
  echo "expect_leak: no '$message' report in $function" >&2
  exit 1
fi
echo "expect_leak: $checker caught $function as expected"
