package io.lcjwt.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.lcjwt.Algorithm;
import io.lcjwt.JwtException;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtVerifier;
import io.lcjwt.VerifiedJws;
import org.junit.jupiter.api.Timeout;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The JWS JSON serialization (RFC 7515 section 7.2, general and flattened, with RFC 7797
 * unencoded and detached payloads): the fuzz input is the JSON text. The seeds are the JOSE
 * cookbook's HS256 cases (RFC 7520 4.5-4.7) and RFC 7797's {@code $.02}, whose keys the
 * verifiers hold, so mutations that keep a signature valid (unknown members, unprotected
 * members, whitespace, order) reach the accepting path. Oracle: only {@code JwtException}
 * escapes; whatever is accepted, Jackson (strict, duplicates refused) reads as a JWS whose
 * verified signatures the JDK's HMAC recomputes over the signing input the RFCs define, with
 * {@code alg} protected, {@code b64}/{@code crit} protected, headers disjoint, and the payload
 * lcjwt returned equal to the one the JSON carries.
 */
class JwsJsonFuzzTest {

    static final byte[] COOKBOOK = Base64.getUrlDecoder().decode("hJtXIZ2uSN5kbQfbtTNWbpdmhkV8FJG-Onbc6mxCcYg");
    static final byte[] RFC7515_A1 = Base64.getUrlDecoder().decode(
            "AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow");
    static final byte[] DETACHED_COOKBOOK = ("It\u2019s a dangerous business, Frodo, going out your door. You step onto"
            + " the road, and if you don't keep your feet, there\u2019s no knowing where you might be swept off to.")
            .getBytes(StandardCharsets.UTF_8);
    static final byte[] DETACHED_7797 = "$.02".getBytes(StandardCharsets.US_ASCII);

    static final JwtVerifier COOKBOOK_V = verifier(COOKBOOK, "018c0ae5-4d9b-471b-bfd6-eef314bc7037");
    static final JwtVerifier RFC7797_V = verifier(RFC7515_A1, null);

    static JwtVerifier verifier(byte[] secret, String kid) {
        String jwk = "{\"kty\":\"oct\"," + (kid == null ? "" : "\"kid\":\"" + kid + "\",") + "\"k\":\""
                + Base64.getUrlEncoder().withoutPadding().encodeToString(secret) + "\"}";
        return JwtVerifier.builder(JwtKey.fromJwk(jwk)).algorithms(Algorithm.HS256).allowUnencodedPayload().build();
    }

    @FuzzTest
    @Timeout(10)
    void jsonSerialization(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        run(COOKBOOK_V, COOKBOOK, text, null);
        run(COOKBOOK_V, COOKBOOK, text, DETACHED_COOKBOOK);
        run(RFC7797_V, RFC7515_A1, text, null);
        run(RFC7797_V, RFC7515_A1, text, DETACHED_7797);
    }

    private static void run(JwtVerifier v, byte[] secret, String text, byte[] detached) {
        for (boolean all : new boolean[] {true, false}) {
            VerifiedJws r;
            try {
                r = all ? (detached == null ? v.verifyJson(text) : v.verifyJson(text, detached))
                        : (detached == null ? v.verifyJsonAnySignature(text) : v.verifyJsonAnySignature(text, detached));
            } catch (JwtException refused) {
                continue;
            }
            accepted(text, secret, detached, all, r);
        }
    }

