#!/usr/bin/env python3
"""A measurement, not product code: signals of structure and a second embedding of each passage (docs/quality.md, "Round 12").

Reads the passages `ExtractiveFit --dump` writes (with the heading, page, place and analysed terms of each passage;
`pathMeaning` only at c4c5853, where the probe embedded each passage a second time), adds the round's candidate signals, and fits the
conditional logit of eval/probes/extractive_features.py on tune + tune2 of the indexes with a model, two ways: (a) every
weight refitted, against round 9's model refitted; (b) today's weights kept, their score one signal with its scale free,
only the new weights fitted, against today's weights. Prints held-out first quotes (5-fold cross-validation, L2 from a
grid) on the tune parts only; with --adopt also the other parts' counts under the fit on all tune questions.

    python3 eval/probes/extractive_structure.py passages.jsonl [--a] [--e] [--adopt]

--a adds mode (a), --e runs the path-embedding variants instead of the others. Needs numpy and scipy.
"""
import collections, json, math, re, sys
import numpy as np
from scipy.optimize import minimize

from extractive_features import first_answers  # the answer's own choice, one copy for both probes

IN_USE = np.array([1.0, 0.10, 0.22, -0.03, 0.08, 0, 0.05, 0.04, -0.02, 0.04, 0.10, 0.19, 0.14, 0.88])
L2S = [0, 1e-4, 3e-4, 1e-3, 3e-3, 0.01, 0.03, 0.1]
MODES = ("a refit", "b fixed") if "--a" in sys.argv else ("b fixed",)
TUNE = ("tune", "tune2")
OTHERS = ("report", "check", "check2", "check3", "check4")
LEANS = re.compile(r"^(?:This|That|These|Those|It|Its|They|Such|Otherwise|However|But|Instead|Then|In that case|In this case)\b|\binstead\W*$")
ASKS_DEFAULT = re.compile(r"\bdefaults?\b|\bunless i\b|\b(?:if|when) i (?:don't|do not)\b")
STATES_DEFAULT = re.compile(r"\bdefaults?(?: value)?\s*(?::|to\b|is\b)|\bby default\b", re.I)
ASKS_DIFF = re.compile(r"\bdiffer(?:ence|ences|ent|s)?\b|\bvs\.?\b|\bversus\b|\bcompared?\b")
CONTRAST = re.compile(r"\bunlike\b|\bwhereas\b|\brather than\b|\binstead of\b|\bin contrast\b|\bcompared (?:to|with)\b|\bdiffers?\b|\bdifference\b", re.I)


def named(r):
    q = set(r["qterms"])
    if r["heading"].strip():
        h = r["hterms"]
    else:
        t = r["title"].split(" | ")[0].lower()
        h = [x for x in r["tterms"] if x in t]
    return bool(h) and all(x in q for x in h)


def default_stated(r):
    if not ASKS_DEFAULT.search(r["question"].lower()):
        return False
    t = re.sub(r"[*_]", "", r["text"])
    return bool(STATES_DEFAULT.search(t))


def contrast(r):
    return bool(ASKS_DIFF.search(r["question"].lower())) and r["kind"] in ("SENTENCE", "ITEM") and bool(CONTRAST.search(r["text"]))


def dangling(r):
    return r["_opens"] and r["kind"] == "SENTENCE" and bool(LEANS.search(r["text"]))


SIGNALS = {"E path": lambda r: r["pathMeaning"], "N named": named, "D default": default_stated, "C contrast": contrast, "L dangling": dangling}
VARIANTS = [[], ["E path"], ["E in place"], ["E path", "N named"], ["E path", "N named", "D default"]] if "--e" in sys.argv else [[], ["N named"], ["D default"], ["C contrast"], ["L dangling"], ["N named", "D default"],
            ["N named", "D default", "C contrast"], ["N named", "D default", "C contrast", "L dangling"]]


def questions(path):
    by = collections.OrderedDict()
    for line in open(path):
        r = json.loads(line)
        by.setdefault((r["set"], r["id"]), []).append(r)
    out = []
    for rows in by.values():
        for i, r in enumerate(rows):
            prev = rows[i - 1] if i else None
            r["_opens"] = not (prev and prev["source"] == r["source"] and prev["hit"] == r["hit"]
                               and prev["kind"] == "SENTENCE" and prev["paragraph"] == r["paragraph"])
        out.append(rows)
    return out


