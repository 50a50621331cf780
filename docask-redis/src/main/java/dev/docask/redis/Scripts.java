package dev.docask.redis;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The SHA-1 Redis names a Lua script by (EVALSHA), computed once per script. */
final class Scripts {
    private static final Map<String, String> SHAS = new ConcurrentHashMap<>();

    private Scripts() {
    }

    static String sha1(String script) {
        return SHAS.computeIfAbsent(script, s -> {
            try {
                return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(s.getBytes(StandardCharsets.UTF_8)));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-1 is missing from this Java runtime", e);
            }
        });
    }
}
