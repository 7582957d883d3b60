package io.lcjwt.spring;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A real identity provider on loopback for the tests: a JWKS and OpenID metadata over HTTP, and
 * tokens signed by the JDK (JCA), independently of lcjwt.
 */
final class TestIdp implements AutoCloseable {
    static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

    /** A signing key with its kid, its JWS alg and its public JWK. */
    record Key(String kid, String alg, KeyPair pair) {
        String jwk() {
            return switch (pair.getPublic()) {
                case RSAPublicKey r -> "{\"kty\":\"RSA\",\"kid\":\"" + kid + "\",\"use\":\"sig\",\"n\":\""
                        + B64.encodeToString(unsigned(r.getModulus(), 0)) + "\",\"e\":\""
                        + B64.encodeToString(unsigned(r.getPublicExponent(), 0)) + "\"}";
                case ECPublicKey e -> "{\"kty\":\"EC\",\"kid\":\"" + kid + "\",\"crv\":\"P-256\",\"x\":\""
                        + B64.encodeToString(unsigned(e.getW().getAffineX(), 32)) + "\",\"y\":\""
                        + B64.encodeToString(unsigned(e.getW().getAffineY(), 32)) + "\"}";
                default -> alg.startsWith("ML-DSA-") ? akp() : okp();
            };
        }

        /** An ML-DSA key as an AKP JWK (RFC 9964): the raw public key ends its X.509 form. */
        private String akp() {
            byte[] spki = pair.getPublic().getEncoded();
            int n = switch (alg) {
                case "ML-DSA-44" -> 1312;
                case "ML-DSA-65" -> 1952;
                default -> 2592;
            };
            return "{\"kty\":\"AKP\",\"kid\":\"" + kid + "\",\"alg\":\"" + alg + "\",\"pub\":\""
                    + B64.encodeToString(Arrays.copyOfRange(spki, spki.length - n, spki.length)) + "\"}";
        }

        /** Ed25519: the raw key is the last 32 bytes of its X.509 form. */
        private String okp() {
            byte[] spki = pair.getPublic().getEncoded();
            return "{\"kty\":\"OKP\",\"kid\":\"" + kid + "\",\"crv\":\"Ed25519\",\"x\":\""
                    + B64.encodeToString(Arrays.copyOfRange(spki, spki.length - 32, spki.length)) + "\"}";
        }
    }

    static byte[] unsigned(BigInteger v, int len) {
        return io.lcjwt.testkit.JcaDpop.fixed(v, len);
    }

    static Key rsa(String kid) {
        return new Key(kid, "RS256", generate("RSA", 2048));
    }

    static Key ec(String kid) {
        return new Key(kid, "ES256", generate("EC", 256));
    }

    static Key ed(String kid) {
        return new Key(kid, "EdDSA", generate("Ed25519", 0));
    }

    /** An ML-DSA key from the JDK's generator (JDK 24+), {@code alg} one of ML-DSA-44, -65, -87. */
    static Key mlDsa(String kid, String alg) {
        return new Key(kid, alg, generate(alg, 0));
    }

    static KeyPair generate(String type, int size) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance(type);
            if (type.equals("EC")) {
                g.initialize(new ECGenParameterSpec("secp256r1"));
            } else if (size > 0) {
                g.initialize(size);
            }
            return g.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    final HttpServer server;
    final String issuer;
    final AtomicReference<List<Key>> published = new AtomicReference<>(List.of());
    /** When set, the JWKS answers this status with no body. */
    final AtomicInteger jwksFailure = new AtomicInteger();
    /** When set with {@link #jwksFailure}, the failure carries this Retry-After. */
    final AtomicReference<String> jwksRetryAfter = new AtomicReference<>();
    /** When set, the metadata names this issuer instead of the real one. */
    final AtomicReference<String> claimedIssuer = new AtomicReference<>();
    final AtomicInteger metadataStatus = new AtomicInteger(200);
    /** When set, the metadata answers only after this many milliseconds. */
    final AtomicInteger metadataDelayMillis = new AtomicInteger();
    final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();

