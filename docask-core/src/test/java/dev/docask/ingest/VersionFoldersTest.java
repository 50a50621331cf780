package dev.docask.ingest;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/retrieval.md, "Versions": version folders of any layout. */
class VersionFoldersTest {
    private static Chunk page(String url, Map<String, String> metadata) {
        return new Chunk(url, "T", "", "text of " + url, "f.md", metadata);
    }

    private static Map<String, String> versions(List<Chunk> chunks) {
        Map<String, String> out = new java.util.TreeMap<>();
        chunks.forEach(c -> out.put(c.url(), c.metadata().getOrDefault("version", "-")));
        return out;
    }

    @Test
    void aPageUnderTwoVersionSegments_makesThemVersionFolders_andEveryPageUnderThemCarriesItsVersion() {
        List<Chunk> marked = VersionFolders.mark(List.of(
                page("https://x.dev/docs/3.8/intro#setup", Map.of()),
                page("https://x.dev/docs/next/intro", Map.of()),
                page("https://x.dev/docs/3.8/config", Map.of()),
                page("https://x.dev/docs/next/config", Map.of()),
                page("https://x.dev/docs/next/new-in-next", Map.of()),
                page("https://x.dev/guide/faq", Map.of())));

        assertThat(versions(marked)).containsExactly(
                Map.entry("https://x.dev/docs/3.8/config", "3.8"),
                Map.entry("https://x.dev/docs/3.8/intro#setup", "3.8"),
                Map.entry("https://x.dev/docs/next/config", "next"),
                Map.entry("https://x.dev/docs/next/intro", "next"),
                Map.entry("https://x.dev/docs/next/new-in-next", "next"),
                Map.entry("https://x.dev/guide/faq", "-"));
        assertThat(marked.get(0).metadata()).as("other metadata kept").hasSize(1);
    }

    @Test
    void aLoneVersionSegment_bareNumbers_orGuidesNamedByVersion_areNoVersionFolders() {
        List<Chunk> chunks = List.of(
                page("https://x.dev/guides/upgrade-to/v4/", Map.of()),
                page("https://x.dev/guides/upgrade-to/v5/", Map.of()),
                page("https://x.dev/migration/v2/manual", Map.of()),
                page("https://x.dev/migration/v3/manual", Map.of()),
                page("https://x.dev/api/v1/users", Map.of()),
                page("https://x.dev/api/v1/orders", Map.of()),
                page("https://x.dev/blog/2023/release", Map.of()),
                page("https://x.dev/blog/2024/release", Map.of()));

        assertThat(VersionFolders.mark(chunks)).as("nothing to choose between: the same list").isSameAs(chunks);
    }

    @Test
    void latestAtTheRootAndAnOlderVersionInAFolderThatMirrorsIt_rootPagesAreLatestAndTheFolderItsVersion() {
        List<Chunk> marked = VersionFolders.mark(List.of(
                page("https://x.dev/", Map.of()),
                page("https://x.dev/guide/intro#setup", Map.of()),
                page("https://x.dev/guide/config", Map.of()),
                page("https://x.dev/guide/new-in-3", Map.of()),
                page("https://x.dev/blog/release", Map.of()),
                page("https://x.dev/v2/guide/intro", Map.of()),
                page("https://x.dev/v2/guide/config", Map.of()),
                page("https://x.dev/docs/usage", Map.of()),
                page("https://x.dev/docs/api", Map.of()),
                page("https://x.dev/docs/1.5.x/usage", Map.of()),
                page("https://x.dev/docs/1.5.x/api", Map.of())));

        assertThat(versions(marked)).containsExactly(
                Map.entry("https://x.dev/", "-"),
                Map.entry("https://x.dev/blog/release", "-"),
                Map.entry("https://x.dev/docs/1.5.x/api", "1.5.x"),
                Map.entry("https://x.dev/docs/1.5.x/usage", "1.5.x"),
                Map.entry("https://x.dev/docs/api", "latest"),
                Map.entry("https://x.dev/docs/usage", "latest"),
                Map.entry("https://x.dev/guide/config", "latest"),
                Map.entry("https://x.dev/guide/intro#setup", "latest"),
                Map.entry("https://x.dev/guide/new-in-3", "latest"),
                Map.entry("https://x.dev/v2/guide/config", "v2"),
                Map.entry("https://x.dev/v2/guide/intro", "v2"));
    }

    @Test
    void aLoneVersionLikeFolder_thatMirrorsOnePageOrLessThanHalfOfItsOwn_isNoVersionFolder() {
        List<Chunk> chunks = List.of(
                page("https://x.dev/api/overview", Map.of()),
                page("https://x.dev/api/users", Map.of()),
                page("https://x.dev/api/v1/users", Map.of()),
                page("https://x.dev/api/v1/orders", Map.of()),
                page("https://x.dev/guide/a", Map.of()),
                page("https://x.dev/guide/b", Map.of()),
                page("https://x.dev/v2.0/guide/a", Map.of()),
                page("https://x.dev/v2.0/guide/b", Map.of()),
                page("https://x.dev/v2.0/reference/c", Map.of()),
                page("https://x.dev/v2.0/reference/d", Map.of()),
                page("https://x.dev/v2.0/reference/e", Map.of()));

        assertThat(VersionFolders.mark(chunks)).as("a twin page, and two of five: no mirror").isSameAs(chunks);
    }

    @Test
    void aVersionTheFrameworkGave_wins() {
        List<Chunk> marked = VersionFolders.mark(List.of(
                page("https://x.dev/v2/guide", Map.of("version", "2.0.0")),
                page("https://x.dev/v3/guide", Map.of()),
                page("https://x.dev/v2/api", Map.of()),
                page("https://x.dev/v3/api", Map.of())));

        assertThat(versions(marked)).containsEntry("https://x.dev/v2/guide", "2.0.0").containsEntry("https://x.dev/v3/guide", "v3");
    }

    @Test
    void aCorpus_marksItsVersionFolders_howeverItWasRead() {
        Corpus c = new Corpus(Framework.HTML, 4, List.of(page("https://x.dev/v2/guide", Map.of()),
                page("https://x.dev/v3/guide", Map.of()), page("https://x.dev/v2/api", Map.of()), page("https://x.dev/v3/api", Map.of())),
                List.of());

        assertThat(c.chunks()).extracting(ch -> ch.metadata().get("version")).containsExactly("v2", "v3", "v2", "v3");
    }
}
