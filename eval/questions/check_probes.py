#!/usr/bin/env python3
"""Checks that off-topic probes are not answered by their site: every keyword in a probe's "grep"
list is searched (case-insensitive, starting at a word boundary) in every page of the site folder.
A probe passes when no keyword occurs on any page; otherwise its hits are printed for a hand check.

    python3 eval/questions/check_probes.py /work/shared/data/docs eval/questions/*-probes.jsonl
"""
import json, pathlib, re, sys

def pages(root):
    return [(p, p.read_text(encoding="utf-8", errors="replace")) for p in root.rglob("*")
            if p.suffix in (".md", ".mdx")]

def main(data, files):
    cache, bad = {}, 0
    for f in files:
        for line in open(f, encoding="utf-8"):
            q = json.loads(line)
            if q.get("answerable") or not q.get("grep"):
                continue
            site = q["site"]
            if site not in cache:
                cache[site] = pages(pathlib.Path(data) / site)
            for kw in q["grep"]:
                rx = re.compile(r"(?<![A-Za-z0-9])" + re.escape(kw), re.I)
                hits = [str(p.relative_to(data)) for p, text in cache[site] if rx.search(text)]
                if hits:
                    bad += 1
                    print(f"{q['id']}: '{kw}' on {len(hits)} page(s): {', '.join(hits[:3])}")
    print(f"{bad} keyword hit(s)")
    return 1 if bad else 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
