#!/usr/bin/env bash
# jcstress in quick mode on one JVM configuration (about a minute on 2 cores): the lab's lock-free
# protocols. Needs lab-jcstress/target/jcstress.jar (./lab or mvn package builds it). Exit 1 when a test
# fails or errs: jcstress itself exits 0 either way, so this reads its summary.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/target/jcstress}"
mkdir -p "$out"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
"$java" -jar "$root/lab-jcstress/target/jcstress.jar" -m quick -jvmArgs "-Xmx256m" -sc false -r "$out" \
  | tee "$out/jcstress.log" | grep -E '^\s*\(Results:|Failed tests|Error tests|Interesting tests' || true
if grep -q "Failed tests: No matches." "$out/jcstress.log" && grep -q "Error tests: No matches." "$out/jcstress.log"; then
  echo "jcstress: every test passed; report $out/index.html"
else
  echo "jcstress: a test failed or erred; see $out/index.html and $out/jcstress.log" >&2
  exit 1
fi
