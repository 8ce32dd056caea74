# Sourced by scripts/checks.sh and scripts/ci-clock-sweep.sh: runs `$1 item` for each item after it, two
# at a time (this machine has two cores), in the order given, starting the next as soon as one ends.
# Returns 1 when any run failed.
two_at_a_time() {
  local run=$1 failed=0 running=0 item
  shift
  for item in "$@"; do
    if [ "$running" -ge 2 ]; then
      wait -n || failed=1
      running=$((running - 1))
    fi
    "$run" "$item" &
    running=$((running + 1))
  done
  while [ "$running" -gt 0 ]; do
    wait -n || failed=1
    running=$((running - 1))
  done
  return "$failed"
}
