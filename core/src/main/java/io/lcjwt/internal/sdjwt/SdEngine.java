package io.lcjwt.internal.sdjwt;

import io.lcjwt.Algorithm;
import io.lcjwt.BadSignatureException;
import io.lcjwt.JwtHeader;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.internal.jws.TokenVerifier;
import io.lcjwt.internal.jws.TokenVerifier.HeaderEntry;
import io.lcjwt.internal.claims.CursorClaimsReader;
import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.jws.HeaderParser;
import io.lcjwt.internal.crypto.AsymmetricKey;
import io.lcjwt.internal.crypto.Scratch;
import io.lcjwt.internal.crypto.SlotPool;
import io.lcjwt.internal.jws.JwsVerifier;

import java.lang.ref.Reference;
import java.time.Clock;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * SD-JWT verification (RFC 9901 section 7): the Issuer-signed JWT through the JWS verifier's
 * checks, header cache and keys ({@link TokenVerifier}); the disclosures and the payload through
 * the {@link Processor}; the processed payload through the claims reader (so {@code exp},
 * {@code nbf}, {@code aud}, {@code iss} and the required claims are checked, and the result is
 * a {@code Map}, a record or a bean); then the KB-JWT ({@link KeyBinding}). One per verifier;
 * immutable apart from its scratch pool, and thread-safe.
 */
public final class SdEngine {

    /** At most this many disclosures in one SD-JWT. */
    public static final int MAX_DISCLOSURES = 1000;
    /** At most this many digests embedded in one SD-JWT, decoys included. */
    public static final int MAX_DIGESTS = 4000;

    /** The SD-JWT VC profile (draft): claims that must stay in the clear, and {@code vct}. */
    static final Processor.Profile VC = new Processor.Profile(
            Set.of("iss", "nbf", "exp", "cnf", "vct", "vct#integrity", "aka_vcts", "status"), "vct");

    /** What a verification found: the checked header and claims, and the presentation to list disclosures from. */
    public record Result(JwtHeader header, Object claims, String presentation) {}

    private final TokenVerifier tv;
    private final CursorClaimsReader claims;
    private final Set<SdHash> hashes;
    private final KeyBinding keyBinding;
    private final Processor.Profile profile;
    private final SlotPool<SdScratch> pool = new SlotPool<>();

    /**
     * @param tv the JWS verifier of the Issuer-signed JWT: keys, allow-list, {@code typ}, size cap
     * @param claims the reader (and policy) of the processed payload
     * @param hashes the {@code _sd_alg} values allowed
     * @param kbAlgorithms the KB-JWT's allowed algorithms, or null when key binding is not required
     * @param kbAudience the audience a KB-JWT must name
     * @param vc whether the SD-JWT VC profile's rules apply
     */
    public SdEngine(TokenVerifier tv, CursorClaimsReader claims, Set<SdHash> hashes, Set<Algorithm> kbAlgorithms,
            String kbAudience, long kbMaxAgeMillis, long leewayMillis, Clock clock, boolean vc) {
        this.tv = tv;
        this.claims = claims;
        this.hashes = EnumSet.copyOf(hashes);
        this.keyBinding = kbAlgorithms == null ? null
                : new KeyBinding(kbAlgorithms, kbAudience, kbMaxAgeMillis, leewayMillis, clock);
        this.profile = vc ? VC : null;
    }

    public boolean keyBindingRequired() {
        return keyBinding != null;
    }

    // ---- verifier: presentations ------------------------------------------------------------------

    /** Verifies a compact presentation; {@code nonce} is the KB-JWT's, or null without key binding. */
    public Result verify(CharSequence text, String nonce, Class<?> type) {
        checkInput(text, type);
        SdScratch s = scratch();
        try {
            int len = s.copy(text);
            if (len > 0 && s.jws.token(len)[0] == '{') {
                throw new MalformedJwtException("The SD-JWT looks like a JWS JSON serialization; verify takes the"
                        + " compact form (jwt~disclosure~...~): use verifyJson for JSON.");
            }
            s.split(len, MAX_DISCLOSURES);
            checkKeyBindingPart(s, len, false);
            JwtHeader header = issuerJws(s);
            Scratch j = s.jws;
            Object result = process(s, len, j.payload.buffer(), j.payload.offset(), s.payloadLength, nonce, type, false);
            return new Result(header, result, text.toString());
        } finally {
            release(s);
        }
    }

