package io.lcjwt.internal.jwks;

import io.lcjwt.JwksClient;
import io.lcjwt.internal.crypto.KeyResolver;

import java.util.function.DoubleSupplier;

/**
 * What {@link JwksClient} lends to lcjwt's own tests and to the fleet simulation in {@code bench/}:
 * a client built from a public builder but with another transport and jitter source, its key
 * resolver, and its document parser. The public API offers none of this; the client registers
 * the bridge when its class initializes.
 */
public final class JwksAccess {
    private JwksAccess() {}

    /** The client's side of the bridge. */
    public interface Bridge {
        /** {@code builder.build()}, but fetching through {@code transport}, with jitter from {@code random}. */
        JwksClient build(JwksClient.Builder builder, Transport transport, DoubleSupplier random);

        /** The resolver a verifier over {@code client} uses (waiting, or signalling KeysNotReadyException). */
        KeyResolver resolver(JwksClient client, boolean wait);

        /** How the client reads a fetched document. */
        KeyCache.Parsed parse(String body);
    }

    private static volatile Bridge bridge;

    /** Called once, by {@link JwksClient}'s static initializer. */
    public static void register(Bridge b) {
        bridge = b;
    }

    /** The bridge, initializing {@link JwksClient} first if it was not yet. */
    public static Bridge get() {
        Bridge b = bridge;
        if (b == null) {
            try {
                Class.forName(JwksClient.class.getName(), true, JwksAccess.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            b = bridge;
        }
        return b;
    }
}
