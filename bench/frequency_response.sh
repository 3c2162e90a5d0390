#!/usr/bin/env bash
# Times `hamdyn response` for a 1000-frequency FRF of a simply supported Timoshenko beam with
# 10^5 unknowns (25000 quadratic elements, w and theta; a midspan force, 1 % structural damping),
# the whole process, direct and modal (20 modes with the static correction), on RANKS ranks, each
# printed with `time` (the beam: bench/timoshenko_beam.sh), and in the same run the reference the
# direct method is measured against: one complex banded LU and solve of the same size and
# half-bandwidth (bench/complex_band_reference.py, LAPACK zgbsv through scipy). A benchmark: it
# asserts nothing.
# Usage: bench/frequency_response.sh [ELEMENTS] [FREQUENCIES] [RANKS]
elements="${1:-25000}" frequencies="${2:-1000}" ranks="${3:-1}"
. "$(dirname "${BASH_SOURCE[0]}")/timoshenko_beam.sh" "$elements"
cat >>"$work/beam.prm" <<EOF
subsection Modes
  set Number of modes = 20
end
subsection Frequency response
  set Frequencies = 0.1:$(awk "BEGIN { print 100 / $frequencies }"):100
  set Structural damping = 0.01
  set Forces = 0.5:1
end
subsection Output
  set Probes = 0.25
end
EOF
for method in direct modal; do
  echo "hamdyn response, $method, $elements elements, $ranks rank(s):"
  rm -rf "$work/out"
  time mpirun --oversubscribe -np "$ranks" "$root/build/bin/hamdyn" response "$work/beam.prm" \
    --set "Frequency response/Method=$method" --output "$work/out" | tail -2
done
# the beam's unknowns: w and theta at 2 ELEMENTS + 1 nodes; half-bandwidth 5 along the line
/usr/bin/python3 "$root/bench/complex_band_reference.py" $((2 * (2 * elements + 1))) 5
