#!/bin/bash
# Restarts of two builds in turns, each on its own existing data folder (made by a first start that is not
# counted): the time from spawning `node <npm start's flags> <build>/server/main.js` to the first 200 of
# /api/health (polled every 25 ms), the process's CPU time (user + system, all threads) at that moment, its
# RSS 2 s later and the 1-minute load average. CPU time is the figure a loaded machine moves least.
#
#   bash bench/startup/restart-ab.sh 3 basedist dist        # rounds, build A, build B (folders with server/main.js)
#   TIMINGS=1 bash bench/startup/restart-ab.sh 3 basedist dist   # and each start's steps (SPOTBOOK_STARTUP_TIMINGS)
#
# To compare with main: `cp -r ../main/dist basedist` (inside this checkout, so that its packages resolve);
# remove it afterwards (the linters would read it).
set -euo pipefail
ROUNDS=$1; A=$2; B=$3
PORT=${PORT:-3591}
FLAGS=$(node -p "require('./package.json').scripts.start.split(/\s+/).filter((w) => w.startsWith('--')).join(' ')")
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/$A" "$WORK/$B"
one() {
  SPOTBOOK_STARTUP_TIMINGS=${TIMINGS:-0} PORT=$PORT HOST=127.0.0.1 DATA_DIR="$WORK/$1" ADMIN_PASSWORD=Bench-Passw0rd-1 LOG_LEVEL=warn SPOTBOOK_DEMO=0 \
    node $FLAGS "$1/server/main.js" > "$WORK/out" 2>&1 &
  local pid=$! start end cpu rss
  start=$(date +%s%N)
  until curl -sf "http://127.0.0.1:$PORT/api/health" > /dev/null; do sleep 0.025; done
  end=$(date +%s%N)
  cpu=$(awk -v hz="$(getconf CLK_TCK)" '{ print int(($14 + $15) * 1000 / hz) }' "/proc/$pid/stat")
  sleep 2
  rss=$(awk '/VmRSS/ { print int($2 / 1024) }' "/proc/$pid/status")
  kill -INT "$pid"; wait "$pid" || true
  echo "$1: health $(( (end - start) / 1000000 )) ms, CPU ${cpu} ms, RSS ${rss} MiB, load $(cut -d' ' -f1 /proc/loadavg)"
  if [ "${TIMINGS:-0}" = 1 ]; then grep start-up "$WORK/out" | sed 's/^start-up: //' | paste -sd ';' -; fi
}
one "$A" > /dev/null; one "$B" > /dev/null
for _ in $(seq "$ROUNDS"); do one "$A"; one "$B"; done
