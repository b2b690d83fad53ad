#!/usr/bin/env bash
# ci/calibrate-lanes.sh LANES RUNS OUT COMPONENT [AB OPTIONS…]: an `ab --calibrate` spread over LANES lanes of one
# large runner, each lane pinned to 2 CPUs of its own (a 2-core CI runner's share), then one table over them all.
#
#   ci/calibrate-lanes.sh 8 3 target/cal/replay-lanes orderbook --quick --rung tuned --benchmark replay250k --pairs 16 --plants 10%
#
# Lane 1 sizes the plants and makes its first round alone; lanes 2…LANES then start from lane 1's plants
# (calibration.json copied, --resume), so every lane plants the same slowdown; each lane makes RUNS runs of each
# kind, LANES × RUNS in all. Logs: OUT/laneN.log; each lane's folder: OUT/laneN; the merged table:
# OUT/merged/calibration.md (./lab ab --calibrate --merge). A lane's rates are only worth merging where a
# lane's spread matches a 2-core runner's: measure that first (docs/ab.md, the device runs).
# LANE_CPUS=N (default 2) gives each lane N CPUs: LANE_CPUS=1 for rows calibrated on one CPU (the ring, whose
# forks on two CPUs keep a fast or a slow mode: docs/ab.md).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if (($# < 4)); then
  echo "usage: ci/calibrate-lanes.sh LANES RUNS OUT COMPONENT [ab options…], e.g. 8 3 target/cal/lanes orderbook --quick --rung tuned" >&2
  exit 2
fi
lanes=$1 runs=$2 out=$3 component=$4 per=${LANE_CPUS:-2}
shift 4
[[ "$lanes" =~ ^[1-9][0-9]*$ && "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "calibrate-lanes: LANES and RUNS must be whole numbers ≥ 1 (got '$lanes', '$runs')" >&2; exit 2; }
[[ "$per" =~ ^[1-9][0-9]*$ ]] || { echo "calibrate-lanes: LANE_CPUS must be a whole number ≥ 1 (got '$per')" >&2; exit 2; }
command -v taskset >/dev/null || { echo "calibrate-lanes: taskset is needed to pin each lane (Debian package util-linux)" >&2; exit 2; }
mapfile -t cpus < <(taskset -pc $$ | sed 's/.*: //' | tr ',' '\n' | awk -F- '{ if (NF == 2) { for (c = $1; c <= $2; c++) print c } else print $1 }')
if ((lanes * per > ${#cpus[@]})); then
  echo "calibrate-lanes: $lanes lanes of $per CPUs need $((lanes * per)) CPUs; this process may use ${#cpus[@]}" >&2
  exit 2
fi
for a in "$@"; do
  case "$a" in --out|--out=*|--resume|--runs|--runs=*|--merge|--merge=*) echo "calibrate-lanes: $a is the script's to set; drop it" >&2; exit 2 ;; esac
done
mkdir -p "$out"
./lab ab --help > /dev/null # builds the lab once, before any lane starts
# Lanes share the machine's /tmp: JMH's one-run-per-machine lock would stop all but one.
export LAB_JAVA_OPTS="${LAB_JAVA_OPTS:-} -Dperflab.jmh.ignoreLock=true"
lane() { # lane N: its CPUs, then ./lab ab … with its folder
  local n=$1 mine
  shift
  mine=$(IFS=,; echo "${cpus[*]:$(((n - 1) * per)):$per}")
  taskset -c "$mine" ./lab ab "$component" --calibrate "$@" --out "$out/lane$n" >> "$out/lane$n.log" 2>&1
}
echo "calibrate-lanes: lane 1 sizes the plants and makes its first round (log: $out/lane1.log)"
lane 1 "$@" --runs 1 || { echo "calibrate-lanes: lane 1 failed (exit $?); see $out/lane1.log" >&2; exit 1; }
pids=()
for ((n = 1; n <= lanes; n++)); do
  if ((n > 1)); then
    mkdir -p "$out/lane$n"
    cp "$out/lane1/calibration.json" "$out/lane$n/calibration.json"
  fi
  lane "$n" "$@" --runs "$runs" --resume &
  pids+=($!)
done
echo "calibrate-lanes: $lanes lanes running, $runs runs of each kind each (logs: $out/laneN.log)"
failed=0
for n in "${!pids[@]}"; do
  wait "${pids[$n]}" || { echo "calibrate-lanes: lane $((n + 1)) exited $?; its finished runs still count (see $out/lane$((n + 1)).log)" >&2; failed=1; }
done
folders=$(for ((n = 1; n <= lanes; n++)); do printf '%s%s' "$([[ $n -gt 1 ]] && echo ,)" "$out/lane$n"; done)
./lab ab "$component" --calibrate --merge "$folders" --out "$out/merged"
exit "$failed"
