#!/usr/bin/env bash
# Re-makes every figure in docs/quality.md. Indexes go to $OUT (default /tmp/docask-quality);
# BEIR indexes are cached in ~/.cache/docask/beir. bge-small embedding takes a while on 2 cores
# (the docs sites about 3 min, SciFact + NFCorpus about 6 min on an idle machine; re-runs reuse the
# vectors), so run it in the background:
#   nohup eval/run-quality.sh > quality.log 2>&1 &
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DOCASK="${DOCASK:-$ROOT/docask}"
DATA="${DATA:-$ROOT/../shared/data}"
OUT="${OUT:-/tmp/docask-quality}"
PARTS="${PARTS:-docs beir}"   # PARTS=docs or PARTS=beir re-makes one half
mkdir -p "$OUT"

site_folder() { case $1 in vitest) echo vitest/docs;; docusaurus) echo docusaurus/website;; astro) echo astro/src/content/docs;; esac; }
site_url() { case $1 in vitest) echo https://vitest.dev;; docusaurus) echo https://docusaurus.io;; astro) echo https://docs.astro.build;; esac; }

if [[ " $PARTS " == *" docs "* ]]; then
for emb in none bge-small; do
  for s in vitest docusaurus astro; do
    "$DOCASK" index "$DATA/docs/$(site_folder $s)" --base-url "$(site_url $s)" --embedder $emb --out "$OUT/$s-$emb" -q
  done
done

for s in vitest docusaurus astro; do
  dev="$DATA/docs/$s-dev-questions.jsonl"
  cross="$ROOT/eval/questions/$s-cross-site.jsonl"
  probes="$ROOT/eval/questions/$s-probes.jsonl"
  "$DOCASK" eval --index "$OUT/$s-none" --questions "$dev" --strategy bm25 --strategy hybrid --strategy topn --strategy filter
  for long in "" --long; do
    "$DOCASK" eval --index "$OUT/$s-bge-small" --questions "$dev" $long
  done
  opening=(--long --strategy hybrid --strategy hybrid:searchOpening=false)
  "$DOCASK" eval --index "$OUT/$s-bge-small" --questions "$dev" "${opening[@]}"
  "$DOCASK" eval --index "$OUT/$s-bge-small" --questions "$dev" --questions "$cross" --questions "$probes" "${opening[@]}"
  "$DOCASK" eval --index "$OUT/$s-bge-small" --questions "$cross"
  "$DOCASK" eval --index "$OUT/$s-bge-small" --questions "$probes"
  # the labelled extractive questions, as answerable questions for the gate (docs/quality.md, "spares questions in
  # the site's own words")
  "$DOCASK" eval --index "$OUT/$s-bge-small" --questions "$ROOT/eval/questions/$s-extractive.jsonl"
  # title-style questions as users file issues (docs/quality.md, "Title-style questions"), short and long
  "$DOCASK" eval --index "$OUT/$s-bge-small" --questions "$ROOT/eval/questions/$s-titles.jsonl" --strategy hybrid --strategy topn
  "$DOCASK" eval --index "$OUT/$s-bge-small" --questions "$ROOT/eval/questions/$s-titles.jsonl" --long --strategy hybrid
  "$DOCASK" eval --index "$OUT/$s-bge-small" --questions "$dev" --questions "$cross" --questions "$probes" \
    --strategy bm25 --strategy vector --strategy hybrid --strategy topn --strategy filter \
    --strategy hybrid:minSimilarity=0.74 --strategy hybrid:minSimilarity=0.75 --strategy hybrid:minSimilarity=0.8 \
    --strategy hybrid:minKeywordCoverage=0.55 --strategy filter:minKeywordCoverage=0.55
  for set in "$dev" "$cross"; do
    for long in "" --long; do
      [ "$set" = "$cross" ] && [ -n "$long" ] && continue
      "$DOCASK" eval --index "$OUT/$s-bge-small" --questions "$set" $long \
        --strategy hybrid --strategy hybrid:maxPerSource=2 --strategy hybrid:maxPerSource=1
    done
  done
  # candidates per retriever (dev short and long, and the unions short and long)
  for long in "" --long; do
    for sets in "--questions $dev" "--questions $dev --questions $cross --questions $probes"; do
      # shellcheck disable=SC2086
      "$DOCASK" eval --index "$OUT/$s-bge-small" $sets $long \
        --strategy hybrid --set candidates=20 --set candidates=80 --set candidates=150
      # shellcheck disable=SC2086
      "$DOCASK" eval --index "$OUT/$s-bge-small" $sets $long \
        --strategy hybrid --set rrfK=10 --set rrfK=30 --set rrfK=120
    done
  done
done

fi

if [[ " $PARTS " == *" beir "* ]]; then
for ds in scifact nfcorpus; do
  "$DOCASK" eval --beir "$DATA/beir/$ds" --embedder none
  "$DOCASK" eval --beir "$DATA/beir/$ds" --embedder bge-small
done
"$DOCASK" eval --beir "$DATA/beir/nfcorpus" --embedder bge-small --qrels dev
"$DOCASK" eval --beir "$DATA/beir/nfcorpus" --embedder bge-small --qrels dev --strategy hybrid \
  --set rrfK=10 --set rrfK=30 --set rrfK=120
fi
