#!/usr/bin/env bash
# Times a 100-member frame's modes: a 10-storey, 4-bay steel frame (5 columns and 4 beams a
# storey, 6 m bays, 3.5 m storeys, clamped feet, a diagonal brace in the first bay of each
# storey: 100 members, rigid joints; EA = 4e9 N, kGA = 1e9 N, EI = 4e7 N m^2, 150 kg/m), its 10
# lowest in-plane modes with ELEMENTS cubic elements a member (default: 1 and 2), the whole
# process's median wall time of RUNS runs. The modes are a dense eigenproblem of the free DoFs
# (studies/planar_beam_modes.h): its cost grows as their cube. A benchmark: it asserts nothing.
# Usage: bench/frame_modes.sh [RUNS] [ELEMENTS...]
set -euo pipefail
runs="${1:-5}"
shift || true
counts=("${@:-1 2}")
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/build" >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
hamdyn="$root/build/bin/hamdyn"

points="" members="" supports=""
for j in $(seq 0 10); do
  for i in $(seq 0 4); do
    points+="${points:+; }P${i}_${j}: $((6 * i)), $(echo "3.5 * $j" | bc -l)"
  done
done
for j in $(seq 0 9); do
  for i in $(seq 0 4); do members+="${members:+; }c${i}_${j}: P${i}_${j} P${i}_$((j + 1))"; done
  for i in $(seq 0 3); do members+="; b${i}_${j}: P${i}_$((j + 1)) P$((i + 1))_$((j + 1))"; done
  members+="; d${j}: P0_${j} P1_$((j + 1))"
done
for i in $(seq 0 4); do supports+="${supports:+; }P${i}_0: clamped"; done
cat >"$work/frame.prm" <<CASE
subsection Model
  set Type = planar beam
end
subsection Geometry
  set Points = $points
  set Members = $members
  set Supports = $supports
end
subsection Planar beam
  set Axial stiffness = 4e9
  set Shear stiffness = 1e9
  set Bending stiffness = 4e7
  set Mass per length = 150
end
subsection Discretization
  set Degree = 3
end
subsection Modes
  set Number of modes = 10
end
CASE

for elements in ${counts[@]}; do
  for k in $(seq "$runs"); do
    start=$(date +%s.%N)
    "$hamdyn" modes "$work/frame.prm" --set "Discretization/Elements=$elements" \
      --output "$work/modes" >"$work/log"
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
  done | sort -g | awk -v e="$elements" '{ v[NR] = $1 }
    END { printf "100-member frame, %d cubic element(s) a member: modes in %.3f s (median)\n", e, v[int((NR + 1) / 2)] }'
  grep -m1 "planar frame" "$work/log"
done
