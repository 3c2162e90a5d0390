#!/usr/bin/env bash
# Every kind of run resumes bit for bit: one table of runs (a line model with each term, moving
# forces, masses and vehicles on and off the span and with a loss of contact, the modal scheme,
# ground motion from an expression and from a record, discrete systems with inertias, energies,
# points and links, a batch's members), each on 1 and 2 ranks
#   - killed by SIGKILL right after its first interval checkpoint, then --resume;
#   - stopped by SIGTERM (exit 143) part way, then --resume;
# and each resumed history.csv, and the snapshot and attachment series, is the uninterrupted run's
# byte for byte. A new term or model is a new row of the table.
#
# The stops are placed by hamdyn's own fault injection (HAMDYN_TEST_KILL_AFTER_CHECKPOINT=k,
# HAMDYN_TEST_TERM_AFTER_STEP=n: src/studies/time_loop.cc), so a run of a fraction of a second is
# stopped exactly where the table says, on a fast or a loaded machine alike: no timing, no sleep.
# Usage: test_resume_every_kind.sh HAMDYN_BINARY SOURCE_DIR
set -u
. "$(dirname "${BASH_SOURCE[0]}")/checks.sh"
seeds="$source_dir/cases/seeds"

# A PEER-style record for the ground motion row: a_g = 0.1 g sin(11 t) every 1e-3 s.
/usr/bin/python3 - > record.AT2 <<'PY'
import math
print("PEER NGA STRONG MOTION DATABASE RECORD\nsynthetic\nACCELERATION TIME SERIES IN UNITS OF G")
n = 2000
print(f"NPTS= {n}, DT= .0010 SEC")
values = [0.1 * math.sin(11 * k * 1e-3) for k in range(n)]
for k in range(0, n, 5):
    print("  ".join(f"{v:.7E}" for v in values[k:k + 5]))
PY

