package io.lcjwt.internal.sdjwt;

import io.lcjwt.MalformedJwtException;
import io.lcjwt.internal.crypto.Scratch;

import java.nio.charset.StandardCharsets;

/**
 * One verification's working memory, pooled by each verifier: the JWS buffers, the processor
 * and where the parts of the compact form are. Not thread-safe.
 */
final class SdScratch {
    final Scratch jws = new Scratch();
    final Processor proc = new Processor();
    /** The disclosures' texts: start and length of each, in the token buffer. */
    int[] spans = new int[64];
    int disclosures;
    /** Where the Issuer-signed JWT ends (its {@code ~}). */
    int jwtEnd;
    /** Where the KB-JWT starts, just past the last {@code ~}; the token's length when there is none. */
    int kbStart;
    /** The length of the Issuer-signed JWT's payload, decoded into the JWS scratch. */
    int payloadLength;

    /** Copies {@code text} into the token buffer as bytes; returns the length. */
    int copy(CharSequence text) {
        int len = text.length();
        byte[] b = jws.token(len + 1);
        if (text instanceof String str) {
            // As for a JWS: Latin-1 copied as is, anything above U+00FF becomes '?'; either is
            // then refused by the strict base64url of whichever part it lands in.
            jws.tokenSegment().setString(0, str, StandardCharsets.ISO_8859_1);
        } else {
            for (int i = 0; i < len; i++) {
                b[i] = (byte) Math.min(text.charAt(i), 0xFF);
            }
        }
        return len;
    }

    /**
     * Splits {@code token[0, len)} at its {@code ~}s (RFC 9901 section 4): the Issuer-signed JWT,
     * the disclosures, and the KB-JWT after the last {@code ~} (empty for an SD-JWT).
     */
    void split(int len, int maxDisclosures) {
        byte[] b = jws.token(len);
        int first = -1;
        for (int i = 0; i < len; i++) {
            if (b[i] == '~') {
                first = i;
                break;
            }
        }
        if (first < 0) {
            throw new MalformedJwtException("The token has no '~', so it is not an SD-JWT (RFC 9901 section 4: an"
                    + " SD-JWT ends with '~' even without disclosures); a plain JWT is verified with JwtVerifier.");
        }
        if (first == 0) {
            throw new MalformedJwtException("The SD-JWT has no Issuer-signed JWT before its first '~'.");
        }
        jwtEnd = first;
        disclosures = 0;
        int start = first + 1;
        for (int i = start; i < len; i++) {
            if (b[i] == '~') {
                if (i == start) {
                    throw new MalformedJwtException("The SD-JWT has an empty disclosure (two '~' in a row).");
                }
                if (disclosures == maxDisclosures) {
                    throw new MalformedJwtException("The SD-JWT has more than " + maxDisclosures
                            + " disclosures; lcjwt refuses more.");
                }
                if (2 * disclosures + 2 > spans.length) {
                    spans = java.util.Arrays.copyOf(spans, spans.length * 2);
                }
                spans[2 * disclosures] = start;
                spans[2 * disclosures + 1] = i - start;
                disclosures++;
                start = i + 1;
            }
        }
        kbStart = start;
    }
}
