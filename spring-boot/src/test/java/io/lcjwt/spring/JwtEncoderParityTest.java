package io.lcjwt.spring;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.util.Base64URL;
import io.lcjwt.JwkSet;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtSecretKey;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.security.oauth2.jose.jws.JwsAlgorithm;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.JwtEncodingException;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;

import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import javax.crypto.spec.SecretKeySpec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every {@code JwsHeader} member and claim type through lcjwt's encoder and Spring's own
 * {@code NimbusJwtEncoder}, over the same keys: the headers and claims of the returned {@code Jwt}s
 * are equal, the signing inputs are the same text, and for RS256 and HS256, whose signatures are
 * deterministic, so is the whole token. ES256 and PS256 signatures (randomized) are checked by the
 * JDK instead; EdDSA, which Nimbus's encoder does not sign, by the JDK's Ed25519, which must
 * give the same signature.
 */
class JwtEncoderParityTest {
    static final Base64.Decoder B64 = Base64.getUrlDecoder();
    static final KeyPair RSA = generate("RSA");
    static final KeyPair EC = generate("EC");
    static final byte[] SECRET = "a 32-byte secret, for HS256 only".getBytes(StandardCharsets.US_ASCII);
    static final Instant IAT = Instant.parse("2026-12-01T10:15:30.250Z");

    static final NimbusJwtEncoder NIMBUS_RSA = NimbusJwtEncoder.withKeyPair((RSAPublicKey) RSA.getPublic(),
            (RSAPrivateKey) RSA.getPrivate()).build();
    static final LcjwtJwtEncoder LCJWT_RSA = LcjwtJwtEncoder.withKeyPair((RSAPublicKey) RSA.getPublic(),
            (RSAPrivateKey) RSA.getPrivate()).build();
    static final NimbusJwtEncoder NIMBUS_HS = NimbusJwtEncoder.withSecretKey(new SecretKeySpec(SECRET, "HmacSHA256")).build();
    static final LcjwtJwtEncoder LCJWT_HS = LcjwtJwtEncoder.withSecretKey(new SecretKeySpec(SECRET, "HmacSHA256")).build();

    @AfterAll
    static void close() {
        LCJWT_RSA.close();
        LCJWT_HS.close();
    }

