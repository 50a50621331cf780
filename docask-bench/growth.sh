#!/usr/bin/env bash
# The growth curve of docs/benchmarks.md ("Growth curve"): RetrieveBenchmark, IndexLoadBenchmark and
# ScanBenchmark at 10k, 100k and 1M chunks, docask and the LangChain4j + Lucene peer side by side, the
# load average before and after each step, then docs/growth.svg and the table (growth_chart.py).
#
#   docask-bench/growth.sh                  # builds the benchmarks jar, then runs (≈ 45 min on 2 cores)
#   SIZES="10000 100000" docask-bench/growth.sh
#   JAR=/path/to/benchmarks.jar BEFORE_JAR=/path/to/old.jar docask-bench/growth.sh   # 10k also with an older build
#
# Other sessions' JMH runs hold /tmp/jmh.lock on a shared machine: the lock is ignored, and the load average
# recorded beside every step says how busy the machine was.
# Results go to docask-bench/target/growth/<date>/ (JMH JSON, logs, table.md); the chart to docs/growth.svg.
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
JAVA="$JAVA_HOME/bin/java"
SIZES=${SIZES:-"10000 100000 1000000"}
CACHE=${CACHE:-docask-bench/target/growth-cache}   # docask's RetrieveBenchmark indexes, built once per size and kept
PEER_LOAD_MAX=${PEER_LOAD_MAX:-100000}   # the peer's store is a JSON file: ≈ 5 GB at 1M chunks, minutes to read
OUT=docask-bench/target/growth/$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$OUT"
if [[ -z "${JAR:-}" ]]; then
  ./mvnw -B -q -Pbench package -DskipTests -pl docask-bench -am
  JAR=docask-bench/target/benchmarks.jar
fi
run() { # name, jar, then JMH arguments
  local name=$1 jar=$2; shift 2
  echo "== $name  ($(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg))" | tee -a "$OUT/steps.txt"
  echo "load-before $(cut -d' ' -f1 /proc/loadavg)" > "$OUT/$name.load"
  "$JAVA" --add-modules jdk.incubator.vector -Djmh.ignoreLock=true -jar "$jar" "$@" -rf json -rff "$OUT/$name.json" > "$OUT/$name.log" 2>&1 \
    || echo "   failed: see $OUT/$name.log" | tee -a "$OUT/steps.txt"
  echo "load-after $(cut -d' ' -f1 /proc/loadavg)" >> "$OUT/$name.load"
  grep -E '^\[footprint\]|^\[index size\]' "$OUT/$name.log" | tee -a "$OUT/steps.txt" || true
}
start=$(date +%s)
echo "machine: $(nproc) cores, $(grep MemTotal /proc/meminfo | tr -s ' '), $("$JAVA" -version 2>&1 | head -1)" | tee "$OUT/steps.txt"
if [[ -n "${BEFORE_JAR:-}" ]]; then
  run before-retrieve-10000 "$BEFORE_JAR" 'RetrieveBenchmark.docask$' -p chunks=10000 -bm sample -tu ms -wi 3 -i 5 -w 2 -r 2 -f 1
  run after-retrieve-10000 "$JAR" 'RetrieveBenchmark.docask$' -p chunks=10000 -bm sample -tu ms -wi 3 -i 5 -w 2 -r 2 -f 1
  run before-load-10000 "$BEFORE_JAR" 'IndexLoadBenchmark.open$' -p chunks=10000 -f 1
  run after-load-10000 "$JAR" 'IndexLoadBenchmark.open$' -p chunks=10000 -f 1 -jvmArgsAppend "--add-modules jdk.incubator.vector -Xmx14g -Ddocask.bench.peer=false"
fi
for n in $SIZES; do
  run "retrieve-$n" "$JAR" 'RetrieveBenchmark' -p chunks="$n" -bm sample -tu ms -wi 3 -i 5 -w 2 -r 2 -f 1 \
    -jvmArgsAppend "--add-modules jdk.incubator.vector -Xmx14g -Ddocask.bench.indexCache=$CACHE"
  if (( n <= PEER_LOAD_MAX )); then
    run "load-$n" "$JAR" 'IndexLoadBenchmark' -p chunks="$n" -wi 2 -i 5 -f 1
  else
    run "load-$n" "$JAR" 'IndexLoadBenchmark.(open|openAndAnswer)$' -p chunks="$n" -wi 2 -i 5 -f 1 -jvmArgsAppend "--add-modules jdk.incubator.vector -Xmx14g -Ddocask.bench.peer=false"
  fi
done
run scan "$JAR" 'ScanBenchmark.(int8ScanMapped|int8ScanMappedCopyingBlocks|memoryBandwidth)$' -p vectors=100000,1000000 -p threads=1,2 -wi 2 -i 5 -w 1 -r 2 -f 1
python3 docask-bench/growth_chart.py "$OUT" docs/growth.svg | tee "$OUT/table.md"
echo "took $(( ($(date +%s) - start) / 60 )) min; results in $OUT" | tee -a "$OUT/steps.txt"
