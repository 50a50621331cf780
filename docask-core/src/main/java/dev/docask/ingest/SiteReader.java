package dev.docask.ingest;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.security.MessageDigest;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import dev.docask.ingest.Corpus.Problem;
import dev.docask.ingest.internal.SiteNames;

/*
 * A run reads one kind of page: Markdown sources, or built HTML when the framework is html. Sources and
 * the site built from them often share a folder (website/ and website/build/, a repo root holding
 * docs/ and site/), and reading both would index every page twice under two URLs. So the other
 * kind is never read, even when the framework was only guessed, but it is never dropped silently
 * either: the corpus lists it as left out, and 'docask index' says which --framework reads it.
 */

/**
 * Reads a documentation folder (Markdown/MDX sources or built HTML) into chunks, routing each page
 * to the URL its framework serves it at.
 *
 * <pre>{@code
 * Corpus corpus = SiteReader.read(Path.of("docs"), IngestOptions.defaults("https://vitest.dev"));
 * corpus.chunks().forEach(c -> System.out.println(c.url()));
 * }</pre>
 */
public final class SiteReader {

    /**
     * Told after each file, e.g. to drive a progress bar. Calls may come from several threads, one at
     * a time, with {@code done} increasing.
     *
     * <pre>{@code
     * SiteReader.read(folder, options, (done, total) -> bar.stepTo(done));
     * }</pre>
     */
    @FunctionalInterface
    public interface Progress {
        /** {@code done} of {@code total} files have been read. */
        void filesRead(int done, int total);
    }

    /** Served pages have no folder; their names are routed against this one, which is never read. */
    private static final Path SERVED_ROOT = Path.of("").toAbsolutePath();
    private static final Pattern CHARSET_PARAM =
            Pattern.compile("(?i);\\s*charset\\s*=\\s*\"?([^\";\\s]+)");

    private SiteReader() {
    }

    /**
     * A note for a folder read as plain Markdown that holds a framework's site below it (the user
     * pointed at a project root): which folder to index so pages get the site's URLs. Empty when
     * the corpus was routed by a framework or no site lies below.
     *
     * <pre>{@code
     * SiteReader.nestedSiteNote(repo, corpus)
     * // "repo/website is a Docusaurus site: index that folder so its pages get the site's URLs (docask index repo/website)"
     * }</pre>
     */
    public static Optional<String> nestedSiteNote(Path folder, Corpus corpus) {
        if (corpus.framework() != Framework.MARKDOWN) {
            return Optional.empty();
        }
        List<String> pages = corpus.chunks().stream().map(Chunk::source).distinct().toList();
        return SiteLayout.nestedSite(folder, pages).map(n -> folder.resolve(n.folder()) + " is a "
                + switch (n.framework()) {
                    case DOCUSAURUS -> "Docusaurus";
                    case VITEPRESS -> "VitePress";
                    case STARLIGHT -> "Starlight";
                    case MKDOCS -> "MkDocs";
                    case HTML, MARKDOWN -> n.framework().cliName();
                } + " site: index that folder so its pages get the site's URLs (docask index "
                + folder.resolve(n.folder()) + ")");
    }

    /**
     * What a run reading {@code folder} as {@code framework} with the base URL {@code baseUrl} should say about the base
     * path the site's config deploys it under (Docusaurus {@code baseUrl}, VitePress's or Astro's {@code base}, the path
     * of MkDocs {@code site_url}): that URLs get it, when {@code baseUrl} has no path of its own, or that
     * {@code baseUrl}'s own path is kept, when it has another. Empty when the config names no base path, {@code baseUrl} already ends with it, or is blank.
     *
     * <pre>{@code
     * SiteReader.basePathNote(Path.of("website"), Framework.DOCUSAURUS, "https://u.github.io")
     * // "URLs are under https://u.github.io/project/: docusaurus.config.js deploys the site there (baseUrl); a base URL
     * //  with a path of its own is kept as given"
     * }</pre>
     */
    public static Optional<String> basePathNote(Path folder, Framework framework, String baseUrl) {
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(framework, "framework");
        String given = IngestOptions.defaults(baseUrl).baseUrl();
        return BasePath.join(given, new PageRouter(framework, folder).base()).note();
    }

