#!/usr/bin/env bash
# End-to-end checks of `hamdyn batch`: every summary value equals what the member gives as a
# single hamdyn run, on 1, 2 and 3 ranks and with 2 ranks per member; a bad member refuses the
# sweep up front, a failing one does not stop the others; --resume, --slice and --merge; a SIGTERM'd batch checkpoints its members in flight,
# exits 143 and resumes them; a running batch's directory is refused to a second batch; bad sweep files exit 2 with nothing written.
# Usage: test_batch.sh HAMDYN_BINARY SOURCE_DIR
set -u
. "$(dirname "${BASH_SOURCE[0]}")/checks.sh"
py=/usr/bin/python3
mpi() { mpirun --quiet --oversubscribe -np "$@"; }
# the built-in example, the base case (Batch/Case) of the sweeps compared with single runs of it
cp "$source_dir/cases/default.prm" example.prm

# Compares a summary with single runs: compare_summary SUMMARY CSV_OF_SINGLE_RUN COLUMN... where
# each COLUMN is "summary_column=expression over the single run's CSV rows" (a Python expression
# in `rows`, the list of dicts of the member's CSV; `m` is the member's index), and DIRPATTERN
# names the single runs' directories with {m}.
compare_summary() { # compare_summary SUMMARY DIRPATTERN FILE TOLERANCE COLUMN=EXPR...
  "$py" - "$@" <<'EOF'
import csv, sys
summary, pattern, name, tolerance = sys.argv[1:5]
tolerance = float(tolerance)
rows_of_summary = list(csv.DictReader(open(summary)))
bad = 0
for m, s in enumerate(rows_of_summary):
    rows = list(csv.DictReader(l for l in open(pattern.format(m=m) + "/" + name)
                               if not l.startswith("#")))
    for item in sys.argv[5:]:
        column, expression = item.split("=", 1)
        mine, theirs = float(s[column]), float(eval(expression))
        if abs(mine - theirs) > tolerance * abs(theirs):
            print(f"case {m} {column}: summary {mine!r}, single run {theirs!r}")
            bad += 1
sys.exit(1 if bad or not rows_of_summary else 0)
EOF
}

# --- modes: the same six members on 1, 2 and 3 ranks, and with 2 ranks per member ---------------
cat > modes.prm <<'EOF'
subsection Batch
  set Case = example.prm
  set Study = modes
  set Values = Right end/Point mass = 0.001, 0.005, 0.02; Model/Tension = 50, 100
end
subsection Modes
  set Number of modes = 3
end
EOF
sed 's/set Study = modes/set Study = modes\n  set Ranks per case = 2/' modes.prm > modes_r2.prm
m=0
for mass in 0.001 0.005 0.02; do
  for tension in 50 100; do
    for np in 1 2; do
      # its log kept: one such run once wrote nothing while another test suite ran beside it
      mpi $np "$hamdyn" modes --set "Right end/Point mass=$mass" --set "Model/Tension=$tension" \
        --set "Modes/Number of modes=3" --output "single$np/$m" > "single$np-$m.log" 2>&1
      rc=$? # before the check's $(tail ...), which sets $? itself
      check "single $np-rank run $m exits 0 ($(tail -1 "single$np-$m.log"))" test $rc -eq 0
    done
    m=$((m + 1))
  done
done
for np in 1 2 3; do
  mpi $np "$hamdyn" batch modes.prm --output "modes$np" > "modes$np.log" 2>&1
  rc=$? # before the check's $(tail ...), which sets $? itself
  check "modes batch on $np rank(s) exits 0 ($(tail -1 "modes$np.log"))" test $rc -eq 0
  check "modes batch on $np rank(s): summary = single 1-rank runs, to the last digit" \
    compare_summary "modes$np/summary.csv" "single1/{m}" modes.csv 0 \
    "omega_1=rows[0]['omega']" "omega_2=rows[1]['omega']" "omega_3=rows[2]['omega']"
done
check "summary header" test "$(head -1 modes1/summary.csv)" = \
  "case,status,message,seconds,Right end/Point mass,Model/Tension,omega_1,omega_2,omega_3,cumulative_mass_fraction"
