package io.lcjwt.spring;

import io.lcjwt.testkit.JcaDpop;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A DPoP client for the tests: a key held by the JDK ({@link JcaDpop}, independent of lcjwt),
 * proofs it signs, and requests with any headers over one HTTP client.
 */
final class DpopClient {
    private static final AtomicLong JTI = new AtomicLong();

    final JcaDpop.Key key;
    /** The public JWK, as a proof carries it. */
    final String jwk;
    /** Its RFC 7638 thumbprint, for the access token's cnf.jkt. */
    final String jkt;

    DpopClient(JcaDpop.Key key) {
        this.key = key;
        this.jwk = key.jwk();
        this.jkt = key.thumbprint();
    }

    static DpopClient ec() {
        return new DpopClient(JcaDpop.ec());
    }

    static DpopClient ed() {
        return new DpopClient(JcaDpop.ed());
    }

    static String ath(String accessToken) {
        return JcaDpop.ath(accessToken);
    }

    static long now() {
        return System.currentTimeMillis() / 1000;
    }

    static String newJti() {
        return "jti-" + JTI.incrementAndGet() + "-" + System.nanoTime();
    }

    String header() {
        return JcaDpop.header(key);
    }

    /** A proof with this header and claims, signed by {@code signer}'s private key. */
    String sign(JcaDpop.Key signer, String headerJson, String claimsJson) {
        return JcaDpop.sign(signer, headerJson, claimsJson);
    }

    static String claims(String htm, String htu, long iat, String jti, String extra) {
        return JcaDpop.claims(htm, htu, iat, jti, extra);
    }

    /** A good proof for {@code htm htu} and this access token, now, with a fresh jti. */
    String proof(String htm, String htu, String accessToken) {
        return sign(key, header(), claims(htm, htu, now(), newJti(), "\"ath\":\"" + ath(accessToken) + "\""));
    }

    /** A new HTTP client; close it when done. */
    static HttpClient client() {
        return HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
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
        // A client per request, as Apps.get does: a request that rode a pooled connection the
        // server was closing after a refusal once waited out its 20 s.
        try (HttpClient http = client()) {
            return http.send(r.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
