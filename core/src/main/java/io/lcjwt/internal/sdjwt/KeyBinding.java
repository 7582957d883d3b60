package io.lcjwt.internal.sdjwt;

import io.lcjwt.Algorithm;
import io.lcjwt.AlgorithmNotAllowedException;
import io.lcjwt.BadSignatureException;
import io.lcjwt.ClaimNaming;
import io.lcjwt.ExpiredJwtException;
import io.lcjwt.InvalidClaimException;
import io.lcjwt.InvalidHeaderException;
import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.JwtException;
import io.lcjwt.JwtHeader;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.MissingClaimException;
import io.lcjwt.NotYetValidException;
import io.lcjwt.UnknownKeyException;
import io.lcjwt.internal.jws.TokenVerifier;
import io.lcjwt.internal.claims.ClaimsPolicy;
import io.lcjwt.internal.claims.CursorClaimsReader;
import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.jws.HeaderParser;
import io.lcjwt.internal.crypto.AsymmetricKey;
import io.lcjwt.internal.crypto.Scratch;
import io.lcjwt.internal.keys.Jwk;
import io.lcjwt.internal.keys.KeyFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Key Binding JWT of an SD-JWT+KB (RFC 9901 sections 4.3 and 7.3): its {@code typ}
 * ({@code kb+jwt}), its algorithm (on the verifier's own allow-list), its signature by the key in
 * the SD-JWT's {@code cnf.jwk} (never by a key the KB-JWT names itself), {@code aud},
 * {@code nonce}, an {@code iat} inside the window, {@code sd_hash} over the presentation, and
 * {@code exp}/{@code nbf} if it has them. One per verifier; immutable and thread-safe.
 */
final class KeyBinding {

    static final String TYPE = "kb+jwt";

    /** The members of a KB-JWT's payload lcjwt reads; the reader checks {@code aud}, {@code exp} and {@code nbf} too. */
    record Claims(Instant iat, String nonce, String sd_hash, Object aud) {}

    private final Set<Algorithm> algorithms;
    private final String audience;
    private final long maxAgeMillis;
    private final long leewayMillis;
    private final Clock clock;
    private final CursorClaimsReader reader;
    /**
     * The last KB-JWT header that verified, by its encoded bytes: holders send the same one
     * ({@code {"alg":"ES256","typ":"kb+jwt"}}) again and again, so it is read once.
     */
    private volatile HeaderMemo memo;

    private record HeaderMemo(byte[] encoded, JwtHeader header) {}

    KeyBinding(Set<Algorithm> algorithms, String audience, long maxAgeMillis, long leewayMillis, Clock clock) {
        this.algorithms = EnumSet.copyOf(algorithms);
        this.audience = audience;
        this.maxAgeMillis = maxAgeMillis;
        this.leewayMillis = leewayMillis;
        this.clock = clock;
        this.reader = new CursorClaimsReader(new ClaimsPolicy(Set.of(audience), null, leewayMillis, clock, false,
                List.of(), false, ClaimNaming.IDENTITY));
        reader.prepare(Claims.class);
    }

    /**
     * The holder's public key, from the processed payload's {@code cnf} value at
     * {@code out[start, end)} ({@code start} -1: no {@code cnf}). The caller closes it.
     */
    static AsymmetricKey holderKey(byte[] out, int start, int end, io.lcjwt.internal.codec.JsonCursor c) {
        if (start < 0) {
            throw new MissingClaimException("cnf", "The SD-JWT has no cnf claim, so no key is bound to it; this"
                    + " verifier requires key binding (RFC 9901 section 4.1.2).");
        }
        Map<String, Object> cnf;
        try {
            if (c.openObject(out, start, end - start, "SD-JWT's cnf claim").readNatural() instanceof Map<?, ?> m) {
                @SuppressWarnings("unchecked")
                Map<String, Object> typed = (Map<String, Object>) m;
                cnf = typed;
            } else {
                throw new MalformedJwtException("not an object");
            }
        } catch (MalformedJwtException e) {
            throw new InvalidClaimException("cnf", "The SD-JWT's cnf claim is not a JSON object (RFC 7800 section 3.1).");
        }
        if (!(cnf.get("jwk") instanceof Map<?, ?> jwk)) {
            throw new InvalidClaimException("cnf", "The SD-JWT's cnf has no jwk object; lcjwt checks key binding"
                    + " against a public key by value (RFC 7800 section 3.2) and takes no other confirmation method.");
        }
        try {
            @SuppressWarnings("unchecked")
            Jwk.Parsed p = Jwk.parse((Map<String, Object>) jwk);
            if (p.secret() != null) {
                throw new InvalidClaimException("cnf", "The SD-JWT's cnf.jwk is a symmetric key; key binding needs the"
                        + " holder's public key.");
            }
            if (p.pkcs8() != null) {
                throw new InvalidClaimException("cnf", "The SD-JWT's cnf.jwk carries private key material; key binding"
                        + " needs the holder's public key only.");
            }
            return KeyFactory.publicFromInfo(p.pub(), p.kid(), p.keyUse());
        } catch (InvalidJwtKeyException e) {
            throw new InvalidClaimException("cnf", "The SD-JWT's cnf.jwk is not a public key lcjwt can use: "
                    + e.getMessage());
        }
    }

    /**
     * Verifies the KB-JWT {@code b[start, end)}, whose {@code sd_hash} must be the digest of
     * {@code b[0, start)} (the presentation up to its last {@code ~}).
     */
    void verify(byte[] b, int start, int end, SdHash hash, AsymmetricKey key, String nonce, Scratch s) {
        int dot1 = TokenVerifier.firstDot(b, start, end);
        int dot2 = TokenVerifier.lastDot(b, start, end);
        if (dot1 < 0 || dot1 == dot2 || TokenVerifier.firstDot(b, dot1 + 1, dot2) >= 0 || dot1 == start) {
            throw new MalformedJwtException("The Key Binding JWT is not a compact JWS (header.payload.signature).");
        }
        if (dot2 == end - 1) {
            throw new MalformedJwtException("The Key Binding JWT has no signature; it must be signed by the holder's key"
                    + " (RFC 9901 section 4.3).");
        }
        HeaderMemo hit = memo;
        JwtHeader header;
        if (hit != null && java.util.Arrays.equals(hit.encoded(), 0, hit.encoded().length, b, start, dot1)) {
            header = hit.header();
        } else {
            int n = Base64Url.decodedLength(dot1 - start);
            byte[] hb = n < 0 ? null : s.header(n);
            if (n < 0 || Base64Url.decode(b, start, dot1 - start, hb, 0) != n) {
                throw new MalformedJwtException("The Key Binding JWT's header is not strict base64url.");
            }
            header = HeaderParser.parse(hb, 0, n);
            hit = null;
        }
        String typ = header.type();
        if (typ == null || !(typ.equalsIgnoreCase(TYPE) || typ.equalsIgnoreCase("application/" + TYPE))) {
            throw new InvalidHeaderException("typ", "The Key Binding JWT's typ is "
                    + (typ == null ? "absent" : io.lcjwt.internal.Untrusted.quote(typ))
                    + "; RFC 9901 section 4.3 requires \"kb+jwt\".");
        }
        Algorithm alg = header.algorithm();
        if (!algorithms.contains(alg)) {
            throw new AlgorithmNotAllowedException("The Key Binding JWT is signed with " + alg.jwsName()
                    + ", which this verifier does not allow for key binding (keyBindingAlgorithms: " + algorithms + ").");
        }
        if (!key.supports(alg)) {
            throw new UnknownKeyException("The Key Binding JWT is signed with " + alg.jwsName() + ", which the holder's"
                    + " key in the SD-JWT's cnf.jwk (" + key.info().describe() + ") cannot serve.");
        }
        int sigB64 = end - dot2 - 1;
        int sigLen = Base64Url.decodedLength(sigB64);
        if (sigLen < 0 || sigLen > s.sig.length || Base64Url.decode(b, dot2 + 1, sigB64, s.sig, 0) != sigLen) {
            throw new MalformedJwtException("The Key Binding JWT's signature is not strict base64url.");
        }
        int m = s.payload.decode(b, dot1 + 1, dot2 - dot1 - 1);
        if (m < 0) {
            throw new MalformedJwtException("The Key Binding JWT's payload is not strict base64url.");
        }
        if (!key.verify(alg, s.tokenSegment().asSlice(start), dot2 - start, sigLen, s)) {
            throw new BadSignatureException("The Key Binding JWT's " + alg.jwsName() + " signature does not match the"
                    + " holder's key in the SD-JWT's cnf.jwk.");
        }
        if (hit == null) {
            memo = new HeaderMemo(java.util.Arrays.copyOfRange(b, start, dot1), header);
        }
        Claims c;
        try {
            c = reader.read(s.payload.buffer(), s.payload.offset(), m, Claims.class, s.claims);
        } catch (JwtException e) {
            throw inKeyBinding(e);
        }
        checkIat(c.iat());
        if (!(c.aud() instanceof String)) {
            throw new InvalidClaimException("aud", "The Key Binding JWT's aud is an array; RFC 9901 section 4.3"
                    + " requires one string, the verifier's own audience.");
        }
        if (c.nonce() == null) {
            throw new MissingClaimException("nonce", "The Key Binding JWT has no nonce (RFC 9901 section 4.3).");
        }
        if (!c.nonce().equals(nonce)) {
            throw new InvalidClaimException("nonce", "The Key Binding JWT's nonce is not the one this verification"
                    + " expects: it was made for another request, or is replayed.");
        }
        if (c.sd_hash() == null) {
            throw new MissingClaimException("sd_hash", "The Key Binding JWT has no sd_hash (RFC 9901 section 4.3).");
        }
        if (!sdHashMatches(c.sd_hash(), b, start, hash, s)) {
            throw new InvalidClaimException("sd_hash", "The Key Binding JWT's sd_hash is not the digest of this"
                    + " presentation: disclosures were added, removed or reordered, or the KB-JWT was made for"
                    + " another presentation (RFC 9901 section 4.3.1).");
        }
    }

    private void checkIat(Instant iat) {
        if (iat == null) {
            throw new MissingClaimException("iat", "The Key Binding JWT has no iat (RFC 9901 section 4.3).");
        }
        long now = clock.millis();
        long at = iat.toEpochMilli();
        if (at > now + leewayMillis) {
            throw new InvalidClaimException("iat", "The Key Binding JWT was issued at " + iat + ", in the future"
                    + " (now " + Instant.ofEpochMilli(now) + ", leeway " + leewayMillis / 1000 + " s).");
        }
        if (at < now - maxAgeMillis - leewayMillis) {
            throw new InvalidClaimException("iat", "The Key Binding JWT was issued at " + iat + ", more than "
                    + maxAgeMillis / 1000 + " s before now (" + Instant.ofEpochMilli(now)
                    + "; keyBindingMaxAge): it is stale, or replayed.");
        }
    }

    /** Whether {@code sdHash} is the base64url digest of {@code b[0, len)}. */
    private static boolean sdHashMatches(String sdHash, byte[] b, int len, SdHash hash, Scratch s) {
        if (sdHash.length() != hash.textLength()) {
            return false;
        }
        hash.digest(s.tokenSegment(), 0, len, s.macSegment);
        byte[] text = s.header(hash.textLength());
        Base64Url.encode(s.mac, 0, hash.bytes(), text, 0);
        for (int i = 0; i < text.length && i < hash.textLength(); i++) {
            if (text[i] != sdHash.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The reader's refusal, its message saying it is about the KB-JWT. */
    private static JwtException inKeyBinding(JwtException e) {
        String m = "In the Key Binding JWT: " + e.getMessage();
        if (e instanceof ExpiredJwtException x) {
            return new ExpiredJwtException(m, x.expiredAt());
        } else if (e instanceof NotYetValidException x) {
            return new NotYetValidException(m, x.notBefore());
        } else if (e instanceof InvalidClaimException x) {
            return new InvalidClaimException(x.claim(), m);
        } else if (e instanceof MissingClaimException x) {
            return new MissingClaimException(x.claim(), m);
        }
        return new MalformedJwtException(m, e);
    }
}
