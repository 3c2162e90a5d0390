#!/usr/bin/env bash
# Times the path `hamdyn run` takes (step, energy ledger, history rows) for a P1 string, a Hermite
# beam and the string with four hardening springs (Newton), 10^6 unknowns, on 1 and 2 ranks (a
# benchmark: it asserts nothing). Usage: bench/step_loop.sh [UNKNOWNS] [STEPS]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/build" >/dev/null
. "$root/scripts/mpi-env"
for ranks in 1 2; do
  for model in string beam nonlinear; do
    mpirun -np "$ranks" "$root/build/bin/hamdyn" bench --model "$model" --unknowns "${1:-1000000}" --steps "${2:-100}"
  done
done
