#!/usr/bin/env bash
# Times the path `hamdyn run` takes (step, energy ledger, history rows) for a damped P1 string, an
# undamped one (a wave running into a string at rest: the path where subnormals would hide), a
# Hermite beam and the string with four hardening springs (Newton), 10^6 unknowns, on 1 and 2
# ranks, and the hand-written tridiagonal loop both strings are measured against
# (bench/reference_newmark_loop.cc), each RUNS times (a benchmark: it asserts nothing; quote the
# medians).
# Usage: bench/step_loop.sh [UNKNOWNS] [STEPS] [RUNS]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/build" >/dev/null
. "$root/scripts/mpi-env"
unknowns="${1:-1000000}" steps="${2:-100}" runs="${3:-3}"
for case in damped wave; do
  for run in $(seq "$runs"); do
    "$root/build/bin/reference_newmark_loop" "$unknowns" "$steps" "$case"
  done
done
for ranks in 1 2; do
  for model in string wave beam nonlinear; do
    for run in $(seq "$runs"); do
      mpirun -np "$ranks" "$root/build/bin/hamdyn" bench --model "$model" --unknowns "$unknowns" \
        --steps "$steps"
    done
  done
done