# name | command (run, or spectrum: its time history) | checkpoint interval | SIGTERM after step |
# the command's arguments (one word a line: see `kinds` below). Each run takes well under a
# second a rank count.
kinds=(
  "string_every_term|run|300|500|--set|Attachments/Point masses=0.3:0.002|--set|Attachments/Springs=0.6:50|--set|Attachments/Dashpots=0.7:0.05|--set|Attachments/Forces=0.4:sin(300*t)|--set|Attachments/Oscillators=0.5:0.002,300,0.01|--set|Load/Distributed force=0.1*sin(20*t)|--set|Model/Rayleigh mass coefficient=0.5"
  "string_nonlinear|run|300|500|--set|Attachments/Nonlinear springs=0.5: 500*e + 2e8*e^3|--set|Attachments/Dashpots=0.7: 0.05, 3|--set|Right end/Spring law=2000*e + 1e9*e^3|--set|Right end/Spring=0"
  "string_central_difference|run|300|500|--set|Time integration/Scheme=central difference|--set|Discretization/Mass matrix=lumped|--set|Discretization/Degree=1|--set|Discretization/Elements=100"
  "euler_bernoulli_tip_mass|run|1500|2600|$source_dir/cases/cantilever_tip_mass.prm|--set|Time integration/Final time=0.8"
  "timoshenko|run|300|700|$source_dir/cases/stocky_timoshenko.prm"
  "axial_force_along_x|run|1500|2600|$source_dir/cases/cantilever_tip_mass.prm|--set|Time integration/Final time=0.8|--set|Model/Axial force=-5*(1 - x)"
  "modal_scheme|run|4000|6000|--set|Model/Type=euler bernoulli beam|--set|Model/Length=10|--set|Model/Mass per length=100|--set|Model/Bending stiffness=1e6|--set|Model/Rayleigh mass coefficient=0.04|--set|Left end/Support=pinned|--set|Right end/Support=pinned|--set|Right end/Point mass=0|--set|Right end/Spring=0|--set|Attachments/Oscillators=2.5:10,14980,65.1|--set|Attachments/Forces=7.5:100*sin(39.478*t)|--set|Discretization/Elements=40|--set|Time integration/Scheme=modal|--set|Modes/Number of modes=8|--set|Time integration/Time step=1e-3|--set|Time integration/Final time=12|--set|Output/Snapshot interval=200|--set|Output/Probes=2.5, 5, 7.5|--set|Initial conditions/Displacement=0"
  "moving_force_mass_vehicle|run|300|600|--set|Moving loads/Forces=P: -0.5 @ 0.3*t + 0.2|--set|Moving loads/Masses=m: 0.002 @ 0.2 + 5*t|--set|Moving loads/Oscillators=car: 0.003, 50, 0.05 @ -0.1 + 8*t|--set|Moving loads/Gravity=9.81"
  "vehicle_off_the_span|run|40|60|$source_dir/cases/bridge_vehicle.prm|--set|Time integration/Final time=0.15"
  "vehicle_gone|run|1300|1400|$source_dir/cases/bridge_vehicle.prm|--set|Variables/v=25|--set|Time integration/Final time=1.5"
  "contact_loss|run|1500|2500|--set|Model/Type=euler bernoulli beam|--set|Model/Mass per length=1|--set|Model/Tension=0|--set|Left end/Support=pinned|--set|Right end/Support=pinned|--set|Right end/Point mass=0|--set|Right end/Spring=0|--set|Initial conditions/Displacement=0|--set|Moving loads/Masses=m: 0.05 @ 3*t|--set|Moving loads/Forces=P: -1 @ 3*t|--set|Moving loads/Gravity=0.5|--set|Discretization/Elements=20|--set|Time integration/Final time=0.33"
  "ground_acceleration|run|300|500|--set|Ground motion/Acceleration=2*sin(60*t)|--set|Right end/Support=fixed"
  "ground_record|run|300|500|--set|Ground motion/Acceleration file=$PWD/record.AT2|--set|Right end/Support=fixed"
  "discrete_inertias|run|3000|7000|$seeds/two_masses_inertial.prm|--set|Time integration/Final time=10"
  "discrete_energies_links|run|1000|3000|$seeds/rolling_disk.prm"
  "discrete_points|run|3000|7000|$seeds/double_pendulum.prm|--set|Time integration/Final time=10|--set|Output/Snapshot interval=500"
  "discrete_holonomic|run|1000|3000|$seeds/sliding_bar.prm"
  "cable_pendulum|run|300|500|$source_dir/cases/cable_pendulum.prm|--set|Time integration/Final time=0.4|--set|Cable/Tension only=true|--set|Cable/Mass damping=0.5|--set|Cable/Left support motion=0.05*sin(8*t), 0.02*(1-cos(5*t))"
  "cable_step_in_halves|run|240|245|$source_dir/cases/cable_pendulum.prm|--set|Time integration/Time step=4e-3|--set|Time integration/Final time=1"
  "cable_hanging_masses|run|300|500|$source_dir/cases/hanging_cable.prm|--set|Cable/Point masses=30: 50; 70: 100|--set|Discretization/Elements=50|--set|Time integration/Final time=0.8|--set|Discretization/Mass matrix=lumped|--set|Time integration/Spectral radius=0.8|--set|Cable/Dashpots=50: 200|--set|Cable/Springs=20: 1000|--set|Cable/Held points=40 @ 0, 0.01*sin(3*t)|--set|Cable/Axial damping=2e4|--set|Ground motion/Acceleration=0.5*sin(4*t)|--set|Cable/Ground motion direction=z"
  "cable_spectrum|spectrum|300|500|$source_dir/cases/hanging_cable.prm|--set|Cable/Point masses=30: 50|--set|Discretization/Elements=40|--set|Time integration/Final time=0.8|--set|Cable/Dashpots=50: 200|--set|Ground motion/Acceleration file=$PWD/record.AT2|--set|Cable/Ground motion direction=x|--set|Modes/Number of modes=6|--set|Response spectrum/Periods=0.05:0.05:2"
  "planar_beam_pendulum|run|300|500|$source_dir/cases/planar_beam_pendulum.prm|--set|Time integration/Final time=0.8|--set|Planar beam/Initial angular velocity=2|--set|Planar beam/Point masses=1: 0.3|--set|Planar beam/Point rotary inertias=0.5: 0.01|--set|Planar beam/Springs=0.5: 5|--set|Planar beam/Dashpots=0.6: 0.2"
  "planar_beam_from_equilibrium|run|300|500|$source_dir/cases/planar_beam_pendulum.prm|--set|Time integration/Final time=0.8|--set|Planar beam/Start support=clamped|--set|Planar beam/Bending stiffness=2|--set|Planar beam/Initial state=equilibrium|--set|Planar beam/Initial angular velocity=1|--set|Planar beam/End force=0, -0.5|--set|Planar beam/End force follows=true"
  "planar_beam_hub|run|300|500|$source_dir/cases/planar_beam_pendulum.prm|--set|Time integration/Final time=0.8|--set|Planar beam/Start support=clamped|--set|Planar beam/Bending stiffness=50|--set|Planar beam/Start rotation=3*t^2"
  "planar_beam_alpha_hub|run|300|500|$source_dir/cases/planar_beam_pendulum.prm|--set|Time integration/Final time=0.8|--set|Time integration/Spectral radius=0.8|--set|Planar beam/Start support=clamped|--set|Planar beam/Bending stiffness=50|--set|Planar beam/Rotary inertia=0.01|--set|Planar beam/Start rotation=3*t^2 + sin(t)|--set|Planar beam/Dashpots=0.8: 0.5|--set|Planar beam/Point masses=0.9: 0.2"
  "planar_frame_hinged|run|300|500|$source_dir/cases/portal_frame.prm|--set|Time integration/Time step=1e-3|--set|Time integration/Final time=0.8|--set|Geometry/Hinges=B|--set|Geometry/Point masses=C: 200|--set|Geometry/Point rotary inertias=B: 5|--set|Geometry/Springs=C: 1e6|--set|Geometry/Dashpots=C: 1e4|--set|Planar beam/Distributed force=0, -2e4|--set|Planar beam/Distributed force follows=true|--set|Geometry/Member model=timoshenko beam|--set|Geometry/Member properties=top: model = planar beam; right: model = euler bernoulli beam"
  "planar_frame_alpha|run|300|500|$source_dir/cases/portal_frame.prm|--set|Time integration/Time step=1e-3|--set|Time integration/Final time=0.8|--set|Time integration/Spectral radius=0.8|--set|Geometry/Hinges=C|--set|Planar beam/Rotary inertia=0.01|--set|Geometry/Moments=B: 5e4|--set|Geometry/Hub=A|--set|Planar beam/Start rotation=0.01*t^2|--set|Geometry/Member properties=right: model = euler bernoulli beam"
  "planar_frame_spectrum|spectrum|300|500|$source_dir/cases/portal_frame.prm|--set|Time integration/Time step=1e-3|--set|Time integration/Final time=0.8|--set|Geometry/Dashpots=C: 1e5|--set|Ground motion/Acceleration file=$PWD/record.AT2|--set|Response spectrum/Periods=0.05:0.05:2"
  "planar_beam_spectrum_alpha|spectrum|300|500|$source_dir/cases/planar_beam_pendulum.prm|--set|Time integration/Final time=0.8|--set|Time integration/Spectral radius=0.8|--set|Planar beam/Start support=clamped|--set|Planar beam/Bending stiffness=50|--set|Planar beam/Ground motion direction=z|--set|Ground motion/Acceleration=3*sin(11*t)|--set|Modes/Number of modes=4|--set|Response spectrum/Periods=0.05:0.05:2"
  "spectrum_record|spectrum|300|500|$source_dir/cases/tuned_mass_damper.prm|--set|Attachments/Forces=|--set|Ground motion/Acceleration file=$PWD/record.AT2|--set|Time integration/Final time=1|--set|Response spectrum/Periods=0.05:0.05:2"
)

