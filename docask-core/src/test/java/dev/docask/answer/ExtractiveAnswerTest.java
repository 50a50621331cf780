package dev.docask.answer;

import dev.docask.ingest.Chunk;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Source;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ExtractiveAnswerTest {
    @Test
    void write_firstBlockSaysItIsQuoted() {
        List<String> blocks = ExtractiveAnswer.keywordsOnly().write("vi.mock", Retrievals.of(TestSites.MOCKING).sources(), new SiteName("Vitest"));

        assertThat(blocks.getFirst()).contains("Quoted from the Vitest docs").contains("no language model");
    }

    @Test
    void write_unnamedSite_saysThisSitesDocs() {
        List<String> blocks = ExtractiveAnswer.keywordsOnly().write("vi.mock", Retrievals.of(TestSites.MOCKING).sources(), new SiteName(""));

        assertThat(blocks.getFirst()).startsWith("Quoted from this site's docs (").doesNotContain("the this site");
    }

    @Test
    void write_bestOverlappingSentenceQuotedWithItsNumber() {
        List<String> blocks = ExtractiveAnswer.keywordsOnly().write("how do I advance the clock with fake timers?",
                Retrievals.of(TestSites.MOCKING, TestSites.TIMERS).sources(), new SiteName("Vitest"));

        // the sentence shares most of the question's words; its short paragraph comes with it
        assertThat(blocks.get(1)).isEqualTo("\n\n> Call vi.useFakeTimers to control time in tests. Advance the clock with "
                + "vi.advanceTimersByTime. [2]");
    }

    @Test
    void write_sameInput_sameOutput() {
        var sources = Retrievals.of(TestSites.MOCKING, TestSites.TIMERS, TestSites.CONFIG).sources();

        assertThat(ExtractiveAnswer.keywordsOnly().write("mock module timers", sources, new SiteName("V")))
                .isEqualTo(ExtractiveAnswer.keywordsOnly().write("mock module timers", sources, new SiteName("V")));
    }

    @Test
    void write_atMostThreeQuotesAndTwoPerSource() {
        var sources = Retrievals.of(TestSites.MOCKING, TestSites.TIMERS).sources();

        List<String> blocks = ExtractiveAnswer.keywordsOnly().write("module mock factory hoisted file implementation", sources, new SiteName("V"));

        assertThat(blocks).hasSizeLessThanOrEqualTo(4);
        assertThat(blocks.stream().filter(b -> b.endsWith("[1]"))).hasSizeLessThanOrEqualTo(2);
    }

    @Test
    void write_noWordShared_quotesFirstSentenceOfFirstSource() {
        List<String> blocks = ExtractiveAnswer.keywordsOnly().write("zzz qqq", Retrievals.of(TestSites.CONFIG).sources(), new SiteName("V"));

        assertThat(blocks).hasSize(2);
        assertThat(blocks.get(1)).startsWith("\n\n> The environment option sets").endsWith("[1]");
    }

    private static Source source(int n, String heading, String text) {
        Chunk c = new Chunk("https://q.dev/p" + n + "#s", "Page " + n, heading, text, "p" + n + ".md", Map.of());
        return new Source(n, c.url(), c.title(), c.heading(), c.source(), List.of(Hit.builder(n, c).score(1.0 / (60 + n)).build()));
    }

    private static List<String> quotes(ExtractiveAnswer answer, String question, Source... sources) {
        return answer.write(question, List.of(sources), new SiteName("Q")).stream().skip(1).toList();
    }

    /** The signal {@code flag} of each passage of {@code s}, in page order: which passages the rule marks. */
    private static List<Boolean> marked(String question, Source s, java.util.function.Predicate<ExtractiveAnswer.Signals> flag) {
        return ExtractiveAnswer.keywordsOnly().candidates(question, List.of(s)).stream().map(c -> flag.test(c.signals())).toList();
    }

    /** Source 1 of page p1: its own section #s, then a chunk of the page's other section #other. */
    private static Source sourceWithOtherSection(String own, String other) {
        Chunk a = new Chunk("https://q.dev/p1#s", "Page 1", "Setup", own, "p1.md", Map.of());
        Chunk b = new Chunk("https://q.dev/p1#other", "Page 1", "Setup", other, "p1.md", Map.of());
        return new Source(1, a.url(), a.title(), a.heading(), a.source(), List.of(Hit.builder(1, a).build(), Hit.builder(2, b).build()));
    }

    @Test
    void write_quoteFromAnotherSectionOfTheSourcesPage_citedAtThatSectionsAnchor() {
        Source s = sourceWithOtherSection("Install the package first.", "The relay needs Node.js 20 or later to start.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "which Node.js does the relay need to start?", s).getFirst())
                .isEqualTo("\n\n> The relay needs Node.js 20 or later to start. [1](https://q.dev/p1#other)");
        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "how do I install the package?", s).getFirst())
                .as("its own section: the plain number").isEqualTo("\n\n> Install the package first. [1]");
    }

    @Test
    void write_anotherSectionOfThePage_markedAsSuch() {
        // the signal the fit weighs: with a model, next to the section's cosine, it is a small nudge (docs/quality.md, "Round 9")
        Source s = sourceWithOtherSection("Retries stop after the attempt limit.", "Retries stop after the attempt limit.");

        List<ExtractiveAnswer.Candidate> all = ExtractiveAnswer.keywordsOnly().candidates("when do retries stop?", List.of(s));

        assertThat(all).extracting(c -> c.signals().otherSection()).containsExactly(false, true);
        assertThat(Math.abs(ExtractiveAnswer.Weights.DEFAULT.otherSection())).isLessThan(0.05);
    }

    /** Source {@code n} whose one chunk retrieval measured at {@code cosine} with the question. */
    private static Source sourceWithCosine(int n, String heading, String text, float cosine) {
        Chunk c = new Chunk("https://q.dev/p" + n + "#s", "Page " + n, heading, text, "p" + n + ".md", Map.of());
        return new Source(n, c.url(), c.title(), c.heading(), c.source(),
                List.of(Hit.builder(n, c).similarity(cosine).score(1.0 / (60 + n)).build()));
    }

    @Test
    void extractive_sameSentenceInTwoSections_quotedFromTheSectionCloserToTheQuestion() {
        // a sentence read in its place: the same words weigh more where their whole section matches the question
        String sentence = "Limits apply to every delivery of the relay.";
        Source far = sourceWithCosine(1, "Limits", sentence, 0.30f);
        Source near = sourceWithCosine(2, "Limits", sentence, 0.80f);
        ExtractiveAnswer byMeaning = new ExtractiveAnswer(null, new PassageVectors(new ConceptEmbedder()), e -> { });

        assertThat(quotes(byMeaning, "which limits apply to a replay?", far, near).getFirst())
                .isEqualTo("\n\n> " + sentence + " [2]");
        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "which limits apply to a replay?", far, near).getFirst())
                .as("without a model no cosine counts, the section's neither: ties go to source 1").endsWith("[1]");
    }

    @Test
    void candidates_sectionSignal_isTheChunksCosineOnlyWhenReadingByMeaning() {
        Source s = sourceWithCosine(1, "Limits", "Limits apply to every delivery of the relay.", 0.6f);
        ExtractiveAnswer byMeaning = new ExtractiveAnswer(null, new PassageVectors(new ConceptEmbedder()), e -> { });

        assertThat(byMeaning.candidates("which limits apply?", List.of(s))).extracting(c -> c.signals().section())
                .containsExactly((double) 0.6f);
        assertThat(ExtractiveAnswer.keywordsOnly().candidates("which limits apply?", List.of(s)))
                .extracting(c -> c.signals().section()).containsExactly(0.0);
    }

    @Test
    void write_meaningWithNoSharedWord_beatsASentenceThatSharesOne() {
        Source s = source(1, "Retries", "Each attempt is logged with its status code.\n\n### Delays\n\n"
                + "The delay doubles every single time.");
        ExtractiveAnswer byMeaning = new ExtractiveAnswer(null, new PassageVectors(new ConceptEmbedder()), e -> { });

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "how long is the pause between attempts?", s).getFirst())
                .contains("Each attempt is logged");
        assertThat(quotes(byMeaning, "how long is the pause between attempts?", s).getFirst())
                .as("the best pick opens the quote (the other follows as the source's second excerpt)")
                .startsWith("\n\n> The delay doubles every single time.");
    }

    @Test
    void write_embedderFails_reportsItAndChoosesByKeywords() {
        ConceptEmbedder embedder = new ConceptEmbedder();
        embedder.failing = true;
        List<Throwable> errors = new java.util.ArrayList<>();
        ExtractiveAnswer answer = new ExtractiveAnswer(null, new PassageVectors(embedder), errors::add);

        List<String> q = quotes(answer, "how are attempts logged?", source(1, "Retries",
                "Each attempt is logged with its status code. The delay doubles every single time."));

        assertThat(q.getFirst()).contains("Each attempt is logged");
        assertThat(errors).singleElement().extracting(Throwable::getMessage).isEqualTo("the embedding service is down");
    }

    @Test
    void write_sameSectionAgain_itsPassagesAreEmbeddedOnce() {
        ConceptEmbedder embedder = new ConceptEmbedder();
        ExtractiveAnswer answer = new ExtractiveAnswer(null, new PassageVectors(embedder), e -> { });
        Source s = source(1, "Retries", "Each attempt is logged with its status code.\n\nThe delay doubles every single time.");

        quotes(answer, "how long is the pause?", s);
        quotes(answer, "are attempts logged?", s);

        assertThat(embedder.passagesEmbedded).hasValue(2);
    }

    @Test
    void write_headingThatSharesTheQuestionsWords_liftsItsSentence() {
        Source other = source(1, "Keeping events", "Replayed events keep their original identifier forever.");
        Source target = source(2, "Sending to another target", "The forward flag overrides where replayed events go.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "replay events to another target", other, target).getFirst())
                .endsWith("[2]");
    }

    @Test
    void write_codeBlockCarryingTheQuestionsWords_quotedWholeAfterItsLeadIn() {
        Source s = source(1, "Docker", "Start it in a container:\n\n```bash\ndocker run -d --name relay \\\n  ghcr.io/q/relay:2\n```"
                + "\n\nMount a volume so that queued events survive a new container.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "can I run the relay with docker?", s).getFirst()).isEqualTo(
                "\n\n> Start it in a container:\n>\n> ```bash\n> docker run -d --name relay \\\n>   ghcr.io/q/relay:2\n> ```\n> [1]");
    }

    @Test
    void write_leadInSentenceChosen_bringsTheCodeItIntroduces() {
        Source s = source(1, "GitHub Pages", "Finally, to deploy your site to GitHub Pages, run:\n\n"
                + "```mdx-code-block\n<Tabs>\n```\n\n```bash\nGIT_USER=me yarn deploy\n```\n\n```mdx-code-block\n</Tabs>\n```");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "deploy my site to GitHub Pages", s).getFirst()).isEqualTo(
                "\n\n> Finally, to deploy your site to GitHub Pages, run:\n>\n> ```bash\n> GIT_USER=me yarn deploy\n> ```\n> [1]");
    }

    @Test
    void write_listItemChosen_bringsItsShortListWhole() {
        Source s = source(1, "Deleting a version", "Old releases can be dropped too.\n\n1. Remove the version from versions.json."
                + "\n2. Delete the versioned docs directory.\n3. Delete the versioned sidebars file.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "remove a version from versions.json", s).getFirst()).isEqualTo(
                "\n\n> 1. Remove the version from versions.json.\n> 2. Delete the versioned docs directory.\n"
                        + "> 3. Delete the versioned sidebars file. [1]");
    }
    @Test
    void extractive_howLongQuestion_prefersSentenceWithADuration() {
        Source s = source(1, "Waiting", "The relay waits before it retries a failed event. The relay waits 2s at first, "
                + "and the wait doubles before each later retry.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "How long does the relay wait before it retries?", s).getFirst())
                .contains("2s at first");
        assertThat(marked("How long does the relay wait before it retries?", s, ExtractiveAnswer.Signals::kind)).as("the passages the rule marks").containsExactly(false, true);
    }

    @Test
    void extractive_howManyQuestion_prefersSentenceWithANumber() {
        Source s = source(1, "Limiting attempts", "Each event gets attempts until the handler accepts it. "
                + "An event gets 8 attempts by default.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "How many attempts does an event get?", s).getFirst())
                .contains("8 attempts");
        assertThat(marked("How many attempts does an event get?", s, ExtractiveAnswer.Signals::kind)).as("the passages the rule marks").containsExactly(false, true);
    }

    @Test
    void extractive_howManyTimesQuestion_theUnitOfItsFormIsNotItsTopic() {
        Source flags = source(1, "Flags", "Up to 16 deliveries run at the same time.");
        Source retries = source(2, "Retries", "Set the retry limit to choose the number of attempts a delivery gets: 8 by default.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "How many times does the relay retry a delivery?", flags, retries)
                .getFirst()).contains("8 by default");
    }

    @Test
    void extractive_howDoIInstallQuestion_prefersTheCommand() {
        Source s = source(1, "Install the library", "You can install the library in any Node.js project you have."
                + "\n\n```bash\nnpm install the-library\n```");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "How do I install the library?", s).getFirst())
                .contains("npm install the-library");
        assertThat(marked("How do I install the library?", s, ExtractiveAnswer.Signals::kind)).as("the passages the rule marks").containsExactly(false, true);
    }

    @Test
    void extractive_whichQuestion_quotesTheListWholeWithItsLeadIn() {
        Source s = source(1, "Prefetch", "Pages can load before a reader opens them. Astro supports 4 prefetch strategies:"
                + "\n\n- `hover`: when you hover the link.\n- `tap`: just before you click the link.\n- `load`: once the page loaded.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "Which prefetch strategies does Astro support?", s).getFirst())
                .isEqualTo("\n\n> Astro supports 4 prefetch strategies:\n> - `hover`: when you hover the link.\n"
                        + "> - `tap`: just before you click the link.\n> - `load`: once the page loaded. [1]");
    }

    @Test
    void extractive_sentenceThatRestatesTheQuestion_markedAsSuch() {
        // the signal the fit weighs: with a model it found no pay in it, weight 0 (docs/quality.md, "Round 8")
        Source s = source(1, "pool", "Pool used to run tests in. Tests run in the forks pool unless you set threads.");

        List<ExtractiveAnswer.Candidate> all = ExtractiveAnswer.keywordsOnly().candidates("Which pool can I run tests in?", List.of(s));

        assertThat(all).extracting(c -> c.signals().restates()).containsExactly(true, false);
        assertThat(ExtractiveAnswer.Weights.DEFAULT.restates()).isZero();
    }

    @Test
    void extractive_howQuestion_doesNotLeadWithANegativeSentence() {
        Source s = source(1, "Replaying to another target", "Older events cannot be replayed to another target. "
                + "Pass the forward flag to send replayed events to another target.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "How do I send replayed events to another target?", s).getFirst())
                .contains("Pass the forward flag");
        assertThat(marked("How do I send replayed events to another target?", s, ExtractiveAnswer.Signals::negative)).as("the passages the rule marks").containsExactly(true, false);
    }

    @Test
    void extractive_yesNoQuestion_mayLeadWithANegativeSentence() {
        Source s = source(1, "Dropping events", "Dropped events are not stored, so they cannot be replayed. "
                + "Dropped events are counted in a metric.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "Can dropped events be replayed?", s).getFirst())
                .contains("cannot be replayed");
    }

    @Test
    void extractive_sentenceThatOnlyPointsElsewhere_notQuotedBeforeTheAnswer() {
        Source s = source(1, "Test isolation", "Read the trade-offs of test isolation in the recipe before you turn isolation off. "
                + "Turning test isolation off makes the suite faster.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "Why would I turn test isolation off?", s).getFirst())
                .contains("makes the suite faster");
        assertThat(marked("Why would I turn test isolation off?", s, ExtractiveAnswer.Signals::pointer)).as("the passages the rule marks").containsExactly(true, false);
    }

    @Test
    void extractive_negationInAnAside_doesNotCostTheSentence() {
        Source s = source(1, "Line numbering", "Line numbers for a code block start at one unless you pass a start value. "
                + "You can turn on line numbers for a code block with the `showLineNumbers` key (don't forget the space).");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "How do I turn on line numbers for a code block?", s).getFirst())
                .contains("showLineNumbers");
    }

    @Test
    void extractive_yesNoQuestion_prefersTheSentenceThatSaysWhetherItsVerbCan() {
        Source s = source(1, "Dropping events", "Routes can drop events with the `drop` flag to acknowledge them without delivery. "
                + "Dropped events are counted in a metric but are not stored, so they cannot be replayed.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "Can I replay events that a route dropped?", s).getFirst())
                .contains("cannot be replayed");
    }

    @Test
    void extractive_sentenceThatOpensWithAnExample_notQuotedBeforeTheStatement() {
        Source s = source(1, "Static files", "For example, a file in the static folder is copied to build/sun.jpg. "
                + "Every file in the static folder is copied to the root of the build folder.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "Where is a file in the static folder copied?", s).getFirst())
                .contains("Every file");
        assertThat(marked("Where is a file in the static folder copied?", s, ExtractiveAnswer.Signals::example)).as("the passages the rule marks").containsExactly(true, false);
    }

    @Test
    void extractive_howQuestion_prefersTheSentenceThatNamesSomethingExact() {
        Source s = source(1, "Modes", "Astro builds static sites unless told otherwise. "
                + "Pages rendered on demand are generated for each visit. "
                + "Add `export const prerender = false` to render a page on demand.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "How do I render a page on demand?", s).getFirst())
                .contains("prerender = false");
    }

    @Test
    void extractive_howOftenQuestion_prefersTheRowWithAFrequency() {
        Source s = source(1, "Options", "| Name | Default | Note |\n| --- | --- | --- |\n| `priority` | `'high'` | Set per page. |\n"
                + "| `changefreq` | `'weekly'` | Set per page. |");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "How often does a page change by default?", s).getFirst())
                .contains("weekly");
    }

    @Test
    void extractive_sentenceThatEndsInInstead_bringsTheParagraphItQualifies() {
        Source s = source(1, "How long the relay waits", "The delay doubles after each failed attempt, starting at 2s. "
                + "When your handler sends a Retry-After header, the relay waits exactly that long instead.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "How long does the relay wait between retries?", s).getFirst())
                .isEqualTo("\n\n> The delay doubles after each failed attempt, starting at 2s. When your handler sends a "
                        + "Retry-After header, the relay waits exactly that long instead. [1]");
    }

    @Test
    void extractive_leaningLeadInOfACodeBlock_bringsTheSentenceItLeansOn() {
        Source s = source(1, "Sending to another target", "`--forward-to` overrides the destination for a replay only. "
                + "This is a safe way to try a new version of a handler:\n\n```bash\nquayside replay --since 24h "
                + "--forward-to http://localhost:5000\n```");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "How do I try a new version of a handler safely?", s).getFirst())
                .isEqualTo("\n\n> `--forward-to` overrides the destination for a replay only. This is a safe way to try a new "
                        + "version of a handler:\n>\n> ```bash\n> quayside replay --since 24h --forward-to "
                        + "http://localhost:5000\n> ```\n> [1]");
    }

    @Test
    void extractive_leaningSentenceThatOpensItsParagraph_bringsTheLastSentenceOfTheParagraphBefore() {
        // "This" points back across the paragraph break: alone, the quote says what is built but not how (round 12)
        Source s = source(1, "Custom error page", "Create a `404.astro` file in `src/pages` for a custom error page.\n\n"
                + "This builds to an html page that deploy services find.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "Where does the build put the html page?", s).getFirst())
                .isEqualTo("\n\n> Create a `404.astro` file in `src/pages` for a custom error page.\n>\n> This builds to an html "
                        + "page that deploy services find. [1]");
    }

    @Test
    void extractive_leaningSentenceUnderAnotherHeading_doesNotBringTheSentenceBeforeTheHeading() {
        Source s = source(1, "Error pages", "Create a `404.astro` file for a custom error screen.\n\n### Output\n\n"
                + "This builds to an html page that deploy services find.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "Where does the build put the html page?", s).getFirst())
                .isEqualTo("\n\n> This builds to an html page that deploy services find. [1]");
    }

    @Test
    void extractive_sentenceOfAShortParagraph_isQuotedWithItsParagraph() {
        // the best sentence sets the scene, the next one answers: a short paragraph is one thought
        Source s = source(1, "Requirements", "To run the relay you also need a compatible version of Node.js installed. "
                + "Use `v22.12.0` or higher.\n\nCheck it first:\n\n```bash\nnpm doctor\n```");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "Which Node.js version does the relay need?", s).getFirst())
                .isEqualTo("\n\n> To run the relay you also need a compatible version of Node.js installed. Use `v22.12.0` "
                        + "or higher. [1]");
    }

    @Test
    void extractive_sentenceOfAShortSection_isQuotedWithItsSection() {
        // the cause scores best, the fix is two sentences on, in the next paragraph of the same short section
        Source s = source(1, "Failed to stop a worker", "This error can happen when fetch is used with the threads pool.\n\n"
                + "The forks pool does not have this issue. Switching back to forks will resolve it.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "How do I fix the failed to stop a worker error?", s).getFirst())
                .isEqualTo("\n\n> This error can happen when fetch is used with the threads pool.\n>\n> The forks pool does not "
                        + "have this issue. Switching back to forks will resolve it. [1]");
    }

    @Test
    void extractive_weightsThatQuoteOneSentence_quoteItAloneInAShortSection() {
        // Weights.paragraph 1 (what a fit may choose) means sentences alone: no paragraph, no section
        Source s = source(1, "Failed to stop a worker", "This error can happen when fetch is used with the threads pool.\n\n"
                + "The forks pool does not have this issue. Switching back to forks will resolve it.");
        ExtractiveAnswer.Weights w = ExtractiveAnswer.Weights.WORDS_ONLY;
        ExtractiveAnswer alone = ExtractiveAnswer.keywordsOnly().withWeights(ExtractiveAnswer.Weights.of(w.vector(), 1));

        assertThat(quotes(alone, "How do I fix the failed to stop a worker error?", s).getFirst())
                .isEqualTo("\n\n> This error can happen when fetch is used with the threads pool. [1]");
    }

    @Test
    void extractive_twoPassagesOfOneSection_areQuotedAsOneExcerptInPageOrder() {
        // both halves of the answer are in one section, apart: one quote, "…" where the page has more than a short
        // paragraph between them
        Source s = source(1, "Docker", "Run the relay in a container:\n\n```bash\ndocker run quayside/relay\n```\n\n"
                + "The image is rebuilt for every release and tagged with its version number, so pin a tag in production. "
                + "Older tags stay on the registry for a year. Each image is signed.\n\n"
                + "Images are published for two architectures, amd64 and arm64, and the registry picks the one that fits the "
                + "host that pulls it. A release note lists what changed in each image, with the versions of the base image "
                + "and of the runtime it carries. Security fixes to the base image are published as a patch release within "
                + "a day, under a new tag, and the tag of the previous release is left as it was.\n\n"
                + "Mount a volume so that queued events survive a new container.");

        List<String> quotes = quotes(ExtractiveAnswer.keywordsOnly(), "How do I run the relay in docker and keep queued events?", s);

        assertThat(quotes.getFirst()).isEqualTo("\n\n> Run the relay in a container:\n>\n> ```bash\n> docker run quayside/relay\n> ```"
                + "\n>\n> …\n>\n> Mount a volume so that queued events survive a new container. [1]");
        assertThat(quotes).hasSize(1);
    }

    @Test
    void extractive_twoPassagesOfOneSectionAShortParagraphApart_showTheParagraphBetween() {
        // what the page writes between two picks of one section, when short, is shown rather than elided: it is often
        // the answer its setting and its sequel frame (docs/quality.md, "Short sentences, short gaps and
        // the first source's second pick")
        Source s = source(1, "Table of contents heading level", "Each page shows a table of contents on its right. "
                + "By default, this table only shows h2 and h3 headings.\n\n"
                + "For one page alone, set `toc_depth: 5` in its front matter.\n\n"
                + "To show deeper heading levels on all pages, use the `tableOfContents` option.\n\n"
                + "```js\nexport default { themeConfig: {} }\n```");

        List<String> quotes = quotes(ExtractiveAnswer.keywordsOnly(), "How do I show deeper heading levels in the table of contents?", s);

        assertThat(quotes.getFirst()).isEqualTo("\n\n> Each page shows a table of contents on its right. By default, this table only "
                + "shows h2 and h3 headings.\n>\n> For one page alone, set `toc_depth: 5` in its front matter.\n>\n> "
                + "To show deeper heading levels on all pages, use the `tableOfContents` option. [1]");
        assertThat(quotes).hasSize(1);
    }

    @Test
    void extractive_sourceQuotedFirst_showsItsSecondBestPassageThatTheThreePicksLeftOut() {
        // three picks went to three sources; the source quoted first still gets its next best passage, which passages of
        // the other sources outranked (docs/quality.md, "Short sentences, short gaps and the first source's second pick")
        Source first = sourceWithOtherSection("Run the dev server over HTTPS with the certificate of your machine.",
                "Set `HTTPS=true` before the start command.");
        Source second = source(2, "Notes", "The dev server runs on port 3000.");
        Source third = source(3, "Notes", "Run the dev server with the start command.");

        List<String> quotes = quotes(ExtractiveAnswer.keywordsOnly(), "How do I run the dev server over HTTPS?", first, second, third);

        assertThat(quotes.getFirst()).isEqualTo("\n\n> Run the dev server over HTTPS with the certificate of your machine. [1]"
                + "\n>\n> …\n>\n> Set `HTTPS=true` before the start command. [1](https://q.dev/p1#other)");
        assertThat(quotes).hasSize(3);
    }

    @Test
    void extractive_sourceQuotedFirst_getsNoSecondPickThatTakesItsQuotePastAShortParagraph() {
        // the first source's second pick is an addition: not when it takes the first quote past MAX_PARAGRAPH_CHARS (a short
        // section of 480 characters here, quoted whole, and 42 more; docs/quality.md, "The first source's second pick
        // only while its quote stays short")
        String own = "Run the dev server over HTTPS with the certificate of your machine, which the start command reads from"
                + " the folder that holds the settings of your project. The certificate must be trusted by your browser, or"
                + " every page you open shows a warning that you have to click through before anything loads at all. Create"
                + " one with the tool your operating system provides for local certificates, and keep it out of version"
                + " control, since it holds a private key that no one else should ever see.";
        Source first = sourceWithOtherSection(own, "Set `HTTPS=true` before the start command.");
        Source second = source(2, "Notes", "The dev server runs on port 3000.");
        Source third = source(3, "Notes", "Run the dev server with the start command.");

        List<String> quotes = quotes(ExtractiveAnswer.keywordsOnly(), "How do I run the dev server over HTTPS?", first, second, third);

        assertThat(own.length() + "Set `HTTPS=true` before the start command.".length()).isGreaterThan(500);
        assertThat(quotes.getFirst()).isEqualTo("\n\n> " + own + " [1]");
        assertThat(quotes).hasSize(3);
    }

    @Test
    void extractive_differenceQuestion_quoteThatTellsTheTwoApartGoesFirst() {
        // "Unlike …" answers "what is the difference"; a sentence that describes one of the two does not, however many of
        // the question's words it holds (docs/quality.md, "The quote that tells two things apart, and the number asked
        // for, go first")
        Source describes = source(1, "Todo tests", "A todo test is a skipped test that is marked as todo in the report.");
        Source tellsApart = source(2, "Placeholders", "Unlike a skipped one, a todo has no body yet.");

        assertThat(secondPickQuotedFirst("What is the difference between a todo test and a skipped test?", describes, tellsApart))
                .isEqualTo("\n\n> Unlike a skipped one, a todo has no body yet. [2]");
        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "What is a todo test?", describes, tellsApart).getFirst())
                .as("a question about one of them keeps the picks' order").endsWith("[1]");
    }

    @Test
    void extractive_quantityQuestion_quoteThatCarriesTheNumberGoesFirst() {
        // "Which Node.js version …" asks for a number: the quote that holds one goes before a better-scoring one that only
        // names the subject (astro-ex-11; docs/quality.md, "The quote that tells two things apart, and the number asked
        // for, go first")
        Source names = source(1, "Node.js version", "The relay needs a supported Node.js version on your machine.");
        Source number = source(2, "Hosting", "On Netlify the relay requires version 22 or later.");

        assertThat(secondPickQuotedFirst("Which Node.js version does the relay need?", names, number))
                .isEqualTo("\n\n> On Netlify the relay requires version 22 or later. [2]");
    }

    /**
     * The first quote for {@code question} when the passage of {@code first} scores better than that of {@code second}
     * (asserted), and both are quoted: the rule under test decides their order.
     */
    private static String secondPickQuotedFirst(String question, Source first, Source second) {
        ExtractiveAnswer.Candidate best = ExtractiveAnswer.keywordsOnly().candidates(question, List.of(first, second)).stream()
                .max(java.util.Comparator.comparingDouble(ExtractiveAnswer.Candidate::score)).orElseThrow();
        assertThat(best.source().n()).as("the better pick").isEqualTo(first.n());
        List<String> quotes = quotes(ExtractiveAnswer.keywordsOnly(), question, first, second);
        assertThat(quotes).hasSize(2);
        return quotes.getFirst();
    }

    @Test
    void extractive_passagesOfTwoChunksOfOneSource_areQuotedAsOneQuote() {
        // one quote per source: a pick from another chunk of a source already quoted follows that quote after a "…" line,
        // the best first, each section cited at its own anchor (docs/quality.md, "One quote per source")
        Source s = sourceWithOtherSection("Start the dev server with the start command.",
                "The dev server listens on port 3000 by default.");

        List<String> quotes = quotes(ExtractiveAnswer.keywordsOnly(), "Which port does the dev server listen on by default?", s);

        assertThat(quotes.getFirst()).isEqualTo("\n\n> The dev server listens on port 3000 by default. [1](https://q.dev/p1#other)"
                + "\n>\n> …\n>\n> Start the dev server with the start command. [1]");
        assertThat(quotes).hasSize(1);
    }

    @Test
    void extractive_sentenceOfASectionWithCode_isNotQuotedWithAllOfIt() {
        Source s = source(1, "Failed to stop a worker", "This error can happen when fetch is used with the threads pool.\n\n"
                + "```js\nexport default { pool: 'forks' }\n```");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "When does the failed to stop a worker error happen?", s).getFirst())
                .isEqualTo("\n\n> This error can happen when fetch is used with the threads pool. [1]");
    }

    @Test
    void extractive_sentenceOfALongParagraph_quotedAlone() {
        Source s = source(1, "How long the relay waits", "The delay doubles after each failed attempt. "
                + "The relay waits longer between retries of a slow handler. "
                + "A random jitter of up to 20% is added to each delay. "
                + "Events are kept on disk meanwhile.\n\n```toml\nbackoff_max = \"10m\"\n```");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "How long does the relay wait between retries?", s).getFirst())
                .isEqualTo("\n\n> The relay waits longer between retries of a slow handler. [1]");
    }

    @Test
    void extractive_leaningSentenceInALongParagraph_bringsOnlyTheSentenceBefore() {
        Source s = source(1, "Waiting", "Events are kept in a queue on disk until they are delivered. "
                + "The delay doubles after each failed attempt of the relay. "
                + "When your handler sends a Retry-After header, the relay waits exactly that long instead. "
                + "A random jitter of up to 20% is added so that failing events do not all come back at once.\n\n"
                + "```toml\nbackoff_max = \"10m\"\n```");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "How long does the relay wait with a Retry-After header?", s).getFirst())
                .isEqualTo("\n\n> The delay doubles after each failed attempt of the relay. When your handler sends a "
                        + "Retry-After header, the relay waits exactly that long instead. [1]");
    }

    @Test
    void extractive_questionWithASymbol_prefersTheSentenceThatHoldsIt() {
        // both share "route"; the symbol's sentence opens the section (-0.02) and only the symbol lifts it above the other
        Source s = source(1, "Patterns", "A `*` in a route stands for one dot-separated segment.\n\n"
                + "Each route is tried in order.");

        assertThat(quotes(ExtractiveAnswer.keywordsOnly(), "What does a * match in a route pattern?", s).getFirst())
                .contains("stands for one dot-separated segment");
    }

    @Test
    void literals_symbolsAndFlags_keptAsWrittenButWordsAreNot() {
        assertThat(ExtractiveAnswer.Literals.of("What does a * match, and E_QUEUE_FULL, and `--port`?").tokens())
                .containsExactly("*", "e_queue_full", "--port");
        assertThat(ExtractiveAnswer.Literals.of("Which Node.js version does the dead-letter queue need?").tokens()).isEmpty();
    }

    @Test
    void literals_share_countsTokensHeldAsWritten() {
        ExtractiveAnswer.Literals l = ExtractiveAnswer.Literals.of("Is * or ** a pattern?");

        assertThat(l.share("A `*` stands for one segment")).isEqualTo(0.5);
        assertThat(l.share("`**` and `*` both")).isEqualTo(1.0);
        assertThat(ExtractiveAnswer.Literals.of("no symbols here").share("anything *")).isZero();
    }
}
