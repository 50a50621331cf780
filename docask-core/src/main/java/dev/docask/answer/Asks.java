package dev.docask.answer;

import dev.docask.index.internal.IndexEngine;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * What kind of thing a question asks for, read from its wording, and whether a passage carries
 * that kind of thing. The extractive answer prefers passages that do: "How long does the relay
 * wait?" is answered by a sentence with a duration in it, not by one that repeats "waits"; "How do
 * I install it?" by a command; "Which providers are supported?" by a list or a table. The rules
 * are deliberately few and about English question forms, not about any one site (docs/quality.md,
 * "Extractive answers", round 2, has what each one changed on the labelled set).
 *
 * A yes/no or why question may well be answered by a negative sentence ("Can I replay dropped
 * events?" - "they cannot be replayed"); any other question is not, so for those a negative
 * sentence ("Older events cannot be replayed.") is a poor first quote.
 *
 * A yes/no question asks about one action, its verb ("Can I replay events …?", "Can dropped events be
 * replayed?"): a sentence that says what can, cannot or must happen to that very verb ("… so they cannot be
 * replayed") answers it, where a sentence about a neighbouring action ("Routes can drop events") does not.
 *
 * A question about how two things differ ("What is the difference between a todo test and a skipped test?") is
 * answered by a sentence that tells them apart ("Unlike `.skip`, a `.todo` test has no test body."), not by one that
 * describes one of them.
 */
record Asks(boolean quantity, boolean command, boolean list, boolean negativeFits, boolean exampleFits, boolean howOrWhich,
            boolean pointerFits, String predicate, boolean difference) {
    private static final Pattern QUANTITY = Pattern.compile(
            "\\bhow (?:long|many|much|old|often|big|large|soon|fast|frequently)\\b"
                    + "|\\b(?:which|what)(?: [\\w.-]+){0,2} (?:version|versions|port|size|limit|timeout|value|default)\\b"
                    + "|\\bwhat is the (?:default|maximum|minimum|max|min)\\b");
    private static final Pattern COMMAND = Pattern.compile(
            "^(?:how (?:do|can|should|would) (?:i|we|you)|how to|what do i (?:run|type)|can (?:i|we|you))"
                    + "(?: \\w+){0,2}? (?:install|run|start|launch|create|deploy|add|set up|setup|scaffold|serve|build|"
                    + "clear|upgrade|update|generate|execute|list|migrate|bootstrap|initiali[sz]e|init)\\b"
                    + "|\\bcommand\\b");
    /* words that look plural but are verbs or pronouns: "What happens to ...", "Which ... does" */
    private static final String NOT_PLURAL = "(?!(?:does|is|was|has|uses|happens|means|makes|sets|gets|runs|needs|goes|this|its|as|us)\\b)";
    /* a word in -s followed by a determiner is a verb with its object, not a plural noun: "What command freezes the docs" */
    private static final String NOT_VERB = "(?! (?:the|a|an|my|your|our|its|their|this|that|these|those)\\b)";
    /* which/what + a plural noun within three words, before any verb: "Which prefetch strategies ...". */
    private static final Pattern LIST = Pattern.compile(
            "^(?:which|what)(?: " + NOT_PLURAL + "[\\w.-]+){0,2}? " + NOT_PLURAL + "[a-z][\\w-]*[^su\\W]s\\b" + NOT_VERB
                    + "|\\b(?:which|what) (?:options|values|kinds|types|settings|flags|ways)\\b"
                    + "|^(?:list|name) (?:the|all)\\b");
    /* the verb a yes/no question asks about: "can I [still] replay", "do I need to run", "can dropped events be replayed" */
    private static final Pattern PREDICATE = Pattern.compile(
            "^(?:can|could|should|may|must|do|does|will|would) (?:i|we|you|it|they) (?:\\w+ly |still |also )?"
                    + "(?:(?:need|have|want|ought|try) to )?(\\w+)"
                    + "|^(?:can|could|should|may|must|will|would)(?: [\\w.-]+){1,4}? be (\\w+)");
    /* a modal or a negation: what can, cannot or must happen */
    private static final Pattern MODAL = Pattern.compile(
            "\\b(?:can|cannot|could|must|should|may|might|will|won't|not|never|only|unable)\\b|n't\\b");
    private static final Pattern YES_NO = Pattern.compile(
            "^(?:can|could|does|do|did|is|are|was|were|will|would|should|may|must|has|have|why)\\b");
    private static final Pattern NEGATION = Pattern.compile(
            "\\b(?:not|no|never|cannot|can't|don't|doesn't|isn't|aren't|won't|wasn't|unable|unsupported|nothing|none)\\b"
                    + "|n't\\b");
    /* a digit, or a number written out: "up to five minutes", "twice" ("one" is too often a pronoun); a
       frequency word answers "how often" as a number does ("changes weekly") */
    private static final Pattern NUMBER = Pattern.compile(
            "\\d|\\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
                    + "sixty|hundred|thousand|once|twice|hourly|daily|weekly|monthly|yearly)\\b", Pattern.CASE_INSENSITIVE);
    /* two commas, or a comma and a closing "and"/"or": "Express, Fastify, Koa and node:http" */
    private static final Pattern ENUMERATION = Pattern.compile(",[^,]+,|,[^,]+\\b(?:and|or)\\b");

    /* a question about how two things differ: "What is the difference between a todo test and a skipped test?" ("two
       different destinations" asks about something else) */
    private static final Pattern DIFFERENCE = Pattern.compile(
            "\\bdifferences? between\\b|\\bdiffers?\\b|\\bdifferent from\\b|\\bvs\\b|\\bversus\\b|\\bcompared? (?:to|with)\\b");
    /* what a passage that tells two things apart holds: "Unlike `.skip`, a `.todo` test has no test body." */
    private static final Pattern CONTRAST = Pattern.compile(
            "\\b(?:unlike|whereas|in contrast|as opposed to|rather than|instead of|differ\\w*|compared (?:to|with))\\b",
            Pattern.CASE_INSENSITIVE);

    /* a sentence that illustrates rather than states: "For example, a page rendered on demand can show ..." */
    private static final Pattern EXAMPLE = Pattern.compile("^(?:for example|for instance|e\\.g\\.|as an example|example:)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern EXAMPLE_ASKED = Pattern.compile("\\bexamples?\\b");
    private static final Pattern HOW_OR_WHICH = Pattern.compile("^(?:how|which)\\b");
    /* a sentence that sends the reader elsewhere ("See the Parallelism guide for more details.", "Learn more about
       routing."): it names where the answer is, not the answer. Not "Refer to X as Y" (naming) nor a lead-in ending in
       ":" (its list or code may answer). docs/quality.md, "Round 7". */
    private static final Pattern POINTER = Pattern.compile(
            "^(?:please |you (?:can|may|should|might) )?(?:see|read|refer to(?!.*\\bas\\b)|check out|learn more|visit"
                    + "|head (?:over )?to|take a look|for (?:more )?(?:details|information|info|examples))\\b(?!.*:$)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern POINTER_ASKED = Pattern.compile("\\bwhere\\b|\\b(?:learn|read) more\\b|\\bmore (?:about|on)\\b");
    /* an aside in brackets: "(don't forget the space)" does not make the sentence that holds it negative */
    private static final Pattern ASIDE = Pattern.compile("\\([^)]*(?:\\)|$)");

    /* the word a count, length or frequency question carries as the unit of its form, not as its topic: "how many
       times", "how much time", "how long", "how often" ask for a number, and pages use those words in other senses ("at
       the same time", "long-running", "often used"). "many" and "much" stay: a page that says "how many attempts"
       speaks of the amount asked about. */
    private static final Pattern FORM_UNIT = Pattern.compile(
            "\\b(how (?:many|much)) (?:times|time)\\b|\\bhow (?:long|often|frequently)\\b", Pattern.CASE_INSENSITIVE);

    /** {@code question} without the unit word of its count or frequency form ("how many times" → "how many"): its topic's words. */
    static String topicWords(String question) {
        return FORM_UNIT.matcher(question).replaceAll(m -> m.group(1) != null ? m.group(1) : "how");
    }

    static Asks of(String question) {
        String q = question.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}.*'-]+", " ").strip();
        boolean yesNo = YES_NO.matcher(q).find();
        return new Asks(QUANTITY.matcher(q).find(), COMMAND.matcher(q).find(), LIST.matcher(q).find(),
                yesNo || NEGATION.matcher(q).find(), EXAMPLE_ASKED.matcher(q).find(), HOW_OR_WHICH.matcher(q).find(),
                POINTER_ASKED.matcher(q).find(), predicate(q), DIFFERENCE.matcher(q).find());
    }

    /** The analysed term of the verb a yes/no question asks about, or "" when it has none. */
    private static String predicate(String question) {
        Matcher m = PREDICATE.matcher(question);
        if (!m.find()) {
            return "";
        }
        List<String> terms = IndexEngine.terms(m.group(1) != null ? m.group(1) : m.group(2));
        return terms.isEmpty() ? "" : terms.getFirst(); // a stop word ("be", "do") names no action
    }

    /**
     * Whether {@code p} carries what the question asks for.
     *
     * @param bringsCode whether quoting {@code p} shows a code block with it (its lead-in)
     * @param bringsList whether quoting {@code p} shows a list with it
     */
    boolean fits(Passages.Passage p, boolean bringsCode, boolean bringsList) {
        return quantity && NUMBER.matcher(p.kind() == Passages.Kind.CODE ? p.words() : p.text()).find()
                || command && (p.kind() == Passages.Kind.CODE || bringsCode)
                || list && (p.kind() == Passages.Kind.ITEM || p.kind() == Passages.Kind.ROW || bringsList
                        || p.kind() == Passages.Kind.SENTENCE && ENUMERATION.matcher(p.text()).find());
    }

    /**
     * Whether {@code p} tells two things apart ("unlike", "whereas", "rather than", "differs" …): what a question about a
     * difference ({@link #difference()}) is answered by.
     */
    static boolean contrasts(Passages.Passage p) {
        return CONTRAST.matcher(p.text()).find();
    }

    /** Whether {@code p} is a sentence that opens with an example when the question did not ask for one. */
    boolean offExample(Passages.Passage p) {
        return !exampleFits && p.kind() == Passages.Kind.SENTENCE && EXAMPLE.matcher(p.text()).find();
    }

    /**
     * Whether {@code p} is a negative sentence that a question of this kind is not answered by. A negation in
     * brackets is an aside ("You can enable line numbering by using `showLineNumbers` (don't forget the space)").
     */
    boolean offNegative(Passages.Passage p) {
        return !negativeFits && p.kind() != Passages.Kind.CODE
                && NEGATION.matcher(ASIDE.matcher(p.text().toLowerCase(Locale.ROOT)).replaceAll(" ")).find();
    }

    /**
     * Whether {@code p} answers a yes/no question: a sentence or item that holds the question's verb
     * ({@code terms}: its analysed words) and says what can, cannot or must happen.
     */
    boolean answersYesNo(Passages.Passage p, Set<String> terms) {
        return !predicate.isEmpty() && prose(p) && terms.contains(predicate) && MODAL.matcher(p.text().toLowerCase(Locale.ROOT)).find();
    }

    /** Whether {@code p} only points elsewhere ("See the Parallelism guide for more details.") and the question did not ask where. */
    boolean offPointer(Passages.Passage p) {
        return !pointerFits && prose(p) && POINTER.matcher(p.text()).find();
    }

    /** A sentence or list item: what a yes/no answer or a pointer is written as (not a code block or table row). */
    private static boolean prose(Passages.Passage p) {
        return p.kind() == Passages.Kind.SENTENCE || p.kind() == Passages.Kind.ITEM;
    }
}
