package dev.docask.answer;

import dev.docask.ingest.Chunk;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.Source;

import java.util.ArrayList;
import java.util.List;

/** Retrieval outcomes built from real chunks, for tests that need sources without an index. */
final class Retrievals {
    private Retrievals() {
    }

    /** An answerable retrieval whose sources are the chunks, numbered in order. */
    static Retrieval of(Retrieval.Mode mode, Chunk... chunks) {
        List<Source> sources = new ArrayList<>();
        List<Hit> hits = new ArrayList<>();
        for (int i = 0; i < chunks.length; i++) {
            Hit hit = new Hit(i, chunks[i], List.of(), i + 1, 10f - i, i + 1, 0.8f, 0.7f, 1.0 / (61 + i), null);
            hits.add(hit);
            sources.add(new Source(i + 1, chunks[i].url(), chunks[i].title(), chunks[i].heading(), chunks[i].source(),
                    List.of(hit)));
        }
        return new Retrieval("q", "", true, mode, 0.8f, 0.7f, sources, hits, List.of(), 1200);
    }

    static Retrieval of(Chunk... chunks) {
        return of(Retrieval.Mode.HYBRID, chunks);
    }

    /** Nothing passed the gate. */
    static Retrieval nothing() {
        return new Retrieval("q", "", false, Retrieval.Mode.HYBRID, 0.1f, 0.1f, List.of(), List.of(), List.of(), 900);
    }
}
