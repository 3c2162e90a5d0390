# A disk that fills during a run: exit 1 with one line naming the file, and what was written stays
# valid up to the last complete step: history.csv its header and whole rows only, solution.pvd
# naming only snapshots whose pieces are complete; a batch member that fills it fails alone. The
# disk is a small tmpfs mounted here (root); where mounting is not allowed the test is skipped
# (exit 77), not passed.
# Usage: test_full_disk.sh HAMDYN_BINARY SOURCE_DIR
set -u
. "$(dirname "${BASH_SOURCE[0]}")/checks.sh"
py=/usr/bin/python3
mkdir disk
if ! mount -t tmpfs -o size=256k tmpfs disk 2> /dev/null; then
  echo "skipped: no tmpfs can be mounted here (not root, or no mount capability)"
  exit 77
fi
trap 'umount "$work/disk"; rm -rf "$work"' EXIT

full_run() { # full_run NAME DIR ARGS...: a run that fills the disk
  local name="$1" dir="$2"
  shift 2
  "$hamdyn" run --output "$dir" "$@" > /dev/null 2> err.txt
  local status=$?
  check "$name: exit 1 (got $status)" test $status -eq 1
  check "$name: one line naming the full disk ($(cat err.txt))" \
    test "$(grep -c . err.txt)" -eq 1 -a "$(grep -c 'No space left on device' err.txt)" -eq 1
  check "$name: history.csv is its header and whole rows" "$py" - "$dir/history.csv" <<'EOF'
import sys
text = open(sys.argv[1]).read()
assert text.endswith("\n"), "ends in half a row"
rows = [l.split(",") for l in text.splitlines() if not l.startswith("#")]
assert rows and rows[0][0] == "time", "no header"
assert all(len(r) == len(rows[0]) for r in rows), "a short row"
assert all(float(c) == float(c) for r in rows[1:] for c in r), "a cell that is not a number"
EOF
}

# history.csv alone fills the disk (no snapshots): the rows up to the last whole one stay
full_run "history rows" disk/history --set "Output/Snapshot interval=0" \
  --set "Output/Space-time points=0" --set "Time integration/Final time=1"
check "history rows: some rows were kept" test "$(wc -l < disk/history/history.csv)" -gt 10
rm -rf disk/history

# snapshots fill it: solution.pvd names only snapshots whose pieces are complete
full_run "snapshots" disk/snapshots
check "snapshots: solution.pvd names only complete snapshots" "$py" - disk/snapshots <<'EOF'
import os, re, sys
d = sys.argv[1]
listed = re.findall(r'file="([^"]+)"', open(os.path.join(d, "solution.pvd")).read())
assert listed, "no snapshot listed"
for record in listed:
    for piece in re.findall(r'Source="([^"]+)"', open(os.path.join(d, record)).read()):
        assert open(os.path.join(d, piece), "rb").read().rstrip().endswith(b"</VTKFile>"), piece
EOF
rm -rf disk/snapshots

# A batch member that fills the disk fails alone: its half-written snapshot is removed, the other
# member's results stay, summary.csv lists both, exit 1 (before, the member's leftover piece kept
# the disk full and the batch died writing the member's result.csv, with no summary).
printf 'Time integration/Final time,Discretization/Elements,Output/Snapshot interval\n' > members.csv
printf '0.002,10,0\n1,2000,1\n' >> members.csv
cp "$source_dir/cases/default.prm" example.prm
printf 'subsection Batch\n  set Case = example.prm\n  set Study = run\n  set Table = members.csv\nend\n' > sweep.prm
printf 'subsection Output\n  set Space-time points = 0\nend\n' >> sweep.prm
"$hamdyn" batch sweep.prm --output disk/batch > batch.log 2>&1
status=$?
check "batch: exit 1 (got $status)" test $status -eq 1
check "batch: summary.csv has the ok member and the failed one" "$py" -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert [r["status"] for r in rows] == ["ok", "failed"], rows
assert "No space left on device" in rows[1]["message"], rows[1]["message"]
' disk/batch/summary.csv
check "batch: no half-written file left" test "$(find disk/batch -name '*.tmp' | wc -l)" -eq 0
finish_checks
