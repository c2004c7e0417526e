# Shared by the scripts in this folder; source it, do not run it:
#   . "$(dirname "$0")/lib.sh"
# Sets $root (the repository) and $jar (the benchmarks jar, or $STEALBENCH_JAR when given), and
# defines the one jar-is-stale check and build.

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="${STEALBENCH_JAR:-$root/harness/target/benchmarks.jar}"

# True when the jar is missing or older than any POM or source file. A jar named by
# STEALBENCH_JAR is never stale: it is run as it is (e.g. a copy a rebuild cannot touch).
stealbench_jar_stale() {
  [ -n "${STEALBENCH_JAR:-}" ] && return 1
  [ ! -f "$jar" ] && return 0
  [ -n "$(cd "$root" && find pom.xml */pom.xml */src -newer "$jar" -type f -print -quit 2>/dev/null)" ]
}

# Builds the jar when it is stale; Maven's output goes to standard error.
stealbench_ensure_jar() {
  if stealbench_jar_stale; then
    echo "stealbench: building $jar" >&2
    (cd "$root" && mvn -B -q -DskipTests package) >&2
  fi
}