check "members in table order, last varying fastest" test "$(sed -n 3p modes3/summary.csv | cut -d, -f1,2,5,6)" = \
  "case_0001,ok,0.001,100"
check "a progress line per member" test "$(grep -c '^hamdyn batch: case_0... ok in .* of 6, elapsed .*, ETA' modes2.log)" -eq 6
check "member writes its files" test -s modes2/case_0005/modes.csv -a -s modes2/case_0005/used_parameters.prm
check "member's used_parameters.prm has its values" grep -qE "set Point mass *= 0.02( |$)" modes2/case_0005/used_parameters.prm
mpi 2 "$hamdyn" batch modes_r2.prm --output modes_r2 > modes_r2.log 2>&1
check "2 ranks per member exits 0" test $? -eq 0
check "2 ranks per member: summary = single 2-rank runs, to the last digit" \
  compare_summary modes_r2/summary.csv "single2/{m}" modes.csv 0 \
  "omega_1=rows[0]['omega']" "omega_3=rows[2]['omega']"
check "2 ranks per member: summary = single 1-rank runs to 1e-10" \
  compare_summary modes_r2/summary.csv "single1/{m}" modes.csv 1e-10 \
  "omega_1=rows[0]['omega']" "omega_3=rows[2]['omega']"

# --- run from a table (a quoted cell with a comma; a bad member refuses the sweep) ---------------
# A member that would be bad input refuses the whole sweep up front: exit 2, one line naming the
# member and the parameter, nothing written. Without it, the table runs.
cat > table.csv <<'EOF'
Right end/Point mass,Right end/Force
0.001,0
-1,0
0.002,"0.1*max(0,sin(300*t))"
EOF
printf 'subsection Batch\n set Case = example.prm\n set Study = run\n set Table = table.csv\nend\n' > run.prm
printf 'subsection Time integration\n set Final time = 0.01\nend\n' >> run.prm
err="$(mpi 2 "$hamdyn" batch run.prm --output run 2>&1 > /dev/null)"
check "a bad member: the sweep exits 2 (got $?)" test $? -eq 2
check "a bad member: one line naming it (got: $err)" \
  test "$err" = "hamdyn: error: case_0001: Right end/Point mass = '-1': expected a real number >= 0"
check "a bad member: nothing written" test ! -e run
sed -i '3d' table.csv # the bad member out: members 0 and 1 (the quoted cell)
mpi 2 "$hamdyn" batch run.prm --output run > run.log 2>&1
check "the table runs: exit 0" test $? -eq 0
check "the table runs: both ok" test "$(grep -c ',ok,' run/summary.csv)" -eq 2
check "the quoted cell" grep -q '"0.1\*max(0,sin(300\*t))"' run/summary.csv
for m in 0 1; do
  force="$(sed -n "$((m + 2))p" table.csv | cut -d, -f2- | tr -d '"')"
  mass="$(sed -n "$((m + 2))p" table.csv | cut -d, -f1)"
  "$hamdyn" run --set "Right end/Point mass=$mass" --set "Right end/Force=$force" \
    --set "Time integration/Final time=0.01" --output "single_run/$m" > /dev/null 2>&1
done
check "run summary = single runs (largest |u|, energy error)" "$py" -c "
import csv
s = list(csv.DictReader(open('run/summary.csv')))
for m in (0, 1):
    rows = list(csv.DictReader(open('single_run/%d/history.csv' % m)))
    for col in ('u_right', 'u@0.5', 'energy_error'):
        assert float(s[m]['max_abs_' + col]) == max(abs(float(r[col])) for r in rows), (m, col)
"

