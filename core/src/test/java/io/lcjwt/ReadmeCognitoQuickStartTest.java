package io.lcjwt;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue #16.7: the README's quick start for a Cognito-style token into a record with
 * {@code @Claim}. The part between the markers is the README's {@code java} block, character for
 * character; {@code key} and {@code signer} come from the README's first quick start, as they do
 * when {@link ReadmeExamplesTest} runs the blocks in order.
 */
class ReadmeCognitoQuickStartTest {

    @Test
    void cognitoQuickStartRuns() {
        byte[] secret = new byte[32];
        new java.security.SecureRandom().nextBytes(secret);
        JwtSecretKey key = JwtSecretKey.of(secret);
        JwtSigner signer = JwtSigner.builder(key).algorithm(Algorithm.HS256).build();
        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            // ---- README block begins
record CognitoClaims(String sub,
                     @Claim("cognito:groups") List<String> groups,
                     @Claim("custom:tenant") String tenant,
                     String tokenUse,                          // "token_use", by the naming rule
                     Optional<Instant> authTime,               // absent here: Optional.empty()
                     Instant exp) {}

String idToken = signer.sign(Map.of("sub", "alice", "aud", "my-app-client",
        "cognito:groups", List.of("admin", "dev"), "custom:tenant", "acme",
        "token_use", "id", "exp", Instant.now().plusSeconds(300)));

JwtVerifier cognito = JwtVerifier.builder(key)
        .algorithms(Algorithm.HS256)
        .audience("my-app-client")
        .claimNaming(ClaimNaming.SNAKE_CASE)                   // tokenUse reads "token_use"
        .build();
CognitoClaims user = cognito.decode(idToken, CognitoClaims.class);
System.out.println("Cognito " + user.tokenUse() + " token: groups " + user.groups() + ", tenant " + user.tenant());
            // ---- README block ends
            assertEquals(List.of("admin", "dev"), user.groups());
            assertEquals(Optional.empty(), user.authTime());
        } finally {
            System.setOut(saved);
        }
        assertEquals("Cognito id token: groups [admin, dev], tenant acme" + System.lineSeparator(),
                out.toString(StandardCharsets.UTF_8));
    }
}
