package dev.docask.eval;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A BEIR-format test collection: documents, the queries that have judgements, and graded judgements.
 *
 * @param name    the collection's folder name, e.g. {@code scifact}
 * @param docs    every document of the corpus, in file order
 * @param queries query id → text, only for queries with at least one positive judgement in the split
 * @param qrels   query id → (document id → graded relevance &gt; 0)
 */
public record BeirCollection(String name, List<Doc> docs, Map<String, String> queries,
                             Map<String, Map<String, Integer>> qrels) {

    /** One corpus document. */
    public record Doc(String id, String title, String text) {
        public Doc {
            Objects.requireNonNull(id, "id");
            title = title == null ? "" : title;
            text = text == null ? "" : text;
        }

        /** What is indexed, as in Anserini's "flat" BEIR indexes: title, a newline, then the text. */
        public String indexedText() {
            return title.isEmpty() ? text : title + "\n" + text;
        }
    }

    public BeirCollection {
        docs = List.copyOf(docs);
        queries = Map.copyOf(queries);
        qrels = Map.copyOf(qrels);
    }
}
