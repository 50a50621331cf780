package dev.docask.ingest;

import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import dev.docask.ingest.Corpus.Problem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class SiteReaderTest {

    private static final String BASE = "https://docs.quayside.dev";

    @TempDir
    Path tmp;

    @Test
    void read_samples_everyPageRoutedAndDraftsAndPartialsSkipped() {
        Corpus corpus = SiteReader.read(TestSites.samples(), IngestOptions.defaults(BASE));
        assertThat(corpus.framework()).isEqualTo(Framework.MARKDOWN);
        assertThat(corpus.problems()).isEmpty();
        assertThat(corpus.pages()).isEqualTo(16);
        Set<String> pages = corpus.chunks().stream().map(Chunk::pageUrl).collect(Collectors.toCollection(TreeSet::new));
        assertThat(pages).contains(BASE + "/", BASE + "/getting-started/installation", BASE + "/api/create-relay-handler",
                BASE + "/guides/retries", BASE + "/reference/cli", BASE + "/troubleshooting");
        assertThat(corpus.chunks()).noneMatch(c -> c.source().startsWith("_partials/") || c.source().contains("draft"));
        assertThat(corpus.chunks()).anyMatch(c -> c.url().equals(BASE + "/troubleshooting#e_queue_full")
                && c.heading().equals("E_QUEUE_FULL") && c.text().contains("max_size_mb"));
    }

    @Test
    void read_samplesTinySiblingSection_isCitedAtItsOwnAnchor() {
        Corpus corpus = SiteReader.read(TestSites.samples(), IngestOptions.defaults(BASE));
        List<Chunk> locked = corpus.chunks().stream().filter(c -> c.text().contains("Another relay process is using the same queue")).toList();
        assertThat(locked).isNotEmpty().allSatisfy(c -> assertThat(c.url()).isEqualTo(BASE + "/troubleshooting#e_queue_locked"));
        assertThat(corpus.chunks()).filteredOn(c -> c.url().endsWith("#e_queue_full"))
                .noneMatch(c -> c.text().contains("Another relay process"));
    }

    @Test
    void read_mkdocsTinyIntro_isCitedAtThePageNotAtTheNextHeading() throws IOException {
        Files.writeString(tmp.resolve("mkdocs.yml"), "site_name: Relay\n");
        Files.createDirectories(tmp.resolve("docs"));
        Files.writeString(tmp.resolve("docs/index.md"), "# Home\n\nWelcome to Relay.\n");
        Files.writeString(tmp.resolve("docs/setup.md"), "# Setup\n\nSet the relay up once per host.\n\n## Advanced setup\n\n"
                + "Advanced setup covers proxies, custom certificates and running several relays on one machine. ".repeat(3) + "\n");
        Corpus corpus = SiteReader.read(tmp, IngestOptions.defaults(BASE));
        assertThat(corpus.framework()).isEqualTo(Framework.MKDOCS);
        List<Chunk> intro = corpus.chunks().stream().filter(c -> c.text().contains("Set the relay up once per host")).toList();
        assertThat(intro).isNotEmpty().allSatisfy(c -> assertThat(c.url()).isEqualTo(BASE + "/setup/"));
    }

    @Test
    void read_samplesQuestions_expectedUrlsExist() throws IOException {
        Corpus corpus = SiteReader.read(TestSites.samples(), IngestOptions.defaults(BASE));
        Set<String> pages = corpus.chunks().stream().map(Chunk::pageUrl).collect(Collectors.toSet());
        List<String> lines = TestSites.samplesQuestions();
        List<String> urls = new ArrayList<>();
        for (String line : lines) {
            var m = java.util.regex.Pattern.compile("\"(https://[^\"]+)\"").matcher(line);
            while (m.find()) {
                urls.add(m.group(1));
            }
        }
        assertThat(lines).hasSizeGreaterThanOrEqualTo(13);
        assertThat(urls).isNotEmpty().allSatisfy(u -> assertThat(pages).contains(u));
    }

    @Test
    void read_badPages_reportedAndRunGoesOn() throws IOException {
        Files.writeString(tmp.resolve("good.md"), "# Good\n\nFine text.");
        Files.writeString(tmp.resolve("bad-yaml.md"), "---\ntitle: [oops\n---\ntext");
        Files.write(tmp.resolve("latin1.md"), new byte[] {'c', 'a', 'f', (byte) 0xE9, ' ', 'x'});
        Files.write(tmp.resolve("image.md"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 0, 0});
        try (RandomAccessFile raf = new RandomAccessFile(tmp.resolve("dump.md").toFile(), "rw")) {
            raf.setLength(50L * 1024 * 1024);
        }
        Corpus corpus = SiteReader.read(tmp, IngestOptions.defaults("https://x.dev"));
        assertThat(corpus.pages()).isEqualTo(1);
        assertThat(corpus.chunks()).extracting(Chunk::url).containsExactly("https://x.dev/good");
        assertThat(corpus.problems()).extracting(Problem::file)
                .containsExactly("bad-yaml.md", "dump.md", "image.md", "latin1.md");
        assertThat(corpus.problems()).extracting(Problem::reason).allSatisfy(r -> assertThat(r).isNotBlank())
                .anySatisfy(r -> assertThat(r).startsWith("unparseable front matter"))
                .anySatisfy(r -> assertThat(r).startsWith("not UTF-8 text: invalid byte 0xE9 at byte 3 (line 1)"))
                .anySatisfy(r -> assertThat(r).contains("binary"))
                .anySatisfy(r -> assertThat(r).contains("over the 5 MB limit"));
    }

    @Test
    void read_emptyFile_reportedNotIndexedUnderItsFileName() throws IOException {
        Files.writeString(tmp.resolve("good.md"), "# Good\n\nFine text.");
        Files.writeString(tmp.resolve("empty.md"), " \n");
        Corpus corpus = SiteReader.read(tmp, IngestOptions.defaults("https://x.dev"));
        assertThat(corpus.chunks()).extracting(Chunk::url).containsExactly("https://x.dev/good");
        assertThat(corpus.problems()).containsExactly(new Problem("empty.md", "the file is empty"));
    }

    @Test
    void read_pageWithFrontMatterNestedAThousandDeep_isAProblemForThatPage_andTheRunGoesOn() throws IOException {
        Files.writeString(tmp.resolve("good.md"), "# Good\n\nFine text.");
        Files.writeString(tmp.resolve("deep.md"), "---\nt: " + "[".repeat(1000) + "]".repeat(1000) + "\n---\n# Deep\n\ntext");
        Corpus corpus = SiteReader.read(tmp, IngestOptions.defaults("https://x.dev"));
        assertThat(corpus.chunks()).extracting(Chunk::url).containsExactly("https://x.dev/good");
        assertThat(corpus.problems()).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo("deep.md");
            assertThat(p.reason()).contains("nests deeper than");
        });
    }

    @Test
    void read_progress_reportedForEveryFile() throws IOException {
        Files.writeString(tmp.resolve("a.md"), "# A\n\ntext");
        Files.writeString(tmp.resolve("b.md"), "# B\n\ntext");
        Files.write(tmp.resolve("c.md"), new byte[] {0, 1, 2});
        List<String> calls = new ArrayList<>();
        SiteReader.read(tmp, IngestOptions.defaults(""), (done, total) -> calls.add(done + "/" + total));
        assertThat(calls).containsExactly("2/3", "3/3");
    }

    @Test
    void read_draftAndNoindex_skipped() throws IOException {
        Files.writeString(tmp.resolve("draft.md"), "---\ndraft: true\n---\ntext");
        Files.writeString(tmp.resolve("hidden.md"), "---\nnoindex: true\n---\ntext");
        Files.writeString(tmp.resolve("shown.md"), "text");
        Corpus corpus = SiteReader.read(tmp, IngestOptions.defaults(""));
        assertThat(corpus.chunks()).extracting(Chunk::url).containsExactly("/shown");
        assertThat(corpus.pages()).isEqualTo(1);
    }

    @Test
    void read_ignoreGlobsAndHiddenFolders_leftOut() throws IOException {
        Files.createDirectories(tmp.resolve("blog"));
        Files.createDirectories(tmp.resolve(".vitepress/cache"));
        Files.createDirectories(tmp.resolve("node_modules/pkg"));
        Files.writeString(tmp.resolve("blog/post.md"), "text");
        Files.writeString(tmp.resolve(".vitepress/cache/x.md"), "text");
        Files.writeString(tmp.resolve("node_modules/pkg/README.md"), "text");
        Files.writeString(tmp.resolve("guide.md"), "text");
        Files.writeString(tmp.resolve("notes.draft.md"), "text");
        IngestOptions options = new IngestOptions("", Framework.MARKDOWN, 1200, 150, List.of("blog/**", "*.draft.md"));
        assertThat(SiteReader.read(tmp, options).chunks()).extracting(Chunk::source).containsExactly("guide.md");
    }

    @Test
    void read_pageMadeOnlyOfComponents_stillHasAChunk() throws IOException {
        Files.writeString(tmp.resolve("index.md"), "---\ntitle: Vitest\ntitleTemplate: Next generation testing\nlayout: home\n---\n\n<Home />\n");
        Corpus corpus = SiteReader.read(tmp, IngestOptions.defaults("https://vitest.dev"));
        assertThat(corpus.framework()).isEqualTo(Framework.VITEPRESS);
        assertThat(corpus.chunks()).singleElement().satisfies(c -> {
            assertThat(c.url()).isEqualTo("https://vitest.dev/");
            assertThat(c.text()).isEqualTo("Next generation testing");
        });
    }

    @Test
    void read_vitepressInclude_inlinedAndIncludedFileNotAPage() throws IOException {
        Files.writeString(tmp.resolve("index.md"), "---\nlayout: home\n---\n");
        Files.writeString(tmp.resolve("cli.md"), "# CLI\n\n## Options\n\n<!--@include: ./cli-generated.md-->\n");
        Files.writeString(tmp.resolve("cli-generated.md"), "### root\n\nRoot path of the project, used to resolve every relative path in the config.");
        Corpus corpus = SiteReader.read(tmp, IngestOptions.defaults("https://vitest.dev"));
        assertThat(corpus.chunks()).noneMatch(c -> c.source().equals("cli-generated.md"));
        assertThat(corpus.chunks()).anyMatch(c -> c.url().equals("https://vitest.dev/cli#root") && c.text().contains("Root path"));
    }

    @Test
    void read_builtHtmlSite_mainContentAtCanonicalUrls() throws IOException {
        Files.createDirectories(tmp.resolve("guide"));
        Files.writeString(tmp.resolve("guide/intro.html"), """
                <html><head><title>Intro</title><link rel="canonical" href="https://site.dev/guide/intro"></head>
                <body><nav>Menu</nav><main><h1>Intro</h1><p>Welcome text.</p>
                <h2 id="setup">Setup</h2><p>Install it with the installer and check the version it prints.</p></main></body></html>
                """);
        Files.writeString(tmp.resolve("index.html"), "<html><body><article><h1>Home</h1><p>Start here.</p></article></body></html>");
        Files.writeString(tmp.resolve("style.css"), "body{}");
        Corpus corpus = SiteReader.read(tmp, IngestOptions.defaults("https://site.dev"));
        assertThat(corpus.framework()).isEqualTo(Framework.HTML);
        // the tiny intro and the section after it are one chunk, cited at the page top that opens onto both
        assertThat(corpus.chunks()).extracting(Chunk::url).containsExactly("https://site.dev/guide/intro", "https://site.dev/");
        assertThat(corpus.chunks()).noneMatch(c -> c.text().contains("Menu"));
        assertThat(corpus.chunks().get(0).text()).contains("Welcome text.", "Install it");
    }

    @Test
    void read_versionedDocusaurusSite_versionMetadata() throws IOException {
        Files.writeString(tmp.resolve("versions.json"), "[\"2.0\"]");
        Files.createDirectories(tmp.resolve("docs/guides"));
        Files.createDirectories(tmp.resolve("versioned_docs/version-2.0/guides"));
        Files.writeString(tmp.resolve("docs/guides/a.md"), "---\ntags: [x]\n---\n# A\n\ntext");
        Files.writeString(tmp.resolve("versioned_docs/version-2.0/guides/a.md"), "# A\n\ntext");
        Corpus corpus = SiteReader.read(tmp, IngestOptions.defaults("https://d.io"));
        assertThat(corpus.chunks()).extracting(Chunk::url, Chunk::metadata).containsExactly(
                org.assertj.core.groups.Tuple.tuple("https://d.io/docs/next/guides/a",
                        java.util.Map.of("docType", "guides", "tags", "x", "version", "next")),
                org.assertj.core.groups.Tuple.tuple("https://d.io/docs/guides/a",
                        java.util.Map.of("docType", "guides", "version", "2.0")));
    }

    @Test
    void read_notAFolder_clearError() {
        assertThatThrownBy(() -> SiteReader.read(tmp.resolve("missing"), IngestOptions.defaults("")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("not a folder: ");
    }

    @Test
    void read_twice_sameChunksInFileOrder() {
        Corpus first = SiteReader.read(TestSites.samples(), IngestOptions.defaults(BASE));
        Corpus second = SiteReader.read(TestSites.samples(), IngestOptions.defaults(BASE));
        assertThat(second.chunks()).isEqualTo(first.chunks());
        List<String> sources = first.chunks().stream().map(Chunk::source).distinct().toList();
        assertThat(sources).isSorted();
    }

    @Test
    void read_mixedFolderGuessedMarkdown_htmlFilesListedAsLeftOut() throws IOException {
        TestSites.writeMixedFolder(tmp);
        Corpus corpus = SiteReader.read(tmp, IngestOptions.defaults("https://x.dev"));
        assertThat(corpus.framework()).isEqualTo(Framework.MARKDOWN);
        assertThat(corpus.chunks()).extracting(Chunk::source).containsExactly("a.md", "d.mdx");
        assertThat(corpus.leftOut()).containsExactly("sub/c.html");
        assertThat(corpus.problems()).isEmpty();
    }

    @Test
    void read_frameworkHtml_markdownFilesListedAsLeftOut() throws IOException {
        TestSites.writeMixedFolder(tmp);
        Corpus corpus = SiteReader.read(tmp, new IngestOptions("https://x.dev", Framework.HTML, 1200, 150, List.of()));
        assertThat(corpus.chunks()).extracting(Chunk::source).containsExactly("sub/c.html");
        assertThat(corpus.leftOut()).containsExactly("a.md", "d.mdx");
    }

    @Test
    void read_onlyOneKindOfPage_nothingLeftOut() {
        assertThat(SiteReader.read(TestSites.samples(), IngestOptions.defaults(BASE)).leftOut()).isEmpty();
    }

    @Test
    void read_corpusRecordsTheOptionsItWasReadWith() throws IOException {
        Files.writeString(tmp.resolve("a.md"), "# A\n\ntext");
        IngestOptions options = new IngestOptions("https://x.dev/", null, 800, 100, List.of());
        assertThat(SiteReader.read(tmp, options).options()).isEqualTo(options);
    }

    @Test
    void read_sourceHash_changesWithThePagesOnly() throws IOException {
        Files.writeString(tmp.resolve("a.md"), "# A\n\ntext");
        String hash = SiteReader.read(tmp, IngestOptions.defaults("")).sourceHash();
        assertThat(hash).hasSize(64);
        assertThat(SiteReader.read(tmp, new IngestOptions("https://x.dev", null, 300, 0, List.of())).sourceHash())
                .isEqualTo(hash);
        Files.writeString(tmp.resolve("a.md"), "# A\n\nother text");
        assertThat(SiteReader.read(tmp, IngestOptions.defaults("")).sourceHash()).isNotEqualTo(hash);
    }

    @Test
    void read_nullFolder_isTheDocumentedIllegalArgumentException() {
        assertThatThrownBy(() -> SiteReader.read(null, IngestOptions.defaults("")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("not a folder: null");
    }

    @Test
    void read_unlistableSubfolder_reportedAndOtherPagesKept() throws IOException {
        Files.writeString(tmp.resolve("good.md"), "# Good\n\nFine text.");
        Path locked = Files.createDirectories(tmp.resolve("locked"));
        Files.writeString(locked.resolve("inside.md"), "# Inside\n\nHidden text.");
        Files.setPosixFilePermissions(locked, Set.of());
        try {
            // root reads any folder; the walk then simply finds the page, so there is nothing to check.
            assumeFalse(Files.isReadable(locked), "running as root: permissions are not enforced");
            Corpus corpus = SiteReader.read(tmp, IngestOptions.defaults("https://x.dev"));
            assertThat(corpus.chunks()).extracting(Chunk::url).containsExactly("https://x.dev/good");
            assertThat(corpus.problems()).containsExactly(new Problem("locked", "cannot list folder: permission denied"));
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void read_backslashInLinuxFileName_readAsOneName() throws IOException {
        assumeTrue(tmp.getFileSystem().getSeparator().equals("/"), "a name character only where '/' separates");
        Files.writeString(tmp.resolve("a\\b.md"), "# Slashed\n\nBackslash text.");
        Corpus corpus = SiteReader.read(tmp, IngestOptions.defaults("https://x.dev"));
        assertThat(corpus.problems()).isEmpty();
        assertThat(corpus.chunks()).extracting(Chunk::source).containsExactly("a\\b.md");
    }

    private Path docsWithPage() throws IOException {
        Path docs = Files.createDirectories(tmp.resolve("docs"));
        Files.writeString(docs.resolve("a.md"), "# A\n\nPage a.");
        return docs;
    }

    private static List<String> texts(Corpus corpus) {
        return corpus.chunks().stream().map(Chunk::text).toList();
    }

    @Test
    void read_fileLinkLeadingOutOfTheFolder_notReadAndReported() throws IOException {
        Path secret = Files.writeString(tmp.resolve("credentials"), "aws_secret_access_key = SECRETSECRET");
        Path docs = docsWithPage();
        Files.createSymbolicLink(docs.resolve("x.md"), secret);
        Corpus corpus = SiteReader.read(docs, IngestOptions.defaults(BASE));
        assertThat(texts(corpus)).noneMatch(t -> t.contains("SECRETSECRET")).isNotEmpty();
        assertThat(corpus.problems()).containsExactly(
                new Problem("x.md", "links outside the folder: " + secret.toRealPath()));
    }

    @Test
    void read_fileLinkInsideTheFolder_readLikeTheFile() throws IOException {
        Path docs = docsWithPage();
        Files.createDirectories(docs.resolve("guide"));
        Files.createSymbolicLink(docs.resolve("guide/b.md"), Path.of("../a.md"));
        Corpus corpus = SiteReader.read(docs, IngestOptions.defaults(BASE));
        assertThat(corpus.problems()).isEmpty();
        assertThat(corpus.chunks()).extracting(Chunk::source).containsExactly("a.md", "guide/b.md");
    }

    @Test
    void read_fileLinkToHiddenOrIgnoredFile_notReadAndReported() throws IOException {
        Path docs = docsWithPage();
        Files.writeString(docs.resolve(".env"), "TOKEN=SECRETSECRET");
        Files.createDirectories(docs.resolve("private"));
        Files.writeString(docs.resolve("private/notes.md"), "# Notes\n\nSECRETSECRET");
        Files.createSymbolicLink(docs.resolve("env.md"), Path.of(".env"));
        Files.createSymbolicLink(docs.resolve("notes.md"), Path.of("private/notes.md"));
        IngestOptions options = new IngestOptions(BASE, Framework.MARKDOWN, 1200, 150, List.of("private/**"));
        Corpus corpus = SiteReader.read(docs, options);
        assertThat(texts(corpus)).noneMatch(t -> t.contains("SECRETSECRET"));
        assertThat(corpus.problems()).containsExactly(
                new Problem("env.md", "links to a file that is left out: .env"),
                new Problem("notes.md", "links to a file that is left out: private/notes.md"));
    }

    @Test
    void read_folderLinks_notFollowedAndReported() throws IOException {
        Path outside = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.writeString(outside.resolve("leak.md"), "# Leak\n\nSECRETSECRET");
        Path docs = docsWithPage();
        Files.createDirectories(docs.resolve("guide"));
        Files.writeString(docs.resolve("guide/g.md"), "# G\n\nPage g.");
        Files.createSymbolicLink(docs.resolve("out"), outside);
        Files.createSymbolicLink(docs.resolve("again"), Path.of("guide"));
        Corpus corpus = SiteReader.read(docs, IngestOptions.defaults(BASE));
        assertThat(corpus.chunks()).extracting(Chunk::source).containsExactly("a.md", "guide/g.md");
        assertThat(corpus.problems()).containsExactly(
                new Problem("again", "links to a folder, not followed: guide"),
                new Problem("out", "links outside the folder: " + outside.toRealPath()));
    }

    @Test
    void read_brokenLink_reported() throws IOException {
        Path docs = docsWithPage();
        Files.createSymbolicLink(docs.resolve("gone.md"), Path.of("missing.md"));
        Corpus corpus = SiteReader.read(docs, IngestOptions.defaults(BASE));
        assertThat(corpus.pages()).isEqualTo(1);
        assertThat(corpus.problems()).containsExactly(new Problem("gone.md", "broken link: missing.md"));
    }

    @Test
    void read_folderGivenThroughALink_itsPagesRead() throws IOException {
        Path docs = docsWithPage();
        Path link = Files.createSymbolicLink(tmp.resolve("site"), docs);
        Corpus corpus = SiteReader.read(link, IngestOptions.defaults(BASE));
        assertThat(corpus.problems()).isEmpty();
        assertThat(corpus.chunks()).extracting(Chunk::url).containsExactly(BASE + "/a");
    }

    @Test
    void read_fileNamesWithUrlCharacters_percentEncodedAndAnchorKept() throws IOException {
        Path docs = docsWithPage();
        for (String name : List.of("hash#tag", "q?mark", "100%", "two words", "caf%C3%A9")) {
            Files.writeString(docs.resolve(name + ".md"), "# T\n\n## Part one\n\nMore text.");
        }
        Corpus corpus = SiteReader.read(docs, IngestOptions.defaults(BASE));
        assertThat(corpus.problems()).isEmpty();
        assertThat(corpus.chunks()).extracting(Chunk::url).contains(BASE + "/a",
                BASE + "/hash%23tag#part-one", BASE + "/q%3Fmark#part-one",
                BASE + "/100%25#part-one", BASE + "/two%20words#part-one", BASE + "/caf%C3%A9#part-one");
        assertThat(corpus.chunks()).filteredOn(c -> c.source().equals("hash#tag.md"))
                .extracting(Chunk::pageUrl).containsOnly(BASE + "/hash%23tag");
    }

    @Test
    void read_twoFilesAtOneUrl_bothKeptAndEachClashReported() throws IOException {
        Path docs = docsWithPage();
        Files.writeString(docs.resolve("b.md"), "# B\n\nFirst b.");
        Files.writeString(docs.resolve("b.mdx"), "# B\n\nSecond b.");
        Files.writeString(docs.resolve("good.md"), "# Good\n\nGood page.");
        Files.writeString(docs.resolve("other.md"), "---\nslug: /good\n---\n# Other\n\nOther page.");
        Corpus corpus = SiteReader.read(docs, IngestOptions.defaults(BASE));
        assertThat(corpus.pages()).isEqualTo(5);
        assertThat(corpus.chunks()).extracting(Chunk::source).containsExactly("a.md", "b.md", "b.mdx", "good.md", "other.md");
        assertThat(corpus.problems()).containsExactly(
                new Problem("b.mdx", "same URL as b.md: " + BASE + "/b (both are indexed)"),
                new Problem("other.md", "same URL as good.md: " + BASE + "/good (both are indexed)"));
    }

    @Test
    void read_fileAndFolderIndexAtOneDocusaurusUrl_reported() throws IOException {
        Path docs = docsWithPage();
        Files.createDirectories(docs.resolve("a"));
        Files.writeString(docs.resolve("a/index.md"), "# A index\n\nIndex of a.");
        Files.writeString(docs.resolve("a/README.md"), "# A readme\n\nReadme of a.");
        IngestOptions options = new IngestOptions(BASE, Framework.DOCUSAURUS, 1200, 150, List.of());
        Corpus corpus = SiteReader.read(docs, options);
        assertThat(corpus.chunks()).extracting(Chunk::pageUrl).containsOnly(BASE + "/docs/a");
        assertThat(corpus.problems()).containsExactly(
                new Problem("a/README.md", "same URL as a.md: " + BASE + "/docs/a (both are indexed)"),
                new Problem("a/index.md", "same URL as a.md: " + BASE + "/docs/a (both are indexed)"));
    }

    @Test
    void nestedSiteNote_projectRootHoldingADocusaurusSite_namesTheSiteFolder() throws IOException {
        Path site = Files.createDirectories(tmp.resolve("repo/website/docs"));
        Files.writeString(tmp.resolve("repo/website/docusaurus.config.js"), "export default {};");
        Files.writeString(site.resolve("intro.md"), "# Intro\n\nWelcome.");
        Files.writeString(tmp.resolve("repo/README.md"), "# Repo\n\nAbout the repo.");
        Path repo = tmp.resolve("repo");
        Corpus corpus = SiteReader.read(repo, IngestOptions.defaults(BASE));
        assertThat(corpus.framework()).isEqualTo(Framework.MARKDOWN);
        assertThat(SiteReader.nestedSiteNote(repo, corpus)).hasValueSatisfying(note -> assertThat(note)
                .startsWith(repo.resolve("website") + " is a Docusaurus site").contains("docask index " + repo.resolve("website")));
        Path websiteFolder = repo.resolve("website");
        assertThat(SiteReader.nestedSiteNote(websiteFolder, SiteReader.read(websiteFolder, IngestOptions.defaults(BASE))))
                .as("the site itself was recognised").isEmpty();
    }

    @Test
    void nestedSiteNote_starlightContentBelow_isNamed_plainFolder_none() throws IOException {
        Path docs = Files.createDirectories(tmp.resolve("astro/src/content/docs/guides"));
        Files.writeString(docs.resolve("start.md"), "# Start\n\nHow to start.");
        Corpus corpus = SiteReader.read(tmp.resolve("astro"), IngestOptions.defaults(BASE));
        assertThat(SiteReader.nestedSiteNote(tmp.resolve("astro"), corpus)).hasValueSatisfying(note -> assertThat(note)
                .contains("is a Starlight site"));
        Path plain = Files.createDirectories(tmp.resolve("plain/guides"));
        Files.writeString(plain.resolve("a.md"), "# A\n\nText.");
        assertThat(SiteReader.nestedSiteNote(tmp.resolve("plain"), SiteReader.read(tmp.resolve("plain"), IngestOptions.defaults(BASE))))
                .isEmpty();
    }
}
