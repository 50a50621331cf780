package dev.docask.server;

import org.jspecify.annotations.Nullable;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;

/*
 * Who is asking, for rate limits. By default the socket's address: anything a client sends could
 * be forged. Behind one reverse proxy, the operator names the header that proxy sets
 * (X-Forwarded-For, CF-Connecting-IP, …); its last entry is the address the proxy itself saw, the
 * only one that proxy vouches for, so that is the one used. An IPv6 client usually controls a
 * whole /64, so IPv6 addresses are keyed by their first 64 bits.
 */
final class ClientKeys {
    private final @Nullable String trustedHeader; // null: use the socket address

    ClientKeys(@Nullable String trustedHeader) {
        this.trustedHeader = trustedHeader == null || trustedHeader.isBlank() ? null : trustedHeader.strip();
    }

    /** The rate-limit key of a request from {@code socketAddress}; {@code headers} looks up its headers by name. */
    String keyFor(String socketAddress, java.util.function.Function<String, @Nullable String> headers) {
        String address = socketAddress;
        if (trustedHeader != null) {
            String value = headers.apply(trustedHeader);
            if (value != null && !value.isBlank()) {
                String[] hops = value.split(",");
                address = hops[hops.length - 1].strip();
            }
        }
        return normalise(address);
    }

    /** The address itself for IPv4, its /64 prefix for IPv6; unparseable input is keyed as given. */
    static String normalise(String address) {
        String a = address == null ? "" : address.strip();
        if (a.startsWith("[") && a.contains("]")) {
            a = a.substring(1, a.indexOf(']'));
        }
        if (!looksLikeIp(a)) {
            return a.toLowerCase(Locale.ROOT);
        }
        try {
            InetAddress ip = InetAddress.getByName(a); // literal only: looksLikeIp keeps DNS out
            if (ip instanceof Inet6Address) {
                byte[] b = ip.getAddress();
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < 8; i += 2) {
                    sb.append(Integer.toHexString(((b[i] & 0xff) << 8) | (b[i + 1] & 0xff))).append(':');
                }
                return sb.append(":/64").toString();
            }
            return ip.getHostAddress();
        } catch (UnknownHostException e) {
            return a.toLowerCase(Locale.ROOT);
        }
    }

    private static boolean looksLikeIp(String a) {
        int zone = a.indexOf('%');
        String s = zone >= 0 ? a.substring(0, zone) : a;
        return !s.isEmpty() && (s.matches("[0-9.]+") || (s.contains(":") && s.matches("[0-9a-fA-F:.]+")));
    }
}
