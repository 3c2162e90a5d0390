#!/usr/bin/env bash
# Long runs that survive: a 2-rank run killed (SIGKILL) at random moments and resumed gives
# history.csv bit for bit as an uninterrupted run; SIGTERM and SIGINT write a checkpoint and exit
# 143 / 130; a resume on another rank count agrees as closely as runs on the two rank counts do;
# after every kill history.csv holds whole rows (but a last one the kill cut) and the ParaView series is valid; one run per
# directory; a new run leaves no stale files; a failure on one rank only ends the job within 10 s,
# and one on both ranks prints one line;
# a discrete system's run is killed and resumed alike (its count of halved steps kept), and a run
# with nonlinear elements (their energy sums kept); scripts/run forwards TERM and INT to the
# ranks and exits with their status.
# Usage: test_long_runs.sh HAMDYN_BINARY SOURCE_DIR
set -u
. "$(dirname "${BASH_SOURCE[0]}")/checks.sh"

# A run of a few seconds (10 000 steps of 40 001 DoFs, about 3 s on 2 ranks here) with a short
# history.
case_args=(--set "Discretization/Elements=40000" --set "Discretization/Degree=1"
  --set "Time integration/Final time=1" --set "Output/Snapshot interval=2000"
  --set "Output/Checkpoint interval=600")
mpirun --oversubscribe -np 2 "$hamdyn" run "${case_args[@]}" --output ref > ref.log 2>&1
check "uninterrupted reference run" test $? -eq 0

# start_run NAME ARGS...: `hamdyn run ARGS` on 2 ranks in the background (its pid: run_pid).
start_run() {
  local name="$1"
  shift
  mpirun --oversubscribe -np 2 "$hamdyn" run "$@" > "$name.log" 2>&1 &
  run_pid=$!
}
wait_for() { # wait_for FILE: up to 120 s
  local i
  for i in $(seq 1200); do test -e "$1" && return 0; sleep 0.1; done
  return 1
}
# signal_ranks SIGNAL: signals the ranks, as a scheduler does, and waits; status in run_status.
signal_ranks() {
  pkill -"$1" -P "$run_pid"
  wait "$run_pid"
  run_status=$?
}
# stopped_and_resumed LABEL NAME ROWS ARGS...: `hamdyn run ARGS` on 2 ranks, uninterrupted (into
# NAME_ref) and again (into NAME, no periodic checkpoint) stopped by SIGTERM once its history has
# ROWS rows, then resumed on 2 ranks: exit 143, and the resumed history.csv bit for bit.
stopped_and_resumed() {
  local label="$1" name="$2" rows="$3"
  shift 3
  mpirun --oversubscribe -np 2 "$hamdyn" run "$@" --output "${name}_ref" > "${name}_ref.log" 2>&1
  check "$label: uninterrupted reference run" test $? -eq 0
  start_run "$name" "$@" --set "Output/Checkpoint interval=0" --output "$name"
  wait_for_rows "$name" "$rows"
  signal_ranks TERM
  check "$label, SIGTERM: exit 143 (got $run_status)" test "$run_status" -eq 143
  mpirun --oversubscribe -np 2 "$hamdyn" run --resume "$name" > "${name}_resumed.log" 2>&1
  check "$label, resumed: history.csv bit for bit" cmp -s "${name}_ref/history.csv" "$name/history.csv"
}
whole_rows() { # every line of history.csv has the header's number of fields
  awk -F, 'NR == 1 { n = NF } NF != n { bad = 1 } END { exit bad }' "$1/history.csv"
}
# After SIGKILL: every line but the last is a whole row; the last may be cut (the kernel ends a
# write of several pages early when the process is killed during it), and --resume cuts the file
# back to the checkpoint's row anyway (tested below: bit for bit).
whole_rows_but_the_last() {
  awk -F, 'NR == 1 { n = NF } NR > 1 && previous != n { bad = 1 } { previous = NF }
           END { exit bad }' "$1/history.csv"
}
# Every snapshot the .pvd names, and every piece each .pvtu names, is there and complete: the
# index files parse as XML, the pieces (raw binary appended data, not XML text) are read by VTK's
# own reader with every point and every field there.
series_valid() {
  /usr/bin/python3 - "$1" <<'EOF'
import os, sys, xml.etree.ElementTree as ET
from vtkmodules.vtkIOXML import vtkXMLUnstructuredGridReader
from vtkmodules.vtkCommonCore import vtkObject
vtkObject.GlobalWarningDisplayOff()
d = sys.argv[1]
for ds in ET.parse(os.path.join(d, "solution.pvd")).getroot().iter("DataSet"):
    pvtu = ET.parse(os.path.join(d, ds.get("file"))).getroot()
    names = [a.get("Name") for a in pvtu.iter("PDataArray") if a.get("Name")]
    for piece in pvtu.iter("Piece"):
        reader = vtkXMLUnstructuredGridReader()
        reader.SetFileName(os.path.join(d, piece.get("Source")))
        reader.Update()
        grid = reader.GetOutput()
        assert reader.GetErrorCode() == 0 and grid.GetNumberOfPoints() > 0, piece.get("Source")
        for name in names:
            array = grid.GetPointData().GetArray(name) or grid.GetCellData().GetArray(name)
            assert array is not None and array.GetNumberOfTuples() > 0, (piece.get("Source"), name)
EOF
}

