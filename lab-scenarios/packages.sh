#!/usr/bin/env bash
# Prints the package import graph of lab-scenarios, read from its compiled classes by the JDK's jdeps:
# one line per package with the lab packages it imports (lab-core's and libraries' left out), lowest floor
# first. HouseRulesTest checks the same graph has no loop and keeps the floors; this shows it.
#   lab-scenarios/packages.sh          (compiles the module first when its classes are missing)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
classes=target/classes
if [[ ! -d $classes/dev/perflab/cli ]]; then
  echo "packages: compiling lab-scenarios first (mvn -q compile)…" >&2
  (cd .. && mvn -B -q -ntp compile -pl lab-scenarios -am >/dev/null)
fi
own=$(cd $classes && find dev -name '*.class' -printf '%h\n' | tr / . | sort -u)
jdeps="${JAVA_HOME:+$JAVA_HOME/bin/}jdeps"
"$jdeps" -verbose:package -filter:none -e 'dev\.perflab\..*' "$classes" 2>/dev/null \
  | awk -v own="$own" '
      BEGIN { n = split(own, p, "\n"); for (i = 1; i <= n; i++) { q = p[i]; sub(/^dev\.perflab\./, "", q); mine[q] = 1 } }
      $2 == "->" {
        from = $1; to = $3; sub(/^dev\.perflab\./, "", from); sub(/^dev\.perflab\./, "", to)
        if ((from in mine) && (to in mine) && from != to && !((from, to) in edge)) {
          edge[from, to] = 1; deps[from] = (count[from]++ ? deps[from] ", " : "") to
        }
      }
      END {
        # floor = 1 + the highest floor among what a package imports; a loop never settles and is reported
        for (round = 0; round <= n; round++) {
          changed = 0
          for (f in mine) {
            best = 1
            for (g in mine) if ((f, g) in edge && floor[g] + 1 > best) best = floor[g] + 1
            if (floor[f] != best) { floor[f] = best; changed = 1 }
          }
          if (!changed) break
        }
        if (changed) print "packages: the graph has a loop (floors do not settle); HouseRulesTest names it" > "/dev/stderr"
        for (f in mine) printf "%d\t%-16s -> %s\n", floor[f], f, (f in deps ? deps[f] : "(nothing of the lab)")
      }' \
  | sort -n -k1,1 -k2,2 | awk -F'\t' '{ printf "floor %s  %s\n", $1, $2 }'