# A failure while running (here an end force that becomes infinite at t = 0.005 s) is the member's
# "failed" with a one-line message; the members after it go on.
printf 'subsection Batch\n set Case = example.prm\n set Study = run\n set Values = Right end/Force = 0, 1/(t-0.005), 1\nend\nsubsection Time integration\n set Final time = 0.01\nend\n' > fail.prm
mpi 2 "$hamdyn" batch fail.prm --output failing > failing.log 2> /dev/null
check "a failed member: batch exits 1" test $? -eq 1
check "the failed member's row" grep -q '^case_0001,failed,"the state became non-finite at step 50' failing/summary.csv
check "every row on one line" test "$(wc -l < failing/summary.csv)" -eq 4
check "the members after it went on" test "$(grep -c ',ok,' failing/summary.csv)" -eq 2

# --- compare, with the base case relative to the sweep file; converge --------------------------
mkdir -p sweeps cases
cp "$source_dir/cases/cantilever_tip_mass.prm" cases/
cat > sweeps/compare.prm <<'EOF'
subsection Batch
  set Case = ../cases/cantilever_tip_mass.prm
  set Study = compare
  set Values = Right end/Point mass = 0.1, 0.4
end
subsection Time integration
  set Final time = 0.02
end
EOF
mpi 2 "$hamdyn" batch sweeps/compare.prm --output compare > compare.log 2>&1
check "compare batch exits 0" test $? -eq 0
for m in 0 1; do
  "$hamdyn" compare cases/cantilever_tip_mass.prm --set "Right end/Point mass=0.$((m * 3 + 1))" \
    --set "Time integration/Final time=0.02" --output "single_compare/$m" > /dev/null 2>&1
done
check "compare summary = single runs (largest bracket width)" \
  compare_summary compare/summary.csv "single_compare/{m}" compare.csv 0 \
  "largest_bracket_width=max((float(r['primal_fe'])-float(r['chain']))/float(r['primal_fe']) for r in rows if r['chain'] and r['exact'] and float(r['chain'])<=float(r['exact'])<=float(r['primal_fe']))"
check "compare summary: history differences = single runs" \
  compare_summary compare/summary.csv "single_compare/{m}" compare_history.csv 0 \
  "chain_minus_fe=max(abs(float(r['chain'])-float(r['primal_fe'])) for r in rows)" \
  "chain_dual_minus_chain=max(abs(float(r['dual'])-float(r['chain'])) for r in rows)"

printf 'subsection Batch\n set Case = example.prm\n set Study = converge\n set Values = Model/Tension = 50, 200\nend\n' > converge.prm
printf 'subsection Convergence\n set Levels = 3\n set Number of frequencies = 2\nend\n' >> converge.prm
printf 'subsection Discretization\n set Elements = 10\nend\n' >> converge.prm
mpi 3 "$hamdyn" batch converge.prm --output converge > converge.log 2>&1
check "converge batch on 3 ranks exits 0" test $? -eq 0
for m in 0 1; do
  "$hamdyn" converge --set "Model/Tension=$((50 + m * 150))" --set "Convergence/Levels=3" \
    --set "Convergence/Number of frequencies=2" --set "Discretization/Elements=10" \
    --output "single_converge/$m" > /dev/null 2>&1
done
check "converge summary = single runs (order at the finest asymptotic level)" \
  compare_summary converge/summary.csv "single_converge/{m}" convergence.csv 0 \
  "order_omega_1=[r for r in rows[0:3] if r['regime'] == 'asymptotic'][-1]['order']" \
  "order_omega_2=[r for r in rows[3:6] if r['regime'] == 'asymptotic'][-1]['order']"

# --- resume, slices and merge ------------------------------------------------------------------
rm modes2/case_0002/result.csv
sed -i 's/^case_0004,ok,/case_0004,failed,/' modes2/case_0004/result.csv
mpi 2 "$hamdyn" batch modes.prm --output modes2 --resume > resume.log 2>&1
check "--resume exits 0" test $? -eq 0
check "--resume runs only the members not ok ($(head -1 resume.log))" grep -q "6 member(s); 2 to run" resume.log
check "--resume: the summary is whole again" \
  compare_summary modes2/summary.csv "single1/{m}" modes.csv 0 "omega_2=rows[1]['omega']"
for k in 1 2 3; do
  mpi 1 "$hamdyn" batch modes.prm --output sliced --slice $k/3 > "slice$k.log" 2>&1
  check "slice $k of 3 exits 0" test $? -eq 0
