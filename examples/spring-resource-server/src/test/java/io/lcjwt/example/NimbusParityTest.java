package io.lcjwt.example;

import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
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

    private static String claimTypes(RunningApp app, String decoder) throws Exception {
        assertEquals(decoder, app.get("/decoder", null).body().strip());
        HttpResponse<String> r = app.get("/hello", app.token("alice"));
        assertEquals(200, r.statusCode(), r.body());
        Matcher m = TYPES.matcher(r.body());
        assertTrue(m.find(), r.body());
        return m.group(1);
    }
}
