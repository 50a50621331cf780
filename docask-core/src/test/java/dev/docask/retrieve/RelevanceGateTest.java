package dev.docask.retrieve;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

class RelevanceGateTest {
    private final RelevanceGate gate = new RelevanceGate(0.7, 0.5, false);

    @Test
    void gate_similarityBelowFloorAndLowCoverage_dropsChunk() {
        assertThat(gate.reject(0.69f, 0.49f)).isEqualTo("similarity 0.690 < 0.700 and keyword coverage 0.490 < 0.500");
    }

    @Test
    void gate_valueJustUnderTheFloor_isPrintedWithEnoughDecimalsToShowIt() {
        assertThat(gate.reject(0.6996f, 0.4999f))
                .isEqualTo("similarity 0.6996 < 0.700 and keyword coverage 0.4999 < 0.500");
    }

    @Test
    void gate_similarityAtFloor_passesOnItsOwn() {
        assertThat(gate.reject(0.7f, 0f)).isNull();
    }

    @Test
    void gate_coverageAtFloor_passesOnItsOwn() {
        assertThat(gate.reject(0.1f, 0.5f)).isNull();
    }

    @Test
    void gate_keywordMode_decidesOnCoverageAlone() {
        assertThat(gate.reject(Float.NaN, 0.6f)).isNull();
        assertThat(gate.reject(Float.NaN, 0.4f)).startsWith("no similarity");
    }

    @Test
    void gate_bothThresholdsZero_isTopNMode() {
        RelevanceGate open = new RelevanceGate(0, 0, false);
        assertThat(open.isOpen()).isTrue();
        assertThat(open.reject(-0.3f, 0f)).isNull();
    }

    @Test
    void gate_mockSimilarityNeedsKeyword_ignoresCosineWithoutASharedWord() {
        RelevanceGate mock = new RelevanceGate(0.2, 0.5, true);
        assertThat(mock.reject(0.9f, 0f)).contains("ignored (no shared word)");
        assertThat(mock.reject(0.9f, 0.1f)).isNull();
    }

    @Test
    void gate_questionWhoseHeavyWordsTheSiteNeverUses_isRefused() {
        RelevanceGate withRule = new RelevanceGate(0.7, 0.5, false, 0.55);
        assertThat(withRule.rejectQuestion(0.6f)).isEqualTo(
                "words the site never uses carry 0.60 of the question's weight (at most 0.55)");
        assertThat(withRule.rejectQuestion(0.55f)).as("at the limit").isNotNull();
        assertThat(withRule.rejectQuestion(0.3f)).as("a few unknown words").isNull();
    }

    @Test
    void gate_withoutTheUnknownWordRule_judgesCandidatesOnly() {
        assertThat(gate.rejectQuestion(1f)).isNull();
        assertThat(new RelevanceGate(0, 0, false, 0.55).rejectQuestion(1f)).as("top-N mode").isNull();
    }

    @Test
    void questionSpaceRule_questionThatPassesOnItsWords_isNotRefusedWhateverItsLead() {
        assertThat(RelevanceGate.refusedByQuestionSpace(0.04, 0.025, 0.5, 0.55, true)).as("near other tools' questions").isTrue();
        // "code blocks always github-dark, want them to follow light/dark mode" on Astro: coverage 0.851, lead 0.069
        assertThat(RelevanceGate.refusedByQuestionSpace(0.069, 0.039, 0.851, 0.55, true)).as("in the site's own words").isFalse();
        assertThat(RelevanceGate.refusedByQuestionSpace(0.069, 0.039, 0.851, 0.55, false))
                .as("its words on the site, no two of them written together").isTrue();
        assertThat(RelevanceGate.refusedByQuestionSpace(0.04, 0.025, 0.55, 0.55, true)).as("at the coverage floor").isFalse();
        assertThat(RelevanceGate.refusedByQuestionSpace(0.02, 0.025, 0.5, 0.55, true)).as("within the lead limit").isFalse();
        assertThat(RelevanceGate.refusedByQuestionSpace(Double.NaN, 0.025, 0.5, 0.55, true)).as("no lead measured").isFalse();
    }

