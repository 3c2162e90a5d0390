# Sourced by the benchmarks of a 10^5-unknown beam (bench/frequency_response.sh,
# bench/moving_mass.sh): the project built, MPI set up, a scratch directory $work (removed at
# exit) and the beam they share, a simply supported Timoshenko beam (rho A = EI = L = 1, kappa G A
# = 1e4, rho I = 1e-4) of $1 quadratic elements, as $work/beam.prm, to which the caller appends
# its own sections. A Timoshenko beam, not an Euler-Bernoulli one: a cubic Hermite beam's K has a
# condition ~N^4, and at 10^5 unknowns its static response is beyond double precision (hamdyn
# warns); the Timoshenko beam's ~N^2 is not.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/build" >/dev/null
. "$root/scripts/mpi-env"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat >"$work/beam.prm" <<EOF2
subsection Model
  set Type = timoshenko beam
  set Mass per length = 1
  set Bending stiffness = 1
  set Shear stiffness = 1e4
  set Rotary inertia per length = 1e-4
end
subsection Discretization
  set Elements = $1
end
EOF2
