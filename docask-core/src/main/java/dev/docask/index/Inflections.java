package dev.docask.index;

import java.util.LinkedHashSet;
import java.util.Set;

/*
 * The inflected forms of an English word that a question and a page may use for the same thing:
 * plural and third person (-s, -es, -ies), past (-ed, -d, -ied) and -ing, with a final e dropped or a
 * final consonant doubled. Derived words ("capital" -> "capitalized", "config" -> "configure") are
 * not inflections: a stemmer joins some of them, keyword coverage must not (docs/retrieval.md §4).
 * Spelling rules only, no dictionary: a form that is not a word is simply not found on the site.
 */
final class Inflections {
    private Inflections() {
    }

    /** {@code word} (lower case) and its inflected forms, {@code word} first. */
    static Set<String> of(String word) {
        Set<String> bases = new LinkedHashSet<>();
        bases.add(word);
        if (word.endsWith("ies") && word.length() > 4) {
            bases.add(word.substring(0, word.length() - 3) + "y");
        }
        if (word.endsWith("ied") && word.length() > 4) {
            bases.add(word.substring(0, word.length() - 3) + "y");
        }
        if (word.endsWith("es") && takesEs(word.substring(0, word.length() - 2))) {
            bases.add(word.substring(0, word.length() - 2));
        }
        if (word.endsWith("s") && !word.endsWith("ss")) {
            bases.add(word.substring(0, word.length() - 1));
        }
        for (String suffix : new String[] {"ed", "ing"}) {
            if (word.endsWith(suffix) && word.length() > suffix.length() + 2) {
                String stem = word.substring(0, word.length() - suffix.length());
                bases.add(stem);
                bases.add(stem + "e");
                if (stem.length() > 2 && stem.charAt(stem.length() - 1) == stem.charAt(stem.length() - 2)) {
                    bases.add(stem.substring(0, stem.length() - 1));
                }
            }
        }
        if (word.endsWith("d") && word.length() > 3) {
            bases.add(word.substring(0, word.length() - 1)); // "used" -> "use"
        }
        Set<String> forms = new LinkedHashSet<>();
        for (String b : bases) {
            forms.add(b);
            forms.add(b + "s");
            if (takesEs(b)) {
                forms.add(b + "es");
            }
            forms.add(b + "ed");
            forms.add(b + "d");
            forms.add(b + "ing");
            char last = b.isEmpty() ? ' ' : b.charAt(b.length() - 1);
            if (last == 'e') {
                forms.add(b.substring(0, b.length() - 1) + "ing");
            }
            if (last == 'y') {
                forms.add(b.substring(0, b.length() - 1) + "ies");
                forms.add(b.substring(0, b.length() - 1) + "ied");
            }
            if (b.length() > 2 && "aeiouwxy".indexOf(last) < 0 && "aeiou".indexOf(b.charAt(b.length() - 2)) >= 0) {
                forms.add(b + last + "ing");
                forms.add(b + last + "ed");
            }
        }
        return forms;
    }

    /** Whether a word's plural or third person adds "es" rather than "s": after s, x, z, ch, sh and o ("boxes", "goes"; not "locales"). */
    private static boolean takesEs(String base) {
        return base.endsWith("s") || base.endsWith("x") || base.endsWith("z") || base.endsWith("ch") || base.endsWith("sh")
                || base.endsWith("o");
    }
}
