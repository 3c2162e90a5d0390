#!/usr/bin/env bash
# Times a planar beam run's step at 10^5 unknowns beside the Timoshenko beam's (issue 52, sec. 4:
# at most 4 times its cost per unknown, Newton iterations included): cases/planar_beam_pendulum.prm
# (a stiff bar pinned at one end let go from the horizontal: the energy-conserving midpoint rule
# at rho_inf = 1) at ELEMENTS quadratic elements (default 16666: 3 (2 ELEMENTS + 1) = 10^5
# unknowns), Delta t = 1 ms; and the simply supported Timoshenko beam of bench/timoshenko_beam.sh
# at 25000 quadratic elements (w and theta: 10^5 unknowns) under a midspan force, generalized
# alpha at rho_inf = 1, Delta t = 1e-4 s; each on 1 and 2 ranks. A step's time is the difference
# of the medians of RUNS whole-process runs of two lengths (the set-up and the start cancel),
# divided by the steps between them. A benchmark: it asserts nothing.
# Usage: bench/planar_beam_step.sh [ELEMENTS] [RUNS]
set -euo pipefail
elements="${1:-16666}" runs="${2:-3}"
. "$(dirname "${BASH_SOURCE[0]}")/timoshenko_beam.sh" 25000
hamdyn="$root/build/bin/hamdyn"
cat >>"$work/beam.prm" <<EOF2
subsection Attachments
  set Forces = 0.5: -1
end
subsection Time integration
  set Time step = 1e-4
  set Spectral radius = 1
end
EOF2

. "$root/bench/median_wall_seconds.sh"
# median_seconds RANKS CASE FINAL_TIME ARGS...: the median wall time of $runs runs [s]
median_seconds() {
  local ranks="$1" case="$2" final="$3"
  shift 3
  median_wall_seconds "$runs" mpirun -np "$ranks" "$hamdyn" run "$case" --output "$work/run" \
    --set "Time integration/Final time=$final" --set "Output/Snapshot interval=0" \
    --set "Output/Plots=false" "$@"
}

for ranks in 1 2; do
  long=$(median_seconds "$ranks" "$root/cases/planar_beam_pendulum.prm" 0.4 \
    --set "Discretization/Elements=$elements")
  short=$(median_seconds "$ranks" "$root/cases/planar_beam_pendulum.prm" 0.1 \
    --set "Discretization/Elements=$elements")
  printf "planar beam pendulum, %s quadratic elements (%s unknowns), %s rank(s): %.3f ms a step\n" \
    "$elements" "$((3 * (2 * elements + 1)))" "$ranks" "$(echo "($long - $short) / 0.3" | bc -l)"
  long=$(median_seconds "$ranks" "$work/beam.prm" 0.13)
  short=$(median_seconds "$ranks" "$work/beam.prm" 0.03)
  printf "Timoshenko beam, 25000 quadratic elements (100002 unknowns), %s rank(s): %.3f ms a step\n" \
    "$ranks" "$(echo "($long - $short) / 1" | bc -l)"
done
