package io.lcjwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Sign, then decode through every input kind into every output kind, for HS256, HS384 and HS512. */
class RoundTripTest {

    record Claims(String sub, List<String> aud, Instant exp, long iat, List<String> roles, Address address) {}

    record Address(String city, int zip) {}

    public static class Bean {
        private String sub;
        private Instant exp;
        private List<String> roles;

        public String getSub() {
            return sub;
        }

        public void setSub(String sub) {
            this.sub = sub;
        }

        public Instant getExp() {
            return exp;
        }

        public void setExp(Instant exp) {
            this.exp = exp;
        }

        public List<String> getRoles() {
            return roles;
        }

        public void setRoles(List<String> roles) {
            this.roles = roles;
        }
    }

    static final Instant EXP = Instant.ofEpochSecond(TestTokens.NOW + 3600);

    @ParameterizedTest
    @EnumSource(names = {"HS256", "HS384", "HS512"})
    void everyInputAndOutputKind(Algorithm alg) {
        try (JwtSecretKey key = JwtSecretKey.of(TestTokens.bytes(64, alg.ordinal())).withKeyId("k-" + alg)) {
            JwtSigner signer = JwtSigner.builder(key).algorithm(alg).header("x-app", "tests").build();
            Claims in = new Claims("alice", List.of("my-api"), EXP, TestTokens.NOW, List.of("admin", "dev"),
                    new Address("Lyon", 69000));
            String token = signer.sign(in);
            JwtVerifier v = JwtVerifier.builder(key).algorithms(alg).audience("my-api").clock(TestTokens.CLOCK).build();

            byte[] bytes = token.getBytes(StandardCharsets.US_ASCII);
            byte[] padded = new byte[bytes.length + 10];
            System.arraycopy(bytes, 0, padded, 5, bytes.length);

            assertEquals(in, v.decode(token, Claims.class));
            assertEquals(in, v.decode(new StringBuilder(token), Claims.class));
            assertEquals(in, v.decode(padded, 5, bytes.length, Claims.class));
            assertEquals(in, v.decode(ByteBuffer.wrap(padded, 5, bytes.length), Claims.class));
            ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
            assertEquals(in, v.decode(direct, Claims.class));
            assertEquals(0, direct.position(), "decode leaves the buffer's position alone");
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment seg = arena.allocate(bytes.length);
                seg.copyFrom(MemorySegment.ofArray(bytes));
                assertEquals(in, v.decode(seg, Claims.class));
                assertEquals("alice", v.decode(seg).get("sub"));
            }
            assertEquals(in, v.decode(MemorySegment.ofArray(padded).asSlice(5, bytes.length), Claims.class));

            Map<String, Object> map = v.decode(token);
            assertEquals("alice", map.get("sub"));
            assertEquals(List.of("my-api"), map.get("aud"));
            assertEquals(EXP.getEpochSecond(), map.get("exp"));
            assertEquals(Map.of("city", "Lyon", "zip", 69000L), map.get("address"));
            assertEquals(map, v.decode(padded, 5, bytes.length));
            assertEquals(map, v.decode(ByteBuffer.wrap(bytes)));

            Bean bean = v.decode(token, Bean.class);
            assertEquals("alice", bean.getSub());
            assertEquals(EXP, bean.getExp());
            assertEquals(List.of("admin", "dev"), bean.getRoles());

            VerifiedJwt<Claims> jwt = v.decodeJwt(token, Claims.class);
            assertEquals(in, jwt.claims());
            assertEquals(alg, jwt.header().algorithm());
            assertEquals("k-" + alg, jwt.header().keyId());
            assertEquals("JWT", jwt.header().type());
            assertEquals("tests", jwt.header().get("x-app"));
            assertEquals(in, v.decodeJwt(bytes, 0, bytes.length, Claims.class).claims());
            assertEquals(in, v.decodeJwt(ByteBuffer.wrap(bytes), Claims.class).claims());
            assertEquals(in, v.decodeJwt(MemorySegment.ofArray(bytes), Claims.class).claims());
        }
    }

    @ParameterizedTest
    @EnumSource(names = {"HS256", "HS384", "HS512"})
    void arbitraryContent(Algorithm alg) {
        try (JwtSecretKey key = JwtSecretKey.of(TestTokens.bytes(64, 99))) {
            JwtSigner signer = JwtSigner.builder(key).algorithm(alg).build();
            byte[] content = {0, 1, 2, (byte) 0xFF, '.', '"', 'x'};
            String jws = signer.signContent(content);
            JwtVerifier v = JwtVerifier.builder(key).algorithms(alg).build();
            assertArrayEquals(content, v.verifyContent(jws));
            byte[] b = jws.getBytes(StandardCharsets.US_ASCII);
            assertArrayEquals(content, v.verifyContent(b, 0, b.length));
            assertArrayEquals(content, v.verifyContent(ByteBuffer.wrap(b)));
            assertArrayEquals(content, v.verifyContent(MemorySegment.ofArray(b)));
            assertEquals(null, Unverified.header(jws).type(), "content JWS carries no typ unless asked");
            // The same JWS is not a JWT: its payload is not a JSON object.
            assertThrows(MalformedJwtException.class, () -> v.decode(jws));
        }
    }

    /**
     * One verifier, one thread, so every decode reuses the same scratch buffers: payloads of every
     * length from 0 to 700 bytes, then long and short in turn (the payload decoder keeps one source
     * array per length mod 4 and replaces it when the length moves too far), each verified as
     * content and as a String and byte[] token, and the result compared with what was signed.
     */
    @Test
    void payloadsOfEveryLengthThroughReusedBuffers() {
        try (JwtSecretKey key = JwtSecretKey.of(TestTokens.bytes(64, 7))) {
            JwtSigner signer = JwtSigner.builder(key).algorithm(Algorithm.HS256).build();
            JwtVerifier v = JwtVerifier.builder(key).algorithms(Algorithm.HS256).build();
            java.util.Random random = new java.util.Random(42);
            List<Integer> lengths = new java.util.ArrayList<>();
            for (int n = 0; n <= 700; n++) {
                lengths.add(n);
            }
            for (int i = 0; i < 200; i++) {
                lengths.add(i % 2 == 0 ? 3000 + random.nextInt(3000) : random.nextInt(400));
            }
            for (int n = 700; n >= 0; n -= 3) {
                lengths.add(n);
            }
            for (int n : lengths) {
                byte[] content = new byte[n];
                random.nextBytes(content);
                String jws = signer.signContent(content);
                byte[] b = jws.getBytes(StandardCharsets.US_ASCII);
                assertArrayEquals(content, v.verifyContent(jws), "length " + n);
                assertArrayEquals(content, v.verifyContent(b, 0, b.length), "length " + n);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(names = {"HS256", "HS384", "HS512"})
    void signedTokensMatchTheJdksMac(Algorithm alg) {
        byte[] secret = TestTokens.bytes(64, 5);
        try (JwtSecretKey key = JwtSecretKey.of(secret)) {
            String token = JwtSigner.builder(key).algorithm(alg).build().sign(Map.of("sub", "x", "n", 1));
            int dot = token.lastIndexOf('.');
            assertEquals(TestTokens.b64(TestTokens.mac(TestTokens.jca(alg.jwsName()), secret, token.substring(0, dot))),
                    token.substring(dot + 1));
        }
    }
}