# largest_difference A B: the largest difference between two histories, relative to each column's
# largest magnitude (the energy error, itself round-off, relative to the largest energy).
largest_difference() {
  /usr/bin/python3 - "$1" "$2" <<'PY'
import csv, sys
header = next(csv.reader(open(sys.argv[1])))
a, b = ([list(map(float, r)) for r in list(csv.reader(open(p)))[1:]] for p in sys.argv[1:3])
assert len(a) == len(b), (len(a), len(b))
energy = max(abs(r[header.index("kinetic_energy")]) + abs(r[header.index("potential_energy")])
             for r in a)
worst = 0.0
for k, name in enumerate(header):
    scale = energy if name == "energy_error" else max(abs(r[k]) for r in a)
    worst = max(worst, max(abs(x[k] - y[k]) for x, y in zip(a, b)) / max(scale, 1e-300))
print(f"{worst:.3g}")
PY
}

# SIGKILL three times at random points of the run (10 001 rows), the k-th after row
# 2500 k + [0, 1000), past the first checkpoint (row 601), resuming each time.
start_run killed "${case_args[@]}" --output killed
for k in 1 2 3; do
  wait_for killed/checkpoint.bin
  wait_for_rows killed $((2500 * k + RANDOM % 1000))
  signal_ranks KILL
  check "SIGKILL $k: history.csv holds whole rows (but a cut last one)" whole_rows_but_the_last killed
  check "SIGKILL $k: the ParaView series is valid" series_valid killed
  start_run killed --resume killed
done
wait "$run_pid"
check "resumed after 3 SIGKILLs: exit 0" test $? -eq 0
check "resumed after 3 SIGKILLs: history.csv bit for bit" cmp -s ref/history.csv killed/history.csv
check "resumed after 3 SIGKILLs: the space-time levels bit for bit" \
  cmp -s ref/spacetime.bin killed/spacetime.bin
check "resumed after 3 SIGKILLs: spacetime.vts written" test -s killed/spacetime.vts
check "resumed after 3 SIGKILLs: the same snapshots" \
  test "$(ls killed/*.pvtu | wc -l)" -eq "$(ls ref/*.pvtu | wc -l)"
check "resumed after 3 SIGKILLs: the ParaView series is valid" series_valid killed
# The attachments' series (the end mass, spring and dashpot): the files byte for byte, the index's
# entries equal (its header comment carries the time it was written).
same_attachments() {
  local f
  test "$(ls ref/attachments_*.vtp | wc -l)" -eq "$(ls killed/attachments_*.vtp | wc -l)" || return 1
  for f in ref/attachments_*.vtp; do
    cmp -s "$f" "killed/$(basename "$f")" || return 1
  done
  test "$(grep DataSet ref/attachments.pvd)" = "$(grep DataSet killed/attachments.pvd)"
}
check "resumed after 3 SIGKILLs: the attachments' series as uninterrupted" same_attachments

