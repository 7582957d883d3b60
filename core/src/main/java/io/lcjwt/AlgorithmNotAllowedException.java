package io.lcjwt;

/**
 * The token's {@code alg} is not in the verifier's allow-list (which is checked before any
 * signature work), or is not a JWS algorithm at all ({@code none} in any spelling included).
 */
public final class AlgorithmNotAllowedException extends JwtException {
    private static final long serialVersionUID = 1L;

    /**
     * Makes an algorithm refusal.
     *
     * @param message what was wrong, as a sentence
     */
    public AlgorithmNotAllowedException(String message) {
        super(message);
    }
}
