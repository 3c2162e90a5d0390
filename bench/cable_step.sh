#!/usr/bin/env bash
# Times a cable run's step at 10^5 unknowns: cases/hanging_cable.prm (100 m span, 10 m sag, EA =
# 1e7 N, 2 kg/m) at ELEMENTS elements (default 5e4), Delta t = 1 ms, hanging at rest and with a
# 100 kg mass let go at midspan, on 1 and 2 ranks. A step's time is the difference of the medians
# of RUNS whole-process runs of two lengths (1300 and 300 steps at rest, 1000 and 300 with the
# mass: the set-up, the static equilibrium and the start cancel), divided by the steps between
# them; beside it, the damped string's step at 10^5 unknowns (`hamdyn bench`), whose cost per
# unknown the issue compares with. A benchmark: it asserts nothing.
# Usage: bench/cable_step.sh [ELEMENTS] [RUNS]
set -euo pipefail
elements="${1:-50000}" runs="${2:-3}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/build" >/dev/null
. "$root/scripts/mpi-env"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
hamdyn="$root/build/bin/hamdyn"

. "$root/bench/median_wall_seconds.sh"
# median_seconds RANKS FINAL_TIME ARGS...: the median wall time of $runs runs [s]
median_seconds() {
  local ranks="$1" final="$2"
  shift 2
  median_wall_seconds "$runs" mpirun -np "$ranks" "$hamdyn" run "$root/cases/hanging_cable.prm" \
    --output "$work/run" --set "Discretization/Elements=$elements" \
    --set "Time integration/Time step=1e-3" --set "Time integration/Final time=$final" \
    --set "Output/Snapshot interval=0" --set "Output/Plots=false" "$@"
}

for ranks in 1 2; do
  long=$(median_seconds "$ranks" 1.3)
  short=$(median_seconds "$ranks" 0.3)
  printf "cable at rest, %s elements, %s rank(s): %.3f ms a step\n" "$elements" "$ranks" \
    "$(echo "($long - $short)" | bc -l)"
  long=$(median_seconds "$ranks" 1.0 --set "Cable/Point masses=50: 100")
  short=$(median_seconds "$ranks" 0.3 --set "Cable/Point masses=50: 100")
  printf "cable with a 100 kg mass let go, %s elements, %s rank(s): %.3f ms a step\n" \
    "$elements" "$ranks" "$(echo "($long - $short) / 0.7" | bc -l)"
done
for ranks in 1 2; do
  mpirun -np "$ranks" "$hamdyn" bench --unknowns 100000 --steps 2000 | tail -1
done
