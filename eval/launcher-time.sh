#!/usr/bin/env bash
# How long ./docask --version takes against the `java -jar` it runs (the launcher's own command line,
# read with bash -x), interleaved round by round so that other work on the machine slows both alike.
# Prints each command's median over the rounds and the median of the per-round differences.
#
#   eval/launcher-time.sh [ROUNDS] [DIST]     ROUNDS: 10; DIST: an unpacked docask-VERSION folder,
#                                             whose bin/docask is timed as well
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-10}"
dist="${2:-}"

./docask --version >/dev/null # builds the jar when it is missing or stale
line="$(bash -x ./docask --version 2>&1 >/dev/null | grep -m1 '^+ exec ')"
read -ra java_jar <<<"${line#+ exec }"

names=("./docask --version" "java <same flags> -jar docask-cli/target/${java_jar[-2]##*/} --version")
commands=("./docask --version" "${java_jar[*]}")
if [[ -n "$dist" ]]; then names+=("$dist/bin/docask --version"); commands+=("$dist/bin/docask --version"); fi

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
declare -a times
for ((r = 0; r < rounds + 1; r++)); do # round 0 warms up and is not counted
  for i in "${!commands[@]}"; do
    start=$(date +%s%N)
    ${commands[$i]} >/dev/null 2>&1
    end=$(date +%s%N)
    ((r > 0)) && times[i]+="$(( (end - start) / 1000000 )) "
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

median() { tr ' ' '\n' | grep . | sort -n | awk '{v[NR] = $1} END {m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.3f s", m / 1000}'; }
for i in "${!commands[@]}"; do
  printf '%-70s median %s  (ms: %s)\n' "${names[$i]}" "$(median <<<"${times[$i]}")" "${times[$i]% }"
done
read -ra a <<<"${times[0]}"
read -ra b <<<"${times[1]}"
diffs=""
for i in "${!a[@]}"; do diffs+="$(( a[i] - b[i] )) "; done
echo "launcher minus java -jar, median of the rounds: $(median <<<"$diffs")"
