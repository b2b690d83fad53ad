#!/usr/bin/env bash
# Times the results history's two goals on this machine, each in fresh JVMs as a user meets them:
#   append   one run of an order-book run's size (18 rows with their secondary metrics and iterations) appended
#            to a history that already holds 1,000 runs, the way ./lab run does after saving its JSON
#   history  ./lab history orderbook (the table and sparklines) and --export csv over those 1,000 runs
# Prints each one's median, min and max over TRIES runs, with the machine, the JDK and the load average: figures
# taken while other work loads the machine are not measurements (see the load average beside them).
#   lab-scenarios/history-timings.sh [TRIES]      (default 5; builds the lab and its test classes when needed)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tries="${1:-5}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"

./lab --version >/dev/null
echo "history-timings: compiling the harness (mvn test-compile)…" >&2
mvn -B -q -ntp -pl lab-scenarios -am test-compile >/dev/null
cp="lab-scenarios/target/lab.jar:lab-scenarios/target/test-classes"
work=lab-scenarios/target/history-timings
mkdir -p "$work"
db="$work/history.db"
"$java" -cp "$cp" dev.perflab.history.HistoryTimings setup "$db" 1000

millis() { echo $(( $(date +%s%N) / 1000000 )); }
summary() {  # name, then the figures in ms
  local name=$1; shift
  printf '%s\n' "$@" | sort -n | awk -v name="$name" '{ v[NR] = $1 } END {
    printf "%-34s median %6.0f ms   min %6.0f ms   max %6.0f ms   (%d runs)\n", name, v[int((NR + 1) / 2)], v[1], v[NR], NR }'
}

append_wall=() append_inside=() table=() csv=()
for ((i = 0; i < tries; i++)); do
  t0=$(millis); inside=$("$java" -cp "$cp" dev.perflab.history.HistoryTimings append "$db"); t1=$(millis)
  append_wall+=($((t1 - t0))) append_inside+=("$inside")
  t0=$(millis); "$java" -jar lab-scenarios/target/lab.jar history orderbook --history "$db" >/dev/null; t1=$(millis)
  table+=($((t1 - t0)))
  t0=$(millis); "$java" -jar lab-scenarios/target/lab.jar history orderbook --history "$db" --export csv >/dev/null; t1=$(millis)
  csv+=($((t1 - t0)))
done

echo "history-timings · $("$java" -jar lab-scenarios/target/lab.jar --version) · JDK $("$java" -XshowSettings:properties -version 2>&1 | awk -F' = ' '/java.runtime.version/ {print $2}') · CPU $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo) · $(nproc) cores"
echo "history of 1,000 runs × 18 rows: $(du -h "$db" | cut -f1) SQLite file; load average after the tries: $(cut -d' ' -f1-3 /proc/loadavg)"
summary "append one run (whole JVM)" "${append_wall[@]}"
summary "append one run (in the JVM)" "${append_inside[@]}"
summary "./lab history orderbook" "${table[@]}"
summary "./lab history orderbook --export csv" "${csv[@]}"
