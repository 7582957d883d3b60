package io.lcjwt.bindings;

import io.lcjwt.bindings.libcrypto.libcrypto_h;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.security.MessageDigest;
import java.util.Arrays;

import static io.lcjwt.bindings.NativeTestSupport.bytes;
import static io.lcjwt.bindings.NativeTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * RFC 7518 §4.6.2's Concat KDF (NIST SP 800-56A/C one-step, SHA-256) through aws-lc's SSKDF_digest,
 * against the definition computed with the JDK's SHA-256 (tests only): SHA-256(counter || Z ||
 * OtherInfo) for counter 1, 2, ..., truncated to keydatalen. OpenSSL lacks SSKDF_digest (its
 * SSKDF is reached through EVP_KDF, not bound here); there the streamed digest is the way.
 */
class Rfc7518ConcatKdfTest {

    private static final byte[] Z = hex("9e56d91d817135d372834283bf84269cfb316ea3da806a48f6daa7798cfe90c4");
    // AlgorithmID "A128GCM", PartyUInfo "Alice", PartyVInfo "Bob", SuppPubInfo 128 (RFC 7518 App. C).
    private static final byte[] OTHER_INFO = hex("000000074131323847434d00000005416c6963650000000342"
            + "6f6200000080");

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {16, 32, 48, 64})
    void matchesTheDefinition(int keyLength) throws Exception {
        Backend b = Backend.get();
        if (!b.isAwsLc()) {
            assertFalse(b.exports("SSKDF_digest"), "SSKDF_digest is aws-lc's alone");
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(keyLength);
            assertEquals(1, libcrypto_h.SSKDF_digest(out, keyLength, b.sha256(), bytes(arena, Z), Z.length,
                    bytes(arena, OTHER_INFO), OTHER_INFO.length));
            assertArrayEquals(definition(keyLength), out.toArray(ValueLayout.JAVA_BYTE));
        }
    }

    private static byte[] definition(int keyLength) throws Exception {
        ByteArrayOutputStream derived = new ByteArrayOutputStream();
        for (int counter = 1; derived.size() < keyLength; counter++) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(new byte[] {0, 0, 0, (byte) counter});
            sha.update(Z);
            sha.update(OTHER_INFO);
            derived.write(sha.digest());
        }
        return Arrays.copyOf(derived.toByteArray(), keyLength);
    }
}
