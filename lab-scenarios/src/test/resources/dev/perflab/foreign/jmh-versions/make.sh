#!/usr/bin/env bash
# Makes the fixtures of one JMH version from fixture/Tally.java: the JSON of a short run with -prof gc, the -lp
# listing, the -h option list and the generated META-INF/BenchmarkList. Needs the version's jmh-core,
# jmh-generator-annprocess, jopt-simple and commons-math3 in the local Maven repository (mvn dependency:get
# -Dartifact=org.openjdk.jmh:jmh-generator-annprocess:VERSION fetches them). The numbers are not for reading.
#   usage: ./make.sh 1.19
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
version=${1:?usage: ./make.sh JMH_VERSION}
repo=${MAVEN_REPO:-$HOME/.m2/repository}
core=$repo/org/openjdk/jmh/jmh-core/$version/jmh-core-$version.jar
gen=$repo/org/openjdk/jmh/jmh-generator-annprocess/$version/jmh-generator-annprocess-$version.jar
# jopt-simple's and commons-math3's versions: in jmh-core's pom (old JMH) or in jmh-parent's (newer)
poms="$repo/org/openjdk/jmh/jmh-core/$version/jmh-core-$version.pom $repo/org/openjdk/jmh/jmh-parent/$version/jmh-parent-$version.pom"
dep() { cat $poms | sed -n "/<artifactId>$1<\/artifactId>/{n;s/.*<version>\(.*\)<\/version>.*/\1/p}" | head -1; }
jopt=$repo/net/sf/jopt-simple/jopt-simple/$(dep jopt-simple)/jopt-simple-$(dep jopt-simple).jar
math=$repo/org/apache/commons/commons-math3/$(dep commons-math3)/commons-math3-$(dep commons-math3).jar
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
javac -nowarn --release 8 -cp "$core:$gen" -d "$work" fixture/Tally.java 2>/dev/null
cp="$work:$core:$jopt:$math"
rm -rf "jmh-$version"
mkdir -p "jmh-$version/META-INF"
cp "$work/META-INF/BenchmarkList" "jmh-$version/META-INF/BenchmarkList"
java -cp "$cp" org.openjdk.jmh.Main -h 2>&1 | sed -n 's/^ *\(-[A-Za-z]*\) .*/\1/p' | sort > "jmh-$version-options.txt"
java -cp "$cp" org.openjdk.jmh.Main Tally -lp > "jmh-$version-list.txt"
java -Djmh.ignoreLock=true -cp "$cp" org.openjdk.jmh.Main Tally -p size=16 -f 1 -wi 0 -i 2 -r 100ms -prof gc \
  -rf json -rff "jmh-$version.json" > /dev/null
echo "made jmh-$version.json, jmh-$version-list.txt, jmh-$version-options.txt, jmh-$version/META-INF/BenchmarkList"
