# Sourced by the benchmarks that time whole processes (bench/cable_step.sh,
# bench/planar_beam_step.sh): median_wall_seconds RUNS COMMAND... runs the command RUNS times,
# its output discarded, and prints the median wall time [s].
median_wall_seconds() {
  local runs="$1" k
  shift
  for k in $(seq "$runs"); do
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
  done | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
