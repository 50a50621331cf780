#!/usr/bin/env python3
"""A measurement, not product code: would new passage signals choose better first quotes?

Reads the passages `ExtractiveFit --dump` writes (one JSON line per passage of every labelled question: its
signals in ExtractiveProbe.NAMES order, kind, source rank, text, and whether quoting it answers), adds
candidate signals computed from the question and passage text, and fits the conditional logit ExtractiveFit
fits (a softmax over each question's passages, L2 chosen by 5-fold cross-validation) on the tune parts of the
indexes with a model. Prints, per variant, the held-out first quotes on the tune parts and, for the weights
fitted on all of them, the first quotes on the parts nobody chose on (docs/quality.md, "Round 11").

    java --add-modules jdk.incubator.vector -cp docask-bench/target/benchmarks.jar dev.docask.eval.ExtractiveFit \
        --dump passages.jsonl samples=<index>=eval/questions/samples-extractive.jsonl vitest=<index>=... ...
    python3 eval/probes/extractive_features.py passages.jsonl

Needs numpy and scipy.
"""
import collections
import json
import math
import re
import sys

import numpy as np
from scipy.optimize import minimize

# the weights in use (ExtractiveAnswer.Weights.DEFAULT, in ExtractiveProbe.NAMES order)
IN_USE = np.array([1.0, 0.10, 0.22, -0.03, 0.08, 0, 0.05, 0.04, -0.02, 0.04, 0.10, 0.19, 0.14, 0.88])
L2S = [0, 1e-4, 3e-4, 1e-3, 3e-3, 0.01, 0.03, 0.1]
TUNE = ("tune", "tune2")
OTHERS = ("report", "check", "check2", "check3", "check4")

HOW = re.compile(r"^(?:how (?:do|can|should|would|could) (?:i|we|you)|how to)\b", re.I)
VERBS = ("use|run|set|add|create|install|send|call|pass|import|configure|enable|disable|switch|define|export|wrap|"
         "place|put|write|specify|provide|register|replace|remove|change|update|start|open|edit|include|exclude|mark|"
         "return|apply|turn|make|give|generate|deploy|build|move|rename|delete|choose|select|pick|follow|copy|declare|"
         "listen|override|extend")
IMPERATIVE = re.compile(r"^(?:(?:to|if|when|for)\b[^,.]{0,80}, )?(?:then |first |simply |just |also )?(?:" + VERBS + r")\b",
                        re.I)
YOU_CAN = re.compile(r"\byou (?:can|should|need to|must|may|will need to|have to)(?: also| then| instead| simply| just)? (?:"
                     + VERBS + r")\b", re.I)
LABEL = re.compile(r"^\W*(?:type|default|cli|since|alias|aliases|required|environment variable|env)\W*:", re.I)
ASKS_LABEL = re.compile(r"\bdefaults?\b|\btype of\b|\bwhat type\b|\bwhich values\b|\bunless i\b|\bwhen i don't\b", re.I)


def instructs(r):
    """A how-to question, and a sentence or list item that tells the reader what to do."""
    t = r["text"].strip().lstrip("-*> ").strip()
    return bool(HOW.search(r["question"])) and r["kind"] in ("SENTENCE", "ITEM") and bool(
        IMPERATIVE.search(t) or YOU_CAN.search(t))


def label_asked(r):
    """A "Type:", "Default:" or "CLI:" line, for a question that asks for a default, a type or the values."""
    return bool(LABEL.search(r["text"])) and bool(ASKS_LABEL.search(r["question"]))


def label_not_asked(r):
    """Such a line for any other question."""
    return bool(LABEL.search(r["text"])) and not ASKS_LABEL.search(r["question"])


def top_source(r):
    """The passage comes from retrieval's first source."""
    return r["source"] == 0


SIGNALS = {"A instructs": instructs, "B label asked": label_asked, "C label not asked": label_not_asked,
           "D first source": top_source}
VARIANTS = [[], ["A instructs"], ["B label asked"], ["C label not asked"], ["D first source"],
            ["B label asked", "C label not asked"], ["A instructs", "B label asked", "C label not asked"],
            list(SIGNALS)]


def questions(path):
    by_question = collections.OrderedDict()
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            by_question.setdefault((r["set"], r["id"]), []).append(r)
    return list(by_question.values())


def matrix(rows, names):
    x = np.array([r["signals"] for r in rows], dtype=float)
    if names:
        x = np.hstack([x, np.array([[float(SIGNALS[n](r)) for n in names] for r in rows])])
    return x


def first_answers(rows, x, w):
    """As the answer chooses: the best-scoring eligible passage, ties to the earlier; passage 0 when none is eligible."""
    best, best_score = -1, -math.inf
    for i, r in enumerate(rows):
        s = float(x[i] @ w)
        if (r["byMeaning"] and s > 0 or r["keywords"] > 0) and s > best_score:
            best, best_score = i, s
    if best < 0:
        best = 0
    return rows[best]["answers"]


def loss(w, items, l2):
    total, grad = 0.0, np.zeros_like(w)
    for x, y in items:
        s = x @ w
        p = np.exp(s - s.max())
        p /= p.sum()
        py = p[y].sum()
        total -= math.log(py + 1e-300)
        grad -= (p[y] @ x[y]) / py - p @ x
    total += l2 * len(items) * (w @ w)
    grad += 2 * l2 * len(items) * w
    return total, grad


def fit(data, l2, w0):
    items = [(x, np.array([r["answers"] for r in rows])) for rows, x in data if any(r["answers"] for r in rows)]
    return minimize(loss, w0, args=(items, l2), jac=True, method="L-BFGS-B").x


def count(data, w, parts):
    return sum(first_answers(rows, x, w) for rows, x in data if rows[0]["part"] in parts)


def main(path):
    qs = [rows for rows in questions(path) if rows and rows[0]["byMeaning"]]
    today = [(rows, matrix(rows, [])) for rows in qs]
    print("weights in use:", {p: count(today, IN_USE, (p,)) for p in TUNE + OTHERS})
    for names in VARIANTS:
        data = [(rows, matrix(rows, names)) for rows in qs]
        tune = [d for d in data if d[0][0]["part"] in TUNE]
        folds = [tune[i::5] for i in range(5)]
        w0 = np.concatenate([IN_USE, np.zeros(len(names))])
        held, l2 = max((sum(count(folds[f], fit([d for j in range(5) if j != f for d in folds[j]], l2, w0), TUNE)
                            for f in range(5)), -l2) for l2 in L2S)
        w = fit(tune, -l2, w0)
        others = {p: count(data, w, (p,)) for p in OTHERS}
        print(f"{' + '.join(names) or 'round 9 refitted':45} held out {held:3}  L2 {-l2:<7} in sample "
              f"{count(tune, w, TUNE):3}  new weights / meaning {np.round(w[14:] / w[0], 3)}  "
              f"others {others} = {sum(others.values())}")


if __name__ == "__main__":
    main(sys.argv[1])
