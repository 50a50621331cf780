#!/usr/bin/env bash
# The held-out per-site gate check in docs/quality.md ("One gate per site?"): each site's union
# (dev + cross-site + probes) is dealt into halves A and B (answerable and off-topic questions
# separately, alternately in md5(id) order); calibrate on one half, eval its pair on the other.
# Needs the bge-small indexes that run-quality.sh writes ($OUT/<site>-bge-small) and python3.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DOCASK="${DOCASK:-$ROOT/docask}"
DATA="${DATA:-$ROOT/../shared/data}"
OUT="${OUT:-/tmp/docask-quality}"
SPLIT="$OUT/split"
mkdir -p "$SPLIT"

for s in vitest docusaurus astro; do
  python3 - "$s" "$DATA/docs/$s-dev-questions.jsonl" "$ROOT/eval/questions/$s-cross-site.jsonl" \
      "$ROOT/eval/questions/$s-probes.jsonl" "$SPLIT" <<'PY'
import hashlib, json, sys
site, out = sys.argv[1], sys.argv[-1]
lines = [l for f in sys.argv[2:-1] for l in open(f) if l.strip()]
halves = {"A": [], "B": []}
for answerable in (True, False):
    group = sorted((l for l in lines if json.loads(l)["answerable"] == answerable),
                   key=lambda l: hashlib.md5(json.loads(l)["id"].encode()).hexdigest())
    for i, l in enumerate(group):
        halves["AB"[i % 2]].append(l)
for h, ls in halves.items():
    open(f"{out}/{site}-{h}.jsonl", "w").write("".join(ls))
PY
  for pair in "A B" "B A"; do
    set -- $pair
    read -r sim cov < <("$DOCASK" calibrate --index "$OUT/$s-bge-small" --questions "$SPLIT/$s-$1.jsonl" --json \
      | python3 -c 'import json,sys; j=json.load(sys.stdin)["suggested"]; print(j["minSimilarity"], j["minKeywordCoverage"])')
    echo "== $s: calibrated on $1 ($sim / $cov), checked on $2"
    "$DOCASK" eval --index "$OUT/$s-bge-small" --questions "$SPLIT/$s-$2.jsonl" --strategy hybrid \
      --set minSimilarity="$sim" --set minKeywordCoverage="$cov"
  done
done
