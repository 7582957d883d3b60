package io.lcjwt.fuzz;

import io.lcjwt.Algorithm;
import io.lcjwt.JwtPrivateKey;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Writes the hand-made part of the seed corpora under {@code fuzz/src/test/resources} (inputs that
 * reach deep paths at once: valid tokens of every algorithm, every key form). Run from the
 * repository root after {@code ./mvnw -pl fuzz test-compile}:
 * <pre>{@code java --enable-native-access=ALL-UNNAMED -cp <test classpath> io.lcjwt.fuzz.SeedCorpus}</pre>
 * {@code bin/fuzz seeds} does exactly that. Inputs found by fuzzing are added next to these. With
 * the argument {@code ML-DSA} it writes only the ML-DSA seeds (tokens, keys and an ES256 + ML-DSA-65
 * JWS), with a libcrypto that has ML-DSA ({@code LCJWT_LIBCRYPTO} at aws-lc).
 */
public final class SeedCorpus {

    private static final Path ROOT = Path.of("fuzz/src/test/resources/io/lcjwt/fuzz");

    private SeedCorpus() {}

    public static void main(String[] args) throws IOException {
        // "ML-DSA", "dpop" or "sd-jwt": only those seeds; the others hold signatures that would change.
        if (args.length == 1 && args[0].equals("ML-DSA")) {
            mlDsa();
            return;
        }
        String only = args.length > 0 ? args[0] : "";
        if (!only.equals("sd-jwt")) {
            write("DpopProofFuzzTestInputs/proof", DpopProofFuzzTest.seeds());
        }
        if (!only.equals("dpop")) {
            write("SdJwtFuzzTestInputs/presentation", SdJwtFuzzTest.seeds());
        }
        if (only.equals("dpop") || only.equals("sd-jwt")) {
            return;
        }
        List<byte[]> tokens = new ArrayList<>();
        int n = Algorithm.values().length;
        for (int a = 0; a < n; a++) {
            tokens.addAll(tokenSeeds(a));
        }
        write("TokenDecodeFuzzTestInputs/decode", tokens);
        everyOtherTarget();
    }

    /**
     * Only the ML-DSA seeds (valid tokens of the three levels, and their keys in every form when
     * the libcrypto has ML-DSA), which {@code SeedCorpus ML-DSA} adds to a corpus made before
     * lcjwt had ML-DSA.
     */
    private static void mlDsa() throws IOException {
        List<byte[]> tokens = new ArrayList<>();
        for (Algorithm alg : Algorithm.values()) {
            if (alg.family() == Algorithm.Family.ML_DSA) {
                tokens.addAll(tokenSeeds(alg.ordinal()));
            }
        }
        write("TokenDecodeFuzzTestInputs/decode", tokens);
        write("KeyImportFuzzTestInputs/importKey", keySeeds(MLDSA_KEYS));
        write("JwsJsonFuzzTestInputs/jsonSerialization", List.of(hybridJws()));
    }

    private static final Algorithm[] MLDSA_KEYS = {Algorithm.ML_DSA_44, Algorithm.ML_DSA_65, Algorithm.ML_DSA_87};

    /** A general JWS of one payload signed by ES256 and ML-DSA-65: the post-quantum migration shape. */
    private static byte[] hybridJws() {
        if (!io.lcjwt.LibCrypto.supports(Algorithm.ML_DSA_65)) {
            throw new IllegalStateException("the ML-DSA seeds are made with a libcrypto that has ML-DSA: "
                    + io.lcjwt.LibCrypto.describe());
        }
        try (JwtPrivateKey ec = JwtPrivateKey.generate(Algorithm.ES256).withKeyId("ec");
             JwtPrivateKey pq = JwtPrivateKey.generate(Algorithm.ML_DSA_65).withKeyId("pq")) {
            return io.lcjwt.JwtSigner.signGeneral(Tokens.GOOD_CLAIMS.getBytes(StandardCharsets.UTF_8),
                    io.lcjwt.JwtSigner.builder(ec).algorithm(Algorithm.ES256).build(),
                    io.lcjwt.JwtSigner.builder(pq).algorithm(Algorithm.ML_DSA_65).build()).getBytes(StandardCharsets.UTF_8);
        }
    }

