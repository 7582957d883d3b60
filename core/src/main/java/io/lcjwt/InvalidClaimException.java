package io.lcjwt;

/**
 * A claim is present but wrong: of the wrong JSON type (a string {@code exp}, say, which is never
 * treated as absent), or not the expected value ({@code aud}, {@code iss}), or not bindable to the
 * requested Java type. (The header's {@code typ} is not a claim: a wrong one is an
 * {@link InvalidHeaderException}.)
 */
public final class InvalidClaimException extends JwtException {
    private static final long serialVersionUID = 1L;

    /** The name of the claim that was refused. */
    private final String claim;

    /**
     * Makes a refusal of a wrong claim.
     *
     * @param claim the claim's name
     * @param message what was wrong, as a sentence
     */
    public InvalidClaimException(String claim, String message) {
        super(message);
        this.claim = claim;
    }

    /** {@return the claim's name, such as {@code aud}} */
    public String claim() {
        return claim;
    }
}
