# Sourced by the CLI test scripts (after `set -u`): their arguments, a scratch directory that is
# removed on exit, and check NAME CONDITION... which counts passes and reports failures;
# finish_checks ends the script with the count and a status; wait_for_rows DIR N waits for a run's
# own progress.
hamdyn="$1"
source_dir="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
failures=0
passes=0
check() { # check NAME CONDITION...
  local name="$1"
  shift
  if "$@"; then passes=$((passes + 1)); else echo "FAILED: $name"; failures=$((failures + 1)); fi
}
finish_checks() {
  echo "$passes passed, $failures failed"
  test $failures -eq 0
}
# wait_for_rows DIR N: until DIR/history.csv holds more than N lines (up to 300 s). The test waits
# for the run's own progress, never for a time: a run signalled at a row count is at the same
# point of its work on a fast, a slow or a loaded machine.
wait_for_rows() {
  local i
  for i in $(seq 15000); do
    [ "$( (wc -l < "$1/history.csv") 2> /dev/null || echo 0)" -gt "$2" ] && return 0
    sleep 0.02
  done
  return 1
}
