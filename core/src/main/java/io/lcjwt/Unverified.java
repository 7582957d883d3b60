package io.lcjwt;

import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.jws.HeaderParser;
import io.lcjwt.internal.codec.JsonCursor;

import java.util.Map;

/**
 * Reads a token WITHOUT verifying it. Nothing returned here may be trusted: anyone can write any
 * header and claims. Use it only to route a token before verification (to pick a verifier by
 * {@code iss} or {@code kid}, say), never to make an access decision.
 *
 * <pre>{@code
 * String kid = Unverified.header(token).keyId();   // then verify with the right verifier
 * }</pre>
 *
 * <p>A token longer than 65,536 characters (64 KiB, the default
 * {@link JwtVerifier.Builder#maxTokenBytes(int) maxTokenBytes} of a verifier) is refused unread,
 * so routing costs no more than verifying would. The cap is fixed: a service whose verifiers
 * accept larger tokens must route those by other means. A compact JWS is ASCII, so characters
 * are bytes.
 *
 * <p>Static methods without state: safe to call from any thread.
 */
public final class Unverified {

    // The verifier's default maxTokenBytes: anything Unverified reads, a default verifier would.
    private static final int MAX_TOKEN_BYTES = 64 * 1024;

    private Unverified() {}

    /**
     * The token's header, vetted as a verifier would vet it but NOT verified.
     *
     * @param token a compact JWS
     * @return its header; anyone could have written it
     * @throws MalformedJwtException if the token is null, longer than 65,536 characters, not
     *         three dot-separated segments, or its header is not valid base64url JSON
     * @throws JwtException a subclass for any other header a verifier would refuse before the
     *         signature (an unknown {@code alg}, say)
     */
    public static JwtHeader header(CharSequence token) {
        byte[] b = segment(token, 0);
        return HeaderParser.parse(b, 0, b.length);
    }

    /**
     * The token's claims as a map, NOT verified and NOT checked (no exp, aud or iss checks).
     *
     * @param token a compact JWS
     * @return its claims; anyone could have written them
     * @throws MalformedJwtException if the token is null, longer than 65,536 characters, not
     *         three dot-separated segments, or its payload is not a valid base64url JSON object
     */
    public static Map<String, Object> claims(CharSequence token) {
        byte[] b = segment(token, 1);
        return JsonCursor.readObject(b, 0, b.length, "JWT claims set");
    }

    /**
     * The token's {@code iss}, NOT verified: for picking which issuer's verifier to use. Only
     * the payload is decoded and only {@code iss} is read; every other value is skipped, not
     * built, so routing costs a fraction of a decode.
     *
     * <pre>{@code
     * JwtVerifier v = verifiersByIssuer.get(Unverified.issuer(token));   // null: no such issuer
     * }</pre>
     *
     * @param token a compact JWS
     * @return its {@code iss}, or null when it has none; anyone could have written it
     * @throws MalformedJwtException if the token is null, longer than 65,536 characters, not
     *         three dot-separated segments, its payload is not a valid base64url JSON object
     *         (duplicate member names included), or its {@code iss} is not a string
     */
    public static String issuer(CharSequence token) {
        byte[] b = segment(token, 1);
        JsonCursor c = new JsonCursor().openObject(b, 0, b.length, "JWT claims set");
        String iss = null;
        c.startObject();
        while (c.nextName()) {
            if ((c.nameLength() == 3 || c.nameEscaped()) && c.name().equals("iss")) {
                if (c.valueType() != '"') {
                    throw new MalformedJwtException("The JWT's \"iss\" claim is not a string.");
                }
                iss = c.readString();
            } else {
                c.skipValue();
            }
        }
        c.endDocument();
        return iss;
    }

    /**
     * An SD-JWT (or an SD-JWT+KB presentation), compact or in the JSON serialization, read
     * WITHOUT verifying the issuer's signature, its claims or any key binding: for a holder that
     * cannot verify (it lacks the issuer's key) and for inspection. Its disclosures are still
     * matched to its digests as RFC 9901 section 7.1 says, so a disclosure no digest references,
     * one sent twice or a malformed one is refused. The same 65,536-character cap applies.
     *
     * <pre>{@code
     * SdJwt sdJwt = Unverified.sdJwt(text);
     * sdJwt.disclosures().forEach(d -> System.out.println(d.path()));   // nothing here is verified
     * }</pre>
     *
     * @param sdJwt the SD-JWT text
     * @return the SD-JWT; anyone could have written it
     * @throws JwtException if it is not a well-formed SD-JWT ({@link MalformedJwtException}
     *         for most reasons; a header a verifier would refuse before the signature gets that
     *         refusal)
     */
    public static SdJwt sdJwt(CharSequence sdJwt) {
        return new SdJwt(io.lcjwt.internal.sdjwt.SdEngine.readUnverified(sdJwt, MAX_TOKEN_BYTES));
    }

    /**
     * A JWS, compact or in the JSON serialization (flattened or general), read WITHOUT verifying
     * any signature: its payload and each signature's headers. Each protected header is vetted as
     * a verifier vets it, and a JSON one is parsed by the verifier's own parser, so what this
     * reads a verifier would find well formed. An unencoded payload (RFC 7797, {@code "b64":false}
     * with {@code "crit":["b64"]}) is given as written. The same 65,536-character cap applies.
     *
     * <pre>{@code
     * UnverifiedJws jws = Unverified.jws(text);
     * byte[] payload = jws.payload();                 // anyone could have written it
     * }</pre>
     *
     * @param jws the JWS text
     * @return what it says; nothing of it is verified
     * @throws MalformedJwtException if it is null, longer than 65,536 characters, or neither a
     *         compact JWS (two dots) nor a well-formed JWS JSON serialization
     * @throws JwtException a subclass for any other header a verifier would refuse before the
     *         signature (an unknown {@code alg}, {@code alg} in an unprotected header, say)
     */
    public static UnverifiedJws jws(CharSequence jws) {
        io.lcjwt.internal.jws.UnverifiedReader.Read r = io.lcjwt.internal.jws.UnverifiedReader.read(jws, MAX_TOKEN_BYTES);
        return new UnverifiedJws(r.payload(), r.headers(), r.unprotected());
    }

    private static byte[] segment(CharSequence token, int index) {
        if (token == null) {
            throw new MalformedJwtException("The token is null.");
        }
        if (token.length() > MAX_TOKEN_BYTES) {
            throw new MalformedJwtException("The token is larger than Unverified's cap of " + MAX_TOKEN_BYTES
                    + " bytes (a verifier's default maxTokenBytes).");
        }
        String s = token.toString();
        String[] parts = s.split("\\.", -1);
        if (parts.length != 3) {
            throw new MalformedJwtException("A compact JWS has exactly two dots (header.payload.signature);"
                    + " this token has " + (parts.length - 1) + ".");
        }
        byte[] decoded = Base64Url.decode(parts[index]);
        if (decoded == null) {
            throw new MalformedJwtException("The token's " + (index == 0 ? "header" : "payload")
                    + " is not strict base64url.");
        }
        return decoded;
    }
}