    static KeyPair generate(String alg) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance(alg);
            if (alg.equals("RSA")) {
                g.initialize(2048);
            } else if (alg.equals("EC")) {
                g.initialize(new ECGenParameterSpec("secp256r1"));
            }
            return g.generateKeyPair();
        } catch (java.security.GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    static URL url(String s) {
        try {
            return java.net.URI.create(s).toURL();
        } catch (java.net.MalformedURLException e) {
            throw new AssertionError(e);
        }
    }

    static JwtClaimsSet.Builder baseClaims() {
        return JwtClaimsSet.builder().issuer("https://id.example/realms/demo").subject("alice")
                .audience(List.of("api")).issuedAt(IAT).notBefore(IAT).expiresAt(IAT.plusSeconds(300)).id("jti-1");
    }

    /** One row: a header (null: the encoder's default) and claims. */
    record Row(String name, Consumer<JwsHeader.Builder> header, Consumer<JwtClaimsSet.Builder> claims) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Row row(String name, Consumer<JwsHeader.Builder> header, Consumer<JwtClaimsSet.Builder> claims) {
        return new Row(name, header, claims);
    }

    static Stream<Row> rows() {
        Map<String, Object> nested = new LinkedHashMap<>();
        nested.put("street", "Rue de l'Église");
        nested.put("zip", 75001);
        nested.put("tags", List.of("a", "b"));
        Map<String, Object> jwk = new LinkedHashMap<>();
        jwk.put("kty", "EC");
        jwk.put("crv", "P-256");
        ECPublicKey ecPub = (ECPublicKey) EC.getPublic();
        jwk.put("x", Base64.getUrlEncoder().withoutPadding().encodeToString(TestIdp.unsigned(ecPub.getW().getAffineX(), 32)));
        jwk.put("y", Base64.getUrlEncoder().withoutPadding().encodeToString(TestIdp.unsigned(ecPub.getW().getAffineY(), 32)));
        return Stream.of(
                row("default header", null, c -> {}),
                row("alg only: the key's kid is added", h -> {}, c -> {}),
                row("kid named", h -> h.keyId("named"), c -> {}),
                row("typ and cty", h -> h.type("at+jwt").contentType("application/example"), c -> {}),
                row("blank typ and cty are left out", h -> h.type(" ").contentType(""), c -> {}),
                row("blank kid", h -> h.keyId(" "), c -> {}),
                row("jku and x5u", h -> h.jwkSetUrl("https://id.example/jwks?a=1&b=%3C2%3E").x509Url("https://id.example/x.pem"),
                        c -> {}),
                row("x5c", h -> h.x509CertificateChain(List.of("MIIB", "MIIC+/==")), c -> {}),
                row("x5t (SHA-1)", h -> h.header("x5t", "dGh1bWI"), c -> {}),
                row("jwk", h -> h.jwk(jwk), c -> {}),
                row("crit and custom headers", h -> h.criticalHeader("exp-ext", 1).criticalHeader("tenant", "t1")
                        .header("n", 12345678901L).header("b", true).header("l", List.of(1, "two")).header("m", nested)
                        .header("d", 1.5), c -> {}),
                row("many custom headers", h -> {
                    for (int i = 0; i < 14; i++) {
                        h.header("h" + i, "v" + i);
                    }
                }, c -> {}),
                row("aud of several", h -> {}, c -> c.audience(List.of("api", "web", "cli"))),
                row("aud as a string", h -> {}, c -> c.claim("aud", "api")),
                row("empty aud is left out", h -> {}, c -> c.audience(List.of())),
                row("blank sub and jti are left out", h -> {}, c -> c.subject(" ").id("")),
                row("iss not a URL", h -> {}, c -> c.issuer("issuer-of-tokens")),
                row("iss as a URL with a port", h -> {}, c -> c.claim("iss", url("http://127.0.0.1:9000"))),
                row("dates from Long and Date", h -> {}, c -> c.claim("exp", 1893456000L)
                        .claim("nbf", Date.from(IAT)).claim("iat", IAT.getEpochSecond())),
                row("a date before 1970 with a fraction", h -> {}, c -> c.issuedAt(Instant.parse("1969-12-31T23:59:58.500Z"))
                        .notBefore(Instant.parse("1969-12-31T23:59:58.500Z"))),
                row("custom claim types", h -> {}, c -> c.claim("scope", new LinkedHashSet<>(List.of("read", "write")))
                        .claim("n", 42).claim("big", 12345678901234L).claim("f", 0.25).claim("t", true)
                        .claim("list", List.of(1, "x", false)).claim("map", nested)
                        .claim("auth_time", Date.from(IAT)).claim("website", url("https://example.com/~alice?x=1"))
                        .claim("name", "Zoë \"Z\" \\ O'Neil <z@example.com> / é")),
                row("AS access token", h -> {}, c -> c.claim("scope", Set.of("message.read")).claim("client_id", "c1")),
                row("many custom claims", h -> {}, c -> {
                    for (int i = 0; i < 30; i++) {
                        c.claim("claim" + i, i % 2 == 0 ? "v" + i : i);
                    }
                }));
    }

    static JwtEncoderParameters params(Row r, JwsAlgorithm alg) {
        JwtClaimsSet.Builder c = baseClaims();
        r.claims().accept(c);
        if (r.header() == null) {
            return JwtEncoderParameters.from(c.build());
        }
        JwsHeader.Builder h = JwsHeader.with(alg);
        r.header().accept(h);
        return JwtEncoderParameters.from(h.build(), c.build());
    }

    static Stream<Arguments> deterministic() {
        return rows().flatMap(r -> Stream.of(
                Arguments.of(r, SignatureAlgorithm.RS256, NIMBUS_RSA, LCJWT_RSA),
                Arguments.of(r, MacAlgorithm.HS256, NIMBUS_HS, LCJWT_HS)));
    }

    // The encoders are shared: JUnit must not close them after each row.
    @ParameterizedTest(name = "{1} {0}", autoCloseArguments = false)
    @MethodSource("deterministic")
    void rs256AndHs256TokensAreTheSameText(Row row, JwsAlgorithm alg, JwtEncoder nimbus, JwtEncoder lcjwt) {
        if (row.name().equals("kid named") || row.name().equals("blank kid")) {
            // Nimbus's matcher needs a key with that kid; both refuse the same way.
            assertThrows(JwtEncodingException.class, () -> nimbus.encode(params(row, alg)));
            JwtEncodingException e = assertThrows(JwtEncodingException.class, () -> lcjwt.encode(params(row, alg)));
            assertTrue(e.getMessage().contains("No signing key fits the JWS header (alg " + alg.getName()
                    + ", kid \""), e.getMessage());
            return;
        }
        Jwt expected = nimbus.encode(params(row, alg));
        Jwt actual = lcjwt.encode(params(row, alg));
        assertEquals(text(expected.getHeaders()), text(actual.getHeaders()), "the Jwt's headers");
        assertEquals(text(expected.getClaims()), text(actual.getClaims()), "the Jwt's claims");
        assertEquals(expected.getIssuedAt(), actual.getIssuedAt());
        assertEquals(expected.getExpiresAt(), actual.getExpiresAt());
        assertEquals(json(expected.getTokenValue(), 0), json(actual.getTokenValue(), 0), "header JSON");
        assertEquals(json(expected.getTokenValue(), 1), json(actual.getTokenValue(), 1), "claims JSON");
        assertEquals(expected.getTokenValue(), actual.getTokenValue());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void es256SigningInputIsNimbusesAndItsSignatureVerifiesWithTheJdk(Row row) throws Exception {
        NimbusJwtEncoder nimbus = NimbusJwtEncoder.withKeyPair((ECPublicKey) EC.getPublic(), (ECPrivateKey) EC.getPrivate())
                .build();
        try (LcjwtJwtEncoder lcjwt = LcjwtJwtEncoder.withKeyPair((ECPublicKey) EC.getPublic(),
                (ECPrivateKey) EC.getPrivate()).build()) {
            if (row.name().equals("kid named") || row.name().equals("blank kid")) {
                return; // as above, both refuse
            }
            Jwt expected = nimbus.encode(params(row, SignatureAlgorithm.ES256));
            Jwt actual = lcjwt.encode(params(row, SignatureAlgorithm.ES256));
            assertEquals(signingInput(expected), signingInput(actual));
            assertEquals(text(expected.getHeaders()), text(actual.getHeaders()));
            assertTrue(jdkVerifies("SHA256withECDSAinP1363Format", null, EC, actual.getTokenValue()));
        }
    }

    @Test
    void ps256SigningInputIsNimbusesAndItsSignatureVerifiesWithTheJdk() throws Exception {
        NimbusJwtEncoder nimbus = NimbusJwtEncoder.withKeyPair((RSAPublicKey) RSA.getPublic(), (RSAPrivateKey) RSA.getPrivate())
                .algorithm(SignatureAlgorithm.PS256).build();
        try (LcjwtJwtEncoder lcjwt = LcjwtJwtEncoder.withKeyPair((RSAPublicKey) RSA.getPublic(),
                (RSAPrivateKey) RSA.getPrivate()).algorithm(SignatureAlgorithm.PS256).build()) {
            Row row = rows().filter(r -> r.name().equals("custom claim types")).findFirst().orElseThrow();
            Jwt expected = nimbus.encode(params(row, SignatureAlgorithm.PS256));
            Jwt actual = lcjwt.encode(params(row, SignatureAlgorithm.PS256));
            assertEquals(signingInput(expected), signingInput(actual));
            assertTrue(jdkVerifies("RSASSA-PSS", new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1),
                    RSA, actual.getTokenValue()));
        }
    }

    @Test
    void eddsaWhichNimbusesEncoderCannotSignIsTheJdksEd25519Signature() throws Exception {
        KeyPair ed = generate("Ed25519");
        try (JwtPrivateKey key = JwtPrivateKey.from(ed.getPrivate()); LcjwtJwtEncoder lcjwt = LcjwtJwtEncoder.withKeyPair(key)
                .build()) {
            Row row = rows().filter(r -> r.name().equals("custom claim types")).findFirst().orElseThrow();
            Jwt actual = lcjwt.encode(params(row, () -> "EdDSA"));
            Jwt rs = LCJWT_RSA.encode(params(row, SignatureAlgorithm.RS256));
            assertEquals(rs.getTokenValue().split("\\.")[1], actual.getTokenValue().split("\\.")[1], "the same payload");
            assertEquals("{\"kid\":\"" + key.thumbprint() + "\",\"alg\":\"EdDSA\"}", json(actual.getTokenValue(), 0));
            String token = actual.getTokenValue();
            String input = token.substring(0, token.lastIndexOf('.'));
            Signature s = Signature.getInstance("Ed25519");
            s.initSign(ed.getPrivate());
            s.update(input.getBytes(StandardCharsets.US_ASCII));
            assertEquals(Base64.getUrlEncoder().withoutPadding().encodeToString(s.sign()),
                    token.substring(token.lastIndexOf('.') + 1), "Ed25519 is deterministic");
        }
    }

    @Test
    void x5tS256OfAKeyIsMatchedAndAddedAsNimbusDoes() {
        String kid = "rsa-x5t";
        Base64URL thumb = Base64URL.encode("a certificate's SHA-256".getBytes(StandardCharsets.US_ASCII));
        RSAKey jwk = new RSAKey.Builder((RSAPublicKey) RSA.getPublic()).privateKey((RSAPrivateKey) RSA.getPrivate())
                .keyID(kid).x509CertSHA256Thumbprint(thumb).build();
        NimbusJwtEncoder nimbus = new NimbusJwtEncoder(new ImmutableJWKSet<>(new JWKSet(jwk)));
        try (JwtPrivateKey key = JwtPrivateKey.from(RSA.getPrivate()).withKeyId(kid)) {
            LcjwtJwtEncoder lcjwt = LcjwtJwtEncoder.withJwkSet(JwkSet.of(key))
                    .x509Sha256Thumbprint(kid, thumb.toString()).build();
            for (Consumer<JwsHeader.Builder> h : List.<Consumer<JwsHeader.Builder>>of(b -> {},
                    b -> b.x509SHA256Thumbprint(thumb.toString()))) {
                JwsHeader.Builder header = JwsHeader.with(SignatureAlgorithm.RS256);
                h.accept(header);
                JwtEncoderParameters p = JwtEncoderParameters.from(header.build(), baseClaims().build());
                assertEquals(nimbus.encode(p).getTokenValue(), lcjwt.encode(p).getTokenValue());
            }
            JwtEncoderParameters other = JwtEncoderParameters.from(JwsHeader.with(SignatureAlgorithm.RS256)
                    .x509SHA256Thumbprint("another").build(), baseClaims().build());
            assertThrows(JwtEncodingException.class, () -> nimbus.encode(other));
            JwtEncodingException e = assertThrows(JwtEncodingException.class, () -> lcjwt.encode(other));
            assertTrue(e.getMessage().contains("x5t#S256 \"another\""), e.getMessage());
            assertTrue(lcjwt.jwkSetJson().contains("\"x5t#S256\":\"" + thumb + "\""), lcjwt.jwkSetJson());
        }
    }

    @Test
    void theDefaultKeyIdIsTheThumbprintAsNimbusesAndTheJwkSetHoldsThePublicKeyOnly() throws Exception {
        RSAKey nimbusJwk = new RSAKey.Builder((RSAPublicKey) RSA.getPublic()).keyIDFromThumbprint().build();
        Jwt jwt = LCJWT_RSA.encode(JwtEncoderParameters.from(baseClaims().build()));
        assertEquals(nimbusJwk.getKeyID(), jwt.getHeaders().get("kid"));
        RSAKey published = (RSAKey) JWKSet.parse(LCJWT_RSA.jwkSetJson()).getKeys().getFirst();
        assertEquals(nimbusJwk.getKeyID(), published.getKeyID());
        assertEquals(nimbusJwk.getModulus(), published.getModulus());
        assertEquals(JWSAlgorithm.RS256, published.getAlgorithm());
        assertTrue(!published.isPrivate() && !LCJWT_RSA.jwkSetJson().contains("\"d\""), LCJWT_RSA.jwkSetJson());
        assertEquals("{\"keys\":[]}", LCJWT_HS.jwkSetJson(), "a secret is never published");
        ECKey ec = new ECKey.Builder(Curve.P_256, (ECPublicKey) EC.getPublic()).keyIDFromThumbprint().build();
        try (LcjwtJwtEncoder e = LcjwtJwtEncoder.withKeyPair((ECPublicKey) EC.getPublic(), (ECPrivateKey) EC.getPrivate())
                .build()) {
            assertEquals(ec.getKeyID(), e.encode(JwtEncoderParameters.from(baseClaims().build())).getHeaders().get("kid"));
        }
        try (JwtSecretKey k = JwtSecretKey.of(SECRET)) {
            assertEquals(k.thumbprint(), LCJWT_HS.encode(JwtEncoderParameters.from(baseClaims().build()))
                    .getHeaders().get("kid"));
        }
    }

    /**
     * Where lcjwt writes other text than Nimbus (Gson) for the same value: characters outside the
     * BMP as escapes, U+2028/U+2029 as UTF-8, control characters with upper-case hex. The JSON
     * still means the same. A custom {@code Instant} claim is a NumericDate in lcjwt's token,
     * where Gson writes the Instant's fields as an object.
     */
    @Test
    void whereTheTextDiffersTheJsonMeansTheSame() throws Exception {
        String odd = "smile \uD83D\uDE00, line\u2028separator, bell\u0007";
        JwtEncoderParameters p = JwtEncoderParameters.from(baseClaims().claim("note", odd).build());
        String n = NIMBUS_RSA.encode(p).getTokenValue();
        String l = LCJWT_RSA.encode(p).getTokenValue();
        assertTrue(!n.equals(l), "the texts differ");
        assertEquals(com.nimbusds.jose.util.JSONObjectUtils.parse(json(n, 1)),
                com.nimbusds.jose.util.JSONObjectUtils.parse(json(l, 1)));
        assertEquals(odd, com.nimbusds.jose.util.JSONObjectUtils.parse(json(l, 1)).get("note"));

        JwtEncoderParameters instant = JwtEncoderParameters.from(baseClaims().claim("auth_time", IAT).build());
        assertEquals(IAT.getEpochSecond(), com.nimbusds.jose.util.JSONObjectUtils.parse(
                json(LCJWT_RSA.encode(instant).getTokenValue(), 1)).get("auth_time"));
        assertTrue(json(NIMBUS_RSA.encode(instant).getTokenValue(), 1).contains("\"auth_time\":{\"seconds\":"),
                "Gson writes the Instant's fields");
    }

    // ---- helpers ---------------------------------------------------------------------------

    static String signingInput(Jwt jwt) {
        String t = jwt.getTokenValue();
        return t.substring(0, t.lastIndexOf('.'));
    }

    static String json(String token, int part) {
        return new String(B64.decode(token.split("\\.")[part]), StandardCharsets.UTF_8);
    }

    /** A map's entries as sorted text, URLs by their text: URL.equals would resolve host names. */
    static String text(Map<String, Object> m) {
        Map<String, String> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, v + " (" + (v instanceof Set ? "Set" : v instanceof List ? "List"
                : v.getClass().getSimpleName()) + ")"));
        return out.toString();
    }

    static boolean jdkVerifies(String alg, java.security.spec.AlgorithmParameterSpec spec, KeyPair pair, String token)
            throws Exception {
        Signature s = Signature.getInstance(alg);
        if (spec != null) {
            s.setParameter(spec);
        }
        s.initVerify(pair.getPublic());
        s.update(token.substring(0, token.lastIndexOf('.')).getBytes(StandardCharsets.US_ASCII));
        return s.verify(B64.decode(token.substring(token.lastIndexOf('.') + 1)));
    }
}
