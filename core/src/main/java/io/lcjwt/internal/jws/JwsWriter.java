package io.lcjwt.internal.jws;

import io.lcjwt.Algorithm;
import io.lcjwt.ClaimNaming;
import io.lcjwt.internal.claims.ClaimsWriter;
import io.lcjwt.internal.claims.JsonOut;
import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.crypto.AsymmetricKey;
import io.lcjwt.internal.crypto.HmacVerifyKey;
import io.lcjwt.internal.crypto.SigningInput;
import io.lcjwt.internal.crypto.VerifyKey;
import io.lcjwt.internal.keys.MlDsa;

import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The work behind {@code JwtSigner}: one key, one algorithm and headers encoded once, writing
 * compact, detached and JSON-serialized JWS. A claims token is assembled in a pooled buffer
 * (header, the payload base64url-encoded after it, the signature computed over those bytes in
 * place), so signing allocates only the token it returns.
 */
public final class JwsWriter {
    /** The longest signature lcjwt makes but for ML-DSA (RSA-8192), base64url-encoded. */
    private static final int MAX_SIGNATURE_TEXT = Base64Url.encodedLength(1024);
    /** ML-DSA-87's signature, the longest of all, base64url-encoded. */
    private static final int MAX_ML_DSA_SIGNATURE_TEXT = Base64Url.encodedLength(MlDsa.MAX_SIGNATURE_BYTES);

    private final Algorithm algorithm;
    private final VerifyKey key;
    private final Object owner;
    private final byte[] claimsHeader;
    private final byte[] contentHeader;
    private final ClaimNaming naming;
    private final boolean unencoded;
    private final Map<String, Object> unprotected;
    private final SignBuffers buffers = new SignBuffers();

    /**
     * @param algorithm the algorithm, one the key can sign with
     * @param key the key's native implementation
     * @param owner the public key object that owns {@code key}'s native state, kept reachable
     *        while a signature is computed
     * @param claimsHeader the protected header for claims, base64url-encoded
     * @param contentHeader the protected header for content (no default {@code typ}), encoded
     * @param naming how record components and bean properties are named as claims
     * @param unencoded whether the payload is signed as it is (RFC 7797)
     * @param unprotected unprotected header members, deeply unmodifiable; empty for none
     */
    public JwsWriter(Algorithm algorithm, VerifyKey key, Object owner, byte[] claimsHeader, byte[] contentHeader,
            ClaimNaming naming, boolean unencoded, Map<String, Object> unprotected) {
        this.algorithm = algorithm;
        this.key = key;
        this.owner = owner;
        this.claimsHeader = claimsHeader;
        this.contentHeader = contentHeader;
        this.naming = naming;
        this.unencoded = unencoded;
        this.unprotected = unprotected;
    }

    /** {@return whether the payload is signed unencoded (RFC 7797)} */
    public boolean unencoded() {
        return unencoded;
    }

    /** Signs claims as a compact JWS and returns it. */
    public String sign(Object claims) {
        SignBuffers.Buffer b = buffers.take();
        try {
            int n = claimsToken(claims, b);
            return b.token(n);
        } finally {
            buffers.give(b);
            Reference.reachabilityFence(owner);
        }
    }

    /** Signs claims into {@code out} from its start; returns the token's length. */
    public long signTo(Object claims, MemorySegment out) {
        SignBuffers.Buffer b = buffers.take();
        try {
            int n = claimsToken(claims, b);
            if (n > out.byteSize()) {
                throw new IllegalArgumentException("out has " + out.byteSize() + " bytes, and this token needs " + n);
            }
            MemorySegment.copy(b.outSegment(), 0, out, 0, n);
            return n;
        } finally {
            buffers.give(b);
            Reference.reachabilityFence(owner);
        }
    }

