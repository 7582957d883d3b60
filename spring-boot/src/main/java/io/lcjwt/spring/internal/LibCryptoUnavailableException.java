package io.lcjwt.spring.internal;

/** libcrypto could not be reached at start-up; {@link LibCryptoFailureAnalyzer} explains it. */
public final class LibCryptoUnavailableException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public LibCryptoUnavailableException(IllegalStateException cause) {
        super(cause.getMessage(), cause);
    }
}
