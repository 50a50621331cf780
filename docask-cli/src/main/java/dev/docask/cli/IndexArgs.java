package dev.docask.cli;

import dev.docask.index.DocIndex;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * The {@code --index} option shared by the commands that read an index; {@link WithBackend} adds
 * {@code --backend} and {@code --site} for those that can read a site of a Solr collection instead.
 */
class IndexArgs {
    @Option(names = "--index", paramLabel = "DIR", description = "Index directory written by 'docask index'.")
    Path dir;

    String backend;

    String site;

    /** {@code --index}, or {@code --backend} with {@code --site} (ask, search, calibrate, mcp, serve, inspect). */
    static final class WithBackend extends IndexArgs {
        @Option(names = "--backend", paramLabel = "URI",
                description = "Read the index from a Solr collection instead, solr://host:port/solr/<collection>, or through "
                        + "ZooKeeper, solr+zk://zkhost:port/<chroot>/<collection> (with --site).")
        void backend(String uri) {
            backend = uri;
        }

        @Option(names = "--site", paramLabel = "NAME", description = "The site in the --backend collection.")
        void site(String name) {
            site = name;
        }
    }

    DocIndex open() {
        return open(dir, backend, site);
    }

    /** {@link #requireOne} as a usage error, checked before the command does any work. */
    void check(picocli.CommandLine.Model.CommandSpec spec) {
        OptionCheck.convert(spec, () -> {
            if (dir == null && !(this instanceof WithBackend)) {
                throw new IllegalArgumentException("give --index DIR"); // this command reads no --backend
            }
            requireOne(dir, backend, site);
            if (backend != null) { // a malformed address is the command line's mistake, as docs/solr.md says: exit 2
                dev.docask.solr.SolrBackend.requireAddress(backend, site);
            }
            return this;
        });
    }

    /** The index in {@code dir}, or site {@code site} of the Solr collection {@code backend}: exactly one of the two. */
    static DocIndex open(Path dir, String backend, String site) {
        requireOne(dir, backend, site);
        return backend != null ? dev.docask.solr.SolrBackend.open(backend, site) : DocIndex.open(dir);
    }

    /**
     * @throws IllegalArgumentException unless exactly one of {@code --index} and {@code --backend} is given,
     *                                  and {@code --site} with {@code --backend} only
     */
    static void requireOne(Path dir, String backend, String site) {
        if (dir == null && backend == null) {
            throw new IllegalArgumentException("give --index DIR, or --backend solr://host:port/solr/<collection> with --site NAME");
        }
        if (dir != null && backend != null) {
            throw new IllegalArgumentException("give --index or --backend, not both");
        }
        if (backend != null && site == null) {
            throw new IllegalArgumentException("--backend needs --site NAME: the site in the collection to read");
        }
        if (backend == null && site != null) {
            throw new IllegalArgumentException("--site names a site of a --backend collection; an --index folder holds one site");
        }
    }

    /** What the index is called in messages: its folder or its Solr site. */
    String name() {
        return backend != null ? backend + " --site " + site : String.valueOf(dir);
    }
}