    /** Writes the claims' compact JWS into {@code b}'s token buffer; returns its length. */
    private int claimsToken(Object claims, SignBuffers.Buffer b) {
        if (unencoded) {
            throw new IllegalStateException("this signer has unencodedPayload(), which a JWT must not use"
                    + " (RFC 7797 section 7); sign claims with a signer without it, or content with signContent");
        }
        compactOnly();
        JsonOut json = b.json.reset("claims");
        ClaimsWriter.write(json, claims, naming);
        return compact(b, claimsHeader, json.buffer(), json.length());
    }

    /**
     * Assembles {@code header.payload.signature} in {@code b}'s token buffer: the header, the
     * payload base64url-encoded after it, the signature over those bytes in place, and its text;
     * returns the token's length.
     */
    private int compact(SignBuffers.Buffer b, byte[] header, byte[] payload, int payloadLen) {
        int h = header.length;
        int inputLen = h + 1 + Base64Url.encodedLength(payloadLen);
        byte[] out = b.out(inputLen + 1 + (algorithm.family() == Algorithm.Family.ML_DSA ? MAX_ML_DSA_SIGNATURE_TEXT
                : MAX_SIGNATURE_TEXT));
        System.arraycopy(header, 0, out, 0, h);
        out[h] = '.';
        b.base64.encode(payload, 0, payloadLen, out, h + 1);
        out[inputLen] = '.';
        if (key instanceof HmacVerifyKey hmac) {
            int macLen = algorithm.hashBytes();
            hmac.sign(algorithm, b.outSegment(), inputLen, b.macSegment);
            return inputLen + 1 + Base64Url.encode(b.mac, 0, macLen, out, inputLen + 1);
        }
        byte[] sig = ((AsymmetricKey) key).sign(algorithm, b.outSegment(), inputLen);
        return inputLen + 1 + Base64Url.encode(sig, 0, sig.length, out, inputLen + 1);
    }

    /** Signs content (owned by this call) as a compact JWS. */
    public String signContent(byte[] payload) {
        compactOnly();
        try {
            if (unencoded) {
                for (byte x : payload) {
                    if (x == '.' || x < 0) {
                        throw new IllegalArgumentException("payload holds '.' or a non-ASCII byte, which a compact"
                                + " JWS with an unencoded payload (RFC 7797 section 5.2) cannot carry; use"
                                + " signDetached or signFlattened");
                    }
                }
                String detached = detachedFenced(contentHeader, MemorySegment.ofArray(payload));
                int dot = detached.indexOf('.');
                return detached.substring(0, dot + 1) + new String(payload, StandardCharsets.ISO_8859_1)
                        + detached.substring(dot + 1);
            }
            SignBuffers.Buffer b = buffers.take();
            try {
                int n = compact(b, contentHeader, payload, payload.length);
                return b.token(n);
            } finally {
                buffers.give(b);
            }
        } finally {
            Reference.reachabilityFence(owner);
        }
    }

    /**
     * The JSON serialization when every string in it is base64url (an encoded or absent payload,
     * no unprotected header): nothing to escape, so it is written straight into one builder.
     */
    private static String plainJson(String payloadText, boolean general, List<Map<String, Object>> sigs) {
        StringBuilder sb = new StringBuilder(64 + (payloadText == null ? 0 : payloadText.length()) + 160 * sigs.size());
        sb.append('{');
        if (payloadText != null) {
            sb.append("\"payload\":\"").append(payloadText).append("\",");
        }
        if (general) {
            sb.append("\"signatures\":[");
        }
        for (int i = 0; i < sigs.size(); i++) {
            Map<String, Object> sig = sigs.get(i);
            sb.append(i == 0 ? "" : ",").append(general ? "{" : "")
                    .append("\"protected\":\"").append((String) sig.get("protected"))
                    .append("\",\"signature\":\"").append((String) sig.get("signature")).append('"')
                    .append(general ? "}" : "");
        }
        return sb.append(general ? "]}" : "}").toString();
    }