done
check "slice summaries" test "$(cat sliced/summary_slice_*_of_3.csv | grep -c ',ok,')" -eq 6
"$hamdyn" batch modes.prm --output sliced --merge > merge.log 2>&1
check "merge exits 0" test $? -eq 0
check "merged slices = one batch" \
  compare_summary sliced/summary.csv "single1/{m}" modes.csv 0 "omega_1=rows[0]['omega']"

# --- Values with quoted values (an oscillator's three numbers hold commas) ------------------------
cat > quoted.prm <<'EOF'
subsection Batch
  set Case = example.prm
  set Study = modes
  set Values = Attachments/Oscillators = "0.5:0.01,400,0", "0.3:0.01,400,0"
end
subsection Modes
  set Number of modes = 2
end
EOF
mpi 1 "$hamdyn" batch quoted.prm --output quoted > quoted.log 2>&1
check "quoted Values: exit 0" test $? -eq 0
check "quoted Values: two members, each its oscillator" \
  test "$(cut -d, -f2,5- quoted/summary.csv | grep -c '^ok,"0\.[35]:0\.01,400,0",')" -eq 2
"$hamdyn" modes --set "Attachments/Oscillators=0.3:0.01,400,0" --set "Modes/Number of modes=2" \
  --output quoted_single > /dev/null 2>&1
check "quoted Values: member 1 = the single run" \
  compare_summary <(sed -n '1p;3p' quoted/summary.csv | sed 's/^case_0001/case_0000/') \
  quoted_single modes.csv 0 "omega_1=rows[0]['omega']"

# --- without Batch/Case the sweep file is the case: every key it leaves out has its default ------
printf 'subsection Batch\n set Study = modes\n set Values = Model/Tension = 50\nend\nsubsection Modes\n set Number of modes = 1\nend\n' > plain.prm
"$hamdyn" batch plain.prm --output plain > /dev/null 2>&1
check "a sweep file without a base case: exit 0" test $? -eq 0
check "a sweep file without a base case: only its own keys differ from the defaults" \
  test "$(grep -c '# default:' plain/case_0000/used_parameters.prm)" -eq 3

# --- SIGTERM, as a scheduler's time limit sends it ----------------------------------------------
# Four `run` members of 20 000 steps on 2 groups of 1 rank; TERM to the ranks once member 1 has
# 2000 rows (the run's own progress, not a time): the two in flight write their checkpoints, the
# batch writes summary.csv (2 stopped in flight, 2 not started), says how to resume and exits 143;
# --resume continues the stopped members from their checkpoints to the same history as an
# uninterrupted batch.
cat > long.prm <<'EOF'
subsection Batch
  set Case = example.prm
  set Study = run
  set Values = Model/Tension = 50, 100, 200, 400
end
subsection Time integration
  set Final time = 2
end
subsection Output
  set Snapshot interval = 0
  set Space-time points = 0
end
EOF
mpi 2 "$hamdyn" batch long.prm --output long_ref > long_ref.log 2>&1
check "long batch, uninterrupted: exit 0" test $? -eq 0
mpirun --oversubscribe -np 2 "$hamdyn" batch long.prm --output long > long.log 2>&1 &
batch_pid=$!
wait_for_rows long/case_0001 2000
# While it runs, its directory is its own: a second batch or --resume into it is refused (exit 2)
# and changes nothing. The ranks are held (SIGSTOP) meanwhile, so that the batch is still running
# when the second one tries, however fast the machine.
pkill -STOP -P "$batch_pid"
"$hamdyn" batch long.prm --output long --resume > second.log 2>&1
status=$?
pkill -CONT -P "$batch_pid"
check "a second batch into a running one's directory: exit 2 (got $status)" test $status -eq 2
check "a second batch into a running one's directory: says why" \
  grep -q "^hamdyn: error: --output = 'long': is in use by another hamdyn batch that is still running$" second.log