    /** The independent judgement of an accepted JWS; an AssertionError is a finding. */
    @SuppressWarnings("unchecked")
    static void accepted(String text, byte[] secret, byte[] detached, boolean all, VerifiedJws r) {
        Object tree = Oracle.json(text.getBytes(StandardCharsets.UTF_8), text);
        Oracle.require(tree instanceof Map, "not an object", text);
        Map<String, Object> jws = (Map<String, Object>) tree;
        boolean general = jws.containsKey("signatures");
        Oracle.require(!general || !(jws.containsKey("signature") || jws.containsKey("protected") || jws.containsKey("header")),
                "general and flattened mixed", text);
        List<Object> sigs = general ? (List<Object>) jws.get("signatures") : List.of(jws);
        Oracle.require(!sigs.isEmpty() && sigs.size() <= 16, "signature count " + sigs.size(), text);
        Object payload = jws.get("payload");
        Oracle.require((detached == null) == (payload instanceof String), "payload present or not as the call expects", text);
        int good = 0;
        byte[] expectedPayload = null;
        for (Object o : sigs) {
            Oracle.require(o instanceof Map, "a signature is not an object", text);
            Map<String, Object> sig = (Map<String, Object>) o;
            String why = judge(sig, (String) payload, detached, secret);
            if (why == null) {
                good++;
                Map<String, Object> p = protectedHeader(sig);
                boolean raw = Boolean.FALSE.equals(p.get("b64"));
                if (payload != null) {
                    expectedPayload = raw ? ((String) payload).getBytes(StandardCharsets.UTF_8)
                            : Oracle.canonical((String) payload, text);
                }
            } else if (all) {
                throw new AssertionError("accepted under \"all must verify\" though " + why + ": " + text);
            }
        }
        Oracle.require(good >= r.headers().size() && good > 0, "fewer good signatures than lcjwt reports", text);
        Oracle.require(detached == null ? Arrays.equals(expectedPayload, r.payload()) : r.payload() == null,
                "payload differs from the JSON's", text);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> protectedHeader(Map<String, Object> sig) {
        byte[] p = Base64.getUrlDecoder().decode((String) sig.get("protected"));
        return (Map<String, Object>) Oracle.jsonOrNull(p);
    }

    /** Why this signature must not verify, or null when the JDK agrees it does. */
    @SuppressWarnings("unchecked")
    private static String judge(Map<String, Object> sig, String payload, byte[] detached, byte[] secret) {
        if (!(sig.get("protected") instanceof String ps) || !(sig.get("signature") instanceof String ss)) {
            return "protected or signature missing";
        }
        byte[] pBytes;
        byte[] sBytes;
        try {
            pBytes = Oracle.canonical(ps, ps);
            sBytes = Oracle.canonical(ss, ss);
        } catch (AssertionError e) {
            return "non-canonical base64url";
        }
        if (!(Oracle.jsonOrNull(pBytes) instanceof Map<?, ?> p)) {
            return "protected header is not a JSON object";
        }
        if (!"HS256".equals(p.get("alg"))) {
            return "alg is not HS256";
        }
        Object h = sig.get("header");
        if (h != null && !(h instanceof Map)) {
            return "unprotected header is not an object";
        }
        Map<String, Object> u = h == null ? Map.of() : (Map<String, Object>) h;
        if (u.containsKey("alg") || u.containsKey("b64") || u.containsKey("crit")) {
            return "alg, b64 or crit unprotected";
        }
        for (Object k : p.keySet()) {
            if (u.containsKey(k)) {
                return "headers not disjoint";
            }
        }
        Object b64 = p.get("b64");
        if (b64 != null && !(b64 instanceof Boolean)) {
            return "b64 not a boolean";
        }
        Object crit = p.get("crit");
        if (crit != null && !(crit instanceof List<?> c && c.equals(List.of("b64")) && b64 != null)) {
            return "crit other than [b64] over a b64 member";
        }
        boolean raw = Boolean.FALSE.equals(b64);
        if (raw && crit == null) {
            return "b64:false without crit b64";
        }
        byte[] part;
        if (detached != null) {
            part = raw ? detached : Base64.getUrlEncoder().withoutPadding().encode(detached);
        } else if (raw) {
            part = payload.getBytes(StandardCharsets.UTF_8);
        } else {
            try {
                Oracle.canonical(payload, payload);
            } catch (AssertionError e) {
                return "payload not canonical base64url";
            }
            part = payload.getBytes(StandardCharsets.US_ASCII);
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            mac.update((ps + ".").getBytes(StandardCharsets.US_ASCII));
            return MessageDigest.isEqual(mac.doFinal(part), sBytes) ? null : "the JDK's HMAC differs";
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }
}