def matrix(rows, names):
    x = np.array([r["signals"] for r in rows], dtype=float)
    if "E in place" in names:
        x[:, 0] = [r["pathMeaning"] for r in rows]
        names = [n for n in names if n != "E in place"]
    if names:
        x = np.hstack([x, np.array([[float(SIGNALS[n](r)) for n in names] for r in rows])])
    return x


def nnew(names):
    return len([n for n in names if n != "E in place"])


def loss(v, items, l2, fixed, free):
    w = fixed.copy(); w[free] = v
    total, grad = 0.0, np.zeros_like(w)
    for x, y in items:
        s = x @ w
        p = np.exp(s - s.max()); p /= p.sum()
        py = p[y].sum()
        total -= math.log(py + 1e-300)
        grad -= (p[y] @ x[y]) / py - p @ x
    total += l2 * len(items) * (v @ v)
    return total, grad[free] + 2 * l2 * len(items) * v


def fit(data, l2, w0, free):
    items = [(x, np.array([r["answers"] for r in rows])) for rows, x in data if any(r["answers"] for r in rows)]
    w = w0.copy()
    w[free] = minimize(loss, w0[free], args=(items, l2, w0, free), jac=True, method="L-BFGS-B").x
    return w


def logp(data, w):
    t, n = 0.0, 0
    for rows, x in data:
        y = np.array([r["answers"] for r in rows])
        if not y.any():
            continue
        s = x @ w; p = np.exp(s - s.max()); p /= p.sum()
        t += math.log(p[y].sum() + 1e-300); n += 1
    return t / n


def count(data, w, parts):
    return sum(first_answers(rows, x, w) for rows, x in data if rows[0]["part"] in parts)


def main(path, adopt):
    qs = [rows for rows in questions(path) if rows and rows[0]["byMeaning"]]
    tune_all = [(rows, matrix(rows, [])) for rows in qs if rows[0]["part"] in TUNE]
    print("today's weights on tune + tune2:", count(tune_all, IN_USE, TUNE), "of", len(tune_all))
    results = []
    for mode in MODES:
        for names in VARIANTS:
            if mode == "b fixed" and (not names or "E in place" in names):
                continue
            data = [(rows, matrix(rows, names)) for rows in qs]
            if mode == "b fixed":  # today's score as one signal (its scale free) beside the new ones
                data = [(rows, np.hstack([x[:, :14] @ IN_USE[:, None], x[:, 14:]])) for rows, x in data]
                w0 = np.concatenate([[1.0], np.zeros(nnew(names))])
            else:
                w0 = np.concatenate([IN_USE, np.zeros(nnew(names))])
            tune = [d for d in data if d[0][0]["part"] in TUNE]
            folds = [tune[i::5] for i in range(5)]
            free = np.arange(len(w0))
            best = None
            for l2 in L2S:
                held, lp = 0, 0.0
                for f in range(5):
                    w = fit([d for j in range(5) if j != f for d in folds[j]], l2, w0, free)
                    held += count(folds[f], w, TUNE); lp += logp(folds[f], w) / 5
                if best is None or held > best[0]:
                    best = (held, l2, lp)
            w = fit(tune, best[1], w0, free)
            line = (f"{mode:8} {' + '.join(names) or 'round 9 refitted':40} held out {best[0]:3}  log-p {best[2]:.3f}  L2 {best[1]:<7}"
                    f" in sample {count(tune, w, TUNE):3}  new / meaning {np.round(w[(14 if mode == 'a refit' else 1):] / w[0], 3)}")
            if adopt:
                others = {p: count(data, w, (p,)) for p in OTHERS}
                line += f"  others {others} = {sum(others.values())}"
            print(line, flush=True)
    if adopt:
        today = [(rows, matrix(rows, [])) for rows in qs]
        o = {p: count(today, IN_USE, (p,)) for p in OTHERS}
        print("today's weights, others:", o, sum(o.values()))


if __name__ == "__main__":
    main(sys.argv[1], "--adopt" in sys.argv)
