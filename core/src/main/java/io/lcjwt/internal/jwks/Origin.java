package io.lcjwt.internal.jwks;

import java.net.URI;
import java.util.concurrent.CompletableFuture;

/**
 * Where a key cache's documents come from: a JWKS URL, or an issuer whose metadata names one
 * ({@link Discovery}). One {@link #fetch()} is one attempt, however many requests it makes.
 */
public interface Origin {

    /**
     * One attempt: the answer that ends it, which is the JWKS document's, or a discovery answer
     * that stopped it (a 429 or 503 is handed back so that its {@code Retry-After} is honoured).
     * Fails for no answer at all, or metadata that cannot be used.
     */
    CompletableFuture<Transport.Response> fetch();

    /** How many requests the next attempt may make, so that a waiting decode waits long enough. */
    default int requestsPerAttempt() {
        return 1;
    }

    /** The URL the client was built with, for messages. */
    URI uri();

    /** "the JWKS URL https://...", or "the issuer https://..." before discovery found one. */
    String describe();

    /** A fixed JWKS URL. */
    static Origin of(Transport transport, URI jwks) {
        return new Origin() {
            @Override
            public CompletableFuture<Transport.Response> fetch() {
                return transport.get(jwks);
            }

            @Override
            public URI uri() {
                return jwks;
            }

            @Override
            public String describe() {
                return jwks.toString();
            }
        };
    }
}