    @Test
    void passesBothFloors_bothBestScoresAtLeastTheirFloors() {
        assertThat(RelevanceGate.passesBothFloors(0.801, 0.657, 0.766, 0.55)).isTrue();
        assertThat(RelevanceGate.passesBothFloors(0.758, 0.771, 0.766, 0.55)).as("cosine under its floor").isFalse();
        assertThat(RelevanceGate.passesBothFloors(0.80, 0.54, 0.766, 0.55)).as("coverage under its floor").isFalse();
    }

    @Test
    void loweredBand_cosineBetweenTheTwoFloors_passesOnlyForAQuestionWithALeadAtMost0() {
        var v = dev.docask.index.internal.QuantizedVector.of(new float[] {1, 0, 0});
        java.util.function.Function<java.util.OptionalDouble, RelevanceGate> gateWith = top -> new RelevanceGate(0.72, 0.5,
                false, Double.POSITIVE_INFINITY, java.util.Optional.of(new dev.docask.index.Manifest.Neighbours(1, 0.05, top,
                java.util.List.of(v), java.util.List.of(v))));
        RelevanceGate band = gateWith.apply(java.util.OptionalDouble.of(0.75));

        assertThat(band.reject(0.74f, 0.1f, -0.01)).as("in the band, nearer the site's questions").isNull();
        assertThat(band.reject(0.74f, 0.1f, 0)).as("a lead of 0").isNull();
        assertThat(band.reject(0.74f, 0.1f, 0.02)).as("in the band, a lead within the rule's limit but above 0")
                .isEqualTo("similarity 0.740 < 0.750 (0.720 with a question-space lead at most 0; its lead 0.020) "
                        + "and keyword coverage 0.100 < 0.500");
        assertThat(band.reject(0.70f, 0.1f, 0.02)).as("under both: the floor printed is the band's top, and says so")
                .startsWith("similarity 0.700 < 0.750 (0.720 with a question-space lead at most 0; its lead 0.020) and");
        assertThat(band.reject(0.74f, 0.1f, Double.NaN)).as("no lead measured: the band's top")
                .startsWith("similarity 0.740 < 0.750 (0.720 with a question-space lead at most 0; no lead was measured)");
        assertThat(band.reject(0.75f, 0.1f, 0.02)).as("at the band's top").isNull();
        assertThat(band.reject(0.74f, 0.6f, 0.02)).as("on coverage").isNull();
        assertThat(band.reject(0.71f, 0.1f, -0.5)).as("below the band").startsWith("similarity 0.710 < 0.720 and");
        assertThat(gateWith.apply(java.util.OptionalDouble.empty()).reject(0.74f, 0.1f, 0.02)).as("no band recorded").isNull();
    }

    @Test
    void otherToolRule_leadAboveZero_needsBothFloors() {
        assertThat(RelevanceGate.refusedAsOtherTool(0.01, 0.80, 0.40, 0.75, 0.5, () -> false)).as("cosine alone").isTrue();
        assertThat(RelevanceGate.refusedAsOtherTool(0.01, 0.70, 0.60, 0.75, 0.5, () -> false)).as("coverage alone").isTrue();
        assertThat(RelevanceGate.refusedAsOtherTool(0.01, 0.80, 0.60, 0.75, 0.5, () -> false)).as("both").isFalse();
        assertThat(RelevanceGate.refusedAsOtherTool(0.0, 0.80, 0.40, 0.75, 0.5, () -> false)).as("lead at most 0").isFalse();
    }

