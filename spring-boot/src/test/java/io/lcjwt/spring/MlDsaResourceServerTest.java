package io.lcjwt.spring;

import io.lcjwt.Algorithm;
import io.lcjwt.LibCrypto;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.ConfigurableApplicationContext;

import io.lcjwt.testkit.DocExamples;
import org.springframework.beans.factory.config.YamlPropertiesFactoryBean;
import org.springframework.core.io.ByteArrayResource;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Boot applications that verify ML-DSA tokens (RFC 9964) from a JWKS of AKP keys, over real HTTP,
 * the tokens signed by the JDK's ML-DSA. On a libcrypto without ML-DSA the same configuration is
 * refused when the application starts, naming the property and what is needed; and an application
 * that verifies ES256 keeps working when its issuer's JWKS starts to hold AKP keys.
 */
class MlDsaResourceServerTest {
    private static final String JWT = "spring.security.oauth2.resourceserver.jwt.";

    final TestIdp.Key ec = TestIdp.ec("ec-1");
    final TestIdp.Key pq = TestIdp.mlDsa("pq-1", "ML-DSA-65");
    final TestIdp.Key pq44 = TestIdp.mlDsa("pq-44", "ML-DSA-44");
    TestIdp idp;
    ConfigurableApplicationContext app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.close();
        }
        if (idp != null) {
            idp.close();
        }
    }

    private static boolean mlDsaHere() {
        return LibCrypto.supports(Algorithm.ML_DSA_65);
    }

    private Map<String, Object> jwks(String algorithms) {
        Map<String, Object> p = new HashMap<>(Map.of(JWT + "jwk-set-uri", idp.jwksUri()));
        if (algorithms != null) {
            p.put(JWT + "jws-algorithms", algorithms);
        }
        return p;
    }

    private int status(TestIdp.Key k) {
        return Apps.get(app, "/me", TestIdp.sign(k, idp.claims(""))).statusCode();
    }

    /** The start-up failure on a libcrypto without ML-DSA: the property, the value and the reason. */
    private static void assertRefusedAtStartup(Runnable start) {
        RuntimeException e = assertThrows(RuntimeException.class, start::run);
        InvalidConfigurationPropertyValueException bad = null;
        for (Throwable t = e; t != null && bad == null; t = t.getCause()) {
            bad = t instanceof InvalidConfigurationPropertyValueException i ? i : null;
        }
        assertNotNull(bad, "start-up failed for another reason: " + e);
        assertEquals(JWT + "jws-algorithms", bad.getName());
        assertEquals("ML-DSA-65", bad.getValue());
        assertTrue(bad.getReason().startsWith("ML-DSA needs aws-lc 1.40 or newer; the loaded libcrypto is "
                + LibCrypto.version()), bad.getReason());
    }

    @Test
    void aServletAppVerifiesMlDsa65TokensFromAJwksOfAkpKeys() throws Exception {
        idp = new TestIdp("pq", ec, pq, pq44);
        if (!mlDsaHere()) {
            assertRefusedAtStartup(() -> app = Apps.servlet(jwks("ML-DSA-65")));
            assertEquals(0, idp.hits("/certs"), "refused before any fetch");
            return;
        }
        app = Apps.servlet(jwks("ML-DSA-65"));
        HttpResponse<String> ok = Apps.get(app, "/me", TestIdp.sign(pq, idp.claims("")));
        assertEquals(200, ok.statusCode(), ok.body());
        assertTrue(ok.body().contains("\"sub\":\"alice\"") && ok.body().contains("\"alg\":\"ML-DSA-65\""), ok.body());
        assertEquals(401, status(pq44), "ML-DSA-44 is not on the list");
        assertEquals(401, status(ec), "nor is ES256");
        String token = TestIdp.sign(pq, idp.claims(""));
        int at = token.lastIndexOf('.') + 100;
        String altered = token.substring(0, at) + (token.charAt(at) == 'A' ? 'B' : 'A') + token.substring(at + 1);
        HttpResponse<String> forged = Apps.get(app, "/me", altered);
        assertEquals(401, forged.statusCode());
        assertTrue(Apps.wwwAuthenticate(forged).contains("invalid_token"), Apps.wwwAuthenticate(forged));
        // The ML-DSA-65 key's signature under the kid of the ML-DSA-44 key, and the other way round.
        String relabelled = TestIdp.sign(pq, "{\"alg\":\"ML-DSA-65\",\"kid\":\"pq-44\",\"typ\":\"JWT\"}", idp.claims(""));
        assertEquals(401, Apps.get(app, "/me", relabelled).statusCode());
        assertEquals(1, idp.hits("/certs"));
    }

    @Test
    void aReactiveAppVerifiesEs256AndMlDsa65Side() throws Exception {
        idp = new TestIdp("pq", ec, pq);
        Map<String, Object> props = jwks("ES256, ML-DSA-65");
        if (!mlDsaHere()) {
            RuntimeException e = assertThrows(RuntimeException.class,
                    () -> app = Apps.start(Apps.ReactiveApp.class, WebApplicationType.REACTIVE, props));
            assertTrue(String.valueOf(causeMessages(e)).contains("ML-DSA needs aws-lc 1.40 or newer"), causeMessages(e));
            return;
        }
        app = Apps.start(Apps.ReactiveApp.class, WebApplicationType.REACTIVE, props);
        assertEquals(200, status(ec));
        assertEquals(200, status(pq));
    }

    @Test
    void anEs256AppKeepsWorkingWhenItsIssuerPublishesAkpKeys() throws Exception {
        // A JWKS with AKP keys beside the EC key: read leniently, so the EC key serves on any
        // libcrypto; the AKP keys are kept where ML-DSA is available and skipped where not.
        idp = new TestIdp("pq", pq, ec, pq44);
        app = Apps.servlet(jwks("ES256"));
        assertEquals(200, status(ec));
        assertEquals(401, status(pq), "ML-DSA-65 is not on this app's list");
    }

    @Test
    void anIssuerLocationAllowsWhatItsKeysCanVerify() throws Exception {
        idp = new TestIdp("pq", ec, pq);
        app = Apps.servlet(Map.of(JWT + "issuer-uri", idp.issuer));
        assertEquals(200, status(ec));
        // Spring's rule for an issuer location: the algorithms its keys offer; ML-DSA-65 among them
        // where the libcrypto has it.
        assertEquals(mlDsaHere() ? 200 : 401, status(pq));
    }

    /**
     * The application.yml of docs/post-quantum.md, as a user would paste it, with its JWKS URL
     * pointed at the test's identity provider: ES256 and ML-DSA-65 tokens pass where the libcrypto
     * has ML-DSA; elsewhere the application does not start, naming the property.
     */
    @Test
    void theDocsApplicationYamlVerifiesBothGenerations() throws Exception {
        List<String> yaml = DocExamples.read(DocExamples.root().resolve(Path.of("docs", "post-quantum.md"))).blocks("yaml");
        assertEquals(1, yaml.size(), "docs/post-quantum.md shows one application.yml");
        YamlPropertiesFactoryBean factory = new YamlPropertiesFactoryBean();
        factory.setResources(new ByteArrayResource(yaml.get(0).getBytes(StandardCharsets.UTF_8)));
        Properties props = factory.getObject();
        assertEquals("ES256, ML-DSA-65", props.getProperty(JWT + "jws-algorithms"));
        idp = new TestIdp("pq", ec, pq);
        Map<String, Object> p = new HashMap<>();
        props.stringPropertyNames().forEach(k -> p.put(k, props.getProperty(k)));
        p.put(JWT + "jwk-set-uri", idp.jwksUri());
        if (!mlDsaHere()) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> app = Apps.servlet(p));
            assertTrue(causeMessages(e).contains("ML-DSA needs aws-lc 1.40 or newer"), causeMessages(e));
            return;
        }
        app = Apps.servlet(p);
        assertEquals(200, status(ec));
        assertEquals(200, status(pq));
    }

    /**
     * The JwtEncoder (Spring Authorization Server's) publishes its keys through Nimbus's JWK
     * model, which has no AKP keys: an ML-DSA key is refused when the encoder is built, saying
     * so, rather than signing tokens whose key the server could not publish.
     */
    @Test
    void theJwtEncoderRefusesAnMlDsaKeyItCouldNotPublish() {
        if (!mlDsaHere()) {
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                    () -> io.lcjwt.JwtPrivateKey.generate(Algorithm.ML_DSA_65));
            assertTrue(e.getMessage().startsWith("ML-DSA needs aws-lc 1.40 or newer"), e.getMessage());
            return;
        }
        try (io.lcjwt.JwtPrivateKey key = io.lcjwt.JwtPrivateKey.generate(Algorithm.ML_DSA_65).withKeyId("pq-1")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> LcjwtJwtEncoder.withKeyPair(key).build());
            assertTrue(e.getMessage().startsWith("An ML-DSA (AKP) key cannot be published through the Nimbus JWK source"),
                    e.getMessage());
        }
    }

    private static String causeMessages(Throwable e) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            sb.append(t.getMessage()).append(" | ");
        }
        return sb.toString();
    }
}