# SIGINT: the step finishes, a checkpoint is written, exit 130 and one line saying how to resume.
start_run interrupted "${case_args[@]}" --set "Output/Checkpoint interval=0" --output interrupted
wait_for_rows interrupted 2000
signal_ranks INT
check "SIGINT: exit 130 (got $run_status)" test "$run_status" -eq 130
check "SIGINT: says how to resume" \
  grep -q "^hamdyn: stopped by SIGINT after step .*continue with hamdyn run --resume interrupted$" \
  interrupted.log
check "SIGINT: checkpoint written" test -s interrupted/checkpoint.bin
mpirun --oversubscribe -np 2 "$hamdyn" run --resume interrupted > resumed.log 2>&1
check "SIGINT: resumed, exit 0" test $? -eq 0
check "SIGINT: the resumed run's log counts the steps it ran itself" grep -qE \
  "resumed at step [0-9]+: steps [0-9]+ to [0-9]+ \([0-9]+\) in this process in [0-9.]+ s$" \
  resumed.log
check "SIGINT: history.csv bit for bit" cmp -s ref/history.csv interrupted/history.csv
check "SIGINT: the space-time levels bit for bit" cmp -s ref/spacetime.bin interrupted/spacetime.bin

# SIGTERM (a scheduler's time limit): exit 143, then resumed on 1 rank.
start_run terminated "${case_args[@]}" --output terminated
wait_for_rows terminated 2000
signal_ranks TERM
check "SIGTERM: exit 143 (got $run_status)" test "$run_status" -eq 143
"$hamdyn" run --resume terminated > resumed1.log 2>&1
check "SIGTERM: resumed on 1 rank, exit 0" test $? -eq 0
# The resumed run carries the 2-rank state over exactly, so it differs from the 2-rank run only by
# the round-off of the steps made on 1 rank: no more than two uninterrupted runs on 1 and 2 ranks
# differ (which exceeds 1e-12 on this fine mesh: see docs/theory.md).
"$hamdyn" run "${case_args[@]}" --output ref1 > ref1.log 2>&1
between_rank_counts=$(largest_difference ref/history.csv ref1/history.csv)
after_resume=$(largest_difference ref/history.csv terminated/history.csv)
echo "largest relative difference: 1 vs 2 ranks $between_rank_counts, resumed on 1 rank $after_resume"
check "SIGTERM: resumed on 1 rank, within the round-off between rank counts" /usr/bin/python3 -c \
  "import sys; sys.exit(not $after_resume <= max(2 * $between_rank_counts, 1e-12))"

# A thinned history (every 7th row, two columns) stopped by SIGTERM and resumed: bit for bit as
# the uninterrupted thinned run (the stop's own step writes no row unless it is due).
stopped_and_resumed "thinned history" thin 300 "${case_args[@]}" \
  --set "Output/History interval=7" --set "Output/History columns=u@0.5, energy_error"

# The modal scheme (8 modes and the static correction): the checkpoint holds the coordinates and
# the modal displacement and velocity, so a resumed run goes on bit for bit.
stopped_and_resumed "modal scheme" modal 3000 "${case_args[@]}" \
  --set "Time integration/Scheme=modal" --set "Modes/Number of modes=8"

# Moving loads (a force, a mass and a vehicle coming from the ground): the checkpoint holds the
# vehicle's state, the contact forces and the carrier's work, and J^-1 N is solved again.
stopped_and_resumed "moving loads" moving 3000 "${case_args[@]}" \
  --set "Discretization/Degree=2" --set "Discretization/Elements=20000" \
  --set "Moving loads/Forces=P: -0.5 @ 0.3*t" --set "Moving loads/Masses=m: 0.002 @ 0.2 + 0.5*t" \
  --set "Moving loads/Oscillators=car: 0.003, 50, 0.05 @ -0.1 + 0.8*t" \
  --set "Moving loads/Gravity=9.81"

# A discrete system's run (the two-mass seed, 60 000 steps, a few seconds) survives the same way:
# SIGKILL twice and resumed, SIGTERM on 2 ranks and resumed on 1, history.csv bit for bit (every
# rank solves the same small system, so the rank count does not change a digit).
seed=("$source_dir/cases/seeds/two_masses_inertial.prm" --set "Time integration/Final time=60"
  --set "Output/Checkpoint interval=5000")