    /**
     * The name the site's own config gives it: {@code site_name} in {@code mkdocs.yml}, {@code title}
     * in {@code docusaurus.config.*}, in VitePress's {@code .vitepress/config.*}, or in Starlight's
     * {@code starlight({...})} in {@code astro.config.*}, found from {@code folder} as routing finds
     * the site; for built HTML, the name that most of its pages' {@code <title>}s ("Mocking | Quayside")
     * and {@code og:site_name}s agree on. Empty for plain Markdown, when there is no config or no
     * agreement, or when the config names the site with anything but a plain string. {@link #read} records it in
     * the corpus ({@link Corpus#siteName()}), where {@code IndexBuilder} finds it.
     *
     * <pre>{@code
     * String name = SiteReader.siteName(docs, corpus.framework()).orElse("Docs");
     * }</pre>
     */
    public static Optional<String> siteName(Path folder, Framework framework) {
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(framework, "framework");
        return SiteConfig.siteName(framework, folder);
    }

    /**
     * Reads every page under {@code folder}; bad pages become {@link Problem}s, never exceptions. A base URL with no
     * path gets the base path the site's config deploys it under ({@link #basePathNote}), in the pages' URLs and in
     * the corpus's options alike.
     *
     * @throws IllegalArgumentException if {@code folder} is not a readable directory
     */
    public static Corpus read(Path folder, IngestOptions options) {
        return read(folder, options, (done, total) -> { });
    }

    /**
     * Like {@link #read(Path, IngestOptions)}, reporting progress after each file.
     *
     * @throws IllegalArgumentException if {@code folder} is not a readable directory
     */
    public static Corpus read(Path folder, IngestOptions options, Progress progress) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(progress, "progress");
        if (folder == null || !Files.isDirectory(folder)) {
            throw new IllegalArgumentException("not a folder: " + folder);
        }
        Path root = folder.toAbsolutePath().normalize();
        List<Problem> problems = new ArrayList<>();
        List<String> files = listFiles(realPath(root), options.ignore(), problems);
        Framework framework = Optional.ofNullable(options.framework()).orElseGet(() -> SiteLayout.detect(root, files));
        Predicate<String> ofItsKind = framework == Framework.HTML ? SiteLayout::isHtml : SiteLayout::isMarkdown;
        Predicate<String> ofOtherKind = framework == Framework.HTML ? SiteLayout::isMarkdown : SiteLayout::isHtml;
        List<String> pages = files.stream().filter(ofItsKind).toList();
        List<String> leftOut = files.stream().filter(ofOtherKind).toList();

