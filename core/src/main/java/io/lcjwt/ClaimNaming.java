package io.lcjwt;

/**
 * How the name of a record component or bean property becomes a claim name, when the member has
 * no {@link Claim} annotation. Set with {@link JwtVerifier.Builder#claimNaming(ClaimNaming)} and
 * {@link JwtSigner.Builder#claimNaming(ClaimNaming)}; give both the same rule so that what one
 * signs the other reads. The rule applies to nested records and beans too, but not to the keys of
 * a {@code Map}, which are claim names already.
 *
 * <pre>{@code
 * record KeycloakClaims(String sub, String preferredUsername, RealmAccess realmAccess) {}
 * record RealmAccess(List<String> roles) {}
 *
 * JwtVerifier verifier = JwtVerifier.builder(key)
 *         .algorithms(Algorithm.RS256)
 *         .audience("account")
 *         .claimNaming(ClaimNaming.SNAKE_CASE)   // preferredUsername reads "preferred_username"
 *         .build();
 * }</pre>
 *
 * <p>The registered claims ({@code exp}, {@code nbf}, {@code iat}, {@code iss}, {@code sub},
 * {@code aud}, {@code jti}) are lower-case single words, which every rule leaves as they are, so
 * they keep their meaning and their checks whatever the rule.
 */
public enum ClaimNaming {

    /** The member's name is the claim name ({@code preferredUsername} reads {@code preferredUsername}). The default. */
    IDENTITY,

    /**
     * camelCase member names become snake_case claim names: an underscore goes before each
     * upper-case letter that follows a lower-case letter or a digit, or that starts a new word
     * after a run of capitals, and every letter is made lower case. So {@code preferredUsername}
     * reads {@code preferred_username}, {@code emailVerified} {@code email_verified},
     * {@code jobWorkflowRef} {@code job_workflow_ref}, {@code tenantID} {@code tenant_id} and
     * {@code HTTPServer} {@code http_server}; {@code x5t} and {@code already_snake} stay as they
     * are.
     */
    SNAKE_CASE
}
