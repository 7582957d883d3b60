package io.lcjwt.spring;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A DPoP client for the tests: a key pair held by the JDK, its public JWK and RFC 7638 thumbprint
 * (computed by the JDK, independently of lcjwt), proofs signed by the JDK, and requests with any
 * headers over one HTTP client.
 */
final class DpopClient {
    private static final AtomicLong JTI = new AtomicLong();
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    final TestIdp.Key key;
    /** The public JWK without kid and use: what a client puts in a proof's header. */
    final String jwk;
    final String jkt;

    DpopClient(TestIdp.Key key) {
        this.key = key;
        this.jwk = key.jwk().replace("\"kid\":\"" + key.kid() + "\",", "").replace("\"use\":\"sig\",", "");
        String canonical = switch (key.alg()) {
            case "ES256" -> "{\"crv\":\"P-256\",\"kty\":\"EC\",\"x\":\"" + member("x") + "\",\"y\":\"" + member("y") + "\"}";
            case "EdDSA" -> "{\"crv\":\"Ed25519\",\"kty\":\"OKP\",\"x\":\"" + member("x") + "\"}";
            default -> "{\"e\":\"" + member("e") + "\",\"kty\":\"RSA\",\"n\":\"" + member("n") + "\"}";
        };
        this.jkt = TestIdp.B64.encodeToString(sha256(canonical));
    }

    private String member(String name) {
        int i = jwk.indexOf("\"" + name + "\":\"") + name.length() + 4;
        return jwk.substring(i, jwk.indexOf('"', i));
    }

    static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    static String ath(String accessToken) {
        return TestIdp.B64.encodeToString(sha256(accessToken));
    }

    static long now() {
        return System.currentTimeMillis() / 1000;
    }

    static String newJti() {
        return "jti-" + JTI.incrementAndGet() + "-" + System.nanoTime();
    }

    String header() {
        return "{\"typ\":\"dpop+jwt\",\"alg\":\"" + key.alg() + "\",\"jwk\":" + jwk + "}";
    }

    /** A proof with this header and claims, signed by {@code signer}'s private key. */
    String sign(TestIdp.Key signer, String headerJson, String claimsJson) {
        String input = TestIdp.b64(headerJson) + "." + TestIdp.b64(claimsJson);
        return input + "." + TestIdp.B64.encodeToString(TestIdp.signature(signer.alg(), signer.pair().getPrivate(), input));
    }

    static String claims(String htm, String htu, long iat, String jti, String extra) {
        return "{\"jti\":\"" + jti + "\",\"htm\":\"" + htm + "\",\"htu\":\"" + htu + "\",\"iat\":" + iat
                + (extra.isEmpty() ? "" : "," + extra) + "}";
    }

    /** A good proof for {@code htm htu} and this access token, now, with a fresh jti. */
    String proof(String htm, String htu, String accessToken) {
        return sign(key, header(), claims(htm, htu, now(), newJti(), "\"ath\":\"" + ath(accessToken) + "\""));
    }

    /** GET with {@code Authorization: <scheme> <token>} and each of {@code proofs} as a DPoP header. */
    static HttpResponse<String> get(String url, String scheme, String token, String... proofs) {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).GET();
        if (token != null) {
            r.header("Authorization", scheme + " " + token);
        }
        for (String p : proofs) {
            r.header("DPoP", p);
        }
        try {
            return HTTP.send(r.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