    /** Verifies a presentation in the JWS JSON serialization (flattened or general). */
    public Result verifyJson(CharSequence json, String nonce, Class<?> type) {
        checkInput(json, type);
        String compact = SdJwtJson.toCompact(json);
        JwsVerifier.JsonResult signed = new JwsVerifier(tv).verifyJson(json, null, false);
        SdScratch s = scratch();
        try {
            int len = s.copy(compact);
            s.split(len, MAX_DISCLOSURES);
            checkKeyBindingPart(s, len, false);
            byte[] payload = signed.payload();
            Object result = process(s, len, payload, 0, payload.length, nonce, type, false);
            return new Result(signed.headers().get(0), result, compact);
        } finally {
            release(s);
        }
    }

    // ---- holder: an issued SD-JWT -------------------------------------------------------------------

    /** Verifies an SD-JWT as its holder receives it (RFC 9901 section 7.2), compact or JSON. */
    public Held verifyIssued(CharSequence text) {
        checkInput(text, Map.class);
        String compact = startsWithBrace(text) ? null : text.toString();
        JwtHeader jsonHeader = null;
        byte[] jsonPayload = null;
        if (compact == null) {
            compact = SdJwtJson.toCompact(text);
            JwsVerifier.JsonResult signed = new JwsVerifier(tv).verifyJson(text, null, false);
            jsonHeader = signed.headers().get(0);
            jsonPayload = signed.payload();
        }
        SdScratch s = scratch();
        try {
            int len = s.copy(compact);
            s.split(len, MAX_DISCLOSURES);
            checkKeyBindingPart(s, len, true);
            JwtHeader header;
            Map<String, Object> result;
            if (jsonPayload == null) {
                header = issuerJws(s);
                Scratch j = s.jws;
                result = castMap(process(s, len, j.payload.buffer(), j.payload.offset(), s.payloadLength, null, Map.class, true));
            } else {
                header = jsonHeader;
                result = castMap(process(s, len, jsonPayload, 0, jsonPayload.length, null, Map.class, true));
            }
            byte[] b = s.jws.token(len);
            return new Held(compact.substring(0, s.jwtEnd), header, s.proc.hash, Held.items(s.proc, b), result, null);
        } finally {
            release(s);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> castMap(Object o) {
        return (Map<String, Object>) o;
    }

    /**
     * Reads an SD-JWT or SD-JWT+KB, compact or JSON, WITHOUT verifying its signature or claims;
     * its disclosures are checked against its digests all the same.
     */
    public static Held readUnverified(CharSequence text, int maxBytes) {
        if (text == null) {
            throw new MalformedJwtException("The SD-JWT is null.");
        }
        if (text.length() > maxBytes) {
            throw new MalformedJwtException("The SD-JWT is larger than " + maxBytes + " bytes; lcjwt refuses it unread.");
        }
        String compact = startsWithBrace(text) ? SdJwtJson.toCompact(text) : text.toString();
        SdScratch s = new SdScratch();
        int len = s.copy(compact);
        s.split(len, MAX_DISCLOSURES);
        byte[] b = s.jws.token(len);
        int end = s.jwtEnd;
        int dot1 = TokenVerifier.firstDot(b, 0, end);
        int dot2 = TokenVerifier.lastDot(b, 0, end);
        if (dot1 <= 0 || dot1 == dot2 || TokenVerifier.firstDot(b, dot1 + 1, dot2) >= 0) {
            throw notCompact();
        }
        byte[] hb = Base64Url.decode(compact.substring(0, dot1));
        byte[] pb = Base64Url.decode(compact.substring(dot1 + 1, dot2));
        if (hb == null || pb == null) {
            throw new MalformedJwtException("The SD-JWT's Issuer-signed JWT is not strict base64url.");
        }
        JwtHeader header = HeaderParser.parse(hb, 0, hb.length);
        Processor proc = s.proc;
        SdHash hash = proc.hashOf(pb, 0, pb.length, EnumSet.allOf(SdHash.class));
        proc.disclosures.read(b, s.jws.tokenSegment(), s.spans, s.disclosures, hash, proc.cursor(0));
        proc.run(pb, 0, pb.length, hash, MAX_DIGESTS, null, true);
        String kb = s.kbStart < len ? compact.substring(s.kbStart) : null;
        return new Held(compact.substring(0, end), header, hash, Held.items(proc, b), Held.claims(proc), kb);
    }

    // ---- the path ---------------------------------------------------------------------------------

    private void checkInput(CharSequence text, Class<?> type) {
        if (text == null) {
            throw new MalformedJwtException("The SD-JWT is null.");
        }
        tv.checkSize(text.length());
        if (type != Map.class) {
            claims.prepare(type); // a type lcjwt cannot bind is the caller's error, reported before any crypto
        }
    }

    private static boolean startsWithBrace(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return c == '{';
            }
        }
        return false;
    }

