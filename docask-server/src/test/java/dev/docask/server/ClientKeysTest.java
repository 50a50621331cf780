package dev.docask.server;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ClientKeysTest {
    @Test
    void keyFor_noTrustedHeader_usesTheSocketAddressAndIgnoresForgedHeaders() {
        ClientKeys keys = new ClientKeys(null);
        assertThat(keys.keyFor("203.0.113.7", Map.of("X-Forwarded-For", "1.2.3.4")::get)).isEqualTo("203.0.113.7");
    }

    @Test
    void keyFor_trustedHeader_takesTheLastHopTheProxyAdded() {
        ClientKeys keys = new ClientKeys("X-Forwarded-For");
        assertThat(keys.keyFor("10.0.0.2", Map.of("X-Forwarded-For", "6.6.6.6, 198.51.100.9")::get)).isEqualTo("198.51.100.9");
    }

    @Test
    void keyFor_trustedHeaderMissing_fallsBackToTheSocket() {
        ClientKeys keys = new ClientKeys("CF-Connecting-IP");
        assertThat(keys.keyFor("10.0.0.2", Map.<String, String>of()::get)).isEqualTo("10.0.0.2");
    }

    @Test
    void normalise_ipv6_isKeyedByItsSlash64() {
        String a = ClientKeys.normalise("2001:db8:abcd:12:1:2:3:4");
        String b = ClientKeys.normalise("[2001:db8:abcd:12:ffff::9]");
        assertThat(a).isEqualTo(b).isEqualTo("2001:db8:abcd:12::/64");
        assertThat(ClientKeys.normalise("2001:db8:abcd:13::1")).isNotEqualTo(a);
    }

    @Test
    void normalise_garbage_isKeptAsTextWithoutALookup() {
        assertThat(ClientKeys.normalise("not-an-ip.example")).isEqualTo("not-an-ip.example");
    }
}
