package dev.docask.index;

import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.KeywordAttribute;

import java.io.IOException;

/**
 * Marks identifiers (tokens with a digit, a joiner, or a lower-to-upper case change) as keywords so
 * the stemmer leaves them whole. Runs before lower-casing, while camelCase is still visible.
 */
final class IdentifierKeywordFilter extends TokenFilter {
    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private final KeywordAttribute keyword = addAttribute(KeywordAttribute.class);

    IdentifierKeywordFilter(TokenStream input) {
        super(input);
    }

    @Override
    public boolean incrementToken() throws IOException {
        if (!input.incrementToken()) {
            return false;
        }
        char[] buf = term.buffer();
        keyword.setKeyword(false);
        for (int i = 0; i < term.length(); i++) {
            boolean camelHump = i > 0 && Character.isUpperCase(buf[i]) && Character.isLowerCase(buf[i - 1]);
            if (!Character.isLetter(buf[i]) || camelHump) {
                keyword.setKeyword(true);
                break;
            }
        }
        return true;
    }
}
