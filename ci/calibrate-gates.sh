#!/usr/bin/env bash
# ci/calibrate-gates.sh [RUNS] [OUT]: how much room each gate in ci/gates.yaml leaves. Runs the smoke passes CI
# runs (.ci/run) RUNS times (default 20), then `./lab gate --spread` over each component's runs: per gate its
# spread from run to run, its margin in units of that spread, the collapse it catches and the threshold that
# would fail 1% of runs by chance. Run it on a quiet machine (the numbers are the gates' calibration); it takes
# RUNS × the smoke passes' time (minutes each). Tables: OUT/COMPONENT-spread.md (default target/gate-spread).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
runs="${1:-20}"
out="${2:-target/gate-spread}"
mkdir -p "$out"
# the smoke passes' rows go to a history of their own, not to the team's
case "$out" in /*) export PERFLAB_HISTORY="$out/history.db" ;; *) export PERFLAB_HISTORY="$PWD/$out/history.db" ;; esac
components=(orderbook mdf-ring sha-pipeline brick kv socket-pump forwarder)
for ((i = 1; i <= runs; i++)); do
  for c in "${components[@]}"; do
    echo "gate-spread: run $i of $runs, $c --smoke"
    extra=()
    [[ "$c" == sha-pipeline ]] && extra=(--sample-out "$out/$c/run-$i/sample.txt")
    ./lab run "$c" --smoke --out "$out/$c/run-$i" "${extra[@]}" > "$out/$c-run-$i.log" 2>&1 || echo "gate-spread: $c run $i exited $? (kept; see $out/$c-run-$i.log)"
  done
done
for c in "${components[@]}"; do
  files=()
  for ((i = 1; i <= runs; i++)); do
    [[ -f "$out/$c/run-$i/$c.json" ]] && files+=("$out/$c/run-$i/$c.json")
  done
  ((${#files[@]} >= 2)) || { echo "gate-spread: fewer than 2 runs of $c wrote results; no table"; continue; }
  ./lab gate --spread --results "${files[@]}" --gates ci/gates.yaml --markdown "$out/$c-spread.md"
done
