#!/usr/bin/env bash
# The clock sweep (issue 38, decision 050): the date-sensitive tests under libfaketime at each instant
# where a date rule can break: a Saturday, a Sunday that ends a broadcast month, both US DST changes at
# 01:30 and 03:30, New Year's Eve at 23:30 and New Year's Day at 00:30, and 29 February. The station runs in
# America/New_York, so that its day and UTC's differ. faketime moves every clock of a worker at once: the
# tests, the app, the embedded database (PGlite runs in the worker) and the browser it starts.
# The instants, their files and how each worker is put at its instant: vitest.clock-sweep.config.ts (one
# project an instant). Two vitest runs side by side (this machine has two cores), each taking its share of
# the instants one after the other, so vitest starts twice rather than once an instant.
#
# Usage: scripts/ci-clock-sweep.sh [test files...]   (default: the date-sensitive part in the config)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v faketime >/dev/null; then
  echo "== installing Debian's faketime for the clock sweep"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null
fi

# The two runs' shares, about even in CPU: an instant where numbers and months turn runs two billing files
# more (about 13 CPU-seconds beside about 22 for the rest, docs/ci.md).
SHARES=(
  "sunday-broadcast-month-end new-years-eve-2330 new-years-day-0030 saturday"
  "leap-day spring-forward-0130 spring-forward-0330 fall-back-0130 fall-back-0330"
)

export SPOTBOOK_CLOCK_SWEEP_FILES="$*" TZ=UTC
unset DATABASE_URL SPOTBOOK_TEST_SPLIT

LOGS=$(mktemp -d)
trap 'rm -rf "$LOGS"' EXIT
run_share() {
  local share=$1 log projects=()
  log="$LOGS/${share%% *}.log"
  for name in $share; do projects+=(--project "$name"); done
  if npx vitest run --config vitest.clock-sweep.config.ts "${projects[@]}" >"$log" 2>&1; then
    echo "   ok  ${share// /, }"
  else
    echo "FAILED among ${share// /, }:"
    sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E -A25 '^ (FAIL|×)|Failed Tests|Error:' | head -80
    return 1
  fi
}

echo "== clock sweep: the date-sensitive tests at nine instants (vitest.clock-sweep.config.ts), two vitest runs side by side"
# shellcheck source=scripts/two-at-a-time.sh
source scripts/two-at-a-time.sh
two_at_a_time run_share "${SHARES[@]}"
