package dev.docask.server;

import java.net.BindException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;

/*
 * Why the server cannot listen, in plain words. Javalin reports every failed bind as "Port already
 * in use" and logs an ERROR first, so the host is checked before starting: it must resolve and be
 * an address of this machine (or the wildcard). A bind that still fails is explained from its
 * cause, and only a real "Address already in use" is called a busy port.
 */
final class ListenAddress {
    private ListenAddress() {
    }

    /** @throws IllegalArgumentException when {@code host} does not resolve or is not an address of this machine */
    static void requireLocal(String host) {
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("cannot listen on " + host + ": not an address, and no host has that name");
        }
        if (address.isAnyLocalAddress() || address.isLoopbackAddress()) {
            return;
        }
        try {
            if (NetworkInterface.getByInetAddress(address) != null) {
                return;
            }
        } catch (SocketException e) {
            return; // interfaces cannot be listed here: let the bind itself decide
        }
        throw new IllegalArgumentException("cannot listen on " + host
                + (host.equals(address.getHostAddress()) ? "" : " (" + address.getHostAddress() + ")")
                + ": not an address of this machine");
    }

    /** The start failure {@code e} restated for a user, or {@code e} itself when it is not about the socket. */
    static RuntimeException explain(RuntimeException e, String host, int port) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BindException b) {
                String reason = b.getMessage() == null ? "" : b.getMessage();
                return new IllegalStateException(reason.contains("in use")
                        ? "port " + port + " is already in use on " + host + "; stop the other process or choose another port"
                        : "cannot listen on " + host + ":" + port + ": " + reason, e);
            }
        }
        return e;
    }
}
