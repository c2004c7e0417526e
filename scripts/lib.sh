# Shared by the scripts in this folder; source it, do not run it:
#   . "$(dirname "$0")/lib.sh"
# Sets $root (the repository) and $jar (the benchmarks jar, or $STEALBENCH_JAR when given), and
# defines the one jar-is-stale check and build, and the one --cpus pinning.

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

# Pins the command in the array `launch` to the CPU list that --cpus LIST (or --cpus=LIST) names
# among the arguments after NAME, with taskset; without --cpus it leaves `launch` as it is. When
# taskset is missing or the list is not valid here: one line on standard error naming NAME, exit 2.
#   launch=(java ...); stealbench_pin_cpus NAME "$@"; exec "${launch[@]}"
stealbench_pin_cpus() {
  local name="$1" cpus="" i
  shift
  local args=("$@")
  for ((i = 0; i < ${#args[@]}; i++)); do
    case "${args[$i]}" in
      --cpus) cpus="${args[$((i + 1))]:-}" ;;
      --cpus=*) cpus="${args[$i]#--cpus=}" ;;
    esac
  done
  [ -n "$cpus" ] || return 0
  if ! command -v taskset >/dev/null; then
    echo "$name: --cpus needs taskset (Debian package util-linux)" >&2
    exit 2
  fi
  if ! taskset -c "$cpus" true 2>/dev/null; then
    echo "$name: --cpus '$cpus' is not a valid CPU list on this machine (nproc: $(nproc))" >&2
    exit 2
  fi
  launch=(taskset -c "$cpus" "${launch[@]}")
}
