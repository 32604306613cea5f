#!/bin/sh
# timed.sh NAME COMMAND...: runs COMMAND, then prints how long the step NAME took (wall clock) and, when
# ARGUS_STEP_TIMES names a file, appends "NAME<TAB>seconds<TAB>exit code" to it (.ci/run prints that file
# as its budget at the end). The exit code is COMMAND's.
set -u
name=$1
shift
start=$(date +%s)
status=0
"$@" || status=$?
seconds=$(( $(date +%s) - start ))
echo "step: $name: ${seconds} s (exit ${status})"
if [ -n "${ARGUS_STEP_TIMES:-}" ]; then
  printf '%s\t%s\t%s\n' "$name" "$seconds" "$status" >> "$ARGUS_STEP_TIMES"
fi
exit "$status"
