package io.lcjwt.example;

import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Swapping Nimbus for lcjwt changes nothing the application sees: the same jar, with lcjwt's
 * auto-configuration excluded, runs Boot's NimbusJwtDecoder from the same application.yml, and
 * its Jwt holds the same claim types.
 */
class NimbusParityTest {
    private static final Pattern DESCRIPTION = Pattern.compile("error_description=\"[^\"]*\"");
    private static final Pattern TYPES = Pattern.compile("\"claimTypes\":(\\{[^}]*})");

    @Test
    void sameYamlSameClaimTypesWithEitherDecoder() throws Exception {
        String lcjwtTypes;
        try (RunningApp lcjwt = new RunningApp()) {
            lcjwtTypes = claimTypes(lcjwt, "io.lcjwt.spring.LcjwtJwtDecoder");
        }
        String nimbusTypes;
        try (RunningApp nimbus = new RunningApp(RunningApp.NIMBUS)) {
            nimbusTypes = claimTypes(nimbus, "org.springframework.security.oauth2.jwt.NimbusJwtDecoder");
        }
        assertEquals(nimbusTypes, lcjwtTypes);
    }

    /** Refusals the client sees: the same status and challenge (but for the port in it). */
    @Test
    void expiredTokenGetsTheSameChallengeFromEitherDecoder() throws Exception {
        String lcjwtChallenge;
        try (RunningApp lcjwt = new RunningApp()) {
            lcjwtChallenge = expiredChallenge(lcjwt);
        }
        String nimbusChallenge;
        try (RunningApp nimbus = new RunningApp(RunningApp.NIMBUS)) {
            nimbusChallenge = expiredChallenge(nimbus);
        }
        // The wording of the description is each decoder's own; the rest must match.
        assertTrue(lcjwtChallenge.contains("error_description=\"An error occurred while attempting to decode the Jwt: "
                + "The JWT expired at "), lcjwtChallenge);
        assertEquals(DESCRIPTION.matcher(nimbusChallenge).replaceAll("DESCRIPTION"),
                DESCRIPTION.matcher(lcjwtChallenge).replaceAll("DESCRIPTION"));
    }

    private static String expiredChallenge(RunningApp app) throws Exception {
        Instant hourAgo = Instant.now().minusSeconds(3600);
        String expired = app.issuer().sign(Map.of("iss", "http://127.0.0.1:" + app.port(), "sub", "alice",
                "aud", "demo-api", "iat", hourAgo, "exp", hourAgo.plusSeconds(300)));
        HttpResponse<String> r = app.get("/hello", expired);
        assertEquals(401, r.statusCode(), r.body());
        return r.headers().firstValue("WWW-Authenticate").orElse("").replace(":" + app.port() + "/", ":PORT/");
    }

    private static String claimTypes(RunningApp app, String decoder) throws Exception {
        assertEquals(decoder, app.get("/decoder", null).body().strip());
        HttpResponse<String> r = app.get("/hello", app.token("alice"));
        assertEquals(200, r.statusCode(), r.body());
        Matcher m = TYPES.matcher(r.body());
        assertTrue(m.find(), r.body());
        return m.group(1);
    }
}
