#!/usr/bin/env python3
"""Reads a docask-bench/growth.sh result folder (JMH JSON, logs, load averages) and prints the
growth-curve tables of docs/benchmarks.md as Markdown; writes the chart (SVG) to the second argument.

    python3 docask-bench/growth_chart.py docask-bench/target/growth/<run> docs/growth.svg
"""
import json
import os
import re
import sys


def jmh(path):
    if not os.path.exists(path):
        return {}
    try:
        with open(path) as f:
            rows = json.load(f)
    except ValueError:
        return {}
    out = {}
    for r in rows:
        name = r["benchmark"].rsplit(".", 1)[1]
        params = r.get("params", {})
        key = (name,) + tuple(sorted(params.items()))
        m = r["primaryMetric"]
        pct = m.get("scorePercentiles", {})
        out[key] = {"mean": m["score"], "err": m.get("scoreError"), "p50": pct.get("50.0"), "p99": pct.get("99.0"),
                    "unit": m["scoreUnit"]}
    return out


def footprints(path):
    out = {}
    if not os.path.exists(path):
        return out
    for line in open(path, errors="replace"):
        if line.startswith("[footprint]"):
            parts = line.split()
            what = parts[1]
            kv = dict(p.split("=", 1) for p in parts[2:] if "=" in p)
            out[what] = kv
    return out


def load(path):
    if not os.path.exists(path):
        return "?"
    vals = [l.split()[1] for l in open(path) if l.strip()]
    return "–".join(vals)


def find(results, name, **params):
    for k, v in results.items():
        if k[0] == name and all(dict(k[1:]).get(p) == str(val) for p, val in params.items()):
            return v
    return None


def fmt(x, digits=2):
    if x is None:
        return "–"
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 10:
        return f"{x:.1f}"
    return f"{x:.{digits}f}"


def per_chunk(fp, key, n):
    if not fp or key not in fp:
        return None
    return int(fp[key]) / int(n)


