package io.lcjwt;

/**
 * The JWE could not be decrypted with this decrypter's key: its authentication tag does not
 * match, or its encrypted key does not unwrap, or unwraps to a key of the wrong length. These
 * causes give one message on purpose: telling them apart would hand an attacker an oracle
 * (RFC 7516 section 11.5). A service answers it like a {@link BadSignatureException}.
 *
 * <p>A separate type rather than {@code BadSignatureException}: a JWE has no signature, and a
 * log line should say which kind of token failed.
 */
public final class JweDecryptionException extends JwtException {
    private static final long serialVersionUID = 1L;

    /**
     * Makes a decryption refusal.
     *
     * @param message what was wrong, as a sentence
     */
    public JweDecryptionException(String message) {
        super(message);
    }
}
