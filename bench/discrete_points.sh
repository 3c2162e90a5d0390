#!/usr/bin/env bash
# Times `hamdyn run` on one chain of N point masses (unit masses on springs of 1e4 N/m, the first
# tied to the ground, two linear constraints) written two ways: with constant Inertias, Springs and
# Equations (the elements' path), and with Points, a Potential energy and the same Equations (the
# energies' path: derivatives formed by GiNaC when the case is read, evaluated as muparser
# bytecode each Newton iteration), each RUNS times; the log line of each run gives its steps and
# time (a benchmark: it asserts nothing; quote the medians and their ratio).
# Usage: bench/discrete_points.sh [N] [STEPS] [RUNS]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/build" >/dev/null
n="${1:-10}" steps="${2:-20000}" runs="${3:-3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
coordinates="" inertias="" springs="" points="" potential=""
for ((i = 0; i < n; i++)); do
  sep=$([ "$i" -gt 0 ] && echo "; " || true)
  coordinates+="$([ "$i" -gt 0 ] && echo ", " || true)x$i"
  inertias+="${sep}m$i: 1 @ x$i"
  points+="${sep}p$i: 1 @ x$i"
  if [ "$i" -eq 0 ]; then
    springs+="k0: 1e4*e @ x0"
    potential+="0.5*1e4*x0^2"
  else
    springs+="; k$i: 1e4*e @ x$i - x$((i - 1))"
    potential+=" + 0.5*1e4*(x$i - x$((i - 1)))^2"
  fi
done
common="subsection Model
  set Type = discrete
end
subsection Constraints
  set Equations = tie1: 0 @ x2 - x$((n - 3)); tie2: 0 @ x1 + x$((n - 1))
end
subsection Time integration
  set Time step = 1e-4
  set Final time = $(/usr/bin/python3 -c "print($steps * 1e-4)")
end
subsection Output
  set Checkpoint interval = 0
end"
cat > "$work/inertias.prm" <<CASE
$common
subsection Discrete system
  set Coordinates = $coordinates
  set Inertias = $inertias
  set Springs = $springs
  set Initial displacements = x$((n - 1)): 0.01; x0: 0.01
end
CASE
cat > "$work/points.prm" <<CASE
$common
subsection Discrete system
  set Coordinates = $coordinates
  set Points = $points
  set Potential energy = $potential
  set Initial displacements = x$((n - 1)): 0.01; x0: 0.01
end
CASE
for form in inertias points; do
  for run in $(seq "$runs"); do
    "$root/build/bin/hamdyn" run "$work/$form.prm" --output "$work/out_$form" | grep "steps of"
  done
done