check "a second batch into a running one's directory: no summary written" test ! -e long/summary.csv
pkill -TERM -P "$batch_pid"
wait "$batch_pid"
status=$?
check "SIGTERM'd batch: exit 143 (got $status)" test $status -eq 143
check "SIGTERM'd batch: summary.csv lists every member, none ok" \
  test "$(grep -c ',stopped,' long/summary.csv)" -eq 4
check "SIGTERM'd batch: the members in flight stopped after a step, with their checkpoints" \
  test "$(grep -c ',stopped,stopped by SIGTERM after step' long/summary.csv)" -eq 2 -a \
  -s long/case_0000/checkpoint.bin -a -s long/case_0001/checkpoint.bin
check "SIGTERM'd batch: one line says how to resume" \
  grep -q "^hamdyn batch: stopped by SIGTERM; continue with hamdyn batch long.prm --output long --resume$" \
  long.log
mpi 2 "$hamdyn" batch long.prm --output long --resume > long_resumed.log 2>&1
check "resumed batch: exit 0" test $? -eq 0
check "resumed batch: 4 ok" test "$(grep -c ',ok,' long/summary.csv)" -eq 4
for k in 0 1 2 3; do
  check "resumed batch: member $k's history.csv bit for bit as uninterrupted" \
    cmp -s long_ref/case_000$k/history.csv long/case_000$k/history.csv
done
check "resumed batch: the members stopped in flight went on from their checkpoints" \
  test "$(grep -c ',ok,continued from its checkpoint,' long/summary.csv)" -eq 2

# --- bad sweeps: exit 2, one line naming the parameter, nothing written ------------------------
expect_bad() { # expect_bad NAME EXPECTED_TEXT NP SWEEP_TEXT [OPTIONS...]
  local name="$1" text="$2" np="$3" sweep="$4"
  shift 4
  rm -rf "$work/out"
  printf '%b' "$sweep" > bad.prm
  local err status
  err="$(mpi "$np" "$hamdyn" batch bad.prm --output "$work/out" "$@" 2>&1 >/dev/null)"; status=$?
  check "$name: exit 2 (got $status)" test $status -eq 2
  check "$name: one line (got: $err)" test "$(printf '%s\n' "$err" | grep -c .)" -eq 1
  check "$name: names '$text' (got: $err)" grep -qF -- "$text" <<<"$err"
  check "$name: nothing written" test ! -e "$work/out"
}
expect_bad "unknown study" "Batch/Study = 'sweep'" 1 'subsection Batch\n set Study = sweep\nend\n'
expect_bad "ranks per case" "Batch/Ranks per case = '3': expected a divisor of the number of MPI ranks (2)" 2 \
  'subsection Batch\n set Ranks per case = 3\nend\n'
expect_bad "missing table" "Batch/Table = 'nowhere.csv'" 1 'subsection Batch\n set Table = nowhere.csv\nend\n'
printf 'Model/Tensoin\n3\n' > typo.csv
expect_bad "table names an unknown key" "Model/Tensoin" 1 'subsection Batch\n set Table = typo.csv\nend\n'
printf 'Model/Tension,Model/Length\n3\n' > short.csv
expect_bad "short table row" "row 1 has 1 cells; the header names 2" 1 'subsection Batch\n set Table = short.csv\nend\n'
expect_bad "table and values" "Batch/Values" 1 \
  'subsection Batch\n set Table = short.csv\n set Values = Model/Tension = 1\nend\n'
expect_bad "values name an unknown key" "Batch/Values = 'Model/Tensoin'" 1 \
  'subsection Batch\n set Values = Model/Tensoin = 1, 2\nend\n'
expect_bad "swept output directory" "Output/Directory" 1 \
  'subsection Batch\n set Values = Output/Directory = a, b\nend\n'
expect_bad "unknown key in a section" "unknown parameter 'Tensoin'" 1 \
  'subsection Model\n set Tensoin = 3\nend\n'
expect_bad "slice beyond" "--slice = '3/2'" 1 'subsection Batch\nend\n' --slice 3/2
check "parameters documents the Batch section" bash -c "'$hamdyn' parameters | grep -q 'Ranks per case'"

