package io.lcjwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Issue #19.7 and the error model of {@link JwtException}: every public entry point checks its
 * arguments. A null is a {@link NullPointerException} whose message is the parameter's name (the
 * JDK's {@code Objects.requireNonNull(x, "x")} convention); a bad value an
 * {@link IllegalArgumentException} whose message names the parameter; a byte range outside its
 * array an {@link IndexOutOfBoundsException}; a builder missing a mandatory setting an
 * {@link IllegalStateException}. A null token, though, is a token refusal like any other.
 */
class ArgumentChecksTest {

    /** One entry point called badly: what it must throw, and the word its message must hold. */
    record Row(String call, Class<? extends Throwable> type, String names, Executable action) {}

    @Test
    void everyPublicEntryPointNamesTheBadArgument() {
        JwtSecretKey key = JwtSecretKey.of(TestTokens.KEY);
        JwtVerifier v = TestTokens.verifier();
        String token = TestTokens.hs256(TestTokens.CLAIMS);
        byte[] bytes = token.getBytes(StandardCharsets.US_ASCII);
        JwtHeader header = new JwtHeader(Algorithm.HS256, null, null, Map.of("alg", "HS256"));
        JwtSigner.Builder sb = JwtSigner.builder(key).algorithm(Algorithm.HS256);
        JwtSigner signer = sb.build();
        JwkSet set = JwkSet.of(JwtPrivateKey.generate(Algorithm.ES256).withKeyId("k"));
        String[] sixtyOne = new String[61];
        Arrays.setAll(sixtyOne, i -> "c" + i);

        List<Row> rows = List.of(
            // JwtVerifier and its builder
            new Row("builder((JwtKey) null)", NullPointerException.class, "key", () -> JwtVerifier.builder((JwtKey) null)),
            new Row("builder((Collection) null)", NullPointerException.class, "keys",
                    () -> JwtVerifier.builder((Collection<JwtKey>) null)),
            new Row("builder(List.of())", IllegalArgumentException.class, "keys", () -> JwtVerifier.builder(List.of())),
            new Row("builder([key, null])", NullPointerException.class, "keys[1]",
                    () -> JwtVerifier.builder(Arrays.asList(key, null))),
            new Row("builder((JwksClient) null)", NullPointerException.class, "client",
                    () -> JwtVerifier.builder((JwksClient) null)),
            new Row("builder((JwkSet) null)", NullPointerException.class, "set", () -> JwtVerifier.builder((JwkSet) null)),
            new Row("algorithms((Algorithm) null)", NullPointerException.class, "algorithms[0]",
                    () -> JwtVerifier.builder(key).algorithms((Algorithm) null)),
            new Row("algorithms(HS256, null)", NullPointerException.class, "algorithms[1]",
                    () -> JwtVerifier.builder(key).algorithms(Algorithm.HS256, null)),
            new Row("algorithms((Algorithm[]) null)", NullPointerException.class, "algorithms",
                    () -> JwtVerifier.builder(key).algorithms((Algorithm[]) null)),
            new Row("algorithms()", IllegalArgumentException.class, "algorithms", () -> JwtVerifier.builder(key).algorithms()),
            new Row("audience((String) null)", NullPointerException.class, "audiences[0]",
                    () -> JwtVerifier.builder(key).audience((String) null)),
            new Row("audience((String[]) null)", NullPointerException.class, "audiences",
                    () -> JwtVerifier.builder(key).audience((String[]) null)),
            new Row("audience()", IllegalArgumentException.class, "audiences", () -> JwtVerifier.builder(key).audience()),
            new Row("audience(\"a\", \"\")", IllegalArgumentException.class, "audiences[1]",
                    () -> JwtVerifier.builder(key).audience("a", "")),
            new Row("issuer(null)", NullPointerException.class, "issuer", () -> JwtVerifier.builder(key).issuer(null)),
            new Row("issuer(\"\")", IllegalArgumentException.class, "issuer", () -> JwtVerifier.builder(key).issuer("")),
            new Row("leeway(null)", NullPointerException.class, "leeway", () -> JwtVerifier.builder(key).leeway(null)),
            new Row("leeway(-1 s)", IllegalArgumentException.class, "leeway",
                    () -> JwtVerifier.builder(key).leeway(Duration.ofSeconds(-1))),
            new Row("leeway(11 min)", IllegalArgumentException.class, "leeway",
                    () -> JwtVerifier.builder(key).leeway(Duration.ofMinutes(11))),
            new Row("requireClaims((String) null)", NullPointerException.class, "names[0]",
                    () -> JwtVerifier.builder(key).requireClaims((String) null)),
            new Row("requireClaims((String[]) null)", NullPointerException.class, "names",
                    () -> JwtVerifier.builder(key).requireClaims((String[]) null)),
            new Row("requireClaims()", IllegalArgumentException.class, "names", () -> JwtVerifier.builder(key).requireClaims()),
            new Row("requireClaims(\"\")", IllegalArgumentException.class, "names[0]",
                    () -> JwtVerifier.builder(key).requireClaims("")),
            new Row("requireClaims(61 names)", IllegalArgumentException.class, "names",
                    () -> JwtVerifier.builder(key).requireClaims(sixtyOne)),
            new Row("expectType(null)", NullPointerException.class, "type", () -> JwtVerifier.builder(key).expectType(null)),
            new Row("expectType(\"\")", IllegalArgumentException.class, "type", () -> JwtVerifier.builder(key).expectType("")),
            new Row("clock(null)", NullPointerException.class, "clock", () -> JwtVerifier.builder(key).clock(null)),
            new Row("maxTokenBytes(15)", IllegalArgumentException.class, "maxTokenBytes",
                    () -> JwtVerifier.builder(key).maxTokenBytes(15)),
            new Row("build() without algorithms", IllegalStateException.class, "algorithms",
                    () -> JwtVerifier.builder(key).build()),
            new Row("decode(token, null)", NullPointerException.class, "type", () -> v.decode(token, null)),
            new Row("decode(byte[], off, len, null)", NullPointerException.class, "type",
                    () -> v.decode(bytes, 0, bytes.length, null)),
            new Row("decode(ByteBuffer, null)", NullPointerException.class, "type",
                    () -> v.decode(java.nio.ByteBuffer.wrap(bytes), null)),
            new Row("decode(MemorySegment, null)", NullPointerException.class, "type",
                    () -> v.decode(java.lang.foreign.MemorySegment.ofArray(bytes), null)),
            new Row("decodeJwt(token, null)", NullPointerException.class, "type", () -> v.decodeJwt(token, null)),
            new Row("decodeJwt(byte[], off, len, null)", NullPointerException.class, "type",
                    () -> v.decodeJwt(bytes, 0, bytes.length, null)),
            new Row("decode(byte[], 1, length)", IndexOutOfBoundsException.class, null, () -> v.decode(bytes, 1, bytes.length)),
            new Row("decode(byte[], -1, 2)", IndexOutOfBoundsException.class, null, () -> v.decode(bytes, -1, 2)),
            new Row("decode(byte[], 0, -1)", IndexOutOfBoundsException.class, null, () -> v.decode(bytes, 0, -1)),
            new Row("decodeJwt(byte[], 1, length)", IndexOutOfBoundsException.class, null,
                    () -> v.decodeJwt(bytes, 1, bytes.length)),
            new Row("decode(byte[], 1, length, type)", IndexOutOfBoundsException.class, null,
                    () -> v.decode(bytes, 1, bytes.length, Map.class)),
            new Row("verifyContent(byte[], 1, length)", IndexOutOfBoundsException.class, null,
                    () -> v.verifyContent(bytes, 1, bytes.length)),
            // A null token is a missing token: a refusal, so a request without one gets a 401 like any bad one.
            new Row("decode((CharSequence) null)", MalformedJwtException.class, "null", () -> v.decode((CharSequence) null)),
            new Row("decode((byte[]) null, 0, 0)", MalformedJwtException.class, "null", () -> v.decode((byte[]) null, 0, 0)),
            new Row("decodeJwt((CharSequence) null)", MalformedJwtException.class, "null",
                    () -> v.decodeJwt((CharSequence) null)),
            new Row("Unverified.header(null)", MalformedJwtException.class, "null", () -> Unverified.header(null)),
            // JwtSigner and its builder
            new Row("JwtSigner.builder(null)", NullPointerException.class, "key", () -> JwtSigner.builder(null)),
            new Row("algorithm(null)", NullPointerException.class, "algorithm", () -> JwtSigner.builder(key).algorithm(null)),
            new Row("header(null, 1)", NullPointerException.class, "name", () -> JwtSigner.builder(key).header(null, 1)),
            new Row("header(\"crit\", ...)", IllegalArgumentException.class, "name",
                    () -> JwtSigner.builder(key).header("crit", List.of("x"))),
            new Row("JwtSigner build() without algorithm", IllegalStateException.class, "algorithm",
                    () -> JwtSigner.builder(key).build()),
            new Row("sign(null)", NullPointerException.class, "claims", () -> signer.sign(null)),
            new Row("signContent(null)", NullPointerException.class, "content", () -> signer.signContent(null)),
            // Algorithm, JwkSet, VerifiedJwt, JwtHeader
            new Row("Algorithm.fromJwsName(null)", NullPointerException.class, "name", () -> Algorithm.fromJwsName(null)),
            new Row("JwkSet.of((JwtKey[]) null)", NullPointerException.class, "keys", () -> JwkSet.of((JwtKey[]) null)),
            new Row("JwkSet.of(key, null)", NullPointerException.class, "keys[1]", () -> JwkSet.of(key, null)),
            new Row("JwkSet.parse(null)", NullPointerException.class, "json", () -> JwkSet.parse(null)),
            new Row("JwkSet.parseLenient(null)", NullPointerException.class, "json", () -> JwkSet.parseLenient(null)),
            new Row("JwkSet.byKeyId(null)", NullPointerException.class, "kid", () -> set.byKeyId(null)),
            new Row("new VerifiedJwt(null, claims)", NullPointerException.class, "header", () -> new VerifiedJwt<>(null, Map.of())),
            new Row("new VerifiedJwt(header, null)", NullPointerException.class, "claims", () -> new VerifiedJwt<>(header, null)),
            new Row("new JwtHeader(null, ...)", NullPointerException.class, "algorithm",
                    () -> new JwtHeader(null, null, null, Map.of())),
            new Row("new JwtHeader(alg, ..., null)", NullPointerException.class, "parameters",
                    () -> new JwtHeader(Algorithm.HS256, null, null, null)),
            new Row("JwtHeader.get(null)", NullPointerException.class, "name", () -> header.get(null)));

        List<String> problems = new ArrayList<>();
        for (Row r : rows) {
            Throwable t;
            try {
                r.action().execute();
                problems.add(r.call() + ": threw nothing");
                continue;
            } catch (Throwable thrown) {
                t = thrown;
            }
            if (t.getClass() != r.type() && !(r.type() == IndexOutOfBoundsException.class
                    && t instanceof IndexOutOfBoundsException)) {
                problems.add(r.call() + ": " + t + " instead of " + r.type().getSimpleName());
                continue;
            }
            String m = t.getMessage();
            if (r.names() == null) {
                continue;
            }
            if (t instanceof NullPointerException ? !r.names().equals(m) : m == null || !m.contains(r.names())) {
                problems.add(r.call() + ": message \"" + m + "\" does not name " + r.names());
            }
        }
        assertEquals(List.of(), problems);
        key.close();
        set.keys().forEach(JwtKey::close);
    }
}
