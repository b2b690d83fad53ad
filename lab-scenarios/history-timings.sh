#!/usr/bin/env bash
# Times the results history's two goals on this machine, each in fresh JVMs as a user meets them:
#   append   one run of an order-book run's size (18 rows with their secondary metrics and iterations) appended
#            to a history that already holds 1,000 runs, the way ./lab run does after saving its JSON
#   history  ./lab history orderbook (the table and sparklines) and --export csv over those 1,000 runs, through
#            ./lab itself (its check that the jars are fresh and its JVM flags included)
# Prints each one's median, min and max over TRIES runs (wall time, and CPU time of all the JVM's threads), with the
# machine, the JDK and the load average: figures taken while other work loads the machine are not measurements
# (see the load average beside them). Needs /usr/bin/time (Debian: apt-get install time).
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

# Each command under /usr/bin/time: wall seconds, and the CPU seconds (user + system) of all its threads, which
# other work on the machine inflates less than the wall time.
timed() {  # ARRAY-NAME-PREFIX, then the command; appends wall and CPU in ms to PREFIX_wall and PREFIX_cpu
  local prefix=$1; shift
  /usr/bin/time -f '%e %U %S' -o "$work/time.txt" "$@" >"$work/out.txt"
  read -r wall user sys <"$work/time.txt"
  eval "${prefix}_wall+=($(awk -v w="$wall" 'BEGIN { printf "%.0f", w * 1000 }'))"
  eval "${prefix}_cpu+=($(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.0f", (u + s) * 1000 }'))"
}
summary() {  # name, then the figures in ms
  local name=$1; shift
  printf '%s\n' "$@" | sort -n | awk -v name="$name" '{ v[NR] = $1 } END {
    printf "%-46s median %6.0f ms   min %6.0f ms   max %6.0f ms   (%d runs)\n", name, v[int((NR + 1) / 2)], v[1], v[NR], NR }'
}

append_wall=() append_cpu=() inside=() table_wall=() table_cpu=() csv_wall=() csv_cpu=()
for ((i = 0; i < tries; i++)); do
  timed append "$java" -cp "$cp" dev.perflab.history.HistoryTimings append "$db"
  inside+=("$(cat "$work/out.txt")")
  timed table ./lab history orderbook --history "$db"
  timed csv ./lab history orderbook --history "$db" --export csv
done

echo "history-timings · $("$java" -jar lab-scenarios/target/lab.jar --version) · JDK $("$java" -XshowSettings:properties -version 2>&1 | awk -F' = ' '/java.runtime.version/ {print $2}') · CPU $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo) · $(nproc) cores"
echo "history of 1,000 runs × 18 rows: $(du -h "$db" | cut -f1) SQLite file; load average after the tries: $(cut -d' ' -f1-3 /proc/loadavg)"
summary "append one run: whole JVM, wall" "${append_wall[@]}"
summary "append one run: whole JVM, CPU (all threads)" "${append_cpu[@]}"
summary "append one run: the append alone, wall" "${inside[@]}"
summary "./lab history orderbook: wall" "${table_wall[@]}"
summary "./lab history orderbook: CPU (all threads)" "${table_cpu[@]}"
summary "./lab history orderbook --export csv: wall" "${csv_wall[@]}"
summary "./lab history orderbook --export csv: CPU" "${csv_cpu[@]}"
