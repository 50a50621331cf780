package dev.docask.answer.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * Provider error bodies echo what they were sent ("Incorrect API key provided: Bearer sk-…"), and
 * LangChain4j puts the body in the exception's message, so a logged failure can carry the API key
 * into the server log. Every provider message that is logged goes through here first: the keys
 * configured in the environment are replaced wherever they appear, and so is anything shaped like
 * a key (sk-…, Bearer …, api_key=…, a long run of hex or base64), so a key that is not configured
 * here (a proxy's, a second provider's) is masked too. A masked log line still says what failed.
 */
/** Masks API keys and key-shaped tokens in text that is about to be logged. */
public final class SecretMask {
    /** What a masked secret reads as. */
    public static final String MASK = "***";
    private static final int MIN_CONFIGURED = 6;
    private static final Pattern SECRET_NAME = Pattern.compile("(?i).*(_API_KEY|_KEY|_TOKEN|_SECRET|_PASSWORD)$");
    private static final Pattern LONG_TOKEN = Pattern.compile("\\b[A-Za-z0-9+/_-]{32,}={0,2}");
    /** Key shapes; where there is a group 1 (the name before the value), it is kept. */
    private static final List<Pattern> SHAPES = List.of(
            Pattern.compile("(?i)((?:bearer|basic)\\s+)[A-Za-z0-9._~+/=-]{6,}"),
            Pattern.compile("\\b(?:sk|pk|rk|gsk|xai|hf)[-_][A-Za-z0-9_-]{8,}"),
            Pattern.compile("(?i)((?:api[_-]?key|access[_-]?token|secret|password|token)[\"']?\\s*[:=]\\s*[\"']?)[^\\s\"',&;]{6,}"),
            Pattern.compile("\\b[0-9a-fA-F]{32,}\\b"),
            LONG_TOKEN); // masked only when it mixes letters and digits

    private final List<String> configured;

    private SecretMask(List<String> configured) {
        this.configured = configured;
    }

    /**
     * Masks the values of {@code env}'s secrets (names ending in {@code _API_KEY}, {@code _KEY},
     * {@code _TOKEN}, {@code _SECRET}, {@code _PASSWORD}) and every key-shaped token.
     */
    public static SecretMask of(Map<String, String> env) {
        List<String> keys = new ArrayList<>();
        env.forEach((name, value) -> {
            if (value != null && SECRET_NAME.matcher(name).matches() && value.strip().length() >= MIN_CONFIGURED) {
                keys.add(value.strip());
            }
        });
        keys.sort(Comparator.comparingInt(String::length).reversed()); // a key that holds another goes first
        return new SecretMask(List.copyOf(keys));
    }

    /** {@code text} with every configured key and key-shaped token replaced by {@value #MASK}. */
    public String mask(String text) {
        String s = text;
        for (String key : configured) {
            s = s.replace(key, MASK);
        }
        for (Pattern shape : SHAPES) {
            Matcher m = shape.matcher(s);
            StringBuilder out = new StringBuilder(s.length());
            while (m.find()) {
                String name = m.groupCount() >= 1 && m.group(1) != null ? m.group(1) : "";
                boolean word = m.group().chars().noneMatch(Character::isDigit) || m.group().chars().noneMatch(Character::isLetter);
                m.appendReplacement(out, Matcher.quoteReplacement(shape == LONG_TOKEN && word ? m.group() : name + MASK));
            }
            m.appendTail(out);
            s = out.toString();
        }
        return s;
    }

    /** The failure and its causes, one line, masked: what a log line about a provider failure says. */
    public String describe(Throwable failure) {
        StringBuilder sb = new StringBuilder();
        int depth = 0;
        for (Throwable t = failure; t != null && depth < 8; t = t.getCause() == t ? null : t.getCause(), depth++) {
            if (depth > 0) {
                sb.append(" (caused by ");
            }
            sb.append(t);
        }
        sb.append(")".repeat(Math.max(0, depth - 1)));
        return mask(sb.toString().replace('\n', ' ').replace('\r', ' '));
    }
}