    TestIdp(String realm, Key... keys) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        issuer = "http://127.0.0.1:" + server.getAddress().getPort() + "/realms/" + realm;
        published.set(List.of(keys));
        server.createContext("/", this::handle);
        server.start();
    }

    String jwksUri() {
        return issuer + "/protocol/openid-connect/certs";
    }

    int hits(String pathSuffix) {
        return hits.entrySet().stream().filter(e -> e.getKey().endsWith(pathSuffix))
                .mapToInt(e -> e.getValue().get()).sum();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            hits.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
            String body;
            int status = 200;
            if (path.equals(java.net.URI.create(jwksUri()).getPath())) {
                status = jwksFailure.get() == 0 ? 200 : jwksFailure.get();
                List<String> jwks = new ArrayList<>();
                published.get().forEach(k -> jwks.add(k.jwk()));
                body = status == 200 ? "{\"keys\":[" + String.join(",", jwks) + "]}" : "";
                ex.getResponseHeaders().add("Cache-Control", "max-age=3600");
                if (status != 200 && jwksRetryAfter.get() != null) {
                    ex.getResponseHeaders().add("Retry-After", jwksRetryAfter.get());
                }
            } else if (path.equals(java.net.URI.create(issuer).getPath() + "/.well-known/openid-configuration")) {
                status = metadataStatus.get();
                try {
                    Thread.sleep(metadataDelayMillis.get());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                String iss = claimedIssuer.get() == null ? issuer : claimedIssuer.get();
                body = status == 200 ? "{\"issuer\":\"" + iss + "\",\"jwks_uri\":\"" + jwksUri() + "\"}" : "";
            } else {
                status = 404;
                body = "";
            }
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(status, b.length == 0 ? -1 : b.length);
            if (b.length > 0) {
                ex.getResponseBody().write(b);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }

    // ---- tokens, signed by the JDK ------------------------------------------------------------

    static String b64(String s) {
        return B64.encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    /** Claims for this issuer: sub alice, aud api, valid for an hour, plus any extra JSON members. */
    String claims(String extra) {
        long now = System.currentTimeMillis() / 1000;
        return "{\"iss\":\"" + issuer + "\",\"sub\":\"alice\",\"aud\":\"api\",\"iat\":" + now + ",\"exp\":"
                + (now + 3600) + ",\"scope\":\"read write\"" + (extra.isEmpty() ? "" : "," + extra) + "}";
    }

    static String sign(Key k, String headerJson, String claimsJson) {
        String input = b64(headerJson) + "." + b64(claimsJson);
        return input + "." + B64.encodeToString(signature(k.alg(), k.pair().getPrivate(), input));
    }

    static String sign(Key k, String claimsJson) {
        return sign(k, "{\"alg\":\"" + k.alg() + "\",\"kid\":\"" + k.kid() + "\",\"typ\":\"JWT\"}", claimsJson);
    }

    static byte[] signature(String alg, PrivateKey key, String input) {
        try {
            Signature s = Signature.getInstance(switch (alg) {
                case "RS256" -> "SHA256withRSA";
                case "ES256" -> "SHA256withECDSAinP1363Format";
                case "EdDSA" -> "Ed25519";
                case "ML-DSA-44", "ML-DSA-65", "ML-DSA-87" -> "ML-DSA";
                default -> throw new IllegalArgumentException(alg);
            });
            s.initSign(key);
            s.update(input.getBytes(StandardCharsets.US_ASCII));
            return s.sign();
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    static String hs256(byte[] secret, String headerJson, String claimsJson) {
        try {
            String input = b64(headerJson) + "." + b64(claimsJson);
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return input + "." + B64.encodeToString(mac.doFinal(input.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }
}
