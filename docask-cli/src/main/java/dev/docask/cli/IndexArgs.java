package dev.docask.cli;

import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.retrieve.HybridRetriever;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** The {@code --index} option shared by the commands that read an index. */
final class IndexArgs {
    @Option(names = "--index", required = true, paramLabel = "DIR", description = "Index directory written by 'docask index'.")
    Path dir;

    DocIndex open() {
        return DocIndex.open(dir);
    }

    /** A retriever over the index, with the embedder it was built with. */
    static HybridRetriever retriever(DocIndex index) {
        return HybridRetriever.create(index, Embedders.create(index.manifest().embedderSpec()));
    }
}