    /** Whether the part after the last {@code ~} is what this verification expects (RFC 9901 sections 4, 7.2, 7.3). */
    private void checkKeyBindingPart(SdScratch s, int len, boolean issued) {
        boolean hasKb = s.kbStart < len;
        if (issued && hasKb) {
            throw new MalformedJwtException("The SD-JWT ends with a Key Binding JWT; a holder receives an SD-JWT, which"
                    + " ends with '~', never an SD-JWT+KB (RFC 9901 section 7.2).");
        }
        if (issued) {
            return;
        }
        if (keyBinding != null && !hasKb) {
            throw new MalformedJwtException("The presentation has no Key Binding JWT (it ends with '~'), and this"
                    + " verifier requires key binding (RFC 9901 section 7.3).");
        }
        if (keyBinding == null && hasKb) {
            throw new MalformedJwtException("The presentation ends with a Key Binding JWT, which this verifier does not"
                    + " check: an SD-JWT ends with '~' (RFC 9901 section 4). Build the verifier with keyBinding(...)"
                    + " to verify SD-JWT+KB presentations.");
        }
    }

    /**
     * Verifies the Issuer-signed JWT {@code token[0, jwtEnd)} as a compact JWS; its payload is
     * then in the scratch's payload decoder.
     */
    private JwtHeader issuerJws(SdScratch s) {
        Scratch j = s.jws;
        byte[] b = j.token(s.jwtEnd);
        int end = s.jwtEnd;
        int dot1 = TokenVerifier.firstDot(b, 0, end);
        int dot2 = TokenVerifier.lastDot(b, 0, end);
        if (dot1 <= 0 || dot1 == dot2 || TokenVerifier.firstDot(b, dot1 + 1, dot2) >= 0) {
            throw notCompact();
        }
        HeaderEntry entry = tv.header(b, 0, dot1, j);
        if (dot2 == end - 1) {
            throw new MalformedJwtException("The SD-JWT's Issuer-signed JWT has no signature; RFC 9901 section 4.1"
                    + " requires it signed, and unsecured JWTs are never accepted.");
        }
        int m = j.payload.decode(b, dot1 + 1, dot2 - dot1 - 1);
        if (m < 0) {
            throw new MalformedJwtException("The SD-JWT's payload is not strict base64url (RFC 7515 section 2).");
        }
        int sigB64 = end - dot2 - 1;
        int sigLen = Base64Url.decodedLength(sigB64);
        if (sigLen < 0 || sigLen > j.sig.length || Base64Url.decode(b, dot2 + 1, sigB64, j.sig, 0) != sigLen) {
            throw new MalformedJwtException("The SD-JWT's signature is not strict base64url (RFC 7515 section 2).");
        }
        Algorithm alg = entry.header().algorithm();
        if (!entry.key().verify(alg, j.tokenSegment(), dot2, sigLen, j)) {
            String kid = entry.key().keyId();
            throw new BadSignatureException("The SD-JWT's " + alg.jwsName() + " signature does not match"
                    + (kid != null ? " key \"" + kid + "\"" : " the configured key") + ".");
        }
        tv.remember(entry);
        s.payloadLength = m;
        return entry.header();
    }

    private static MalformedJwtException notCompact() {
        return new MalformedJwtException("The SD-JWT's Issuer-signed JWT (before its first '~') is not a compact JWS"
                + " (header.payload.signature).");
    }

    /** RFC 9901 section 7.1 step 2.4 onwards, and section 7.3's key binding: everything after the issuer's signature. */
    private Object process(SdScratch s, int len, byte[] pb, int off, int m, String nonce, Class<?> type, boolean record) {
        Processor proc = s.proc;
        byte[] b = s.jws.token(len);
        SdHash hash = proc.hashOf(pb, off, m, hashes);
        proc.disclosures.read(b, s.jws.tokenSegment(), s.spans, s.disclosures, hash, proc.cursor(0));
        proc.run(pb, off, m, hash, MAX_DIGESTS, profile, record);
        Object result = claims.read(proc.out.buf, 0, proc.out.len, type, s.jws.claims);
        if (keyBinding != null && !record) {
            AsymmetricKey key = KeyBinding.holderKey(proc.out.buf, proc.cnfStart, proc.cnfEnd, proc.cursor(0));
            try {
                keyBinding.verify(b, s.kbStart, len, hash, key, nonce, s.jws);
            } finally {
                key.close();
            }
        }
        return result;
    }

    private SdScratch scratch() {
        SdScratch s = pool.poll();
        return s != null ? s : new SdScratch();
    }

    private void release(SdScratch s) {
        pool.offer(s);
        Reference.reachabilityFence(tv.keepAlive());
    }
}
