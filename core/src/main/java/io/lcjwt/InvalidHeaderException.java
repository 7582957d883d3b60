package io.lcjwt;

/**
 * A header parameter is well-formed but not what this verifier accepts: today, a {@code typ} other
 * than the one named with {@link JwtVerifier.Builder#expectType(String)} (or none at all). Like
 * an {@code alg} off the allow-list, it is checked before the signature. Header members of the
 * wrong JSON type are {@link MalformedJwtException}s instead.
 */
public final class InvalidHeaderException extends JwtException {
    private static final long serialVersionUID = 1L;

    /** The name of the header parameter that was refused. */
    private final String parameter;

    /**
     * Makes the exception.
     *
     * @param parameter the header parameter's name, such as {@code typ}
     * @param message what was wrong, as a sentence
     */
    public InvalidHeaderException(String parameter, String message) {
        super(message);
        this.parameter = parameter;
    }

    /**
     * The header parameter that was refused.
     *
     * @return its name, such as {@code typ}
     */
    public String parameter() {
        return parameter;
    }
}
