#!/usr/bin/env bash
# How wall time and peak memory grow with size, the whole process as a user runs it (one rank,
# /usr/bin/time): `hamdyn run` of a P1 string (100 steps, history every step, the first and last
# snapshot), `hamdyn modes` (10 modes of the same string, no shapes written), and `hamdyn
# response` of bench/timoshenko_beam.sh's beam over 100 frequencies, direct and modal (20
# modes). Prints one markdown table row per size: seconds, peak MiB, and seconds per million
# unknowns (constant where the cost grows linearly). A benchmark: it asserts nothing.
# Usage: bench/cost_growth.sh [LARGEST_STRING] [LARGEST_BEAM]   (defaults 10^7 and 10^6 unknowns)
set -euo pipefail
largest_string="${1:-10000000}" largest_beam="${2:-1000000}"
. "$(dirname "${BASH_SOURCE[0]}")/timoshenko_beam.sh" 1000 # root, work, the beam's case
cat >"$work/string.prm" <<EOF2
subsection Model
  set Length = 1
  set Mass per length = 0.01
  set Tension = 100
end
subsection Discretization
  set Degree = 1
end
subsection Initial conditions
  set Displacement = 0.01*sin(pi*x)
end
subsection Modes
  set Number of modes = 10
  set Write shapes = false
end
subsection Output
  set Snapshot interval = 0
  set Plots = false
end
EOF2
cat >>"$work/beam.prm" <<EOF2
subsection Modes
  set Number of modes = 20
end
subsection Frequency response
  set Frequencies = 1:1:100
  set Structural damping = 0.01
  set Forces = 0.5:1
end
subsection Output
  set Plots = false
end
EOF2
measure() { # measure UNKNOWNS ARGS...: one table row of the whole process's seconds and peak
  local unknowns="$1"
  shift
  rm -rf "$work/out"
  /usr/bin/time -f "%e %M" -o "$work/time" "$root/build/bin/hamdyn" "$@" --output "$work/out" \
    >/dev/null
  read -r seconds kib <"$work/time"
  awk -v n="$unknowns" -v s="$seconds" -v k="$kib" \
    'BEGIN { printf "| %.0e | %.2f | %.0f | %.3f |\n", n, s, k / 1024, s / (n / 1e6) }'
}
header() { printf '\n%s\n\n| unknowns | wall s | peak MiB | s per 10^6 unknowns |\n|---|---|---|---|\n' "$1"; }
header "hamdyn run, P1 string, 100 steps"
for n in 10000 100000 1000000 10000000; do
  [ "$n" -le "$largest_string" ] || continue
  measure "$n" run "$work/string.prm" --set "Discretization/Elements=$n" \
    --set "Time integration/Time step=1e-6" --set "Time integration/Final time=1e-4"
done
header "hamdyn modes, P1 string, 10 modes"
for n in 10000 100000 1000000 10000000; do
  [ "$n" -le "$largest_string" ] || continue
  measure "$n" modes "$work/string.prm" --set "Discretization/Elements=$n"
done
for method in direct modal; do
  header "hamdyn response, Timoshenko beam (quadratic, w and theta), 100 frequencies, $method"
  for n in 1000 10000 100000 1000000; do
    [ "$n" -le "$largest_beam" ] || continue
    # 2 DoFs per node, degree 2: 4 unknowns per element
    measure "$n" response "$work/beam.prm" --set "Discretization/Elements=$((n / 4))" \
      --set "Frequency response/Method=$method"
  done
done