    @Test
    void otherToolRule_aPassingCandidateThatMentionsTheTool_sparesTheQuestion() {
        assertThat(RelevanceGate.refusedAsOtherTool(0.01, 0.80, 0.40, 0.75, 0.5, () -> true))
                .as("the site documents the tool where the question lands: Zod in the schema-matching recipe").isFalse();
        assertThat(RelevanceGate.refusedAsOtherTool(0.0, 0.80, 0.40, 0.75, 0.5, () -> {
            throw new AssertionError("asked only where it decides");
        })).isFalse();
        OtherTools.Named zod = OtherTools.bundled().otherTool("check a payload against my zod schema", 10,
                java.util.List.of("Vitest"), word -> true);
        assertThat(zod).extracting(OtherTools.Named::name).isEqualTo("Zod");
        dev.docask.ingest.Chunk recipe = new dev.docask.ingest.Chunk("https://x/guide/recipes/schema-matching", "Schema matching",
                "", "expect.schemaMatching accepts a Standard Schema, such as one written with Zod or Valibot.", "a.md",
                java.util.Map.of());
        dev.docask.ingest.Chunk listed = new dev.docask.ingest.Chunk("https://x/intro#zod", "Introduction",
                "Comparison with other tools › Zod", "Zod is a schema library.", "b.md", java.util.Map.of());
        assertThat(RelevanceGate.documents(recipe, zod, () -> false)).isTrue();
        assertThat(RelevanceGate.documents(listed, zod, () -> false)).as("a subsection headed by the tool alone").isFalse();
        OtherTools.Named nuxt = OtherTools.bundled().otherTool("Nuxt useAsyncData refresh", 20, java.util.List.of("Astro"),
                word -> true);
        dev.docask.ingest.Chunk leaving = new dev.docask.ingest.Chunk("https://x/guides/migrate-to-astro/from-nuxtjs",
                "Migrating from NuxtJS", "Key similarities", "Nuxt and Astro both render pages on the server.", "c.md",
                java.util.Map.of());
        assertThat(RelevanceGate.mentions(leaving, nuxt, () -> false)).isTrue();
        assertThat(RelevanceGate.documents(leaving, nuxt, () -> false))
                .as("a page titled with the tool alone is about the tool the reader leaves").isFalse();
    }

    @Test
    void otherToolRule_aQuestionThatNamesAnotherTool_passesOnlyWhereAPassingSourceMentionsIt() {
        OtherTools.Named laravel = OtherTools.bundled()
                .otherTool("Laravel Blade components with slots", 20, java.util.List.of("Astro"), word -> true);
        assertThat(laravel).isNotNull();
        java.util.function.BiFunction<String, Object, Hit> hit = (text, gatedOut) -> new Hit(1, new dev.docask.ingest.Chunk(
                "https://x/a", "Components", "Slots", text, "a.md", java.util.Map.of()), java.util.List.of(), 1, 1f, 1, 0.8f, 0.6f,
                0.03, gatedOut);
        Hit slots = hit.apply("A slot places child elements inside a component's template.", null);
        Hit comparison = hit.apply("Astro compared with Laravel, Rails and Django.", null);
        Hit comparisonGatedOut = hit.apply("Astro compared with Laravel, Rails and Django.", "similarity 0.5 < 0.7");
        assertThat(RelevanceGate.rejectUnmentioned(laravel, java.util.List.of(slots), () -> false))
                .isEqualTo("it names another tool (Laravel, on at most 20 of the site's pages) and none of the passing candidates "
                        + "mentions it");
        assertThat(RelevanceGate.rejectUnmentioned(laravel, java.util.List.of(slots, comparisonGatedOut), () -> false))
                .as("a candidate that mentions it but does not pass does not count").isNotNull();
        assertThat(RelevanceGate.rejectUnmentioned(laravel, java.util.List.of(slots, comparison), () -> false))
                .as("a passing one mentions it")
                .isNull();
        assertThat(RelevanceGate.rejectUnmentioned(laravel, java.util.List.of(comparisonGatedOut), () -> false))
                .as("nothing passes: refused already, no second reason").isNull();
    }

    @Test
    void otherToolRule_aSubsectionHeadedByTheToolAlone_isNoMention_unlessTheQuestionNamesTheSitesToolToo() {
        OtherTools.Named vitepress = OtherTools.bundled()
                .otherTool("VitePress sidebar auto generation", 5, java.util.List.of("Docusaurus"), word -> true);
        assertThat(vitepress).extracting(OtherTools.Named::name).isEqualTo("VitePress");
        Hit comparison = new Hit(1, new dev.docask.ingest.Chunk("https://x/docs/#vitepress", "Introduction",
                "Comparison with other tools › VitePress", "VitePress has a sidebar generated from the folder structure too.",
                "intro.md", java.util.Map.of()), java.util.List.of(), 1, 1f, 1, 0.8f, 0.6f, 0.03, null);
        assertThat(RelevanceGate.rejectUnmentioned(vitepress, java.util.List.of(comparison), () -> false))
                .as("the alternatives listed: the tool named, its features not documented").contains("none of the passing");
        assertThat(RelevanceGate.rejectUnmentioned(vitepress, java.util.List.of(comparison), () -> true))
                .as("a question that names the site's tool too: how the two compare, which the section may say").isNull();
        assertThat(RelevanceGate.headedBy("VitePress", vitepress)).as("a section with no parent heading").isFalse();
        assertThat(RelevanceGate.headedBy("Comparison › VitePress themes", vitepress)).as("more than the name").isFalse();
        assertThat(RelevanceGate.namesSiteTool("how does docusaurus compare with vitepress", Optional.of("docusaurus"),
                word -> true)).isTrue();
    }

