package dev.docask.cli;

import dev.docask.index.DocIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.docask.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docask index FOLDER into an --out that holds another site's index, through the real command line
 * (docs/reliability.md, "Another site's index is not replaced").
 */
class IndexOtherSiteCommandTest {
    @TempDir
    Path tmp;

    /** An MkDocs site named {@code name} in its mkdocs.yml, with {@code pages} (file name to text) in docs/. */
    private Path mkdocs(String folder, String name, Map<String, String> pages) throws IOException {
        Path site = Files.createDirectories(tmp.resolve(folder));
        Files.writeString(site.resolve("mkdocs.yml"), "site_name: " + name + "\n");
        Path docs = site.resolve("docs");
        if (Files.exists(docs)) {
            try (Stream<Path> old = Files.list(docs)) {
                for (Path p : old.toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(docs);
        for (var page : pages.entrySet()) {
            Files.writeString(docs.resolve(page.getKey()), page.getValue());
        }
        return site;
    }

    private static final Map<String, String> RELAY = Map.of(
            "setup.md", "# Setup\n\nInstall the relay with the package manager of your system.\n",
            "retries.md", "# Retries\n\nA message is retried three times before it is dead-lettered.\n");
    private static final Map<String, String> QUAYSIDE = Map.of(
            "queues.md", "# Queues\n\nA queue holds messages until a consumer acknowledges them.\n",
            "topics.md", "# Topics\n\nA topic fans each message out to every subscription.\n");

    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    /** {@code site} indexed into tmp/idx with the mock embedder and {@code options}. */
    private Path indexed(Path site, String... options) {
        Path out = tmp.resolve("idx");
        List<String> args = new java.util.ArrayList<>(List.of("index", site.toString(), "--out", out.toString(), "--embedder", "mock", "-q"));
        args.addAll(List.of(options));
        CliRun r = run(args.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        return out;
    }

    private static String siteName(Path out) {
        return DocIndex.findManifest(out).orElseThrow().siteName();
    }

    @Test
    void index_folder_intoAnOutHoldingAnotherSitesIndex_failsNamingBoth_beforeEmbedding_andReplaceReplacesIt() throws Exception {
        Path relay = mkdocs("relay", "Relay Handbook", RELAY);
        Path quayside = mkdocs("quayside", "Quayside", QUAYSIDE);
        Path out = indexed(relay, "--base-url", "https://relay.example");
        String live = DocIndex.generation(out).orElseThrow();
        List<String> before = files(out);

        CliRun other = run("index", quayside.toString(), "--out", out.toString(), "--base-url", "https://quayside.example", "-q");
        assertThat(other.code()).isEqualTo(1);
        assertThat(other.err()).as("after the note on the embedder kept").endsWith("\ndocask index: " + out + " holds the index of Relay Handbook (https://relay.example/), and"
                + " indexing " + quayside + " (Quayside) would replace it; give another --out, or --replace to replace it\n");
        assertThat(other.out()).isEmpty();
        CliRun kept = run("index", quayside.toString(), "--out", out.toString(), "-q");
        assertThat(kept.code()).as("the base URL kept from --out does not make its site this one").isEqualTo(1);
        assertThat(kept.err()).contains(" holds the index of Relay Handbook (https://relay.example/), and indexing " + quayside
                + " (Quayside) would replace it");
        CliRun relative = run("index", quayside.toString(), "--out", out.toString(), "--base-url", "", "-q");
        assertThat(relative.code()).as("site-relative URLs: told by name and pages").isEqualTo(1);
        assertThat(DocIndex.generation(out)).as("the index --out held is still live").contains(live);
        assertThat(files(out)).as("nothing written, nothing embedded").isEqualTo(before);
        assertThat(siteName(out)).isEqualTo("Relay Handbook");

        CliRun replaced = run("index", quayside.toString(), "--out", out.toString(), "--base-url", "https://quayside.example",
                "--replace", "-q");
        assertThat(replaced.code()).as(replaced.err()).isZero();
        assertThat(replaced.out()).startsWith("Indexed 2 pages: ");
        assertThat(siteName(out)).isEqualTo("Quayside");
        assertThat(run("index", quayside.toString(), "--out", out.toString(), "-q").out()).as("now its own site")
                .startsWith("Up to date: ");
    }

    @Test
    void index_folder_theSameSite_reindexesAsBefore_afterItsTitleAndPagesChanged() throws Exception {
        Path relay = mkdocs("relay", "Relay Handbook", RELAY);
        Path out = indexed(relay, "--base-url", "https://relay.example");

        mkdocs("relay", "Relay Docs", Map.of("setup.md", RELAY.get("setup.md") + "\nOr build it from source.\n",
                "retries.md", RELAY.get("retries.md"), "limits.md", "# Limits\n\nA message is at most 1 MB.\n"));
        CliRun retitled = run("index", relay.toString(), "--out", out.toString(), "-q");
        assertThat(retitled.code()).as("a new title and pages, the same base URL kept: " + retitled.err()).isZero();
        assertThat(retitled.out()).startsWith("Indexed 3 pages: ");
        assertThat(siteName(out)).isEqualTo("Relay Docs");

        mkdocs("relay", "Relay", Map.of("install.md", RELAY.get("setup.md"), "delivery.md", RELAY.get("retries.md")));
        CliRun moved = run("index", relay.toString(), "--out", out.toString(), "--base-url", "https://relay.example/", "-q");
        assertThat(moved.code()).as("every page moved and a new title, the same --base-url: " + moved.err()).isZero();
        assertThat(moved.out()).startsWith("Indexed 2 pages: ");
        assertThat(run("index", relay.toString(), "--out", out.toString(), "-q").out()).startsWith("Up to date: ");
    }

    @Test
    void index_folder_withSiteRelativeUrls_isTheSameSiteByItsPagesOrItsName() throws Exception {
        Path relay = mkdocs("relay", "Relay Handbook", RELAY);
        Path out = indexed(relay);

        mkdocs("relay", "Relay Docs", RELAY);
        CliRun retitled = run("index", relay.toString(), "--out", out.toString(), "-q");
        assertThat(retitled.code()).as("a new title, the same pages: " + retitled.err()).isZero();
        assertThat(retitled.out()).startsWith("Indexed 2 pages: ");

        mkdocs("relay", "Relay Docs", Map.of("install.md", RELAY.get("setup.md"), "delivery.md", RELAY.get("retries.md")));
        CliRun moved = run("index", relay.toString(), "--out", out.toString(), "-q");
        assertThat(moved.code()).as("every page moved, the same title: " + moved.err()).isZero();

        Path quayside = mkdocs("quayside", "Quayside", QUAYSIDE);
        CliRun other = run("index", quayside.toString(), "--out", out.toString(), "-q");
        assertThat(other.code()).isEqualTo(1);
        assertThat(other.err()).as("after the note on the embedder kept").endsWith("\ndocask index: " + out + " holds the index of Relay Docs (built from a folder, with"
                + " site-relative URLs), and indexing " + quayside + " (Quayside) would replace it; give another --out, or"
                + " --replace to replace it\n");
    }

    @Test
    void check_anotherSitesFolder_saysWhatDiffers_asBefore() throws Exception {
        Path relay = mkdocs("relay", "Relay Handbook", RELAY);
        Path quayside = mkdocs("quayside", "Quayside", QUAYSIDE);
        Path out = indexed(relay, "--base-url", "https://relay.example");

        CliRun check = run("index", quayside.toString(), "--out", out.toString(), "--base-url", "https://quayside.example", "--check");

        assertThat(check.code()).isEqualTo(1);
        assertThat(check.out()).startsWith("stale: " + out + ": ").contains("base URL differs").doesNotContain("holds the index of");
        CliRun replace = run("index", quayside.toString(), "--out", out.toString(), "--replace", "--check");
        assertThat(replace.code()).isEqualTo(2);
        assertThat(replace.err()).contains("docask index: --replace writes over another site's index and --check writes nothing");
    }
}
