package io.lcjwt.spring.internal;

import io.lcjwt.AlgorithmNotAllowedException;
import io.lcjwt.BadSignatureException;
import io.lcjwt.ExpiredJwtException;
import io.lcjwt.InvalidClaimException;
import io.lcjwt.InvalidHeaderException;
import io.lcjwt.JwksUnavailableException;
import io.lcjwt.KeysNotReadyException;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.MissingClaimException;
import io.lcjwt.NotYetValidException;
import io.lcjwt.UnknownKeyException;
import io.lcjwt.UnsupportedJwtException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.JwtValidationException;

import java.util.List;

/**
 * lcjwt's refusals in Spring Security's terms, so that Spring answers as it does with Nimbus:
 * a bad token is a {@link BadJwtException} (401 {@code invalid_token}); failed claims are a
 * {@link JwtValidationException} carrying an {@code invalid_token} {@link OAuth2Error}; keys that
 * cannot be had are a plain {@link JwtException}, a server problem. Messages are lcjwt's, which
 * never hold key material and quote token text only shortened and escaped.
 */
public final class Errors {
    /** Nimbus's wording, so logs and {@code error_description}s read the same. */
    static final String PREFIX = "An error occurred while attempting to decode the Jwt: ";
    static final String RFC6750 = "https://tools.ietf.org/html/rfc6750#section-3.1";

    private Errors() {}

    public static JwtException map(io.lcjwt.JwtException e) {
        String m = PREFIX + rfc6750(e.getMessage());
        return switch (e) {
            case ExpiredJwtException x -> invalid(m, x);
            case NotYetValidException x -> invalid(m, x);
            case InvalidClaimException x -> invalid(m, x);
            case MissingClaimException x -> invalid(m, x);
            case MalformedJwtException x -> new BadJwtException(m, x);
            case UnsupportedJwtException x -> new BadJwtException(m, x);
            case AlgorithmNotAllowedException x -> new BadJwtException(m, x);
            case InvalidHeaderException x -> new BadJwtException(m, x);
            case BadSignatureException x -> new BadJwtException(m, x);
            // A JWT decoder never decrypts; should one be handed a JWE's failure, it is a bad token.
            case io.lcjwt.JweDecryptionException x -> new BadJwtException(m, x);
            case UnknownKeyException x -> new BadJwtException(m, x);
            // A JWT decoder never checks a DPoP proof; the DPoP factory maps its own refusals.
            case io.lcjwt.DpopException x -> new BadJwtException(m, x);
            case JwksUnavailableException x -> new JwtException(m, x);
            // Only a nonBlocking verifier throws it, and the reactive decoder catches it first.
            case KeysNotReadyException x -> new JwtException(m, x);
        };
    }

    private static JwtValidationException invalid(String message, io.lcjwt.JwtException cause) {
        JwtValidationException v = new JwtValidationException(message,
                List.of(new OAuth2Error(OAuth2ErrorCodes.INVALID_TOKEN, rfc6750(cause.getMessage()), RFC6750)));
        v.initCause(cause);
        return v;
    }

    /**
     * The message in the characters RFC 6750 allows in {@code error_description} (printable
     * ASCII but {@code "} and {@code \}): Spring replaces any other description with a bare
     * "Invalid token", and lcjwt's messages quote names.
     */
    public static String rfc6750(String m) {
        StringBuilder b = new StringBuilder(m.length());
        for (int i = 0; i < m.length(); i++) {
            char c = m.charAt(i);
            b.append(c == '"' ? '\'' : c == '\\' ? '/' : c < 0x20 || c > 0x7e ? '?' : c);
        }
        return b.toString();
    }

    /** For what lcjwt accepted but Spring's {@code Jwt} cannot hold (iat not before exp, say). */
    public static BadJwtException bad(String why, RuntimeException cause) {
        return new BadJwtException(PREFIX + rfc6750(why), cause);
    }
}