    /** {@code header.payload.signature} for an encoded payload, through a pooled buffer. */
    private String compactContent(byte[] payload) {
        SignBuffers.Buffer b = buffers.take();
        try {
            return b.token(compact(b, contentHeader, payload, payload.length));
        } finally {
            buffers.give(b);
        }
    }

    /** Signs content that travels apart: {@code header..signature}. */
    public String signDetached(MemorySegment payload) {
        compactOnly();
        try {
            return detachedFenced(contentHeader, payload);
        } finally {
            Reference.reachabilityFence(owner);
        }
    }

    private void compactOnly() {
        if (!unprotected.isEmpty()) {
            throw new IllegalStateException("this signer has unprotected header members, which only the JSON"
                    + " serialization carries; use signFlattened or signGeneral");
        }
    }

    /**
     * The JWS JSON serialization of one payload (RFC 7515 section 7.2): flattened for one
     * writer, or general with one signature per writer, the payload left out when detached.
     * The writers agree on {@link #unencoded()}.
     */
    public static String json(byte[] payload, boolean detached, boolean general, List<JwsWriter> writers) {
        boolean raw = writers.get(0).unencoded;
        String payloadText = null;
        if (!detached) {
            if (raw) {
                try {
                    payloadText = StandardCharsets.UTF_8.newDecoder()
                            .onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT)
                            .decode(ByteBuffer.wrap(payload)).toString();
                } catch (CharacterCodingException e) {
                    throw new IllegalArgumentException("payload is not valid UTF-8, which an unencoded payload in"
                            + " the JSON serialization must be (it is written as a JSON string); sign it"
                            + " detached or without unencodedPayload()");
                }
            } else {
                payloadText = new String(Base64Url.encode(payload), StandardCharsets.ISO_8859_1);
            }
        }
        MemorySegment body = MemorySegment.ofArray(payload);
        List<Map<String, Object>> sigs = new ArrayList<>(writers.size());
        for (JwsWriter w : writers) {
            Map<String, Object> sig = new LinkedHashMap<>();
            sig.put("protected", new String(w.contentHeader, StandardCharsets.ISO_8859_1));
            if (!w.unprotected.isEmpty()) {
                sig.put("header", w.unprotected);
            }
            String compact;
            try {
                // An attached, encoded payload is signed as the compact form signs it: the input
                // assembled once in a pooled buffer and signed in one call, not streamed in pieces.
                compact = detached || raw ? w.detachedFenced(w.contentHeader, body) : w.compactContent(payload);
            } finally {
                Reference.reachabilityFence(w.owner);
            }
            sig.put("signature", compact.substring(compact.lastIndexOf('.') + 1));
            sigs.add(sig);
        }
        if (!raw && writers.stream().allMatch(w -> w.unprotected.isEmpty())) {
            return plainJson(payloadText, general, sigs);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        if (payloadText != null) {
            out.put("payload", payloadText);
        }
        if (general) {
            out.put("signatures", sigs);
        } else {
            out.putAll(sigs.get(0));
        }
        return new String(ClaimsWriter.toJson(out), StandardCharsets.UTF_8);
    }

    /** {@code header..signature} over {@code header '.' payload-part}, the payload read in place. */
    private String detachedFenced(byte[] header, MemorySegment payload) {
        byte[] head = Arrays.copyOf(header, header.length + 1);
        head[header.length] = '.';
        SigningInput input = new SigningInput(MemorySegment.ofArray(head), head.length, payload, !unencoded);
        byte[] sig;
        if (key instanceof HmacVerifyKey hmac) {
            sig = new byte[algorithm.hashBytes()];
            hmac.sign(algorithm, input, sig);
        } else {
            sig = ((AsymmetricKey) key).sign(algorithm, input);
        }
        byte[] out = new byte[head.length + 1 + Base64Url.encodedLength(sig.length)];
        System.arraycopy(head, 0, out, 0, head.length);
        out[head.length] = '.';
        Base64Url.encode(sig, 0, sig.length, out, head.length + 1);
        return new String(out, StandardCharsets.ISO_8859_1);
    }
}