mpirun --oversubscribe -np 2 "$hamdyn" run "${seed[@]}" --output dref > dref.log 2>&1
check "discrete: uninterrupted reference run" test $? -eq 0
start_run dkilled "${seed[@]}" --output dkilled
for k in 1 2; do # the k-th SIGKILL after row 15 000 k + [0, 5000) of 60 001
  wait_for dkilled/checkpoint.bin
  wait_for_rows dkilled $((15000 * k + RANDOM % 5000))
  signal_ranks KILL
  check "discrete: SIGKILL $k: history.csv holds whole rows (but a cut last one)" \
    whole_rows_but_the_last dkilled
  start_run dkilled --resume dkilled
done
wait "$run_pid"
check "discrete: resumed after 2 SIGKILLs: exit 0" test $? -eq 0
check "discrete: resumed after 2 SIGKILLs: history.csv bit for bit" \
  cmp -s dref/history.csv dkilled/history.csv
start_run dterminated "${seed[@]}" --set "Output/Checkpoint interval=0" --output dterminated
wait_for_rows dterminated 10000
signal_ranks TERM
check "discrete: SIGTERM: exit 143 (got $run_status)" test "$run_status" -eq 143
check "discrete: SIGTERM: says how to resume" \
  grep -q "^hamdyn: stopped by SIGTERM after step .*continue with hamdyn run --resume dterminated$" \
  dterminated.log
"$hamdyn" run --resume dterminated > dresumed1.log 2>&1
check "discrete: SIGTERM: resumed on 1 rank, exit 0" test $? -eq 0
check "discrete: SIGTERM: resumed on 1 rank, history.csv bit for bit" \
  cmp -s dref/history.csv dterminated/history.csv

# Steps retried in halves are counted over the whole run, across a resume: the hardening spring at
# a step its Newton iterations (at most 2) cannot always take (69 157 of its 85 715 steps are
# halved; at 3e-3, with the springs' discrete gradient at rho_inf = 1, none is).
stopped_and_resumed "discrete halving" halving 20000 "$source_dir/cases/seeds/hardening_spring.prm" \
  --set "Time integration/Time step=3.5e-3" --set "Time integration/Maximum Newton iterations=2" \
  --set "Time integration/Final time=300"
halved_ref="$(grep -o "[0-9]* steps retried in halves" halving_ref.log)"
check "discrete halving: the reference run halves steps ($halved_ref)" test -n "$halved_ref"
check "discrete halving: resumed: the same count of halved steps over the whole run" \
  grep -qF "$halved_ref" halving_resumed.log

# A line model with a nonlinear spring and a quadratic-drag dashpot: the terms' own energy sums
# (the spring's int F de, the dashpot's work) go into the checkpoint and come back, so a resumed
# run's history, energy columns included, is the uninterrupted run's bit for bit.
stopped_and_resumed "nonlinear elements" nonlinear 1500 \
  --set "Attachments/Nonlinear springs=0.5: 500*e + 2e8*e^3" \
  --set "Attachments/Dashpots=0.7: 0.05, 3" --set "Time integration/Final time=0.5" \
  --set "Output/Snapshot interval=0"

# A system written by its points (the double pendulum): points.pvd goes on after a resume as if
# the run had not stopped, every file the uninterrupted run's byte for byte, the index too.
stopped_and_resumed "points" points 1000 "$source_dir/cases/seeds/double_pendulum.prm" \
  --set "Time integration/Final time=30" --set "Output/Snapshot interval=2000" \
  --set "Output/History interval=10"
same_points=0
for file in points_ref/points_*.vtp; do
  cmp -s "$file" "points/$(basename "$file")" || same_points=1
done
cmp -s points_ref/points.pvd points/points.pvd || same_points=1
check "points, resumed: points.pvd and its files byte for byte" \
  test "$same_points" -eq 0 -a "$(ls points_ref/points* | wc -l)" -eq "$(ls points/points* | wc -l)"

