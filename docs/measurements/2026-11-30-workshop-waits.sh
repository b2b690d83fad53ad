#!/usr/bin/env bash
# Usage: bash docs/measurements/2026-11-30-workshop-waits.sh [REPO] [CLONE_DIR] [TIMES.tsv] (a fresh clone of REPO is made in CLONE_DIR)
# Times the waits of the workshop's graded exercises as a learner meets them, in a fresh clone: every command a
# learner runs, with its wall time and exit code. Thinking and editing time is not measured (no learner here).
set -u
src=${1:-$(git rev-parse --show-toplevel)}; dir=${2:-/tmp/ws-clone}; log=${3:-/tmp/ws-times.tsv}
rm -rf "$dir"; git clone -q "$src" "$dir"; cd "$dir" || exit 1
printf 'step\tcommand\texit\tseconds\n' > "$log"
t() { # step, command...
  local step=$1; shift
  local s=$(date +%s.%N); timeout 1200 "$@" > "/tmp/ws-$(echo "$step" | tr ' /' '__').out" 2>&1; local rc=$?
  printf '%s\t%s\t%d\t%.1f\n' "$step" "$*" "$rc" "$(echo "$(date +%s.%N) - $s" | bc)" >> "$log"
}
ref=exercises/teacher/reference/dev/perflab
t "first build" ./lab list
# exercise 2: the order book's cancel, three edits each followed by a check, then the grade
book=lab-core/src/main/java/dev/perflab/orderbook/StudentBook.java
touch "$book";                                 t "ex2 check 1 (skeleton)" ./lab check orderbook
cp exercises/teacher/slow/dev/perflab/orderbook/StudentBook.java "$book"; t "ex2 check 2 (a linear scan)" ./lab check orderbook
cp "$ref/orderbook/StudentBook.java" "$book";  t "ex2 check 3 (the fix)" ./lab check orderbook
t "ex2 grade" ./lab grade orderbook
# mystery 1: the order book's allocation
t "m1 run" ./lab run orderbook --rung r3,mystery --benchmark cancelLast --quick
t "m1 profile alloc" ./lab profile orderbook --rung mystery --event alloc --benchmark cancelLast --param depth=1000
cp "$ref/orderbook/MysteryBook.java" lab-core/src/main/java/dev/perflab/orderbook/MysteryBook.java
t "m1 check" ./lab check orderbook --rung mystery
t "m1 grade" ./lab grade orderbook --rung mystery
# mystery 2: the ring's contention (on 2 cores: the contract only)
t "m2 grade (contract only on 2 cores)" ./lab grade mdf-ring --rung mystery
# mystery 3: the store's algorithm
t "m3 run" ./lab run kv --rung r2,mystery --quick
cp "$ref/kv/MysteryStore.java" lab-core/src/main/java/dev/perflab/kv/MysteryStore.java
t "m3 check" ./lab check kv --rung mystery
t "m3 grade" ./lab grade kv --rung mystery
# profile reading
t "pr profile" ./lab profile orderbook --rung r1 --benchmark cancelLast --param depth=1000
t "pr check (answers as shipped)" ./lab check orderbook --answers exercises/profile-reading/answers.txt
echo done >> "$log"