# run_on RANKS ARGS...: hamdyn $command ARGS on RANKS ranks; its exit status.
run_on() {
  local ranks="$1"
  shift
  if [ "$ranks" -eq 1 ]; then "$hamdyn" "$command" "$@"; else
    mpirun --oversubscribe -np "$ranks" "$hamdyn" "$command" "$@"
  fi
}

# same_outputs A B: history.csv (and a spectrum's tables), the snapshot and attachment series byte
# for byte (the series index files by their DataSet entries: their header comment carries the time
# they were written).
same_outputs() {
  local f
  cmp -s "$1/history.csv" "$2/history.csv" || return 1
  for f in "$1"/*.csv; do
    cmp -s "$f" "$2/$(basename "$f")" || return 1
  done
  for f in "$1"/*.vtu "$1"/*.pvtu "$1"/*.vtp "$1"/spacetime.bin; do
    [ -e "$f" ] || continue
    cmp -s "$f" "$2/$(basename "$f")" || return 1
  done
  for f in "$1"/*.pvd; do
    [ -e "$f" ] || continue
    [ "$(grep DataSet "$f")" = "$(grep DataSet "$2/$(basename "$f")")" ] || return 1
  done
  [ "$(ls "$1" | wc -l)" -eq "$(ls "$2" | wc -l)" ]
}

for row in "${kinds[@]}"; do
  IFS='|' read -r -a fields <<< "$row"
  name="${fields[0]}" command="${fields[1]}" interval="${fields[2]}" term_step="${fields[3]}"
  args=("${fields[@]:4}")
  for ranks in 1 2; do
    label="$name, $ranks rank(s)"
    run_on "$ranks" "${args[@]}" --output "${name}_${ranks}_ref" > "${name}_${ranks}_ref.log" 2>&1
    check "$label: uninterrupted run" test $? -eq 0
    # SIGKILL right after the first interval checkpoint: the resumed run must not replay anything
    # the checkpoint did not hold
    HAMDYN_TEST_KILL_AFTER_CHECKPOINT=1 run_on "$ranks" "${args[@]}" \
      --set "Output/Checkpoint interval=$interval" --output "${name}_${ranks}_killed" \
      > "${name}_${ranks}_killed.log" 2>&1
    status=$?
    check "$label: killed at its first checkpoint (exit $status)" test $status -ne 0
    run_on "$ranks" --resume "${name}_${ranks}_killed" > "${name}_${ranks}_killed.resumed.log" 2>&1
    check "$label, SIGKILL at a checkpoint: resumed, exit 0" test $? -eq 0
    check "$label, SIGKILL at a checkpoint: resumed from step $interval" \
      grep -q "resuming ${name}_${ranks}_killed at step $interval " \
      "${name}_${ranks}_killed.resumed.log"
    check "$label, SIGKILL at a checkpoint: outputs bit for bit" \
      same_outputs "${name}_${ranks}_ref" "${name}_${ranks}_killed"
    # SIGTERM (a scheduler's time limit) after step term_step: exit 143 after the next step
    HAMDYN_TEST_TERM_AFTER_STEP="$term_step" run_on "$ranks" "${args[@]}" \
      --output "${name}_${ranks}_term" > "${name}_${ranks}_term.log" 2>&1
    status=$?
    check "$label: SIGTERM, exit 143 (got $status)" test $status -eq 143
    run_on "$ranks" --resume "${name}_${ranks}_term" > "${name}_${ranks}_term.resumed.log" 2>&1
    check "$label, SIGTERM: resumed, exit 0" test $? -eq 0
    check "$label, SIGTERM: resumed without a warning" \
      test "$(grep -c "warning" "${name}_${ranks}_term.resumed.log")" -eq 0
    check "$label, SIGTERM: outputs bit for bit" \
      same_outputs "${name}_${ranks}_ref" "${name}_${ranks}_term"
  done
done

# A batch's run members, and a batch of spectrum members (their time histories), stopped by
# SIGTERM in the second member and continued by batch --resume: every member's tables as the
# uninterrupted batch's.
cat > sweep_run.prm <<'EOF'
subsection Batch
  set Values = Model/Tension = 80, 100, 120
end
subsection Time integration
  set Final time = 0.05
end
EOF
cat > sweep_spectrum.prm <<EOF
subsection Batch
  set Case = $source_dir/cases/tuned_mass_damper.prm
  set Study = spectrum
  set Values = Model/Mass per length = 90, 110, 130
end
subsection Attachments
  set Forces =
end
subsection Ground motion
  set Acceleration file = $PWD/record.AT2
end
subsection Time integration
  set Final time = 0.5
end
subsection Response spectrum
  set Periods = 0.1:0.1:1
end
EOF
for study in run spectrum; do
  for ranks in 1 2; do
    if [ "$ranks" -eq 1 ]; then batch=("$hamdyn" batch); else
      batch=(mpirun --oversubscribe -np 2 "$hamdyn" batch)
    fi
    out="batch_${study}_${ranks}"
    "${batch[@]}" "sweep_$study.prm" --output "${out}_ref" > "${out}_ref.log" 2>&1
    check "batch of $study, $ranks rank(s): uninterrupted, exit 0" test $? -eq 0
    HAMDYN_TEST_TERM_AFTER_STEP=200 "${batch[@]}" "sweep_$study.prm" --output "$out" \
      > "$out.log" 2>&1
    check "batch of $study, $ranks rank(s): SIGTERM stops it, non-zero exit" test $? -ne 0
    "${batch[@]}" "sweep_$study.prm" --output "$out" --resume > "$out.resumed.log" 2>&1
    check "batch of $study, $ranks rank(s): --resume, exit 0" test $? -eq 0
    check "batch of $study, $ranks rank(s): a member continued from its checkpoint" \
      grep -q "continued from its checkpoint" "$out.resumed.log"
    same=0
    for member in "${out}_ref"/case_*/; do
      member=$(basename "$member")
      for f in "${out}_ref/$member"/*.csv; do
        [ "$(basename "$f")" = result.csv ] && continue # its seconds differ
        cmp -s "$f" "$out/$member/$(basename "$f")" || same=1
      done
    done
    check "batch of $study, $ranks rank(s): every member's tables bit for bit" test "$same" -eq 0
  done
done

finish_checks
