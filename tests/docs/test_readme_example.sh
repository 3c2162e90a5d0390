#!/usr/bin/env bash
# The README's 60-second example, as a new user follows it: its case file (the README's first
# ```prm block), `hamdyn run` and `hamdyn modes` on it, and the history picture; so the first
# page a user reads can never describe a case that fails or files that are not written.
# Usage: test_readme_example.sh HAMDYN_BINARY SOURCE_DIR
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../cli/checks.sh"

awk '/^```prm/ { inside = 1; next } /^```/ { if (inside) exit } inside' \
  "$source_dir/README.md" >cantilever.prm
check "the README has a case file" test -s cantilever.prm
"$hamdyn" run cantilever.prm >run.log 2>&1
check "run exits 0" test $? -eq 0
dir=results/cantilever # the case's Output/Directory
for file in history.csv solution.pvd spacetime.vts attachments.pvd used_parameters.prm \
  checkpoint.bin; do
  check "run writes $file, as the README says" test -s "$dir/$file"
done
# Final time 0.5 s at 2e-4 s: 2500 steps, a row each (History interval 1) and the header
check "history.csv has 2502 lines" test "$(wc -l <"$dir/history.csv")" -eq 2502
check "the probe's column" grep -q "u@0.5" "$dir/history.csv"
"$hamdyn" modes cantilever.prm --output results/cantilever_modes >modes.log 2>&1
check "modes exits 0" test $? -eq 0
check "modes writes modes.csv and modes.pvd" test -s results/cantilever_modes/modes.csv \
  -a -s results/cantilever_modes/modes.pvd
"$source_dir/scripts/plot_history.py" "$dir" >plot.log 2>&1
check "plot_history.py draws history.png" test -s "$dir/history.png"
finish_checks
