package io.lcjwt.internal.jwks;

import io.lcjwt.internal.crypto.KeyResolver;

import java.util.function.DoubleSupplier;

/**
 * What the public {@code io.lcjwt.JwksClient} lends to lcjwt's own tests and to the fleet simulation in {@code bench/}:
 * a client built from a public builder but with another transport and jitter source, its key
 * resolver, and its document parser. The public API offers none of this; the client registers
 * the bridge when its class initializes.
 */
public final class JwksAccess {
    private JwksAccess() {}

    /**
     * The client's side of the bridge.
     *
     * @param <C> {@code JwksClient}
     * @param <B> {@code JwksClient.Builder}
     */
    public interface Bridge<C, B> {
        /** {@code builder.build()}, but fetching through {@code transport}, with jitter from {@code random}. */
        C build(B builder, Transport transport, DoubleSupplier random);

        /** The resolver a verifier over {@code client} uses (waiting, or signalling KeysNotReadyException). */
        KeyResolver resolver(C client, boolean wait);

        /** How the client reads a fetched document. */
        KeyCache.Parsed parse(String body);
    }

    /** Named, not imported: the public package depends on this one, never the reverse. */
    private static final String CLIENT = "io.lcjwt.JwksClient";

    private static volatile Bridge<?, ?> bridge;

    /** Called once, by the client's static initializer. */
    public static void register(Bridge<?, ?> b) {
        bridge = b;
    }

    /**
     * The bridge, initializing the client's class first if it was not yet. Callers name the types:
     * {@code JwksAccess.Bridge<JwksClient, JwksClient.Builder> b = JwksAccess.get();}
     */
    @SuppressWarnings("unchecked")
    public static <C, B> Bridge<C, B> get() {
        Bridge<?, ?> b = bridge;
        if (b == null) {
            try {
                Class.forName(CLIENT, true, JwksAccess.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            b = bridge;
        }
        return (Bridge<C, B>) b;
    }
}
