package io.lcjwt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Every kind of rejection, with what its message must say: the reason (a word a person would look
 * for), the fix where one helps, and never the secret, the computed MAC, or more than a short
 * quote of untrusted input.
 */
class ErrorMessagesTest {

    private static final String HEADER = "{\"alg\":\"HS256\",\"typ\":\"JWT\"}";

    record Case(String name, Class<? extends Throwable> type, Executable action, String... words) {}

    /** Untrusted text that tries to start a log line of its own, followed by 5,000 characters. */
    private static final String FORGED = "level=ERROR msg=forged";
    private static final String HOSTILE = "x\r\n" + FORGED + "\u2028" + "A".repeat(5_000);

    /**
     * Issue #20.6: key import and JWK set errors quote at most 32 characters of what they were
     * given, with line breaks escaped, since these messages reach the JWKS client's logs and metrics.
     */
    private static List<Case> keyImportAndJwksCases() {
        String json = JsonHostile.of(HOSTILE);
        String ec;
        try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.ES256); JwtPublicKey p = k.publicKey()) {
            ec = p.toJwk();
        }
        String ecMembers = ec.substring(1, ec.length() - 1);
        String pemLabel = "-----BEGIN " + HOSTILE + "-----\nAAAA\n-----END " + HOSTILE + "-----\n";
        String withKid = "{" + ecMembers + ",\"kid\":" + json + "}";
        return List.of(
            new Case("JWK kty of 5 KB with CR/LF", InvalidJwtKeyException.class,
                    () -> JwtKey.fromJwk("{\"kty\":" + json + "}"), "kty"),
            new Case("JWK alg of 5 KB with CR/LF", InvalidJwtKeyException.class,
                    () -> JwtKey.fromJwk("{" + ecMembers + ",\"alg\":" + json + "}"), "alg"),
            new Case("EC JWK crv of 5 KB with CR/LF", InvalidJwtKeyException.class,
                    () -> JwtKey.fromJwk("{\"kty\":\"EC\",\"crv\":" + json + ",\"x\":\"AA\",\"y\":\"AA\"}"), "curve"),
            new Case("OKP JWK crv of 5 KB with CR/LF", InvalidJwtKeyException.class,
                    () -> JwtKey.fromJwk("{\"kty\":\"OKP\",\"crv\":" + json + ",\"x\":\"AA\"}"), "curve"),
            new Case("JWKS duplicate kid of 5 KB with CR/LF", InvalidJwtKeyException.class,
                    () -> JwkSet.parse("{\"keys\":[" + withKid + "," + withKid + "]}"), "kid"),
            new Case("JWKS use of 5 KB with CR/LF", InvalidJwtKeyException.class,
                    () -> JwkSet.parse("{\"keys\":[{" + ecMembers + ",\"kid\":" + json + ",\"use\":" + json + "}]}"), "use"),
            new Case("JWK use of 5 KB with CR/LF", InvalidJwtKeyException.class,
                    () -> JwtKey.fromJwk("{" + ecMembers + ",\"use\":" + json + "}"), "use"),
            new Case("JWK key_ops value of 5 KB with CR/LF", InvalidJwtKeyException.class,
                    () -> JwtKey.fromJwk("{" + ecMembers + ",\"key_ops\":[" + json + "]}"), "key_ops"),
            new Case("JWE kid of 5 KB with CR/LF naming no key", UnknownKeyException.class, () -> {
                try (JwtKey k = JwtSecretKey.forEncryption(new byte[16]).withKeyId("k")) {
                    JweDecrypter.builder(k).keyAlgorithms(JweKeyAlgorithm.A128KW)
                            .contentAlgorithms(JweContentAlgorithm.A128GCM).build()
                            .decrypt(JweEncrypter.builder(k).keyAlgorithm(JweKeyAlgorithm.A128KW)
                                    .contentAlgorithm(JweContentAlgorithm.A128GCM).keyId(HOSTILE).build().encrypt(new byte[1]));
                }
            }, "kid"),
            new Case("JwkSet.of with a duplicate kid of 5 KB with CR/LF", InvalidJwtKeyException.class, () -> {
                try (JwtPrivateKey k = JwtPrivateKey.generate(Algorithm.ES256)) {
                    JwkSet.of(k.withKeyId(HOSTILE), k.withKeyId(HOSTILE));
                }
            }, "kid"),
            new Case("public PEM label of 5 KB with CR/LF", InvalidJwtKeyException.class,
                    () -> JwtPublicKey.fromPem(pemLabel), "PEM"),
            new Case("private PEM label of 5 KB with CR/LF", InvalidJwtKeyException.class,
                    () -> JwtPrivateKey.fromPem(pemLabel), "PEM"),
            new Case("PEM label of 5 KB with CR/LF and no END line", InvalidJwtKeyException.class,
                    () -> JwtPublicKey.fromPem("-----BEGIN " + HOSTILE + "-----\nAAAA\n"), "END"));
    }

    /** A JSON string literal for any text (the hostile payload has CR, LF and U+2028 in it). */
    private static final class JsonHostile {
        static String of(String s) {
            StringBuilder sb = new StringBuilder("\"");
            for (char c : s.toCharArray()) {
                if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') {
                    sb.append(String.format("\\u%04x", (int) c));
                } else {
                    sb.append(c);
                }
            }
            return sb.append('"').toString();
        }
    }

    @Test
    void everyRejectionSaysWhyAndLeaksNothing() {
        JwtVerifier v = TestTokens.verifier();
        JwtVerifier strict = JwtVerifier.builder(JwtSecretKey.of(TestTokens.KEY).withKeyId("k1")).algorithms(Algorithm.HS256)
                .audience(TestTokens.AUD).issuer("https://id.example").requireClaims("scope").clock(TestTokens.CLOCK)
                .maxTokenBytes(4096).build();
        String good = TestTokens.hs256(TestTokens.CLAIMS);
        String forged = good.substring(0, good.lastIndexOf('.') + 1)
                + TestTokens.b64(TestTokens.mac("HmacSHA256", TestTokens.bytes(64, 99), "x"));
        String hugeKid = "k".repeat(2_000);
        JwtSecretKey closed = JwtSecretKey.of(TestTokens.bytes(32, 5));
        JwtVerifier closedVerifier = JwtVerifier.builder(closed).algorithms(Algorithm.HS256).audience("a").build();
        closed.close();

        List<Case> cases = List.of(
            new Case("not a JWS", MalformedJwtException.class, () -> v.decode("not-a-token"), "two dots", "header.payload.signature"),
            new Case("alg none", AlgorithmNotAllowedException.class,
                    () -> v.decode(TestTokens.b64("{\"alg\":\"none\"}") + "." + TestTokens.b64(TestTokens.CLAIMS) + "."), "none"),
            new Case("alg not allowed", AlgorithmNotAllowedException.class,
                    () -> v.decode(TestTokens.hs("HS512", "{\"alg\":\"HS512\"}", TestTokens.CLAIMS, TestTokens.KEY)), "HS512", "allow"),
            new Case("bad signature", BadSignatureException.class, () -> v.decode(forged), "signature"),
            new Case("expired", ExpiredJwtException.class, () -> v.decode(TestTokens.hs256(
                    "{\"aud\":\"my-api\",\"exp\":1699999000}")), "expired"),
            new Case("not yet valid", NotYetValidException.class, () -> v.decode(TestTokens.hs256(
                    "{\"aud\":\"my-api\",\"exp\":1700003600,\"nbf\":1700001000}")), "not valid before"),
            new Case("wrong audience", InvalidClaimException.class, () -> v.decode(TestTokens.hs256(
                    "{\"aud\":\"other\",\"exp\":1700003600}")), "aud"),
            new Case("wrong issuer", InvalidClaimException.class, () -> strict.decode(TestTokens.hs256Header(
                    "{\"alg\":\"HS256\",\"kid\":\"k1\"}", "{\"aud\":\"my-api\",\"exp\":1700003600,\"iss\":\"https://evil.example\",\"scope\":\"a\"}")), "iss"),
            new Case("missing claim", MissingClaimException.class, () -> strict.decode(TestTokens.hs256Header(
                    "{\"alg\":\"HS256\",\"kid\":\"k1\"}", "{\"aud\":\"my-api\",\"exp\":1700003600,\"iss\":\"https://id.example\"}")), "scope"),
            new Case("missing exp", MissingClaimException.class, () -> v.decode(TestTokens.hs256("{\"aud\":\"my-api\"}")), "exp"),
            new Case("exp of the wrong type", InvalidClaimException.class, () -> v.decode(TestTokens.hs256(
                    "{\"aud\":\"my-api\",\"exp\":\"tomorrow\"}")), "exp"),
            new Case("unknown kid of 2,000 characters", UnknownKeyException.class, () -> strict.decode(TestTokens.hs256Header(
                    "{\"alg\":\"HS256\",\"kid\":\"" + hugeKid + "\"}", TestTokens.CLAIMS)), "kid"),
            new Case("crit", UnsupportedJwtException.class, () -> v.decode(TestTokens.hs256Header(
                    "{\"alg\":\"HS256\",\"crit\":[\"exp\"],\"exp\":1}", TestTokens.CLAIMS)), "crit"),
            new Case("zip", UnsupportedJwtException.class, () -> v.decode(TestTokens.hs256Header(
                    "{\"alg\":\"HS256\",\"zip\":\"DEF\"}", TestTokens.CLAIMS)), "zip"),
            new Case("too big", MalformedJwtException.class, () -> strict.decode(TestTokens.hs256(
                    "{\"aud\":\"my-api\",\"exp\":1700003600,\"pad\":\"" + "p".repeat(5000) + "\"}")), "maxTokenBytes"),
            new Case("duplicate claim", MalformedJwtException.class, () -> v.decode(TestTokens.hs256(
                    "{\"aud\":\"my-api\",\"exp\":1700003600,\"exp\":1800000000}")), "duplicate"),
            new Case("short secret", InvalidJwtKeyException.class, () -> JwtSecretKey.of(new byte[16]), "32 bytes"),
            new Case("public key as secret", InvalidJwtKeyException.class,
                    () -> JwtSecretKey.of(JwtPrivateKey.generate(Algorithm.ES256).publicKey().toPem().getBytes(StandardCharsets.US_ASCII)), "public key"),
            new Case("encrypted PEM", InvalidJwtKeyException.class, () -> JwtPrivateKey.fromPem(
                    "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIB\n-----END ENCRYPTED PRIVATE KEY-----\n"), "encrypted", "openssl"),
            new Case("closed key", IllegalStateException.class, () -> closedVerifier.decode(good), "closed"));
        cases = new ArrayList<>(cases);
        cases.addAll(keyImportAndJwksCases());

        byte[] realMac = TestTokens.mac("HmacSHA256", TestTokens.KEY, forged.substring(0, forged.lastIndexOf('.')));
        List<String> forbidden = List.of(TestTokens.b64(TestTokens.KEY), HexFormat.of().formatHex(TestTokens.KEY),
                new String(TestTokens.KEY, StandardCharsets.ISO_8859_1), TestTokens.b64(realMac), HexFormat.of().formatHex(realMac));
        List<String> shown = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Case c : cases) {
            Throwable t = assertThrows(c.type(), c.action(), c.name());
            String m = t.getMessage();
            shown.add(c.name() + " -> " + t.getClass().getSimpleName() + ": " + m);
            if (m == null || m.isBlank()) {
                problems.add(c.name() + ": no message");
                continue;
            }
            for (String w : c.words()) {
                if (!m.toLowerCase(Locale.ROOT).contains(w.toLowerCase(Locale.ROOT))) {
                    problems.add(c.name() + ": \"" + m + "\" does not say " + w);
                }
            }
            if (forbidden.stream().anyMatch(m::contains)) {
                problems.add(c.name() + ": the message leaks the secret or the MAC");
            }
            if (m.length() > 400) {
                problems.add(c.name() + ": " + m.length() + "-character message (quotes too much input?)");
            }
            if (m.chars().anyMatch(ch -> ch < 0x20 || ch == 0x7F || ch == 0x2028 || ch == 0x2029)) {
                problems.add(c.name() + ": the message holds a control character or line break (log injection)");
            }
            if (m.contains("A".repeat(33))) {
                problems.add(c.name() + ": the message quotes more than 32 characters of untrusted input");
            }
        }
        shown.forEach(System.out::println);
        assertEquals(List.of(), problems);
        shown.forEach(System.out::println);
    }
}