def main(folder, svg):
    sizes = sorted({int(m.group(1)) for f in os.listdir(folder) for m in [re.match(r"retrieve-(\d+)\.json$", f)] if m})
    rows = []
    print("| chunks | docask `retrieve` p50 / p99 (ms) | peer p50 / p99 (ms) | docask faster (p50) | open (ms) | open + first answer (ms) | peer open (ms) | docask heap / chunk | peer heap / chunk (retrieve) | docask disk / chunk | load average |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for n in sizes:
        r = jmh(f"{folder}/retrieve-{n}.json")
        l = jmh(f"{folder}/load-{n}.json")
        fr = footprints(f"{folder}/retrieve-{n}.log")
        fl = footprints(f"{folder}/load-{n}.log")
        d = find(r, "docask") or {}
        p = find(r, "langchain4jPlusLucene") or {}
        o = find(l, "open") or {}
        oa = find(l, "openAndAnswer") or {}
        po = find(l, "peerOpen") or {}
        speed = p.get("p50") / d.get("p50") if d.get("p50") and p.get("p50") else None
        dh = per_chunk(fl.get("load-docask"), "heap", n)
        ph = per_chunk(fr.get("retrieve-peer"), "heap", n)
        dd = per_chunk(fl.get("load-docask"), "disk", n)
        rows.append((n, d.get("p50"), p.get("p50"), o.get("mean"), po.get("mean")))
        print(f"| {n:,} | {fmt(d.get('p50'))} / {fmt(d.get('p99'))} | {fmt(p.get('p50'))} / {fmt(p.get('p99'))} | "
              f"{fmt(speed, 1)}× | {fmt(o.get('mean'))} | {fmt(oa.get('mean'))} | {fmt(po.get('mean'))} | "
              f"{fmt(dh, 0)} B | {fmt(ph, 0)} B | {fmt(dd, 0)} B | "
              f"{load(f'{folder}/retrieve-{n}.load')} / {load(f'{folder}/load-{n}.load')} |")
    print()
    print("| chunks | docask open: heap / RSS anon / RSS file (MB) | first answer, background check done (ms) | peer open: heap / RSS anon (MB), disk / chunk |")
    print("|---|---|---|---|")
    for n in sizes:
        fl = footprints(f"{folder}/load-{n}.log")
        d = fl.get("load-docask", {})
        p = fl.get("load-peer", {})
        # a collection during the open can hand memory back: a negative RSS change says nothing
        mb = lambda kv, k: ("–" if k not in kv else "(<0)" if int(kv[k]) < 0 else fmt(int(kv[k]) / 1e6, 1))
        pd = per_chunk(p, "disk", n)
        print(f"| {n:,} | {mb(d, 'heap')} / {mb(d, 'rssAnon')} / {mb(d, 'rssFile')} | "
              f"{d.get('firstAnswerMs', '–')}, {d.get('checkedMs', '–')} | "
              f"{mb(p, 'heap')} / {mb(p, 'rssAnon')}, {fmt(pd, 0) + ' B' if pd else '–'} |")
    s = jmh(f"{folder}/scan.json")
    if s:
        print()
        print(f"| vectors | threads | mapped int8 scan, read in place (ms) | copying blocks (ms) | streaming read of the bytes (ms) | ratio (in place) | load average |")
        print("|---|---|---|---|---|---|---|")
        for v in sorted({int(dict(k[1:])["vectors"]) for k in s}):
            for t in ("1", "2"):
                sc = find(s, "int8ScanMapped", vectors=v, threads=t)
                cp = find(s, "int8ScanMappedCopyingBlocks", vectors=v, threads=t)
                bw = find(s, "memoryBandwidth", vectors=v, threads=t)
                if sc and bw:
                    copied = f"{fmt(cp['mean'])} ± {fmt(cp['err'])}" if cp else "–"
                    print(f"| {v:,} | {t} | {fmt(sc['mean'])} ± {fmt(sc['err'])} | {copied} | {fmt(bw['mean'])} | "
                          f"{sc['mean'] / bw['mean']:.2f}× | {load(f'{folder}/scan.load')} |")
    with open(svg, "w") as f:
        f.write(chart(rows))


def chart(rows):
    """Two log-log panels: retrieve p50 and open time against chunks, docask and the peer."""
    import math
    W, H, M = 820, 360, 60
    pw = (W - 3 * M) / 2
    ph = H - 2 * M
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>']
    panels = [("retrieve p50 (ms, log)", 1, 2), ("open (ms, log)", 3, 4)]
    xs = [r[0] for r in rows]
    for i, (title, di, pi) in enumerate(panels):
        x0 = M + i * (pw + M)
        ys = [v for r in rows for v in (r[di], r[pi]) if v]
        if not ys or not xs:
            continue
        lo, hi = math.log10(min(ys)) - 0.2, math.log10(max(ys)) + 0.2
        xlo, xhi = math.log10(min(xs)) - 0.2, math.log10(max(xs)) + 0.2
        X = lambda x: x0 + (math.log10(x) - xlo) / (xhi - xlo) * pw
        Y = lambda y: M + ph - (math.log10(y) - lo) / (hi - lo) * ph
        out.append(f'<text x="{x0 + pw / 2}" y="{M - 20}" text-anchor="middle" font-weight="bold">{title}</text>')
        out.append(f'<rect x="{x0}" y="{M}" width="{pw}" height="{ph}" fill="none" stroke="#999"/>')
        for x in xs:
            out.append(f'<text x="{X(x)}" y="{M + ph + 16}" text-anchor="middle">{x:,}</text>')
        for e in range(math.floor(lo), math.ceil(hi) + 1):
            for m in (1, 2, 5):
                v = m * 10 ** e
                if lo <= math.log10(v) <= hi:
                    out.append(f'<line x1="{x0}" x2="{x0 + pw}" y1="{Y(v)}" y2="{Y(v)}" stroke="#eee"/>')
                    out.append(f'<text x="{x0 - 4}" y="{Y(v) + 4}" text-anchor="end">{v:g}</text>')
        out.append(f'<text x="{x0 + pw / 2}" y="{M + ph + 34}" text-anchor="middle">chunks (log)</text>')
        for idx, colour, label in ((di, "#1f6feb", "docask"), (pi, "#d1242f", "LangChain4j + Lucene")):
            pts = [(X(r[0]), Y(r[idx])) for r in rows if r[idx]]
            if pts:
                out.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>'
                           % (colour, " ".join(f"{a:.1f},{b:.1f}" for a, b in pts)))
                for a, b in pts:
                    out.append(f'<circle cx="{a:.1f}" cy="{b:.1f}" r="3" fill="{colour}"/>')
        for k, (colour, label) in enumerate((("#1f6feb", "docask"), ("#d1242f", "LangChain4j + Lucene"))):
            out.append(f'<rect x="{x0 + 8}" y="{M + 8 + 16 * k}" width="10" height="10" fill="{colour}"/>')
            out.append(f'<text x="{x0 + 22}" y="{M + 17 + 16 * k}">{label}</text>')
    out.append("</svg>\n")
    return "\n".join(out)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
