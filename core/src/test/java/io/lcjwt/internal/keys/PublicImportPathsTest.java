package io.lcjwt.internal.keys;

import io.lcjwt.internal.crypto.AsymmetricKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.RSAKeyGenParameterSpec;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * Public keys reach libcrypto by the cheapest call each library offers (raw bytes for Ed25519 and
 * X25519; on OpenSSL 3 a per-curve template for EC and {@code EVP_PKEY_fromdata} for RSA). Whatever
 * the path, libcrypto must hold exactly the key the JDK encoded, keys made from one template must
 * not share a point, (EcPublicImportTest and
 * Ed25519PointsTest show that what must be refused still is).
 */
class PublicImportPathsTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"RSA-2048", "RSA-3072", "Ed25519", "X25519", "secp256r1", "secp384r1", "secp521r1"})
    void libcryptoHoldsTheJdksKey(String which) throws Exception {
        int times = which.startsWith("RSA") ? 1 : 3; // an EC curve's later keys come from its template
        for (int i = 0; i < times; i++) {
            byte[] spki = jdkPublic(which);
            AsymmetricKey key = KeyFactory.publicFromInfo(Spki.parse(spki), null, KeyUse.ANY);
            try {
                assertArrayEquals(spki, key.evp().spki(), which + ": libcrypto's encoding of the imported key");
            } finally {
                key.close();
            }
        }
    }

    @Test
    void keysOfOneCurveKeepTheirOwnPoints() throws Exception {
        List<byte[]> spkis = new ArrayList<>();
        List<AsymmetricKey> keys = new ArrayList<>();
        try {
            for (int i = 0; i < 8; i++) {
                byte[] spki = jdkPublic("secp256r1");
                spkis.add(spki);
                keys.add(KeyFactory.publicFromInfo(Spki.parse(spki), null, KeyUse.ANY));
            }
            for (int i = 0; i < keys.size(); i++) {
                assertArrayEquals(spkis.get(i), keys.get(i).evp().spki(), "key " + i + " after seven more of its curve");
            }
        } finally {
            keys.forEach(AsymmetricKey::close);
        }
    }

    private static byte[] jdkPublic(String which) throws Exception {
        KeyPairGenerator g;
        switch (which) {
            case "RSA-2048" -> {
                g = KeyPairGenerator.getInstance("RSA");
                g.initialize(2048);
            }
            case "RSA-3072" -> {
                g = KeyPairGenerator.getInstance("RSA");
                g.initialize(new RSAKeyGenParameterSpec(3072, RSAKeyGenParameterSpec.F4));
            }
            case "Ed25519", "X25519" -> g = KeyPairGenerator.getInstance(which);
            default -> {
                g = KeyPairGenerator.getInstance("EC");
                g.initialize(new ECGenParameterSpec(which));
            }
        }
        return g.generateKeyPair().getPublic().getEncoded();
    }
}
