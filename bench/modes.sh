#!/usr/bin/env bash
# Times `hamdyn modes` (Modes/Write shapes = false) for 10 modes of a P1 string fixed at both ends
# with 10^6 elements, the whole process on 1 and 2 ranks, beside scipy's eigsh (ARPACK, SuperLU
# shift-and-invert) on the same matrices (bench/eigsh_string_modes.py), each RUNS times with
# /usr/bin/time -v (wall clock and peak resident set of each process; one rank started as a user
# starts it, and under mpirun), then `hamdyn bench
# --study modes` for the split into set-up and eigensolver. A benchmark: it asserts nothing.
# Usage: bench/modes.sh [ELEMENTS] [RUNS]      (needs python3-scipy and the time package)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/build" >/dev/null
. "$root/scripts/mpi-env"
elements="${1:-1000000}" runs="${2:-3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat >"$work/string.prm" <<EOF
subsection Model
  set Length = 1
  set Mass per length = 0.01
  set Tension = 100
end
subsection Discretization
  set Elements = $elements
  set Degree = 1
end
subsection Modes
  set Number of modes = 10
  set Write shapes = false
end
EOF
figures() { # the wall clock and peak memory lines of /usr/bin/time -v
  grep -E "Elapsed|Maximum resident" "$1" | sed 's/^[[:space:]]*/  /'
}
for run in $(seq "$runs"); do
  echo "eigsh (scipy), run $run:"
  /usr/bin/time -v -o "$work/time" /usr/bin/python3 "$root/bench/eigsh_string_modes.py" \
    "$elements" 10 | sed -n 2p
  figures "$work/time"
  # one rank as a user starts it (and as eigsh is started): the process alone; then under mpirun,
  # whose launch loads about 9 MiB more of Open MPI's components into the process
  for launch in "" "mpirun -np 1" "mpirun -np 2"; do
    echo "hamdyn modes, ${launch:-1 rank, no mpirun}, run $run (peak memory of the largest process):"
    rm -rf "$work/out"
    # shellcheck disable=SC2086 # the launcher's words
    /usr/bin/time -v -o "$work/time" $launch "$root/build/bin/hamdyn" modes \
      "$work/string.prm" --output "$work/out" | sed -n 2p
    figures "$work/time"
  done
done
for ranks in 1 2; do
  mpirun -np "$ranks" "$root/build/bin/hamdyn" bench --study modes --unknowns "$elements"
done