    /** Four seeds per key source for algorithm number {@code a}: a valid token, and three modes' data. */
    private static List<byte[]> tokenSeeds(int a) {
        List<byte[]> tokens = new ArrayList<>();
        FuzzKeys.Material m = FuzzKeys.ALL.get(Algorithm.values()[a]);
        for (int source = 0; source < 4; source++) {
            boolean kid = source == 3;
            byte[] header = Tokens.header(m, kid).getBytes(StandardCharsets.UTF_8);
            byte[] claims = Tokens.GOOD_CLAIMS.getBytes(StandardCharsets.UTF_8);
            int kind = (a + source) % 7;
            tokens.add(with(new byte[] {(byte) a, (byte) source, 0, (byte) kind}, Tokens.signed(m, header, claims)));
            tokens.add(with(new byte[] {(byte) a, (byte) source, 1, (byte) (kind + 1)},
                    concat(header, new byte[] {'\n'}, claims)));
            tokens.add(with(new byte[] {(byte) a, (byte) source, 2, (byte) (kind + 2)}, claims));
            tokens.add(with(new byte[] {(byte) a, (byte) source, 3, (byte) (kind + 3)}, new byte[] {0, 40, 'A'}));
        }
        return tokens;
    }

    private static void everyOtherTarget() throws IOException {
        write("HeaderFuzzTestInputs/header", utf8(
                "{\"alg\":\"HS256\",\"typ\":\"JWT\"}",
                "{\"alg\":\"HS256\",\"kid\":\"fuzz-k1\"}",
                "{\"alg\":\"HS256\",\"crit\":[\"exp\"],\"exp\":1}",
                "{\"alg\":\"HS256\",\"b64\":false}",
                "{\"alg\":\"HS256\",\"zip\":\"DEF\"}",
                "{\"alg\":\"HS256\",\"cty\":\"JWT\"}",
                "{\"alg\":\"HS256\",\"jku\":\"https://evil.example/jwks\",\"jwk\":{\"kty\":\"oct\",\"k\":\"AAAA\"}}",
                "{\"alg\":\"none\"}",
                "{\"alg\":\"hs256\"}",
                "{\"alg\":\"HS256\",\"alg\":\"none\"}",
                "{\"alg\":\"HS256\",\"kid\":123}",
                "{\"alg\":\"HS256\",\"x5c\":[\"MIIB\"],\"nested\":{\"a\":[1,2,{\"b\":null}]}}",
                " {\"alg\" : \"HS256\" } ",
                "{\"alg\":\"HS256\"," + flood(560) + "}"));

        write("ClaimsFuzzTestInputs/claims", utf8(
                Tokens.GOOD_CLAIMS,
                "{\"aud\":[\"x\",\"fuzz-aud\"],\"exp\":1700003600}",
                "{\"aud\":\"fuzz-aud\",\"exp\":1700003600.5,\"nbf\":1.7e9}",
                "{\"aud\":\"fuzz-aud\",\"exp\":\"1700003600\"}",
                "{\"aud\":[],\"exp\":1700003600}",
                "{\"aud\":\"fuzz-aud\",\"exp\":1700003600,\"sub\":\"\\ud83d\\ude00\\u0000\\\"\",\"roles\":[\"a\"]}",
                "{\"aud\":\"fuzz-aud\",\"exp\":1700003600,\"n\":{\"d\":[[[[{}]]]],\"big\":123456789012345678901234567890,\"f\":-0.0e-5}}",
                "{\"aud\":\"fuzz-aud\",\"exp\":1700003600,\"exp\":1}",
                "{\"aud\":\"fuzz-aud\",\"exp\":1e400}",
                "[1,2,3]",
                "{\"aud\":\"fuzz-aud\",\"exp\":1700003600," + flood(560) + "}"));

        write("SignThenVerifyFuzzTestInputs/signThenVerify", SignThenVerifyFuzzTest.SEEDS);

        List<Algorithm> keyAlgs = new ArrayList<>(List.of(Algorithm.RS256, Algorithm.ES256, Algorithm.ES256K,
                Algorithm.ES384, Algorithm.ES512, Algorithm.EdDSA));
        if (io.lcjwt.LibCrypto.supports(Algorithm.ML_DSA_65)) {
            keyAlgs.addAll(List.of(MLDSA_KEYS));
        }
        List<byte[]> keys = keySeeds(keyAlgs.toArray(Algorithm[]::new));
        keys.add(with(new byte[] {2}, ("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----\n")
                .getBytes(StandardCharsets.UTF_8)));
        keys.add(with(new byte[] {6}, "{\"keys\":[{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"AA\",\"y\":\"AA\"},{\"kty\":\"RSA\",\"n\":\"AQAB\",\"e\":\"AQAB\"}]}"
                .getBytes(StandardCharsets.UTF_8)));
        keys.add(with(new byte[] {7}, "0123456789abcdef0123456789abcdef!".getBytes(StandardCharsets.UTF_8)));
        write("KeyImportFuzzTestInputs/importKey", keys);

        write("JweDecryptFuzzTestInputs/decrypt", JweDecryptFuzzTest.seeds());
        write("JwkSetFuzzTestInputs/parseSet", JwkSetFuzzTest.seeds());
        write("Base64UrlFuzzTestInputs/decode", utf8("", "AA", "AAA", "AAAA", "AB", "_-_-", "QQ==", "a+b/", "eyJhbGciOiJIUzI1NiJ9"));
    }

