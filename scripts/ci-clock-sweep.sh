#!/usr/bin/env bash
# The clock sweep (issue 38, decision 050): the date-sensitive tests under libfaketime at each instant
# where a date rule can break: a Saturday, a Sunday that ends a broadcast month, both US DST changes at
# 01:30 and 03:30, New Year's Eve at 23:30 and New Year's Day at 00:30, and 29 February. The station runs in
# America/New_York, so that its day and UTC's differ. faketime moves every clock of the run at once: the
# tests, the app, the embedded database (PGlite runs in the test process) and the browser it starts. The
# shift is an offset from the real time (not a start time), so that every process of a run agrees on now.
#
# Usage: scripts/ci-clock-sweep.sh [test files...]   (default: the date-sensitive part below)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v faketime >/dev/null; then
  echo "== installing Debian's faketime for the clock sweep"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null
fi

# At every instant: the domain's calendar, traffic and billing rules, the demo (the logs of today and the
# next days, past airings, campaigns, invoices, reconciliation, dashboards) and late bookings (exports,
# late and closed days).
FILES=("$@")
ISOLATE=()
if [ ${#FILES[@]} -eq 0 ]; then
  # The domain's units are pure functions: run in one process per instant, not a fresh one per file
  # (the app's files already share theirs, decision 032).
  ISOLATE=(--no-isolate)
  FILES=(
    src/domain/broadcast-calendar.test.ts
    src/domain/traffic.test.ts
    src/domain/billing.test.ts
    src/domain/billing-delivery.test.ts
    src/domain/billing-up-front.test.ts
    src/domain/campaigns.test.ts
    src/domain/display-dates.test.ts
    src/domain/statement.test.ts
    test/api/demo-seed.test.ts
    test/api/late-bookings.test.ts
  )
  # Where a number or a month turns (a broadcast month's last day, the year's turn, a leap day): invoice
  # and credit-note numbers, due dates and date filters, and billing by broadcast month too.
  TURNING=(test/api/billing.test.ts test/api/billing-delivery.test.ts)
else
  TURNING=()
fi

# name|station time (America/New_York)|whether numbers and months turn there (paired with one where they do not)
POINTS=(
  "saturday|2026-12-05 12:00|"
  "sunday-broadcast-month-end|2026-12-27 21:00|turning"
  "spring-forward-0130|2027-03-14 01:30|"
  "new-years-eve-2330|2026-12-31 23:30|turning"
  "spring-forward-0330|2027-03-14 03:30|"
  "new-years-day-0030|2027-01-01 00:30|turning"
  "fall-back-0130|2027-11-07 01:30 EDT|"
  "leap-day|2028-02-29 12:00|turning"
  "fall-back-0330|2027-11-07 03:30|"
)

LOGS=$(mktemp -d)
export SPOTBOOK_TEST_STATION_TIMEZONE=America/New_York FAKETIME_DONT_FAKE_MONOTONIC=1
unset DATABASE_URL SPOTBOOK_TEST_SPLIT

run_point() {
  local name local_time turning target offset
  IFS='|' read -r name local_time turning <<<"$1"
  local files=("${FILES[@]}")
  if [ -n "$turning" ]; then files+=("${TURNING[@]}"); fi
  target=$(TZ=America/New_York date -d "$local_time" +%s)
  offset=$((target - $(date +%s)))
  if TZ=UTC faketime -f "$(printf '%+d' "$offset")" npx vitest run --maxWorkers=1 "${ISOLATE[@]}" "${files[@]}" >"$LOGS/$name.log" 2>&1; then
    echo "   ok  $name ($(TZ=America/New_York date -d "@$target" '+%a %F %H:%M %Z'))"
  else
    echo "FAILED $name ($(TZ=America/New_York date -d "@$target" '+%a %F %H:%M %Z')):"
    sed 's/\x1b\[[0-9;]*m//g' "$LOGS/$name.log" | grep -E -A25 '^ (FAIL|×)|Failed Tests|Error:' | head -80
    return 1
  fi
}

# Two at a time from a queue, the instants with more files first (longest first), so that neither core
# waits for the other's longer run between rounds.
ORDERED=()
for point in "${POINTS[@]}"; do
  if [[ "$point" == *"|turning" ]]; then ORDERED+=("$point"); fi
done
for point in "${POINTS[@]}"; do
  if [[ "$point" != *"|turning" ]]; then ORDERED+=("$point"); fi
done

echo "== clock sweep: ${#FILES[@]} test files at ${#POINTS[@]} instants (${#TURNING[@]} more where numbers and months turn), two at a time"
# shellcheck source=scripts/two-at-a-time.sh
source scripts/two-at-a-time.sh
failed=0
two_at_a_time run_point "${ORDERED[@]}" || failed=1
rm -rf "$LOGS"
exit "$failed"
