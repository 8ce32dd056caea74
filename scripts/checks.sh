#!/usr/bin/env bash
# The static checks, two at a time (this machine has two cores; each check uses one), the longest first,
# each one's output printed once it is done. `npm run lint` runs all but the type-check, `.ci/run` all.
#
# Usage: scripts/checks.sh [check...]   checks: typecheck eslint prettier knip doors (default: all)
set -uo pipefail
cd "$(dirname "$0")/.."

declare -A COMMANDS=(
  [typecheck]="npx tsc --noEmit"
  [eslint]="npx eslint ."
  [prettier]="npx prettier --check . --log-level warn"
  [knip]="npx knip"
  [doors]="node scripts/check-cycles.mjs && node scripts/check-table-crossings.mjs"
)
ORDER=(typecheck eslint prettier knip doors)

CHECKS=("$@")
if [ ${#CHECKS[@]} -eq 0 ]; then CHECKS=("${ORDER[@]}"); fi
for check in "${CHECKS[@]}"; do
  if [ -z "${COMMANDS[$check]+set}" ]; then echo "unknown check: $check (known: ${ORDER[*]})" >&2; exit 2; fi
done

LOGS=$(mktemp -d)
trap 'rm -rf "$LOGS"' EXIT
run_check() {
  local started=$SECONDS
  if bash -c "${COMMANDS[$1]}" >"$LOGS/$1.log" 2>&1; then
    echo "   ok  $1 ($((SECONDS - started)) s)"
  else
    echo "FAILED $1 ($((SECONDS - started)) s):"
    cat "$LOGS/$1.log"
    return 1
  fi
}

WANTED=()
for check in "${ORDER[@]}"; do
  if [[ " ${CHECKS[*]} " == *" $check "* ]]; then WANTED+=("$check"); fi
done
# shellcheck source=scripts/two-at-a-time.sh
source scripts/two-at-a-time.sh
two_at_a_time run_check "${WANTED[@]}"
