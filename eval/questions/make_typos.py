#!/usr/bin/env python3
"""Typo variants of the dev questions, by a fixed rule (docs/quality.md, "Typos").

For each question, one word of five or more letters (letters only, not a stop word) is chosen, and
one of its inner characters is swapped with the next, dropped or doubled; which word, which edit and
where come from a random generator seeded with the question's id, so the files are the same on every
run. The long form gets the same edit in the same word where its title repeats it.

    python3 eval/questions/make_typos.py ../shared/data/docs eval/questions
"""
import json, random, re, sys, pathlib

STOP = {"about", "after", "again", "their", "there", "these", "those", "which", "while", "would",
        "should", "could", "where", "being", "other", "using", "doesn", "don't", "without", "within"}

def edit(word, rng):
    i = rng.randrange(1, len(word) - 1)          # never the first or last letter
    kind = rng.choice(["swap", "drop", "double"])
    if kind == "swap":
        return word[:i] + word[i + 1] + word[i] + word[i + 2:], kind
    if kind == "drop":
        return word[:i] + word[i + 1:], kind
    return word[:i] + word[i] + word[i:], kind

def main(data_dir, out_dir):
    for site in ("vitest", "docusaurus", "astro"):
        src = pathlib.Path(data_dir) / f"{site}-dev-questions.jsonl"
        out = []
        for line in src.read_text().splitlines():
            if not line.strip():
                continue
            q = json.loads(line)
            rng = random.Random(q["id"])
            words = [w for w in re.findall(r"[A-Za-z]+", q["question"]) if len(w) >= 5 and w.lower() not in STOP]
            if not words:
                continue
            word = rng.choice(words)
            typo, kind = edit(word, rng)
            if typo == word:                        # swapping two equal letters changes nothing: double instead
                typo, kind = word[:2] + word[1:], "double"
            pattern = re.compile(r"\b" + re.escape(word) + r"\b")
            q["id"] = q["id"] + "-typo"
            q["question"] = pattern.sub(typo, q["question"], count=1)
            if q.get("long_question"):
                q["long_question"] = pattern.sub(typo, q["long_question"], count=1)
            q["typo"] = {"word": word, "typed": typo, "edit": kind}
            out.append(json.dumps(q, ensure_ascii=False))
        (pathlib.Path(out_dir) / f"{site}-dev-typos.jsonl").write_text("\n".join(out) + "\n")

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
