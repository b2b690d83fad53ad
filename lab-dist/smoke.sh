#!/usr/bin/env bash
# The release archive as a user gets it: unpacked into a temporary folder, linked from a folder on PATH, and run
# from another folder with no checkout in it. perflab --version, list, then run-jar on a tiny JMH project this
# lab's build did not make, and report, history, gate and compare on what that run wrote. Each command's exit
# status is checked. Short functional runs only: the numbers are not for reading.
#   usage: lab-dist/smoke.sh   (after mvn -B -Pdist -DskipTests package; JMH's jars in the local Maven repository,
#          which any build of the reactor fetches; MAVEN_REPO names another)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repo=${MAVEN_REPO:-$HOME/.m2/repository}
archives=("$root"/lab-dist/target/perflab-*.tar)
[[ -f "${archives[0]}" ]] || { echo "smoke: no ${archives[0]}; make it with: mvn -B -Pdist -DskipTests package" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/perflab-dist.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/opt" "$work/bin" "$work/project"
tar xf "${archives[0]}" -C "$work/opt"
ln -s "$work"/opt/perflab-*/bin/perflab "$work/bin/perflab"
export PATH="$work/bin:$PATH"
cd "$work/project"

# expect STATUS TEXT COMMAND…: the command exits STATUS and its output holds TEXT; else its output and exit 1.
expect() {
  local want="$1" text="$2" got=0
  shift 2
  "$@" >"$work/out.txt" 2>&1 || got=$?
  if [[ $got != "$want" ]] || ! grep -qF -- "$text" "$work/out.txt"; then
    cat "$work/out.txt"
    echo "smoke: '$*' in $PWD exited $got (expected $want) or printed no '$text'" >&2
    exit 1
  fi
  echo "smoke: ok: $*"
}

expect 0 "perflab " perflab --version
expect 0 "Usage: perflab run " perflab run --help
expect 2 "(see perflab run --help)" perflab run --no-such-option
expect 0 "orderbook" perflab list
expect 2 "(perflab list shows them)" perflab profile
# the lab's own benchmarks jar (lib/benchmarks.jar), where ab finds its rulers: one run's plan, nothing run
lib=("$work"/opt/perflab-*/lib)
expect 0 "RulerBenchmark.sortCopy (ruler)" perflab ab orderbook --plan --smoke --rung tuned --benchmark cancelLast \
  --base-jar "${lib[0]}/benchmarks.jar" --head-jar "${lib[0]}/benchmarks.jar"

# A JMH project of someone else's shape: the JMH-version fixture's Tally.java, compiled with JMH's annotation
# processor and packed with JMH into one jar with JMH's main class, as a project's shade plugin would.
jmh=$(sed -n 's:.*<jmh.version>\(.*\)</jmh.version>.*:\1:p' "$root/pom.xml")
core=$repo/org/openjdk/jmh/jmh-core/$jmh/jmh-core-$jmh.jar
gen=$repo/org/openjdk/jmh/jmh-generator-annprocess/$jmh/jmh-generator-annprocess-$jmh.jar
# jopt-simple's and commons-math3's versions: JMH's parent pom's
dep() { sed -n "/<artifactId>$1<\/artifactId>/{n;s/.*<version>\(.*\)<\/version>.*/\1/p}" "$repo/org/openjdk/jmh/jmh-parent/$jmh/jmh-parent-$jmh.pom" | head -1; }
mkdir -p tally/target/classes
javac -nowarn --release 17 -cp "$core:$gen" -d tally/target/classes "$root/lab-scenarios/src/test/resources/dev/perflab/foreign/jmh-versions/fixture/Tally.java"
for lib in "$core" "$repo/net/sf/jopt-simple/jopt-simple/$(dep jopt-simple)/jopt-simple-$(dep jopt-simple).jar" \
    "$repo/org/apache/commons/commons-math3/$(dep commons-math3)/commons-math3-$(dep commons-math3).jar"; do
  (cd tally/target/classes && jar xf "$lib")
done
rm -f tally/target/classes/META-INF/MANIFEST.MF
jar --create --file tally/target/benchmarks.jar --main-class org.openjdk.jmh.Main -C tally/target/classes .

# Its defaults: results/tally/ and the history results/history.db, both in this folder.
unset PERFLAB_HISTORY
expect 0 "Tally.sum" perflab run-jar tally/target/benchmarks.jar 'Tally.sum' -p size=16 -f 1 -wi 1 -w 100ms -i 1 -r 100ms
rows=results/tally/tally.json
expect 0 "Tally.sum" perflab report "$rows" --markdown report.md
expect 0 "Tally.sum" perflab history tally
cat > gates.yaml <<'GATES'
# Plumbing, not a claim: the same row over itself is 1.
gates:
  - name: Tally.sum at size 16 over itself
    ratio:
      numerator:   {benchmark: Tally.sum, params: {size: 16}}
      denominator: {benchmark: Tally.sum, params: {size: 16}}
    min: 0.5
GATES
expect 0 "PASS" perflab gate --results "$rows" --gates gates.yaml
expect 0 "Tally.sum" perflab compare --all "$rows" "$rows"
echo "smoke: the release archive runs from $PWD with no checkout"