        Map<String, String> texts = new LinkedHashMap<>();
        for (String page : pages) {
            try {
                texts.put(page, SourceText.read(root.resolve(page), framework == Framework.HTML));
            } catch (IllegalArgumentException e) {
                problems.add(new Problem(page, Objects.requireNonNullElse(e.getMessage(), e.toString())));
            }
        }
        PageRouter router = new PageRouter(framework, root);
        problems.addAll(router.problems());
        // URLs, and the base URL the corpus records, are under the base path the site's config deploys it at (BasePath)
        String baseUrl = BasePath.join(options.baseUrl(), router.base()).baseUrl();
        IngestOptions read = baseUrl.equals(options.baseUrl()) ? options
                : new IngestOptions(baseUrl, options.framework(), options.chunkSize(), options.chunkOverlap(), options.ignore());
        PageReader reader = new PageReader(framework, router, read,
                new Includes(framework == Framework.HTML ? Map.of() : texts));
        List<Map.Entry<String, String>> entries = List.copyOf(texts.entrySet());
        Outcome[] outcomes = new Outcome[entries.size()];
        int[] done = {problems.size()};
        // Pages are independent, so they are read on all cores; results keep file order.
        IntStream.range(0, entries.size()).parallel().forEach(k -> {
            outcomes[k] = Outcome.of(reader, entries.get(k).getKey(), entries.get(k).getValue());
            synchronized (done) {
                progress.filesRead(++done[0], pages.size());
            }
        });
        List<Chunk> chunks = new ArrayList<>();
        int pagesRead = 0;
        for (Outcome outcome : outcomes) {
            outcome.problem().ifPresent(problems::add);
            if (outcome.chunks().isPresent()) {
                chunks.addAll(outcome.chunks().get());
                pagesRead++;
            }
        }
        problems.addAll(RouteClashes.find(chunks));
        problems.sort(Comparator.comparing(Problem::file));
        return new Corpus(framework, pagesRead, chunks, problems, read, leftOut, sourceHash(texts), siteName(root, framework, options));
    }

    /** The site's own name, else, with no base URL whose host could name it, the folder's. */
    private static Optional<String> siteName(Path root, Framework framework, IngestOptions options) {
        return SiteConfig.siteName(framework, root).or(() -> options.baseUrl().isBlank()
                ? Optional.of(SiteNames.fromBaseUrl("", root)) : Optional.empty());
    }

    /**
     * Reads one built HTML page served at {@code url} (fetched from the deployed site, say) into the
     * chunks {@link #read} gives for the same page in a folder of the built site read as
     * {@link Framework#HTML}: the page is named like the file a copy of the site holds
     * ({@code /guide/} is {@code guide/index.html}), decoded the same way (the header's charset first),
     * and a canonical link to this site gives its URL. One page is all it needs, so a crawler reads
     * pages as they arrive.
     *
     * <pre>{@code
     * IngestOptions options = IngestOptions.defaults("https://docs.example.com");
     * Optional<List<Chunk>> chunks = SiteReader.readPage(URI.create("https://docs.example.com/guide/"),
     *         body, Optional.of("text/html; charset=utf-8"), options);
     * // each chunk's source is "guide/index.html", its URL https://docs.example.com/guide/#anchor
     * }</pre>
     *
     * @param url         where the page is served: under {@code options.baseUrl()}, with no query or fragment
     * @param html        the page as served
     * @param contentType the {@code Content-Type} the server sent, whose {@code charset} wins over the page's own
     * @return the page's chunks, or empty when the page is not one to index (a {@code noindex} meta tag, a
     *         redirect stub, a path whose file or folder starts with {@code _})
     * @throws IllegalArgumentException with the reason when the page cannot be read (empty, binary, not
     *         text in its charset), or when {@code url} is not under the base URL
     */
    public static Optional<List<Chunk>> readPage(URI url, byte[] html, Optional<String> contentType, IngestOptions options) {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(html, "html");
        Objects.requireNonNull(contentType, "contentType");
        Objects.requireNonNull(options, "options");
        if (options.framework() != null && options.framework() != Framework.HTML) {
            throw new IllegalArgumentException("a served page is built HTML; options name the framework " + options.framework().cliName());
        }
        String file = servedFile(url, options.baseUrl());
        if (html.length > SourceText.MAX_BYTES) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "page is %.1f MB, over the %d MB limit for a page",
                    html.length / 1048576.0, SourceText.MAX_BYTES / 1048576));
        }
        String text = SourceText.decodeHtml(html, contentType.flatMap(SiteReader::charsetParameter));
        PageReader reader = new PageReader(Framework.HTML, new PageRouter(Framework.HTML, SERVED_ROOT), options, new Includes(Map.of()));
        return reader.readServed(file, text, url);
    }

    private static Optional<Charset> charsetParameter(String contentType) {
        Matcher m = CHARSET_PARAM.matcher(contentType);
        return m.find() ? SourceText.charsetOf(m.group(1)) : Optional.empty();
    }

    /** The file a copy of the site would hold for {@code url}: its decoded path below the base URL's, index.html for a folder. */
    private static String servedFile(URI url, String baseUrl) {
        if (baseUrl.isEmpty()) {
            throw new IllegalArgumentException("reading a served page needs the site's base URL in the options");
        }
        URI base = URI.create(baseUrl + "/");
        String path = url.normalize().getPath();
        boolean sameSite = String.valueOf(url.getScheme()).equalsIgnoreCase(base.getScheme())
                && String.valueOf(url.getHost()).equalsIgnoreCase(base.getHost()) && url.getPort() == base.getPort();
        if (!sameSite || path == null || !(path.startsWith(base.getPath()) || (path + "/").equals(base.getPath()))
                || url.getRawQuery() != null || url.getRawFragment() != null) {
            throw new IllegalArgumentException("page URL " + url + " is not a page under the base URL " + baseUrl);
        }
        String relative = path.length() < base.getPath().length() ? "" : path.substring(base.getPath().length());
        return relative.isEmpty() || relative.endsWith("/") ? relative + "index.html" : relative;
    }

    /** Links are judged against the real folder, so a folder reached through a link (/tmp on macOS) still works. */
    private static Path realPath(Path folder) {
        try {
            return folder.toRealPath();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + folder + ": " + SourceText.reason(e), e);
        }
    }

    private static String sourceHash(Map<String, String> texts) {
        MessageDigest md = Corpus.sha256();
        texts.forEach((file, text) -> {
            md.update(file.getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
            md.update(text.getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
        });
        return HexFormat.of().formatHex(md.digest());
    }

    /** What one page gave: its chunks (empty when skipped), or the problem that stopped it. */
    private record Outcome(Optional<List<Chunk>> chunks, Optional<Problem> problem) {
        static Outcome of(PageReader reader, String file, String text) {
            try {
                return new Outcome(reader.read(file, text), Optional.empty());
            } catch (RuntimeException e) {
                String reason = e.getMessage() == null ? e.toString() : e.getMessage();
                return new Outcome(Optional.empty(), Optional.of(new Problem(file, reason)));
            } catch (StackOverflowError e) {
                // a last guard: each parser bounds its own nesting (docs/reliability.md), one page must not end the run
                return new Outcome(Optional.empty(), Optional.of(new Problem(file, "nested too deeply to read")));
            }
        }
    }

    /**
     * Files under {@code root} as sorted '/'-separated relative paths; hidden folders and node_modules left out.
     * A folder that cannot be listed (no permission) becomes a problem and the walk goes on.
     */
    private static List<String> listFiles(Path root, List<String> ignore, List<Problem> problems) {
        List<PathMatcher> matchers = ignore.stream().map(g -> FileSystems.getDefault().getPathMatcher("glob:" + g)).toList();
        // Like .gitignore, a pattern without '/' (e.g. "*.draft.md") matches the file name in any folder.
        List<PathMatcher> nameMatchers = ignore.stream().filter(g -> !g.contains("/"))
                .map(g -> FileSystems.getDefault().getPathMatcher("glob:" + g)).toList();
        // A file is wanted unless it or a folder on its way is hidden, is node_modules, or matches --ignore.
        Predicate<Path> wanted = rel -> {
            for (Path part : rel) {
                String name = part.toString();
                if (name.startsWith(".") || (name.equals("node_modules") && !part.equals(rel.getFileName()))) {
                    return false;
                }
            }
            return matchers.stream().noneMatch(m -> m.matches(rel))
                    && nameMatchers.stream().noneMatch(m -> m.matches(rel.getFileName()));
        };
        List<String> files = new ArrayList<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    String name = dir.equals(root) ? "" : dir.getFileName().toString();
                    return name.startsWith(".") || name.equals("node_modules")
                            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    Path rel = root.relativize(file);
                    if (!wanted.test(rel)) {
                        return FileVisitResult.CONTINUE;
                    }
                    String name = relativeName(rel);
                    Optional<String> refused = attrs.isSymbolicLink() ? refusedLink(root, file, wanted) : Optional.empty();
                    refused.ifPresent(reason -> problems.add(new Problem(name, reason)));
                    if (refused.isEmpty() && Files.isRegularFile(file)) {
                        files.add(name);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    String what = Files.isDirectory(file) ? "cannot list folder: " : "cannot read file: ";
                    problems.add(new Problem(relativeName(root.relativize(file)), what + SourceText.reason(e)));
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) {
                    if (e != null) {
                        problems.add(new Problem(relativeName(root.relativize(dir)), "cannot list folder: " + SourceText.reason(e)));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot list " + root + ": " + SourceText.reason(e), e);
        }
        files.sort(Comparator.naturalOrder());
        return files;
    }

    /**
     * Why a symbolic link is not read, or empty for a link to a file inside the folder, which is read like the file.
     * A link leading out of the folder could publish any file of the machine (x.md -> ~/.aws/credentials in a
     * pull request), one to a hidden or ignored file what the folder keeps out; a link to a folder inside would
     * read its pages a second time under other URLs, or loop. Each refusal is a reported problem.
     */
    private static Optional<String> refusedLink(Path root, Path link, Predicate<Path> wanted) {
        Path target;
        try {
            target = link.toRealPath();
        } catch (IOException e) {
            return Optional.of("broken link: " + linkText(link));
        }
        if (!target.startsWith(root)) {
            return Optional.of("links outside the folder: " + target);
        }
        Path inside = root.relativize(target);
        if (Files.isDirectory(target)) {
            String name = relativeName(inside);
            return Optional.of("links to a folder, not followed: " + (name.isEmpty() ? "." : name));
        }
        // x.md -> .env or .git/config: a file left out of the index must not come in through a link.
        return wanted.test(inside) ? Optional.empty() : Optional.of("links to a file that is left out: " + relativeName(inside));
    }

    private static String linkText(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException e) {
            return SourceText.reason(e);
        }
    }

    /** '/'-separated; a '\\' is a separator only where the file system says so (on Linux it is a name character). */
    private static String relativeName(Path rel) {
        String separator = rel.getFileSystem().getSeparator();
        return separator.equals("/") ? rel.toString() : rel.toString().replace(separator, "/");
    }
}
