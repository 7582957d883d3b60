package io.lcjwt.bench;

import com.nimbusds.jose.EncryptionMethod;
import com.nimbusds.jose.JWEAlgorithm;
import com.nimbusds.jose.JWEDecrypter;
import com.nimbusds.jose.JWEEncrypter;
import com.nimbusds.jose.JWEHeader;
import com.nimbusds.jose.JWEObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.DirectDecrypter;
import com.nimbusds.jose.crypto.DirectEncrypter;
import com.nimbusds.jose.crypto.ECDHDecrypter;
import com.nimbusds.jose.crypto.ECDHEncrypter;
import com.nimbusds.jose.crypto.RSADecrypter;
import com.nimbusds.jose.crypto.RSAEncrypter;
import io.lcjwt.JweContentAlgorithm;
import io.lcjwt.JweDecrypter;
import io.lcjwt.JweEncrypter;
import io.lcjwt.JweKeyAlgorithm;
import io.lcjwt.JwtKey;
import io.lcjwt.JwtPrivateKey;
import io.lcjwt.JwtPublicKey;
import io.lcjwt.JwtSecretKey;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jwe.ContentEncryptionAlgorithmIdentifiers;
import org.jose4j.jwe.JsonWebEncryption;
import org.jose4j.jwe.KeyManagementAlgorithmIdentifiers;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import java.security.Key;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Compact JWE (issue #14 item 6), lcjwt against Nimbus and jose4j in the same run, with the bare
 * libcrypto calls beside them: decrypt and encrypt of the typical claims payload (the decoded
 * payload of the {@code typical} HS256 fixture, 416 bytes of JSON) with A256GCM, for three key
 * managements ({@link #alg}): ECDH-ES+A256KW on P-256, RSA-OAEP-256 on RSA-2048, and dir.
 *
 * <p><b>Inputs.</b> Every decrypt benchmark ({@code lcjwtDecrypt}, {@code nimbusDecrypt},
 * {@code jose4jDecrypt}, {@code bareDecrypt}) decrypts the same JWE, made once in setup by
 * lcjwt's encrypter, each iteration (what a service does per token); its header is
 * {@code alg}, {@code enc} and, for ECDH-ES, {@code epk}. Every encrypt benchmark encrypts the
 * payload bytes to the recipient's public key (or the shared key, for dir) and returns the
 * compact string. Keys are made in setup with JCA and given to each library in its own form:
 * lcjwt {@code JwtPrivateKey.from} / {@code JwtPublicKey.from} / {@code JwtSecretKey.forEncryption}
 * (its keys hold an {@code EVP_PKEY}), the peers the JCA keys.
 * <ul>
 *   <li>lcjwt: a {@link JweDecrypter} and a {@link JweEncrypter} built once, allow-lists of the one
 *       {@code alg} and {@code A256GCM}; {@code decrypt(jwe)} and {@code encrypt(payload)}.</li>
 *   <li>Nimbus: {@code JWEObject.parse(jwe).decrypt(d)} and {@code getPayload().toBytes()} with an
 *       {@code ECDHDecrypter}, {@code RSADecrypter} or {@code DirectDecrypter} built once;
 *       {@code new JWEObject(header, new Payload(bytes))}, {@code encrypt} with the matching
 *       encrypter built once, {@code serialize()}.</li>
 *   <li>jose4j: a new {@code JsonWebEncryption} per operation, algorithm constraints permitting
 *       the one {@code alg} and {@code A256GCM} (built once), {@code setCompactSerialization},
 *       {@code setKey}, {@code getPlaintextBytes()}; for encrypt the two header values,
 *       {@code setPlaintext(bytes)}, {@code getCompactSerialization()}.</li>
 *   <li>bare: {@link BareJwe}, the floor: the libcrypto calls the JWE needs through lcjwt's
 *       bindings and nothing else. Decrypt, ECDH-ES+A256KW: split at the dots, base64url-decode,
 *       {@code epk}'s x and y into a P-256 SubjectPublicKeyInfo, {@code d2i_PUBKEY} (on OpenSSL 3
 *       {@code EVP_PKEY_fromdata} from the point, and the peer not checked twice, as lcjwt does),
 *       {@code EVP_PKEY_derive} (Z), the Concat KDF as one SHA-256 ({@code EVP_Digest}),
 *       {@code AES_set_decrypt_key} + {@code AES_unwrap_key}, AES-256-GCM open with the header
 *       segment as AAD ({@code EVP_AEAD_CTX_open_gather} on aws-lc, {@code EVP_Decrypt*} + the
 *       GCM tag ctrl on OpenSSL 3). RSA-OAEP-256: {@code EVP_PKEY_decrypt} with OAEP and SHA-256
 *       (OAEP and MGF1), then the GCM open. dir: the GCM open with the shared key. Encrypt:
 *       {@code RAND_bytes} for CEK and IV; ECDH-ES+A256KW an ephemeral P-256 key
 *       ({@code EVP_PKEY_keygen}), {@code i2d_PUBKEY} for {@code epk}, derive, KDF,
 *       {@code AES_wrap_key}; RSA-OAEP-256 {@code EVP_PKEY_encrypt}; then the GCM seal and the
 *       five segments in the JDK's base64url.</li>
 * </ul>
 *
 * <p><b>Before timing</b> ({@link #setup}): every contender decrypts every contender's JWE
 * (lcjwt's, each encrypt benchmark's own output, so also Nimbus's, jose4j's and the bare one's)
 * to the payload bytes, so each encryption is read back by three independent implementations; and
 * every contender refuses lcjwt's JWE with one bit of its ciphertext flipped. A contender that
 * fails stops the run: nothing is timed.
 *
 * <p>Run (writes {@code bench/results-jwe.md}, both libcryptos, about 9 minutes):
 * {@code bin/race jmh --regex JweBench --page results-jwe.md}; {@code --lib aws-lc} for one
 * libcrypto, {@code --from-json} to re-render from {@code bench/results-jwe-<libcrypto>.json}.
 * The page ({@link io.lcjwt.bench.report.JwePage}) gives µs/op and B/op per contender, lcjwt's
 * speed-up over the faster peer and its time over the bare calls, against issue #14's targets.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class JweBench {

    /** The cases: key management / key; the content encryption is A256GCM in all three. */
    public static final List<String> CASES = List.of("ECDH-ES+A256KW/P-256", "RSA-OAEP-256/RSA-2048", "dir");

    @Param({"ECDH-ES+A256KW/P-256", "RSA-OAEP-256/RSA-2048", "dir"})
    public String alg;

    byte[] payload;
    /** lcjwt's JWE of the payload: what every decrypt benchmark reads. */
    String jwe;

    private final List<JwtKey> lcjwtKeys = new ArrayList<>();
    JweDecrypter lcjwtDecrypter;
    JweEncrypter lcjwtEncrypter;
    JWEDecrypter nimbusDecrypter;
    JWEEncrypter nimbusEncrypter;
    JWEHeader nimbusHeader;
    Key jose4jDecryptKey;
    Key jose4jEncryptKey;
    String jose4jAlg;
    AlgorithmConstraints jose4jAlgs;
    AlgorithmConstraints jose4jEncs;
    BareJwe bare;

    /** The decoded payload of the typical HS256 fixture: the typical claims JSON. */
    static byte[] typicalPayload() {
        String token = io.lcjwt.bench.fixtures.Fixtures.hs256().get("typical", 64).token();
        return java.util.Base64.getUrlDecoder().decode(token.substring(token.indexOf('.') + 1, token.lastIndexOf('.')));
    }

    @Setup(Level.Trial)
    public void setup() throws Exception {
        payload = typicalPayload();
        JweKeyAlgorithm keyAlg;
        JwtKey decryptKey;
        JwtKey encryptKey;
        switch (alg) {
            case "ECDH-ES+A256KW/P-256" -> {
                KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
                g.initialize(new ECGenParameterSpec("secp256r1"));
                KeyPair kp = g.generateKeyPair();
                keyAlg = JweKeyAlgorithm.ECDH_ES_A256KW;
                decryptKey = JwtPrivateKey.from(kp.getPrivate());
                encryptKey = JwtPublicKey.from(kp.getPublic());
                nimbusDecrypter = new ECDHDecrypter((ECPrivateKey) kp.getPrivate());
                nimbusEncrypter = new ECDHEncrypter((ECPublicKey) kp.getPublic());
                nimbusHeader = new JWEHeader(JWEAlgorithm.ECDH_ES_A256KW, EncryptionMethod.A256GCM);
                jose4jAlg = KeyManagementAlgorithmIdentifiers.ECDH_ES_A256KW;
                jose4jDecryptKey = kp.getPrivate();
                jose4jEncryptKey = kp.getPublic();
                bare = new BareJwe(BareJwe.Kind.ECDH_ES_A256KW, kp.getPrivate().getEncoded(), kp.getPublic().getEncoded(), null);
            }
            case "RSA-OAEP-256/RSA-2048" -> {
                KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
                g.initialize(2048);
                KeyPair kp = g.generateKeyPair();
                keyAlg = JweKeyAlgorithm.RSA_OAEP_256;
                decryptKey = JwtPrivateKey.from(kp.getPrivate());
                encryptKey = JwtPublicKey.from(kp.getPublic());
                nimbusDecrypter = new RSADecrypter(kp.getPrivate());
                nimbusEncrypter = new RSAEncrypter((RSAPublicKey) kp.getPublic());
                nimbusHeader = new JWEHeader(JWEAlgorithm.RSA_OAEP_256, EncryptionMethod.A256GCM);
                jose4jAlg = KeyManagementAlgorithmIdentifiers.RSA_OAEP_256;
                jose4jDecryptKey = kp.getPrivate();
                jose4jEncryptKey = kp.getPublic();
                bare = new BareJwe(BareJwe.Kind.RSA_OAEP_256, kp.getPrivate().getEncoded(), kp.getPublic().getEncoded(), null);
            }
            case "dir" -> {
                byte[] k = new byte[32];
                new java.security.SecureRandom().nextBytes(k);
                SecretKey secret = new SecretKeySpec(k, "AES");
                keyAlg = JweKeyAlgorithm.DIR;
                decryptKey = JwtSecretKey.forEncryption(k);
                encryptKey = decryptKey;
                nimbusDecrypter = new DirectDecrypter(secret);
                nimbusEncrypter = new DirectEncrypter(secret);
                nimbusHeader = new JWEHeader(JWEAlgorithm.DIR, EncryptionMethod.A256GCM);
                jose4jAlg = KeyManagementAlgorithmIdentifiers.DIRECT;
                jose4jDecryptKey = secret;
                jose4jEncryptKey = secret;
                bare = new BareJwe(BareJwe.Kind.DIR, null, null, k);
            }
            default -> throw new IllegalArgumentException("unknown case " + alg + " (have " + CASES + ")");
        }
        lcjwtKeys.add(decryptKey);
        if (encryptKey != decryptKey) {
            lcjwtKeys.add(encryptKey);
        }
        lcjwtDecrypter = JweDecrypter.builder(decryptKey).keyAlgorithms(keyAlg)
                .contentAlgorithms(JweContentAlgorithm.A256GCM).build();
        lcjwtEncrypter = JweEncrypter.builder(encryptKey).keyAlgorithm(keyAlg)
                .contentAlgorithm(JweContentAlgorithm.A256GCM).build();
        jose4jAlgs = new AlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, jose4jAlg);
        jose4jEncs = new AlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT,
                ContentEncryptionAlgorithmIdentifiers.AES_256_GCM);
        jwe = lcjwtEncrypter.encrypt(payload);
        validate();
    }

    /** Every contender reads every contender's JWE to the payload, and refuses a tampered one. */
    void validate() throws Exception {
        Map<String, String> made = new LinkedHashMap<>();
        made.put("lcjwt (the decrypt input)", jwe);
        made.put("lcjwtEncrypt", lcjwtEncrypt());
        made.put("nimbusEncrypt", nimbusEncrypt());
        made.put("jose4jEncrypt", jose4jEncrypt());
        made.put("bareEncrypt", bareEncrypt());
        Map<String, Function<String, byte[]>> readers = new LinkedHashMap<>();
        readers.put("lcjwt", this::lcjwtDecrypt);
        readers.put("nimbus", quiet(this::nimbusDecrypt));
        readers.put("jose4j", quiet(this::jose4jDecrypt));
        readers.put("bare", bare::decrypt);
        String tampered = flipCiphertextBit(jwe);
        for (Map.Entry<String, Function<String, byte[]>> r : readers.entrySet()) {
            for (Map.Entry<String, String> m : made.entrySet()) {
                byte[] got;
                try {
                    got = r.getValue().apply(m.getValue());
                } catch (RuntimeException e) {
                    throw new IllegalStateException(alg + ": " + r.getKey() + " cannot decrypt " + m.getKey()
                            + "'s JWE: " + e + "; nothing is timed", e);
                }
                if (!Arrays.equals(payload, got)) {
                    throw new IllegalStateException(alg + ": " + r.getKey() + " decrypts " + m.getKey()
                            + "'s JWE to other bytes than the payload; nothing is timed");
                }
            }
            boolean refused;
            try {
                refused = r.getValue().apply(tampered) == null;
            } catch (RuntimeException e) {
                refused = true;
            }
            if (!refused) {
                throw new IllegalStateException(alg + ": " + r.getKey() + " accepts a JWE whose ciphertext was changed;"
                        + " nothing is timed");
            }
        }
    }

    /** The JWE with one bit of its ciphertext flipped (a middle base64url character changed). */
    static String flipCiphertextBit(String jwe) {
        int from = jwe.indexOf('.', jwe.indexOf('.', jwe.indexOf('.') + 1) + 1) + 1;
        int to = jwe.lastIndexOf('.');
        int i = (from + to) / 2;
        char c = jwe.charAt(i);
        char flipped = c == 'A' ? 'B' : c == 'B' ? 'A' : c == 'a' ? 'b' : c == 'b' ? 'a' : 'A';
        return jwe.substring(0, i) + flipped + jwe.substring(i + 1);
    }

    interface Throwing {
        byte[] apply(String jwe) throws Exception;
    }

    private static Function<String, byte[]> quiet(Throwing f) {
        return s -> {
            try {
                return f.apply(s);
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        };
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        lcjwtKeys.forEach(JwtKey::close);
        lcjwtKeys.clear();
        if (bare != null) {
            bare.close();
            bare = null;
        }
    }

    // ---- decrypt: each reads {@link #jwe} ----

    @Benchmark
    public byte[] lcjwtDecrypt() {
        return lcjwtDecrypt(jwe);
    }

    @Benchmark
    public byte[] nimbusDecrypt() throws Exception {
        return nimbusDecrypt(jwe);
    }

    @Benchmark
    public byte[] jose4jDecrypt() throws Exception {
        return jose4jDecrypt(jwe);
    }

    @Benchmark
    public byte[] bareDecrypt() {
        return bare.decrypt(jwe);
    }

    byte[] lcjwtDecrypt(String token) {
        return lcjwtDecrypter.decrypt(token);
    }

    byte[] nimbusDecrypt(String token) throws Exception {
        JWEObject o = JWEObject.parse(token);
        o.decrypt(nimbusDecrypter);
        return o.getPayload().toBytes();
    }

    byte[] jose4jDecrypt(String token) throws Exception {
        JsonWebEncryption j = new JsonWebEncryption();
        j.setAlgorithmConstraints(jose4jAlgs);
        j.setContentEncryptionAlgorithmConstraints(jose4jEncs);
        j.setCompactSerialization(token);
        j.setKey(jose4jDecryptKey);
        return j.getPlaintextBytes();
    }

    // ---- encrypt: each encrypts {@link #payload} ----

    @Benchmark
    public String lcjwtEncrypt() {
        return lcjwtEncrypter.encrypt(payload);
    }

    @Benchmark
    public String nimbusEncrypt() throws Exception {
        JWEObject o = new JWEObject(nimbusHeader, new Payload(payload));
        o.encrypt(nimbusEncrypter);
        return o.serialize();
    }

    @Benchmark
    public String jose4jEncrypt() throws Exception {
        JsonWebEncryption j = new JsonWebEncryption();
        j.setAlgorithmHeaderValue(jose4jAlg);
        j.setEncryptionMethodHeaderParameter(ContentEncryptionAlgorithmIdentifiers.AES_256_GCM);
        j.setKey(jose4jEncryptKey);
        j.setPlaintext(payload);
        return j.getCompactSerialization();
    }

    @Benchmark
    public String bareEncrypt() {
        return bare.encrypt(payload);
    }
}
