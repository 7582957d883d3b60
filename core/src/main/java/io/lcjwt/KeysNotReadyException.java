package io.lcjwt;

/**
 * Not a refusal: a verifier built with {@link JwtVerifier.Builder#nonBlocking()} would have had
 * to wait for a JWKS fetch (the first one, a refetch for an unknown {@code kid}, or keys past
 * their allowed staleness), and it never waits. Decode the same token again on a thread that
 * may block, with a verifier over the same {@link JwksClient} built without
 * {@code nonBlocking()}: that decode joins or starts the fetch.
 *
 * <pre>{@code
 * try {
 *     return Mono.just(onEventLoop.decode(token));
 * } catch (KeysNotReadyException e) {
 *     return Mono.fromCallable(() -> mayBlock.decode(token)).subscribeOn(Schedulers.boundedElastic());
 * }
 * }</pre>
 */
public final class KeysNotReadyException extends JwtException {
    private static final long serialVersionUID = 1L;

    /**
     * Makes the signal.
     *
     * @param message why the keys are not ready, as a sentence
     */
    public KeysNotReadyException(String message) {
        super(message);
    }
}
