package io.lcjwt.internal.jws;

import io.lcjwt.AlgorithmNotAllowedException;
import io.lcjwt.BadSignatureException;
import io.lcjwt.InvalidHeaderException;
import io.lcjwt.JwtException;
import io.lcjwt.JwtHeader;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.UnknownKeyException;
import io.lcjwt.UnsupportedJwtException;
import io.lcjwt.internal.jws.TokenVerifier;
import io.lcjwt.internal.jws.TokenVerifier.HeaderEntry;
import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.crypto.Scratch;
import io.lcjwt.internal.crypto.SigningInput;
import io.lcjwt.internal.crypto.VerifyKey;

import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The JWS forms beyond compact: detached content (RFC 7515 Appendix F) and the JSON
 * serialization (RFC 7515 section 7.2, general and flattened), with RFC 7797 unencoded payloads
 * in either. Each protected header goes through the compact path's checks and header cache
 * ({@link TokenVerifier#header}); the signing input reaches libcrypto in two pieces
 * ({@link SigningInput}), so a detached payload is never copied or base64url-encoded whole.
 */
public final class JwsVerifier {

    /** More signatures than this is a denial-of-service shape, not a key migration. */
    static final int MAX_SIGNATURES = 16;

    /** What a JSON verification found. */
    public record JsonResult(byte[] payload, List<JwtHeader> headers, List<Map<String, Object>> unprotected) {}

    private final TokenVerifier tv;

    public JwsVerifier(TokenVerifier tv) {
        this.tv = tv;
    }

    // ---- detached compact ---------------------------------------------------------------------

    /** Verifies {@code header..signature} over the detached {@code payload}; returns the verified header. */
    public JwtHeader verifyDetached(CharSequence jws, MemorySegment payload) {
        try {
            return detached(jws, payload);
        } finally {
            Reference.reachabilityFence(tv.keepAlive());
        }
    }

    private JwtHeader detached(CharSequence jws, MemorySegment payload) {
        if (jws == null) {
            throw new MalformedJwtException("The JWS is null.");
        }
        if (payload == null) {
            throw new MalformedJwtException("The detached payload is null.");
        }
        int len = jws.length();
        tv.checkSize(len);
        Scratch s = tv.scratch();
        try {
            byte[] b = s.token(len);
            int acc = 0;
            for (int i = 0; i < len; i++) {
                char c = jws.charAt(i);
                acc |= c;
                b[i] = (byte) c;
            }
            if (len > 0 && (b[0] == '{' || b[0] == '[')) {
                throw new MalformedJwtException("The JWS looks like a JSON serialization; verifyDetached takes"
                        + " the compact form header..signature: use verifyJson(json, payload) for JSON.");
            }
            if (acc > 0x7F) {
                throw new MalformedJwtException("The JWS contains non-ASCII characters; a compact JWS"
                        + " is base64url text and dots only.");
            }
            int dot1 = TokenVerifier.firstDot(b, 0, len);
            int dot2 = TokenVerifier.lastDot(b, 0, len);
            if (dot1 < 0 || dot1 == dot2 || TokenVerifier.firstDot(b, dot1 + 1, dot2) >= 0) {
                throw new MalformedJwtException("A detached compact JWS is header..signature (two dots, RFC 7515"
                        + " Appendix F); this one has " + countDots(b, len) + " dot(s).");
            }
            if (dot2 != dot1 + 1) {
                throw new MalformedJwtException("The JWS carries its payload (header.payload.signature);"
                        + " verifyDetached takes header..signature with the payload apart: use verifyContent"
                        + " for an attached payload.");
            }
            if (dot1 == 0) {
                throw new MalformedJwtException("The token's header segment is empty.");
            }
            HeaderEntry entry = tv.header(b, 0, dot1, s);
            int sigLen = decodeSignature(b, dot2 + 1, len - dot2 - 1, s);
            SigningInput input = new SigningInput(s.tokenSegment(), dot1 + 1, payload, !entry.unencoded());
            check(entry, input, sigLen, s);
            tv.remember(entry);
            return entry.header();
        } finally {
            tv.release(s);
        }
    }

    private static int countDots(byte[] b, int len) {
        int n = 0;
        for (int i = 0; i < len; i++) {
            if (b[i] == '.') {
                n++;
            }
        }
        return n;
    }

    private static int decodeSignature(byte[] b, int off, int len, Scratch s) {
        if (len == 0) {
            throw new MalformedJwtException("The JWS has no signature (it is empty); unsecured JWS are never accepted.");
        }
        int sigLen = Base64Url.decodedLength(len);
        if (sigLen < 0 || sigLen > s.sig.length || Base64Url.decode(b, off, len, s.sig, 0) != sigLen) {
            throw new MalformedJwtException("The JWS's signature is not strict base64url"
                    + " (RFC 7515 section 2: no padding, no '+' or '/', no whitespace).");
        }
        return sigLen;
    }

    private static void check(HeaderEntry entry, SigningInput input, int sigLen, Scratch s) {
        if (!entry.key().verify(entry.header().algorithm(), input, sigLen, s)) {
            throw badSignature(entry);
        }
    }

    private static BadSignatureException badSignature(HeaderEntry entry) {
        VerifyKey key = entry.key();
        return new BadSignatureException("The JWS's " + entry.header().algorithm().jwsName()
                + " signature does not match"
                + (key.keyId() != null ? " key \"" + key.keyId() + "\"" : " the configured key") + ".");
    }

    // ---- JSON serialization -------------------------------------------------------------------

    /**
     * Verifies a JWS JSON serialization.
     *
     * @param detached the detached payload, or null when the JWS carries it
     * @param all every signature must verify with a known key (else: at least one)
     */
    public JsonResult verifyJson(CharSequence json, MemorySegment detached, boolean all) {
        try {
            return json(json, detached, all);
        } finally {
            Reference.reachabilityFence(tv.keepAlive());
        }
    }

    private JsonResult json(CharSequence json, MemorySegment detached, boolean all) {
        if (json == null) {
            throw new MalformedJwtException("The JWS is null.");
        }
        tv.checkSize(json.length());
        Scratch s = tv.scratch();
        try {
            int len = copyUtf8(json, s);
            byte[] b = s.token(len);
            // As many UTF-8 bytes as characters means every character is ASCII (any other takes two
            // bytes or more, and a lone surrogate was refused): then the String maps byte for byte
            // onto the copy, and the parser may search the String.
            String ascii = json instanceof String str && len == str.length() ? str : null;
            JsonJws parsed = JsonJws.parse(b, len, s.claims.cursor(), ascii);

            // Every protected header is read and checked before any signature work.
            int n = parsed.signatures.size();
            HeaderEntry[] entries = new HeaderEntry[n];
            JwtException firstFailure = null;
            Boolean unencoded = null;
            for (int i = 0; i < n; i++) {
                JsonJws.Signature sig = parsed.signatures.get(i);
                try {
                    UnsupportedJwtException unsupported = sig.unsupported();
                    if (unsupported != null) {
                        throw unsupported;
                    }
                    entries[i] = sig.unprotected.isEmpty()
                            ? tv.header(b, sig.protectedStart, sig.protectedLength, s)
                            : tv.header(b, sig.protectedStart, sig.protectedLength, s, sig.unprotected);
                } catch (AlgorithmNotAllowedException | UnknownKeyException | UnsupportedJwtException | InvalidHeaderException e) {
                    if (all) {
                        throw e;
                    }
                    firstFailure = firstFailure == null ? e : firstFailure;
                    continue;
                }
                boolean u = entries[i].unencoded();
                if (unencoded != null && unencoded != u) {
                    throw JsonJws.b64Disagreement();
                }
                unencoded = u;
            }
            if (unencoded == null) {
                throw firstFailure;
            }
            boolean raw = unencoded;

            // The payload part of the signing input, and the payload itself.
            MemorySegment body;
            byte[] payload = null;
            if (detached != null) {
                if (parsed.payloadStart >= 0) {
                    throw new MalformedJwtException("The JWS carries a \"payload\", but it was given to a detached"
                            + " verification; use verifyJson(json) for an attached payload.");
                }
                body = detached;
            } else {
                if (parsed.payloadStart < 0) {
                    throw new MalformedJwtException("The JWS has no \"payload\": its content is detached (RFC 7515"
                            + " Appendix F); verify it with verifyJson(json, payload).");
                }
                if (raw) {
                    parsed.checkPayload(b, s.claims.cursor());
                    if (parsed.payloadEscaped) {
                        payload = parsed.payloadString(b, s.claims.cursor()).getBytes(StandardCharsets.UTF_8);
                        body = MemorySegment.ofArray(payload);
                    } else {
                        body = s.tokenSegment().asSlice(parsed.payloadStart, parsed.payloadLength);
                    }
                } else {
                    body = s.tokenSegment().asSlice(parsed.payloadStart, parsed.payloadLength);
                    // The compact path's decoder, into the pooled buffer; the result is one copy of it.
                    int m = s.payload.decode(b, parsed.payloadStart, parsed.payloadLength);
                    if (m < 0) {
                        throw new MalformedJwtException("The JWS's payload is not strict base64url"
                                + " (RFC 7515 section 2: no padding, no '+' or '/', no whitespace).");
                    }
                    int at = s.payload.offset();
                    payload = Arrays.copyOfRange(s.payload.buffer(), at, at + m);
                }
            }

            List<JwtHeader> headers = n == 1 ? null : new ArrayList<>(n);
            List<Map<String, Object>> unprotected = n == 1 ? null : new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                HeaderEntry entry = entries[i];
                if (entry == null) {
                    continue;
                }
                JsonJws.Signature sig = parsed.signatures.get(i);
                int sigLen = decodeSignature(b, sig.signatureStart, sig.signatureLength, s);
                // The signing input starts with ASCII(protected) '.', in the scratch buffer. An
                // attached payload is inside the token, so small (maxTokenBytes): it is joined there
                // too, for the compact form's one-shot path, cheaper than feeding libcrypto two
                // pieces; a detached one is fed in place.
                int head = sig.protectedLength + 1;
                int bodyLen = detached == null ? (int) body.byteSize() : 0;
                byte[] in = s.input(head + bodyLen);
                System.arraycopy(b, sig.protectedStart, in, 0, sig.protectedLength);
                in[sig.protectedLength] = '.';
                boolean ok;
                if (detached == null) {
                    MemorySegment.copy(body, 0, s.inputSegment(), head, bodyLen);
                    ok = entry.key().verify(entry.header().algorithm(), s.inputSegment(), head + bodyLen, sigLen, s);
                } else {
                    SigningInput input = new SigningInput(s.inputSegment(), head, body, !raw);
                    ok = entry.key().verify(entry.header().algorithm(), input, sigLen, s);
                }
                if (!ok) {
                    BadSignatureException e = badSignature(entry);
                    if (all) {
                        throw n == 1 ? e : new BadSignatureException("Signature " + (i + 1) + " of " + n + ": "
                                + e.getMessage());
                    }
                    firstFailure = firstFailure == null ? e : firstFailure;
                    continue;
                }
                tv.remember(entry);
                if (n == 1) {
                    headers = List.of(entry.header());
                    unprotected = List.of(sig.unprotected);
                } else {
                    headers.add(entry.header());
                    unprotected.add(sig.unprotected);
                }
            }
            if (headers == null || headers.isEmpty()) {
                throw firstFailure;
            }
            if (payload == null && detached == null) {
                payload = body.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            }
            return new JsonResult(detached != null ? null : payload, headers, unprotected);
        } finally {
            tv.release(s);
        }
    }

    /**
     * Copies the JSON text into the pooled buffer as UTF-8: ASCII (the usual case, every member
     * but a non-ASCII unencoded payload or header value) byte for byte; anything else through a
     * strict encoder, so a lone surrogate is refused rather than turned into '?'.
     */
    private int copyUtf8(CharSequence json, Scratch s) {
        int len = json.length();
        byte[] b = s.token(len);
        if (json instanceof String str) {
            // One bulk copy, then the JDK's ASCII encoder over arrays (an intrinsic, several
            // times faster than a narrowing loop); it stops at the first non-ASCII character.
            CharBuffer in = s.charBuffer(len);
            str.getChars(0, len, in.array(), 0);
            if (!s.ascii().encode(in, s.tokenBuffer(len), true).isError() && !in.hasRemaining()) {
                return len;
            }
        } else {
            int acc = 0;
            for (int i = 0; i < len; i++) {
                char c = json.charAt(i);
                acc |= c;
                b[i] = (byte) c;
            }
            if (acc <= 0x7F) {
                return len;
            }
        }
        ByteBuffer utf8;
        try {
            utf8 = StandardCharsets.UTF_8.newEncoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .encode(CharBuffer.wrap(json));
        } catch (CharacterCodingException e) {
            throw new MalformedJwtException("The JWS contains a lone surrogate; it is not valid Unicode text.");
        }
        int n = utf8.remaining();
        tv.checkSize(n);
        utf8.get(s.token(n), 0, n);
        return n;
    }
}