    @Test
    void otherToolRule_aQuestionThatNamesAPlatform_needsNoPassingSourceThatMentionsIt() {
        OtherTools.Named ci = OtherTools.bundled().otherTool(
                "toMatchScreenshot passes locally but fails on GitHub Actions", 10, java.util.List.of("Vitest"), word -> true);
        assertThat(ci).extracting(OtherTools.Named::name).isEqualTo("GitHub Actions");
        Hit screenshots = new Hit(1, new dev.docask.ingest.Chunk("https://x/a", "Assertions", "toMatchScreenshot",
                "Fonts render differently on each operating system, so keep the reference images per platform.", "a.md",
                java.util.Map.of()), java.util.List.of(), 1, 1f, 1, 0.8f, 0.4f, 0.03, null);
        assertThat(RelevanceGate.rejectUnmentioned(ci, java.util.List.of(screenshots), () -> false))
                .as("the site has no CI of its own for the sources to be about instead").isNull();
    }

    @Test
    void otherToolRule_aPlatformBesideTheSitesToolOrASymbolItsCandidatesWrite_isNoOtherTool() {
        java.util.function.Predicate<java.util.List<String>> writesItOnly = symbols -> symbols.contains("it.only");
        java.util.function.Predicate<java.util.List<String>> writesNothing = symbols -> false;
        java.util.Optional<String> vitest = java.util.Optional.of("vitest");
        String named = "split vitest run across 4 github actions matrix jobs";
        OtherTools.Named ci = OtherTools.bundled().otherTool(named, 10, java.util.List.of("Vitest"), word -> true);
        assertThat(RelevanceGate.onThePlatform(ci, named, named, vitest, word -> true, writesNothing))
                .as("the site's tool on the platform").isTrue();
        String story = "Sharding on GitHub Actions. We run vitest with --shard";
        assertThat(RelevanceGate.onThePlatform(ci, story, "Sharding on GitHub Actions.", vitest, word -> true, writesNothing))
                .as("the site's tool named after the opening sentence counts too").isTrue();
        String symbol = "whole suite fails on GitHub Actions when a file still has it.only";
        assertThat(RelevanceGate.onThePlatform(ci, symbol, symbol, vitest, word -> true, writesItOnly))
                .as("a symbol a candidate writes").isTrue();
        assertThat(RelevanceGate.onThePlatform(ci, symbol, symbol, vitest, word -> true, writesNothing))
                .as("a symbol no candidate writes").isFalse();
        String platformOnly = "GitHub Actions cache node_modules between jobs";
        assertThat(RelevanceGate.onThePlatform(ci, platformOnly, platformOnly, vitest, word -> true, writesItOnly))
                .as("about the platform itself").isFalse();
        assertThat(RelevanceGate.onThePlatform(ci, named, named, java.util.Optional.empty(), word -> true, writesNothing))
                .as("a site whose name holds none of its tools").isFalse();
        String product = "pagefind index is empty after vitest build";
        OtherTools.Named pagefind = OtherTools.bundled().otherTool(product, 10, java.util.List.of("Vitest"), word -> true);
        assertThat(pagefind).extracting(OtherTools.Named::name).isEqualTo("Pagefind");
        assertThat(RelevanceGate.onThePlatform(pagefind, product, product, vitest, word -> true, writesItOnly))
                .as("a product beside the site's tool is still another tool").isFalse();
    }

    /** A calibrated gate with the question-space rule: floors 0.73 and 0.5, the lowered band's top 0.75. */
    private static RelevanceGate banded() {
        var a = dev.docask.index.internal.QuantizedVector.of(new float[] {1, 0, 0});
        var b = dev.docask.index.internal.QuantizedVector.of(new float[] {0, 1, 0});
        var n = new dev.docask.index.Manifest.Neighbours(1, 0.02, java.util.OptionalDouble.of(0.75), java.util.OptionalInt.of(5),
                java.util.List.of("Docusaurus"), java.util.List.of(a, b), java.util.List.of(b, a));
        return new RelevanceGate(0.73, 0.5, false, Double.POSITIVE_INFINITY, java.util.Optional.of(n));
    }

