package io.lcjwt;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue #16.3: claims as real issuers send them. Each fixture in {@code src/test/resources/issuers}
 * is shaped like the payload its issuer documents (names, nesting, types), with times around
 * {@link TestTokens#NOW}. Each is signed as it stands with RS256 by the JDK, verified by lcjwt
 * (issuer, audience, times) into a typed record with {@link Claim} names or a
 * {@link ClaimNaming} rule, and then signed back by lcjwt from the record: it decodes to an
 * equal record, and to the same claims as the original (whose {@code null} members the signer
 * leaves out).
 */
class IssuerFixturesTest {

    // ---- AWS Cognito: names with colons, camelCase inside identities, snake_case outside ------------

    record CognitoIdentity(String userId, String providerName, String providerType, Optional<String> issuer,
            String primary, String dateCreated) {}

    record CognitoIdToken(String sub, @Claim("cognito:groups") List<String> groups,
            @Claim("email_verified") boolean emailVerified, @Claim("cognito:preferred_role") String preferredRole,
            String iss, @Claim("cognito:username") String username, @Claim("middle_name") String middleName,
            String nonce, @Claim("origin_jti") String originJti, @Claim("cognito:roles") List<String> roles,
            String aud, List<CognitoIdentity> identities, @Claim("custom:tenant") String tenant,
            @Claim("event_id") UUID eventId, @Claim("token_use") String tokenUse,
            @Claim("auth_time") Instant authTime, Instant exp, Instant iat, String jti, String email) {}

    // ---- Auth0: namespaced (URI) claims, an audience array --------------------------------------------

    record Auth0AccessToken(@Claim("https://example.com/roles") List<String> roles,
            @Claim("https://example.com/email") String email, String iss, String sub, List<String> aud,
            Instant iat, Instant exp, String scope, String azp, @Claim("org_id") String orgId,
            List<String> permissions) {}

    // ---- Keycloak: snake_case, nested role objects, per-client roles, a hyphenated name ---------------

    record Roles(List<String> roles) {}

    record KeycloakAccessToken(Instant exp, Instant iat, long authTime, String jti, URI iss, String aud, String sub,
            String typ, String azp, String nonce, String sessionState, String acr,
            @Claim("allowed-origins") List<String> allowedOrigins, Roles realmAccess,
            Map<String, Roles> resourceAccess, String scope, String sid, Boolean emailVerified, String name,
            String preferredUsername, String givenName, String familyName, String email) {}

    // ---- Microsoft Entra ID: short names, 500 groups --------------------------------------------------

    record EntraAccessToken(String aud, String iss, Instant iat, Instant nbf, Instant exp, String aio, String azp,
            String azpacr, String name, UUID oid, String preferredUsername, String rh, List<String> roles,
            String scp, String sub, UUID tid, String uti, String ver, List<UUID> groups) {}

    // ---- Google: email_verified, hd -------------------------------------------------------------------

    record GoogleIdToken(String iss, String azp, String aud, String sub, String atHash, Optional<String> hd,
            String email, boolean emailVerified, String nonce, String name, URI picture, String givenName,
            String familyName, String locale, Instant iat, Instant exp) {}

    // ---- Okta: scp as an array, numeric ver -----------------------------------------------------------

    record OktaAccessToken(int ver, String jti, String iss, String aud, Instant iat, Instant exp, String cid,
            String uid, List<String> scp, Instant authTime, String sub, List<String> groups) {}

    // ---- GitHub Actions OIDC: snake_case workflow facts, ids as strings, empty strings ----------------

    record GitHubActionsToken(String jti, String sub, String environment, String aud, String ref, String sha,
            String repository, String repositoryOwner, String actorId, String repositoryVisibility,
            String repositoryId, String repositoryOwnerId, String runId, String runNumber, String runAttempt,
            String runnerEnvironment, String actor, String workflow, String workflowRef, String workflowSha,
            String headRef, String baseRef, String eventName, String refType, String refProtected,
            String jobWorkflowRef, String jobWorkflowSha, String iss, Instant nbf, Instant exp, Instant iat) {}

    /** One issuer: its fixture, the record it binds to, under which rule, what the verifier demands, what to check. */
    record Row(String file, Class<?> type, ClaimNaming naming, String audience, String issuer, Consumer<Object> check) {
        @Override
        public String toString() {
            return file;
        }
    }

    static Stream<Row> issuers() {
        return Stream.of(
                new Row("cognito", CognitoIdToken.class, ClaimNaming.IDENTITY, "xxxxxxxxxxxxexample",
                        "https://cognito-idp.us-west-2.amazonaws.com/us-west-2_example", o -> {
                            CognitoIdToken t = (CognitoIdToken) o;
                            assertEquals(List.of("test-group-a", "test-group-b", "test-group-c"), t.groups());
                            assertEquals("acme", t.tenant());
                            assertEquals("id", t.tokenUse());
                            assertEquals("my-test-user", t.username());
                            assertTrue(t.emailVerified());
                            assertEquals(Instant.ofEpochSecond(TestTokens.NOW - 60), t.authTime());
                            assertEquals(UUID.fromString("64f513be-32db-42b0-b78e-b02127b4f463"), t.eventId());
                            assertEquals(new CognitoIdentity("amzn1.account.EXAMPLE", "LoginWithAmazon", "LoginWithAmazon",
                                    Optional.empty(), "true", "1642699117273"), t.identities().get(0));
                        }),
                new Row("auth0", Auth0AccessToken.class, ClaimNaming.IDENTITY, "https://api.example.com",
                        "https://my-tenant.us.auth0.com/", o -> {
                            Auth0AccessToken t = (Auth0AccessToken) o;
                            assertEquals(List.of("admin", "editor"), t.roles());
                            assertEquals("jane@example.com", t.email());
                            assertEquals(List.of("https://api.example.com", "https://my-tenant.us.auth0.com/userinfo"), t.aud());
                            assertEquals("org_9ybsU1dN2dKfDkBi", t.orgId());
                            assertEquals(List.of("read:reports", "write:reports"), t.permissions());
                        }),
                new Row("keycloak", KeycloakAccessToken.class, ClaimNaming.SNAKE_CASE, "account",
                        "https://sso.example.com/realms/myrealm", o -> {
                            KeycloakAccessToken t = (KeycloakAccessToken) o;
                            assertEquals("jane", t.preferredUsername());
                            assertEquals(new Roles(List.of("offline_access", "uma_authorization", "default-roles-myrealm")),
                                    t.realmAccess());
                            assertEquals(new Roles(List.of("user", "admin")), t.resourceAccess().get("my-app"));
                            assertEquals(List.of("my-app", "account"), List.copyOf(t.resourceAccess().keySet()));
                            assertEquals(List.of("https://app.example.com"), t.allowedOrigins());
                            assertEquals("0d8f3b1a-7c5e-4a2f-9e6d-3b1c8a0f2e4d", t.sessionState());
                            assertEquals(TestTokens.NOW - 5, t.authTime());
                            assertEquals(Boolean.TRUE, t.emailVerified());
                        }),
                new Row("entra", EntraAccessToken.class, ClaimNaming.SNAKE_CASE, "6e74172b-be56-4843-9ff4-e66a39bb12e3",
                        "https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0", o -> {
                            EntraAccessToken t = (EntraAccessToken) o;
                            assertEquals(UUID.fromString("72f988bf-86f1-41af-91ab-2d7cd011db47"), t.tid());
                            assertEquals(UUID.fromString("690222be-ff1a-4d56-abd1-7e4f7d38e474"), t.oid());
                            assertEquals(500, t.groups().size());
                            assertEquals(500, t.groups().stream().distinct().count());
                            assertEquals("abeli@contoso.com", t.preferredUsername());
                            assertEquals("access_as_user", t.scp());
                        }),
                new Row("google", GoogleIdToken.class, ClaimNaming.SNAKE_CASE, "1234987819200.apps.googleusercontent.com",
                        "https://accounts.google.com", o -> {
                            GoogleIdToken t = (GoogleIdToken) o;
                            assertTrue(t.emailVerified());
                            assertEquals(Optional.of("example.com"), t.hd());
                            assertEquals("HK6E_P6Dh8Y93mRNtsDB1Q", t.atHash());
                            assertEquals("10769150350006150715113082367", t.sub());
                            assertEquals("lh3.googleusercontent.com", t.picture().getHost());
                        }),
                new Row("okta", OktaAccessToken.class, ClaimNaming.SNAKE_CASE, "api://default",
                        "https://dev-123456.okta.com/oauth2/default", o -> {
                            OktaAccessToken t = (OktaAccessToken) o;
                            assertEquals(List.of("openid", "email", "flights", "custom"), t.scp());
                            assertEquals(1, t.ver());
                            assertEquals("0oaoesxtxmPf08QHk0h7", t.cid());
                            assertEquals(Instant.ofEpochSecond(TestTokens.NOW - 74), t.authTime());
                        }),
                new Row("github-actions", GitHubActionsToken.class, ClaimNaming.SNAKE_CASE, "https://github.com/octo-org",
                        "https://token.actions.githubusercontent.com", o -> {
                            GitHubActionsToken t = (GitHubActionsToken) o;
                            assertEquals("octo-org/octo-automation/.github/workflows/oidc.yml@refs/heads/main", t.jobWorkflowRef());
                            assertEquals("octo-org", t.repositoryOwner());
                            assertEquals("65", t.repositoryOwnerId());
                            assertEquals("repo:octo-org/octo-repo:environment:prod", t.sub());
                            assertEquals("", t.headRef());
                            assertEquals(Instant.ofEpochSecond(TestTokens.NOW - 300), t.nbf());
                        }));
    }

    static final KeyPair RSA = rsa();

    static KeyPair rsa() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
            g.initialize(2048);
            return g.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    static String fixture(String name) throws IOException {
        try (InputStream in = IssuerFixturesTest.class.getResourceAsStream("/issuers/" + name + ".json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The JSON text as it stands, RS256-signed by the JDK: lcjwt's writer is not involved. */
    static String jcaRs256(String payloadJson) throws GeneralSecurityException {
        String input = TestTokens.b64("{\"alg\":\"RS256\",\"typ\":\"JWT\"}") + "." + TestTokens.b64(payloadJson);
        Signature s = Signature.getInstance("SHA256withRSA");
        s.initSign(RSA.getPrivate());
        s.update(input.getBytes(StandardCharsets.US_ASCII));
        return input + "." + TestTokens.b64(s.sign());
    }

    @SuppressWarnings("unchecked")
    static Object withoutNulls(Object v) {
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> {
                if (x != null) {
                    out.put((String) k, withoutNulls(x));
                }
            });
            return out;
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            l.forEach(x -> out.add(withoutNulls(x)));
            return out;
        }
        return v;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("issuers")
    void decodesIntoARecordAndSignsBack(Row row) throws Exception {
        String json = fixture(row.file());
        try (JwtPublicKey pub = JwtPublicKey.from(RSA.getPublic()); JwtPrivateKey priv = JwtPrivateKey.from(RSA.getPrivate())) {
            JwtVerifier verifier = TestTokens.builder(pub).algorithms(Algorithm.RS256).audience(row.audience())
                    .issuer(row.issuer()).clock(TestTokens.CLOCK).claimNaming(row.naming()).build();
            String token = jcaRs256(json);
            Object typed = verifier.decode(token, row.type());
            row.check().accept(typed);

            Map<String, Object> original = verifier.decode(token);
            assertFalse(original.isEmpty());
            String signedBack = JwtSigner.builder(priv).algorithm(Algorithm.RS256).claimNaming(row.naming()).build().sign(typed);
            assertEquals(typed, verifier.decode(signedBack, row.type()), "the record signed back decodes equal");
            assertEquals(withoutNulls(original), verifier.decode(signedBack), "the record signed back holds the original's claims");
        }
    }
}