# scripts/run stopped as a scheduler or a terminal stops it: TERM or INT to the script reaches every
# rank (forwarded as USR2 or USR1 by scripts/launch-ranks, since mpirun kills the job a few seconds
# after its own TERM), the run writes its checkpoint, and the script's status is the ranks' own,
# 143 or 130; the checkpoint resumes bit for bit. (A script's background job ignores INT: Python
# gives the script the default disposition a terminal's foreground job has.)
start_script() { # start_script NAME ARGS...: scripts/run ARGS in the background (pid: run_pid)
  local name="$1"
  shift
  HAMDYN="$hamdyn" /usr/bin/python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$source_dir/scripts/run" "$@" > "$name.log" 2>&1 &
  run_pid=$!
}
for signal in TERM INT; do
  expected=$([ $signal = TERM ] && echo 143 || echo 130)
  start_script "script_$signal" "${case_args[@]}" --set "Output/Checkpoint interval=0" \
    --output "script_$signal"
  wait_for_rows "script_$signal" 2000
  kill -$signal "$run_pid"
  wait "$run_pid"
  status=$?
  check "scripts/run, $signal: exit $expected, the ranks' own (got $status)" test $status -eq "$expected"
  check "scripts/run, $signal: the ranks wrote their checkpoint and said so" \
    grep -q "^hamdyn: stopped by SIG$signal after step .*continue with hamdyn run --resume" \
    "script_$signal.log"
  mpirun --oversubscribe -np 2 "$hamdyn" run --resume "script_$signal" > "script_$signal.resumed.log" 2>&1
  check "scripts/run, $signal: resumed, history.csv bit for bit" \
    cmp -s ref/history.csv "script_$signal/history.csv"
done

# One run per directory: a second run into a directory being written gets exit 2 naming it.
start_run busy "${case_args[@]}" --output busy
wait_for busy/history.csv
err="$("$hamdyn" run --output busy 2>&1 >/dev/null)"
check "second run into a busy directory: exit 2" test $? -eq 2
check "second run into a busy directory: names it" \
  grep -qF "Output/Directory = 'busy': another hamdyn run is writing into it" <<<"$err"
signal_ranks TERM
check "the first run was not disturbed" whole_rows busy

# A new run removes an earlier run's files (only hamdyn's own) before it writes.
mkdir -p stale && echo "mine" > stale/notes.txt
mpirun --oversubscribe -np 2 "$hamdyn" run --set "Output/Snapshot interval=10" --output stale \
  > /dev/null 2>&1
"$hamdyn" run --set "Time integration/Final time=0.02" --set "Output/Snapshot interval=10" \
  --output stale > /dev/null 2>&1
check "shorter re-run on fewer ranks: only its own 21 snapshots" \
  test "$(ls stale | grep -c '^solution_.*\.pvtu$')" -eq 21
check "shorter re-run on fewer ranks: no other rank's pieces" \
  test "$(ls stale | grep -c '^solution_.*\.1\.vtu$')" -eq 0
check "shorter re-run: a user's file is kept" test "$(cat stale/notes.txt)" = "mine"
# another study in the same directory: the run's history and its units file go
"$hamdyn" modes --output stale > /dev/null 2>&1
check "modes after a run: no history.csv or history_units.csv left" \
  test ! -e stale/history.csv -a ! -e stale/history_units.csv -a -e stale/modes.csv

# An error on one rank only (its snapshot piece cannot be written) ends the job within 10 s.
mkdir -p hang/solution_00000.1.vtu
start=$(date +%s)
timeout 60 mpirun --oversubscribe -np 2 "$hamdyn" run --output hang > hang.log 2>&1
status=$?
check "failure on rank 1 only: non-zero exit (got $status)" test $status -ne 0 -a $status -ne 124
check "failure on rank 1 only: ends within 10 s" test $(($(date +%s) - start)) -le 10
check "failure on rank 1 only: one line names the file" \
  grep -q "^hamdyn: failure: cannot replace hang/solution_00000.1.vtu" hang.log

# The same failure on both ranks at once (neither piece can be written): one line for the job,
# not one per rank interleaved (three tries: before, two lines came in most of them).
for try in 1 2 3; do
  rm -rf both && mkdir -p both/solution_00000.0.vtu both/solution_00000.1.vtu
  timeout 60 mpirun --oversubscribe -np 2 "$hamdyn" run --output both > both.log 2>&1
  check "failure on both ranks, try $try: one failure line (got $(grep -c 'hamdyn: failure' both.log))" \
    test "$(grep -c 'hamdyn: failure' both.log)" -eq 1
  check "failure on both ranks, try $try: the line names the file" \
    grep -q "^hamdyn: failure: cannot replace both/solution_00000.[01].vtu: Is a directory$" both.log
done

finish_checks
