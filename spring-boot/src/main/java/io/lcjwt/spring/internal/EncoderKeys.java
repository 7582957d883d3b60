package io.lcjwt.spring.internal;

import io.lcjwt.Algorithm;
import io.lcjwt.JwtPublicKey;
import org.springframework.security.oauth2.jwt.JwtEncodingException;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * An encoder's keys: those it signs with, and those it only publishes (retired keys whose tokens
 * may still be live). A header's {@code alg}, {@code kid} and {@code x5t#S256} choose the key as
 * {@code NimbusJwtEncoder}'s key matcher does; when several fit and no {@code kid} was asked for,
 * the one activated last signs, and a tie is an error like Nimbus's. Immutable.
 */
public final class EncoderKeys {
    private static final int LISTED = 8;

    private final List<SigningKey> signing;
    private final List<JwtPublicKey> verifyOnly;
    private final Clock clock;
    private final boolean anyActivation;

    /**
     * @param signing the keys that sign, at least one
     * @param verifyOnly public keys published beside them, never used to sign
     * @param clock for the activation times
     * @throws IllegalArgumentException if there is no signing key, or two keys share a {@code kid}
     */
    public EncoderKeys(List<SigningKey> signing, List<JwtPublicKey> verifyOnly, Clock clock) {
        this.signing = List.copyOf(signing);
        this.verifyOnly = List.copyOf(verifyOnly);
        this.clock = Objects.requireNonNull(clock, "clock");
        if (this.signing.isEmpty()) {
            throw new IllegalArgumentException("an encoder needs at least one private or secret key to sign with");
        }
        Set<String> kids = new HashSet<>();
        for (String kid : allKids()) {
            if (kid != null && !kids.add(kid)) {
                throw new IllegalArgumentException("two keys have kid \"" + Text.shorten(kid) + "\"; a verifier"
                        + " could not tell which one signed a token, so each key needs its own kid");
            }
        }
        this.anyActivation = this.signing.stream().anyMatch(k -> k.activeFrom() != null);
    }

    private List<String> allKids() {
        List<String> out = new ArrayList<>();
        signing.forEach(k -> out.add(k.kid()));
        verifyOnly.forEach(k -> out.add(k.keyId()));
        return out;
    }

    /** {@return the keys that sign, in the order given} */
    public List<SigningKey> signing() {
        return signing;
    }

    /** {@return the public keys published but never used to sign} */
    public List<JwtPublicKey> verifyOnly() {
        return verifyOnly;
    }

    /**
     * The key for a header.
     *
     * @param alg the header's algorithm
     * @param kid the header's {@code kid}, or null for any
     * @param x509Sha256 the header's {@code x5t#S256}, or null for any
     * @return the key
     * @throws JwtEncodingException if none fits, or several fit equally
     */
    public SigningKey select(Algorithm alg, String kid, String x509Sha256) {
        if (signing.size() == 1 && !anyActivation) {
            SigningKey k = signing.getFirst();
            if (fits(k, alg, kid, x509Sha256)) {
                return k;
            }
            throw none(alg, kid, x509Sha256);
        }
        Instant now = anyActivation && kid == null ? clock.instant() : null;
        List<SigningKey> fit = new ArrayList<>(2);
        for (SigningKey k : signing) {
            if (fits(k, alg, kid, x509Sha256) && (now == null || k.activeFrom() == null || !k.activeFrom().isAfter(now))) {
                fit.add(k);
            }
        }
        if (fit.isEmpty()) {
            throw none(alg, kid, x509Sha256);
        }
        if (fit.size() == 1) {
            return fit.getFirst();
        }
        // Several: the newest active one, if one is newer than the rest (rotation).
        fit.sort(Comparator.comparing(SigningKey::activeFrom, Comparator.nullsFirst(Comparator.naturalOrder())));
        SigningKey newest = fit.getLast();
        if (!Objects.equals(newest.activeFrom(), fit.get(fit.size() - 2).activeFrom())) {
            return newest;
        }
        List<SigningKey> tied = fit.stream().filter(k -> Objects.equals(k.activeFrom(), newest.activeFrom())).toList();
        throw new JwtEncodingException(Encoding.PREFIX + "Several signing keys fit the JWS header (" + header(alg, kid,
                x509Sha256) + "): " + list(tied) + ". Name one with the header's kid, or give them activation times"
                + " (the one activated last then signs).");
    }

    /** Whether some key would sign {@code alg} for a header that names no key, now. */
    public boolean canSign(Algorithm alg) {
        Instant now = anyActivation ? clock.instant() : null;
        for (SigningKey k : signing) {
            if (k.algorithms().contains(alg) && (now == null || k.activeFrom() == null || !k.activeFrom().isAfter(now))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The key a header that names no key and no algorithm is for: the one activated last (the
     * first given among equals).
     *
     * @return the key
     */
    public SigningKey newestActive() {
        Instant now = anyActivation ? clock.instant() : null;
        SigningKey best = null;
        for (SigningKey k : signing) {
            if (now != null && k.activeFrom() != null && k.activeFrom().isAfter(now)) {
                continue;
            }
            if (best == null || k.activeFrom() != null
                    && (best.activeFrom() == null || k.activeFrom().isAfter(best.activeFrom()))) {
                best = k;
            }
        }
        return best != null ? best : signing.getFirst();
    }

    private static boolean fits(SigningKey k, Algorithm alg, String kid, String x509Sha256) {
        return k.algorithms().contains(alg) && (kid == null || kid.equals(k.kid()))
                && (x509Sha256 == null || x509Sha256.equals(k.x509Sha256()));
    }

    private JwtEncodingException none(Algorithm alg, String kid, String x509Sha256) {
        String hint = alg == Algorithm.RS256 && !signing.stream().anyMatch(k -> k.algorithms().contains(alg))
                ? " Spring Authorization Server asks for RS256 unless a token customizer sets another algorithm"
                + " (context.getJwsHeader().algorithm(...))." : "";
        return new JwtEncodingException(Encoding.PREFIX + "No signing key fits the JWS header (" + header(alg, kid,
                x509Sha256) + "); this encoder signs with " + list(signing) + "." + hint);
    }

    private static String header(Algorithm alg, String kid, String x509Sha256) {
        return "alg " + alg.jwsName() + ", " + (kid == null ? "no kid" : "kid \"" + Text.shorten(kid) + "\"")
                + (x509Sha256 == null ? "" : ", x5t#S256 \"" + Text.shorten(x509Sha256) + "\"");
    }

    private static String list(List<SigningKey> keys) {
        List<String> shown = keys.stream().limit(LISTED).map(SigningKey::toString).toList();
        return String.join(", ", shown) + (keys.size() > LISTED ? " and " + (keys.size() - LISTED) + " more" : "");
    }
}
