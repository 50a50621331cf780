package dev.docask.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A host the server cannot listen on is named with the real reason, not reported as a busy port. */
class ListenAddressTest {
    @TempDir
    static Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "localhost", "0.0.0.0", "::", "::1", "127.0.0.2"})
    void requireLocal_loopbackOrWildcard_passes(String host) {
        assertThatCode(() -> ListenAddress.requireLocal(host)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"999.1.1.1", "nosuchhost.invalid"})
    void requireLocal_unresolvable_failsNamingTheHost(String host) {
        assertThatThrownBy(() -> ListenAddress.requireLocal(host)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot listen on " + host + ": not an address, and no host has that name");
    }

    @Test
    void requireLocal_addressOfAnotherMachine_failsSayingSo() {
        assertThatThrownBy(() -> ListenAddress.requireLocal("192.0.2.1")) // TEST-NET-1: never assigned
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot listen on 192.0.2.1: not an address of this machine");
    }

    @Test
    void start_hostOfAnotherMachine_failsBeforeLoadingOrBinding() {
        assertThatThrownBy(() -> DocaskServer.builder().indexDir(dir.resolve("never-read")).host("192.0.2.1").port(0)
                .build().start())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an address of this machine");
    }

    @Test
    void start_portInUse_saysThePortIsInUse() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            assertThatThrownBy(() -> DocaskServer.builder().indexDir(Docs.build(dir.resolve("idx"))).port(port)
                    .build().start())
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("port " + port + " is already in use on 127.0.0.1; stop the other process or choose another port");
        }
    }
}
