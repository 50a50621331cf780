package dev.docask.index;

import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

import java.io.IOException;

/** Trims joiner characters at token edges ("end." → "end"), but keeps the leading dashes of a flag. */
final class EdgeJoinerTrimFilter extends TokenFilter {
    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);

    EdgeJoinerTrimFilter(TokenStream input) {
        super(input);
    }

    @Override
    public boolean incrementToken() throws IOException {
        while (input.incrementToken()) {
            char[] buf = term.buffer();
            int end = term.length();
            while (end > 0 && isJoiner(buf[end - 1])) {
                end--;
            }
            int start = 0;
            while (start < end && isJoiner(buf[start]) && buf[start] != '-') {
                start++;
            }
            if (start == end || !hasLetterOrDigit(buf, start, end)) {
                continue;
            }
            if (start > 0) {
                System.arraycopy(buf, start, buf, 0, end - start);
            }
            term.setLength(end - start);
            return true;
        }
        return false;
    }

    private static boolean isJoiner(char c) {
        return c == '.' || c == '-' || c == '_' || c == '$' || c == '@';
    }

    private static boolean hasLetterOrDigit(char[] buf, int start, int end) {
        for (int i = start; i < end; i++) {
            if (Character.isLetterOrDigit(buf[i])) {
                return true;
            }
        }
        return false;
    }
}
