package io.lcjwt;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The claim name of a record component or bean property, for names that are not Java
 * identifiers or that a {@link ClaimNaming} rule would not produce:
 *
 * <pre>{@code
 * record CognitoClaims(String sub,
 *                      @Claim("cognito:groups") List<String> groups,
 *                      @Claim("custom:tenant") String tenant,
 *                      @Claim("https://example.com/roles") List<String> roles) {}
 * }</pre>
 *
 * <p>{@link JwtVerifier#decode(CharSequence, Class)} reads the claim into the member, and
 * {@link JwtSigner#sign(Object)} writes the member under that name. The annotation wins over the
 * verifier's or signer's {@link ClaimNaming} rule. On a record it goes on the component; on a
 * bean, on the setter, the getter or the field behind them (one of them is enough; if several
 * carry it they must agree), or on a public field bound directly. A registered name keeps its
 * meaning: {@code @Claim("exp") Instant expiresAt} is the token's expiration, checked as such.
 *
 * <p>Names are resolved once per class (and naming rule), when a verifier or signer first meets
 * the class, never per token. Two members of one class that map to the same claim name, by
 * annotation or by rule, are refused then with an {@code IllegalArgumentException} naming both.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.METHOD, ElementType.FIELD})
public @interface Claim {

    /**
     * The claim's name exactly as it appears in the token's JSON, such as {@code cognito:groups}
     * or {@code https://example.com/roles}; not empty.
     *
     * @return the claim name
     */
    String value();
}
