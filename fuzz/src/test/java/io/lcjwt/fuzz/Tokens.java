package io.lcjwt.fuzz;

import io.lcjwt.JwtException;
import io.lcjwt.JwtVerifier;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Building tokens from fuzz input and feeding them to a verifier through every input and output kind. */
final class Tokens {

    private Tokens() {}

    /** Claims that pass every fuzz verifier. */
    static final String GOOD_CLAIMS = "{\"sub\":\"fuzz\",\"aud\":\"" + FuzzKeys.AUDIENCE + "\",\"exp\":"
            + (FuzzKeys.NOW + 3600) + ",\"nbf\":" + (FuzzKeys.NOW - 10)
            + ",\"roles\":[\"a\",\"b\"],\"n\":{\"x\":[1,2.5,null,true,\"\\u00e9\"]}}";

    record FuzzClaims(String sub, List<String> aud, Instant exp, Long nbf, List<String> roles, Map<String, Object> n) {}

    /** A bean with the same members, for the bean binder. */
    public static final class FuzzBean {
        private String sub;
        private List<String> aud;
        private Instant exp;
        private List<String> roles;

        public String getSub() { return sub; }
        public void setSub(String sub) { this.sub = sub; }
        public List<String> getAud() { return aud; }
        public void setAud(List<String> aud) { this.aud = aud; }
        public Instant getExp() { return exp; }
        public void setExp(Instant exp) { this.exp = exp; }
        public List<String> getRoles() { return roles; }
        public void setRoles(List<String> roles) { this.roles = roles; }
    }

    static String header(FuzzKeys.Material m, boolean withKid) {
        return "{\"alg\":\"" + m.alg().jwsName() + "\",\"typ\":\"JWT\"" + (withKid ? ",\"kid\":\"" + FuzzKeys.KID + "\"" : "") + "}";
    }

    /** The compact JWS of raw header and payload bytes, signed by the independent signer. */
    static byte[] signed(FuzzKeys.Material m, byte[] header, byte[] payload) {
        String input = FuzzKeys.b64(header) + "." + FuzzKeys.b64(payload);
        byte[] sig = m.sign(input.getBytes(StandardCharsets.US_ASCII));
        return (input + "." + FuzzKeys.b64(sig)).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Decodes {@code token} with {@code v}, through the input and output kinds {@code kind} picks.
     * Returns whether lcjwt accepted it and whether claims were checked; a {@link JwtException}
     * means refused, anything else escapes as a finding.
     */
    static Outcome decode(JwtVerifier v, byte[] token, int kind) {
        try {
            switch (Math.floorMod(kind, 7)) {
                case 0 -> v.decode(new String(token, StandardCharsets.ISO_8859_1));
                case 1 -> {
                    byte[] padded = new byte[token.length + 5];
                    System.arraycopy(token, 0, padded, 3, token.length);
                    v.decode(padded, 3, token.length, FuzzClaims.class);
                }
                case 2 -> {
                    ByteBuffer direct = ByteBuffer.allocateDirect(Math.max(1, token.length));
                    direct.put(token).flip();
                    v.decode(direct, FuzzBean.class);
                }
                case 3 -> {
                    try (Arena arena = Arena.ofConfined()) {
                        MemorySegment seg = arena.allocate(Math.max(1, token.length)).asSlice(0, token.length);
                        seg.copyFrom(MemorySegment.ofArray(token));
                        v.decodeJwt(seg, Map.class);
                    }
                }
                case 4 -> v.decode(ByteBuffer.wrap(token), Map.class);
                case 5 -> {
                    v.verifyContent(new String(token, StandardCharsets.ISO_8859_1));
                    return Outcome.CONTENT;
                }
                default -> {
                    v.verifyContent(Arrays.copyOf(token, token.length), 0, token.length);
                    return Outcome.CONTENT;
                }
            }
            return Outcome.JWT;
        } catch (JwtException refused) {
            if (refused.getMessage() == null || refused.getMessage().isBlank()) {
                throw new AssertionError("a refusal without a message", refused);
            }
            return Outcome.REFUSED;
        }
    }

    enum Outcome { REFUSED, JWT, CONTENT }
}