# --- a speed sweep of a moving force: daf_u@0.5 against Fryba's series ------------------------
# A unit force crossing the simply supported beam EI = rho A = L = 1 (v_cr = pi) at alpha = 0.5
# and 1: the summary's dynamic amplification equals the series' largest midspan deflection over
# the static P L^3 / 48 EI (Fryba 1972, sec. 1.1).
cat > speeds.prm <<'EOF'
subsection Batch
  set Values = Variables/alpha = 0.5, 1
end
subsection Variables
  set Definitions = alpha = 0.5; v = alpha*pi
end
subsection Model
  set Type = euler bernoulli beam
  set Mass per length = 1
end
subsection Discretization
  set Elements = 40
end
subsection Moving loads
  set Forces = P: -1 @ v*t
end
subsection Time integration
  set Time step = 2e-5
  set Final time = 1/v
end
subsection Output
  set Probes = 0.5
  set Snapshot interval = 0
  set Space-time points = 0
end
EOF
mpi 2 "$hamdyn" batch speeds.prm --output speeds >speeds.log 2>&1
check "speed sweep: exit 0" test $? -eq 0
"$py" - speeds/summary.csv <<'EOF'
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1])))
def fryba(v, t):  # midspan deflection under P = -1 (the resonant term in its limit at alpha = 1)
    w = 0.0
    for n in range(400, 0, -1):
        omega, big = (n * math.pi) ** 2, n * math.pi * v
        if abs(omega - big) < 1e-12 * omega:
            q = -(math.sin(omega * t) - omega * t * math.cos(omega * t)) / omega ** 2
        else:
            q = -2 * (math.sin(big * t) - big / omega * math.sin(omega * t)) / (omega ** 2 - big ** 2)
        w += q * math.sin(n * math.pi * 0.5)
    return w
bad = 0
for r in rows:
    v = float(r["Variables/alpha"]) * math.pi
    steps = int(1 / v / 2e-4)
    peak = max(abs(fryba(v, k * 2e-4)) for k in range(steps + 1))
    expected, got = 48 * peak, float(r["daf_u@0.5"])
    print("alpha %s: daf_u@0.5 %.6f, series %.6f" % (r["Variables/alpha"], got, expected))
    bad += abs(got - expected) > 1e-3 * expected
sys.exit(1 if bad or len(rows) != 2 else 0)
EOF
check "speed sweep: daf_u@0.5 against Fryba's series" test $? -eq 0
check "speed sweep: no warning about the daf at 40 elements" bash -c "! grep -q 'daf_' speeds.log"
# A single run of a member's case says its daf at its end, the same number the summary has
# (it was computed for the batch only: a single run wrote it nowhere).
sed -e '/^subsection Batch/,/^end/d' speeds.prm >one_speed.prm
# (on 1 rank, as the batch ran the member: on 2 the partition changes the last digits)
"$hamdyn" run one_speed.prm --output one_speed >one_speed.log 2>&1
check "a single run of moving loads: exit 0" test $? -eq 0
member_daf="$("$py" -c 'import csv, sys; print(next(csv.DictReader(open(sys.argv[1])))["daf_u@0.5"])' \
  speeds/summary.csv)"
check "a single run says daf_u@0.5, the batch member's value ($member_daf)" \
  grep -qx "  daf_u@0.5 = $member_daf" one_speed.log
# At 30 000 Hermite elements K's condition (~N^4) is beyond double precision: the daf's static
# value (K^-1 l, refined) keeps no digits, and the batch says so, naming the column.
sed -e 's|Values = Variables/alpha = 0.5, 1|Values = Discretization/Elements = 30000|' \
  -e 's|Time step = 2e-5|Time step = 1e-3|' speeds.prm >fine.prm
mpi 2 "$hamdyn" batch fine.prm --output fine >fine.log 2>&1
check "a mesh finer than double precision: exit 0" test $? -eq 0
check "a mesh finer than double precision: the daf's warning" \
  grep -q "hamdyn batch: case_0000: warning: daf_u@0.5 may be off by .* the mesh is finer than double precision" fine.log

finish_checks