    @Test
    void otherToolRule_questionThatNamesAnotherTool_getsNoLoweredBand() {
        RelevanceGate withBand = banded();
        assertThat(withBand.minSimilarity(-0.01, false)).as("in the band").isEqualTo(0.73);
        assertThat(withBand.minSimilarity(-0.01, true)).as("another tool: the band's top").isEqualTo(0.75);
        assertThat(withBand.reject(0.74f, 0.1f, -0.01)).isNull();
        assertThat(withBand.rejection(0.74f, 0.1f, -0.01, true, () -> true)).hasToString("similarity 0.740 < 0.750 (the lowered band "
                + "0.730 does not count for a question that names another tool) and keyword coverage 0.100 < 0.500");
        assertThat(withBand.otherTool("Jekyll collections permalink", word -> true)).extracting(OtherTools.Named::name).isEqualTo("Jekyll");
        assertThat(withBand.otherTool("Docusaurus collections permalink", word -> true)).as("the site's own tool").isNull();
        assertThat(new RelevanceGate(0.73, 0.5, false).otherTool("Jekyll collections permalink", word -> true))
                .as("no rule recorded").isNull();
    }

    @Test
    void wordsInAnotherSense_aOneSentenceQuestionsCoverageCountsOnlyOnACandidateAsNearAsTheOffTopicQuestionsUsuallyGet() {
        RelevanceGate plain = banded();
        RelevanceGate g = new RelevanceGate(0.73, 0.5, false, Double.POSITIVE_INFINITY,
                plain.neighbours().map(n -> n.withCoverageMinSimilarity(0.54)));
        // "Option to run test suites in parallel" on Docusaurus: its Travis CI section has 0.58 of its words at cosine 0.51
        assertThat(plain.rejection(0.51f, 0.58f, -0.01, false, false, true, () -> true)).as("a gate recorded before the rule")
                .isNull();
        assertThat(g.rejection(0.51f, 0.58f, -0.01, false, false, true, () -> true)).hasToString("similarity 0.510 < 0.730 and "
                + "keyword coverage 0.580 does not count: its similarity is under 0.540, the least nearly every off-topic "
                + "question's best passage reaches (its words in another sense)");
        assertThat(g.rejection(0.55f, 0.58f, -0.01, false, false, true, () -> true)).as("as near as the pool's 10%").isNull();
        assertThat(g.rejection(0.51f, 0.58f, -0.01, false, false, false, () -> true)).as("several sentences: their cosine "
                + "runs lower for every passage").isNull();
        assertThat(g.rejection(Float.NaN, 0.58f, -0.01, false, false, true, () -> true)).as("no cosine (keyword mode)").isNull();
        assertThat(g.rejection(0.51f, 0.3f, -0.01, false, false, true, () -> true)).as("under the coverage floor anyway")
                .hasToString("similarity 0.510 < 0.730 and keyword coverage 0.300 < 0.500");
    }

    @Test
    void nearBothFloors_aQuestionJustShortOfBothFloors_hasItsCandidatesMeetBothFloorsLowered() {
        RelevanceGate g = banded();
        assertThat(g.nearBothFloors(0.72f, 0.45f, -0.01, false)).as("0.01 and 0.05 under").isTrue();
        assertThat(g.nearBothFloors(0.72f, 0.40f, -0.01, false)).as("coverage 0.10 under").isFalse();
        assertThat(g.nearBothFloors(0.70f, 0.49f, -0.01, false)).as("cosine 0.03 under").isFalse();
        assertThat(g.nearBothFloors(0.74f, 0.45f, 0.01, false)).as("a lead above 0: under the band's top 0.75").isTrue();
        assertThat(g.nearBothFloors(0.72f, 0.45f, 0.01, false)).as("0.03 under the band's top").isFalse();
        assertThat(g.nearBothFloors(0.80f, 0.45f, -0.01, false)).as("passes on its cosine as it is").isFalse();
        assertThat(g.nearBothFloors(0.72f, 0.60f, -0.01, false)).as("coverage over its floor, which the pair rule may not count")
                .isTrue();
        assertThat(g.rejection(0.715f, 0.2f, -0.01, false, true, true, () -> true)).as("near: a cosine 0.015 under passes").isNull();
        assertThat(g.rejection(0.715f, 0.2f, -0.01, false, false, true, () -> true)).as("not near").isNotNull();
        assertThat(g.rejection(0.5f, 0.43f, -0.01, false, true, true, () -> true)).as("near: coverage 0.07 under passes").isNull();
        assertThat(g.rejection(0.5f, 0.41f, -0.01, false, true, true, () -> true)).as("coverage 0.09 under").isNotNull();
        assertThat(new RelevanceGate(0.73, 0.5, false).nearBothFloors(0.72f, 0.45f, Double.NaN, false))
                .as("no calibrated rules (a floor the user sets, a keyword-only index): the two floors as they are").isFalse();
    }

