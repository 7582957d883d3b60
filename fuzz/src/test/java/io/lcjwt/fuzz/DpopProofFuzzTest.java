package io.lcjwt.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.lcjwt.Algorithm;
import io.lcjwt.DpopException;
import io.lcjwt.DpopVerifier;
import io.lcjwt.VerifiedDpopProof;
import io.lcjwt.testkit.JcaDpop;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * DPoP proofs (RFC 9449). The first input byte picks what the rest is: 0, a proof header, with good
 * claims, signed by the client's key; 1, proof claims under a good header, signed; 2, the whole
 * proof text. In headers and claims {@code $JWK}, {@code $ATH} and {@code $IAT} stand for the
 * client's public JWK, the access token's hash and now, so the fuzzer reaches past the first
 * checks. Oracle: only {@link DpopException} escapes; an accepted proof is strict JSON to Jackson,
 * has {@code typ} dpop+jwt, {@code alg} ES256 and the client's public key (no private member) in
 * {@code jwk}, a signature the JDK verifies with that key, {@code htm} GET, a {@code jti} of 1 to
 * 256 characters, an {@code iat} inside the window, the right {@code ath}, and the JDK's RFC 7638
 * thumbprint of the key.
 */
class DpopProofFuzzTest {
    static final String HTU = "https://api.example/orders";
    static final String TOKEN = "fuzz.access.token";
    static final JcaDpop.Key CLIENT = JcaDpop.ec();
    static final String JWK = CLIENT.jwk();
    static final Map<?, ?> JWK_MEMBERS = (Map<?, ?>) Oracle.json(JWK.getBytes(StandardCharsets.UTF_8), JWK);
    static final String JKT = CLIENT.thumbprint();
    static final String ATH = JcaDpop.ath(TOKEN);
    static final DpopVerifier VERIFIER = DpopVerifier.builder().algorithms(Algorithm.ES256, Algorithm.RS256)
            .clock(FuzzKeys.CLOCK).replayStore((id, now, exp) -> {
                Oracle.require(id.length() == 43 && exp.isAfter(now), "replay store id and expiry", id);
                return true;
            }).build();

    static final String GOOD_HEADER = "{\"typ\":\"dpop+jwt\",\"alg\":\"ES256\",\"jwk\":$JWK}";
    static final String GOOD_CLAIMS = "{\"jti\":\"j-1\",\"htm\":\"GET\",\"htu\":\"" + HTU + "\",\"iat\":$IAT,\"ath\":\"$ATH\"}";

    @FuzzTest
    @Timeout(10)
    void proof(byte[] input) {
        if (input.length == 0) {
            return;
        }
        byte[] body = java.util.Arrays.copyOfRange(input, 1, input.length);
        String proof = switch (input[0] & 3) {
            case 0 -> sign(expand(body), expand(GOOD_CLAIMS.getBytes(StandardCharsets.UTF_8)));
            case 1 -> sign(expand(GOOD_HEADER.getBytes(StandardCharsets.UTF_8)), expand(body));
            default -> new String(body, StandardCharsets.ISO_8859_1);
        };
        VerifiedDpopProof accepted;
        try {
            accepted = VERIFIER.verify(List.of(proof), "GET", URI.create(HTU), TOKEN, JKT);
        } catch (DpopException refused) {
            return;
        }
        check(proof, accepted);
    }

