# Sourced by the CLI test scripts (after `set -u`): their arguments, a scratch directory that is
# removed on exit, and check NAME CONDITION... which counts passes and reports failures;
# finish_checks ends the script with the count and a status.
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