    @Test
    void otherToolFloor_keywordOnly_findsAnotherToolByTheRecordedBound() {
        RelevanceGate keywordOnly = new RelevanceGate(0, 0.4, false, Double.POSITIVE_INFINITY, java.util.Optional.empty(),
                java.util.Optional.of(new dev.docask.index.Manifest.OtherToolFloor(5, java.util.List.of("Docusaurus"), 0.55)));
        assertThat(keywordOnly.otherTool("Jekyll collections permalink", word -> true)).extracting(OtherTools.Named::name).isEqualTo("Jekyll");
        assertThat(keywordOnly.otherTool("Docusaurus collections permalink", word -> true)).as("the site's own tool").isNull();
        assertThat(new RelevanceGate(0, 0, false, Double.POSITIVE_INFINITY, java.util.Optional.empty(),
                keywordOnly.otherToolFloor()).otherTool("Jekyll collections permalink", word -> true)).as("top-N mode").isNull();
    }

    @Test
    void pairRule_aCandidateThatPassesOnCoverageAlone_needsTheQuestionsWordsWrittenTogether() {
        RelevanceGate gate = new RelevanceGate(0.75, 0.55, false, Double.POSITIVE_INFINITY, Optional.empty(), Optional.empty(),
                RelevanceGate.PAIR_ALWAYS);
        BooleanSupplier never = () -> {
            throw new AssertionError("asked only for a pass on coverage alone");
        };

        assertThat(gate.rejection(0.60f, 0.80f, Double.NaN, false, () -> true)).isNull();
        assertThat(gate.rejection(0.60f, 0.80f, Double.NaN, false, () -> false)).hasToString("similarity 0.600 < 0.750 and keyword "
                + "coverage 0.800 does not count: none of the question's candidates writes two of its neighbouring words together");
        assertThat(gate.rejection(0.80f, 0.80f, Double.NaN, false, never)).as("it passes on its meaning").isNull();
        assertThat(gate.rejection(0.60f, 0.30f, Double.NaN, false, never)).hasToString(
                "similarity 0.600 < 0.750 and keyword coverage 0.300 < 0.550");
        assertThat(new RelevanceGate(0.75, 0.55, false, Double.POSITIVE_INFINITY, Optional.empty(), Optional.empty(),
                RelevanceGate.PAIR_NEVER)
                .rejection(0.60f, 0.80f, Double.NaN, false, never)).as("rule off").isNull();
    }

    @Test
    void pairRule_withoutVectors_asksForWordsTogetherOnlyBelowItsBound() {
        // an index without vectors: no cosine, coverage floor 0.4, the pair rule below the other-tool floor 0.577
        RelevanceGate gate = new RelevanceGate(0, 0.4, false, Double.POSITIVE_INFINITY, Optional.empty(), Optional.empty(), 0.577);
        BooleanSupplier never = () -> {
            throw new AssertionError("asked only below the bound");
        };

        assertThat(gate.rejection(Float.NaN, 0.50f, Double.NaN, false, () -> true)).isNull();
        assertThat(gate.rejection(Float.NaN, 0.50f, Double.NaN, false, () -> false)).hasToString("no similarity (keyword mode) "
                + "and keyword coverage 0.500 (below 0.577) does not count: none of the question's candidates writes two of its "
                + "neighbouring words together");
        assertThat(gate.rejection(Float.NaN, 0.60f, Double.NaN, false, never)).as("its words alone vouch for it").isNull();
        assertThat(gate.rejection(Float.NaN, 0.30f, Double.NaN, false, never)).hasToString(
                "no similarity (keyword mode) and keyword coverage 0.300 < 0.400");
    }
}