    /** The independent checks of an accepted proof. */
    static void check(String proof, VerifiedDpopProof accepted) {
        String[] parts = proof.split("\\.", -1);
        Oracle.require(parts.length == 3, "three segments", proof);
        Map<?, ?> header = (Map<?, ?>) Oracle.json(Oracle.canonical(parts[0], proof), proof);
        Map<?, ?> claims = (Map<?, ?>) Oracle.json(Oracle.canonical(parts[1], proof), proof);
        String typ = String.valueOf(header.get("typ")).toLowerCase(Locale.ROOT);
        Oracle.require(typ.equals("dpop+jwt") || typ.equals("application/dpop+jwt"), "typ", proof);
        Oracle.require("ES256".equals(header.get("alg")), "alg", proof);
        Map<?, ?> jwk = (Map<?, ?>) header.get("jwk");
        Oracle.require(JWK_MEMBERS.get("x").equals(jwk.get("x")) && JWK_MEMBERS.get("y").equals(jwk.get("y"))
                && "EC".equals(jwk.get("kty")) && "P-256".equals(jwk.get("crv")), "the client's key", proof);
        for (String priv : new String[] {"d", "p", "q", "dp", "dq", "qi", "oth", "k"}) {
            Oracle.require(!jwk.containsKey(priv), "no private member " + priv, proof);
        }
        Oracle.require(jdkVerifies(parts), "the JDK verifies the signature", proof);
        Oracle.require("GET".equals(claims.get("htm")), "htm", proof);
        Oracle.require(claims.get("jti") instanceof String j && !j.isEmpty() && j.length() <= 256, "jti", proof);
        Oracle.require(claims.get("iat") instanceof Number n && Math.abs(n.doubleValue() - FuzzKeys.NOW) <= 60, "iat", proof);
        Oracle.require(ATH.equals(claims.get("ath")), "ath", proof);
        Oracle.require(JKT.equals(accepted.thumbprint()), "thumbprint", proof);
    }

    static boolean jdkVerifies(String[] parts) {
        try {
            Signature s = Signature.getInstance("SHA256withECDSAinP1363Format");
            s.initVerify(CLIENT.pair().getPublic());
            s.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
            return s.verify(Base64.getUrlDecoder().decode(parts[2]));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    static byte[] expand(byte[] text) {
        String s = new String(text, StandardCharsets.ISO_8859_1);
        if (!s.contains("$")) {
            return text;
        }
        return s.replace("$JWK", JWK).replace("$ATH", ATH).replace("$IAT", String.valueOf(FuzzKeys.NOW))
                .getBytes(StandardCharsets.ISO_8859_1);
    }

    static String sign(byte[] header, byte[] claims) {
        return JcaDpop.sign(CLIENT, header, claims);
    }

    /** Seeds for {@link SeedCorpus}: good and nearly good headers and claims, and whole texts. */
    static List<byte[]> seeds() {
        List<String> headers = List.of(GOOD_HEADER, "{\"typ\":\"DPoP+JWT\",\"alg\":\"ES256\",\"jwk\":$JWK}",
                "{\"typ\":\"dpop+jwt\",\"alg\":\"ES256\",\"jwk\":{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"AA\",\"y\":\"AA\"}}",
                "{\"typ\":\"dpop+jwt\",\"alg\":\"ES256\",\"jwk\":{\"kty\":\"oct\",\"k\":\"AAAA\"}}",
                "{\"typ\":\"dpop+jwt\",\"alg\":\"RS256\",\"jwk\":{\"kty\":\"RSA\",\"n\":\"AQAB\",\"e\":\"AQAB\"}}",
                "{\"typ\":\"dpop+jwt\",\"alg\":\"ES256\",\"jwk\":$JWK,\"crit\":[\"x\"],\"x\":1}");
        List<String> claims = List.of(GOOD_CLAIMS,
                "{\"jti\":\"j-2\",\"htm\":\"GET\",\"htu\":\"HTTPS://API.EXAMPLE:443/a/../orders?x#y\",\"iat\":$IAT,\"ath\":\"$ATH\"}",
                "{\"jti\":\"\",\"htm\":\"GET\",\"htu\":\"" + HTU + "\",\"iat\":1.7e9,\"ath\":\"$ATH\",\"nonce\":\"n\"}",
                "{\"jti\":\"j-3\",\"htm\":\"GET\",\"htu\":\"" + HTU + "\",\"iat\":\"$IAT\",\"ath\":\"$ATH\"}");
        List<byte[]> out = new java.util.ArrayList<>();
        for (String h : headers) {
            out.add(prefixed(0, h));
        }
        for (String c : claims) {
            out.add(prefixed(1, c));
        }
        out.add(prefixed(2, "eyJ0eXAiOiJkcG9wK2p3dCIsImFsZyI6IkVTMjU2In0.e30.AAAA"));
        return out;
    }

    private static byte[] prefixed(int mode, String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[b.length + 1];
        out[0] = (byte) mode;
        System.arraycopy(b, 0, out, 1, b.length);
        return out;
    }
}
