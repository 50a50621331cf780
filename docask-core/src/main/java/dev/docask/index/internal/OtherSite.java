package dev.docask.index.internal;

import dev.docask.index.DocIndex;
import dev.docask.index.IndexException;
import dev.docask.index.Manifest;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.internal.SiteUrls;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Whether an index folder holds another site's index than the one a run would write there, which {@code docask index}
 * does not replace without {@code --replace} (docs/reliability.md, "Another site's index is not replaced"). A
 * crawl compares URLs only ({@code SiteCrawler.otherSiteIn}); a build from folders compares what it would record.
 */
public final class OtherSite {
    private OtherSite() {
    }

    /**
     * The index a manifest describes, as a refusal names it: {@code the index of Quayside (https://quayside.dev/)}, or
     * {@code the index of Notes (built from a folder, with site-relative URLs)} when {@code site} is empty.
     */
    public static String describe(Manifest manifest, Optional<String> site) {
        String name = manifest.siteName();
        return "the index of " + (name.isBlank() ? "" : name + " ")
                + site.flatMap(SiteUrls::parse).map(u -> "(" + u + ")").orElse("(built from a folder, with site-relative URLs)");
    }

    /**
     * What {@code out} holds when it is the index of another site than a build of {@code corpus} would write there, as
     * {@link #describe} names it; empty when it holds no index, or one of this site. With a base URL given for the build
     * ({@code baseUrlGiven}: not one kept from the index, which says nothing) and a site URL recorded ({@code recorded}:
     * the start URL of the crawl that built it, else its base URL), the two are compared as a crawl compares them
     * ({@link SiteUrls#sameSite}): a config title changed on the same site is still the same site. Otherwise it is the
     * same site when the name the site gives itself ({@code ownName}: {@code --site-name}, else its config's) is the one
     * recorded, or when at least half the pages of the smaller of the two are at the same paths in the other: a re-index
     * with a new title keeps its pages, one with pages moved keeps its title. A name taken from the folder or from a
     * base URL kept from the index is no evidence: every {@code docs} folder would be one site.
     */
    public static Optional<String> ofFolders(Path out, Optional<String> recorded, Corpus corpus, Optional<String> ownName,
                                             boolean baseUrlGiven) {
        Optional<Manifest> manifest = DocIndex.findManifest(out);
        if (manifest.isEmpty()) {
            return Optional.empty();
        }
        String baseUrl = corpus.options().baseUrl();
        boolean same = baseUrlGiven && !baseUrl.isBlank() && recorded.isPresent()
                ? SiteUrls.sameSite(baseUrl, recorded.get())
                : ownName.filter(n -> !n.isBlank() && n.equals(manifest.get().siteName())).isPresent()
                || samePages(out, corpus).orElse(true);
        return same ? Optional.empty() : Optional.of(describe(manifest.get(), recorded));
    }

    /**
     * Whether at least half the pages of the smaller of the index and the corpus are at the same paths (chunk sources)
     * in the other; empty when the index cannot be read, so that a damaged index is not refused but repaired by the build.
     */
    private static Optional<Boolean> samePages(Path out, Corpus corpus) {
        Set<String> before = new HashSet<>();
        try (DocIndex index = DocIndex.open(out)) {
            for (int i = 0; i < index.size(); i++) {
                before.add(index.chunk(i).source());
            }
        } catch (IndexException e) {
            return Optional.empty();
        }
        Set<String> now = new HashSet<>(corpus.chunks().stream().map(Chunk::source).toList());
        long shared = now.stream().filter(before::contains).count();
        return Optional.of(shared > 0 && 2 * shared >= Math.min(before.size(), now.size()));
    }
}