    /** Each key in every form KeyImportFuzzTest reads: PEM, DER, private PEM-less DER, JWKs, a JWK set. */
    private static List<byte[]> keySeeds(Algorithm... algs) {
        List<byte[]> keys = new ArrayList<>();
        for (Algorithm alg : algs) {
            try (JwtPrivateKey k = JwtPrivateKey.generate(alg)) {
                keys.add(with(new byte[] {0}, k.publicKey().toPem().getBytes(StandardCharsets.UTF_8)));
                keys.add(with(new byte[] {1}, k.publicKey().toDer()));
                keys.add(with(new byte[] {3}, k.toDer()));
                keys.add(with(new byte[] {4}, k.publicKey().toJwk().getBytes(StandardCharsets.UTF_8)));
                keys.add(with(new byte[] {4}, k.toJwk().getBytes(StandardCharsets.UTF_8)));
                keys.add(with(new byte[] {5}, ("{\"keys\":[" + k.publicKey().withKeyId("a").toJwk() + "]}")
                        .getBytes(StandardCharsets.UTF_8)));
            }
        }
        return keys;
    }

    /**
     * {@code "!!":0,"!#":0,...}: two-character names, which an unkeyed h*31+b hash packs into one
     * run of table slots (hash flooding, issue #20); the cost oracle must see them pass.
     */
    private static String flood(int n) {
        StringBuilder sb = new StringBuilder();
        int count = 0;
        for (char a = '!'; a <= '~' && count < n; a++) {
            for (char b = '!'; b <= '~' && count < n; b++) {
                if (a != '"' && a != '\\' && b != '"' && b != '\\') {
                    sb.append(count++ == 0 ? "" : ",").append('"').append(a).append(b).append("\":0");
                }
            }
        }
        return sb.toString();
    }

    private static List<byte[]> utf8(String... s) {
        List<byte[]> out = new ArrayList<>();
        for (String x : s) {
            out.add(x.getBytes(StandardCharsets.UTF_8));
        }
        return out;
    }

    private static byte[] with(byte[] prefix, byte[] body) {
        return concat(prefix, body);
    }

    private static byte[] concat(byte[]... parts) {
        int len = 0;
        for (byte[] p : parts) {
            len += p.length;
        }
        byte[] out = new byte[len];
        int off = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, off, p.length);
            off += p.length;
        }
        return out;
    }

    /** Files named by content hash, so rerunning adds nothing twice. */
    static void write(String dir, List<byte[]> inputs) throws IOException {
        Path d = ROOT.resolve(dir);
        Files.createDirectories(d);
        for (byte[] in : inputs) {
            Files.write(d.resolve("seed-" + sha1(in)), in);
        }
        System.out.println("wrote " + inputs.size() + " seeds to " + d);
    }

    private static String sha1(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(b)).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
