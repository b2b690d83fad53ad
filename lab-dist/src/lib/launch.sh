# Sourced by ./lab (a checkout's CLI) and by bin/perflab (the release archive's): finding the JDK and starting the
# CLI's JVM are the same for both. Defines functions only; the caller runs them.

# Sets $java to JAVA_HOME's java, else the one on PATH; without one, a line saying what to do and exit 2.
# $1: the name the errors start with (lab, perflab).
perflab_find_java() {
  java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
  if [[ -n "${JAVA_HOME:-}" && ! -x "$JAVA_HOME/bin/java" ]]; then
    echo "$1: JAVA_HOME=$JAVA_HOME: no executable bin/java there; point JAVA_HOME at a JDK 17+ home, or unset it" >&2
    exit 2
  fi
  command -v "$java" >/dev/null || { echo "$1: no java on PATH; install a JDK 17+ (e.g. apt-get install openjdk-17-jdk-headless) or set JAVA_HOME" >&2; exit 2; }
  # Ctrl-C or SIGTERM before the CLI's JVM replaces this shell (the build check, a build): one line, and the exit
  # codes the CLI itself gives (130, 143); exec drops these traps
  trap "echo '$1: interrupted before the command started; it ran nothing' >&2; exit 130" INT
  trap "echo '$1: interrupted before the command started; it ran nothing' >&2; exit 143" TERM
}

# Replaces the shell with the CLI's JVM: perflab_exec JVM-OPTION… -- CLI-ARGUMENT…  ($LAB_JAVA_OPTS go first).
perflab_exec() {
  local jvm=()
  while [[ "$1" != -- ]]; do jvm+=("$1"); shift; done
  shift
  # Under a locale that is not UTF-8 (LANG=C in a container or a CI job) the JVM reads arguments and file names as
  # ASCII: a non-ASCII path is refused as "Unmatched argument" or cannot be opened, and ✓/✗ print as "?". A UTF-8
  # locale of the system (C.UTF-8, else en_US.UTF-8) keeps them whole; without one, nothing changes.
  case "${LC_ALL:-${LC_CTYPE:-${LANG:-}}}" in
    *[Uu][Tt][Ff]-8*|*[Uu][Tt][Ff]8*) ;;
    *) local utf8
       utf8=$(locale -a 2>/dev/null | grep -iE '^(c|en_us)\.utf-?8$' | sort | head -1 || true)
       if [[ -n "$utf8" ]]; then export LC_ALL="$utf8"; fi ;;
  esac
  # history reads the results history, prints and exits within a second: C2's compilations would cost more CPU
  # than they save in a JVM that short, so it runs on the C1 compiler alone.
  local jit=()
  [[ "${1:-}" == history ]] && jit=(-XX:TieredStopAtLevel=1)
  # shellcheck disable=SC2086 # LAB_JAVA_OPTS is a list of options, split on blanks as the user wrote them
  exec "$java" ${jit[@]+"${jit[@]}"} ${LAB_JAVA_OPTS:-} "${jvm[@]}" "$@"
}
