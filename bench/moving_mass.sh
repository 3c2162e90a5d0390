#!/usr/bin/env bash
# Times `hamdyn run` of a simply supported Timoshenko beam with 10^5 unknowns (25000 quadratic
# elements, w and theta: bench/timoshenko_beam.sh) over 10^4 steps carrying a mass of 0.2 rho A L:
# moving along it (Moving loads/Masses, a new J^-1 N every step: terms/moving_body_term.h) and
# standing at midspan (Attachments/Point masses, part of J, its weight a point force), the whole
# process on RANKS ranks, each printed with `time`. The target: the moving mass at most 2x the
# fixed one. A benchmark: it asserts nothing.
# Usage: bench/moving_mass.sh [ELEMENTS] [STEPS] [RANKS]
elements="${1:-25000}" steps="${2:-10000}" ranks="${3:-1}"
. "$(dirname "${BASH_SOURCE[0]}")/timoshenko_beam.sh" "$elements"
cat >>"$work/beam.prm" <<EOF2
subsection Moving loads
  set Gravity = 9.81
end
subsection Time integration
  set Time step = 1e-4
  set Final time = $(awk "BEGIN { print $steps * 1e-4 }")
end
subsection Output
  set Probes = 0.5
  set Snapshot interval = 0
end
EOF2
echo "hamdyn run, mass moving from x = 0.1 at 0.5 m/s, $elements elements, $steps steps, $ranks rank(s):"
time mpirun -np "$ranks" "$root/build/bin/hamdyn" run "$work/beam.prm" --output "$work/moving" \
  --set "Moving loads/Masses=m: 0.2 @ 0.1 + 0.5*t" >/dev/null
echo "hamdyn run, the same mass standing at midspan:"
time mpirun -np "$ranks" "$root/build/bin/hamdyn" run "$work/beam.prm" --output "$work/fixed" \
  --set "Attachments/Point masses=0.5:0.2" --set "Moving loads/Gravity=0" \
  --set "Attachments/Forces=0.5:-1.962" >/dev/null
