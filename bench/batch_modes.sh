#!/usr/bin/env bash
# The batch benchmark (asserts nothing): 100 members of the built-in example with Study = modes,
# on 1 and 2 ranks, each into a fresh directory. Prints the per-member overhead (batch wall time
# minus the members' own time, shared among the groups, per member) and the 2-rank speed-up,
# both for the batch itself (its own wall-time line) and for the whole job (mpirun and the
# processes' start-up included).
# Usage: bench/batch_modes.sh [MEMBERS]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/build" >/dev/null
. "$root/scripts/mpi-env"
members="${1:-100}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 -c "print('subsection Batch\n  set Case = $root/cases/default.prm\n  set Study = modes\n  set Values = Right end/Point mass = '
  + ', '.join('%.6g' % (0.001 * (1 + k)) for k in range($members)) + '\nend')" > "$work/sweep.prm"
for ranks in 1 2; do
  start=$(date +%s.%N)
  mpirun -np "$ranks" "$root/build/bin/hamdyn" batch "$work/sweep.prm" --output "$work/out$ranks" \
    > "$work/log$ranks"
  echo "$(date +%s.%N) $start" > "$work/job$ranks"
done
/usr/bin/python3 - "$work" <<'PY'
import re, sys
work = sys.argv[1]
wall, job, own = {}, {}, {}
for r in (1, 2):
    line = open(f"{work}/log{r}").read().strip().splitlines()[-1]
    m = re.search(r"(\d+) members: (\d+) ok.*wall ([\d.]+) s, members' own ([\d.]+) s", line)
    n, ok, wall[r], own[r] = int(m[1]), int(m[2]), float(m[3]), float(m[4])
    end, start = map(float, open(f"{work}/job{r}").read().split())
    job[r] = end - start
    print(f"{r} rank(s): {n} members, {ok} ok; batch wall {wall[r]:.3f} s, members' own "
          f"{own[r]:.3f} s ({1e3 * own[r] / n:.1f} ms each): overhead "
          f"{1e3 * (wall[r] - own[r] / r) / n:.2f} ms per member; job wall {job[r]:.3f} s "
          f"({1e3 * (job[r] - own[r] / r) / n:.2f} ms per member with start-up)")
print(f"2-rank speed-up: batch {wall[1] / wall[2]:.2f}, job {job[1] / job[2]:.2f}")
PY
