package io.lcjwt.internal.jwe;

import io.lcjwt.JweContentAlgorithm;
import io.lcjwt.JweDecryptionException;
import io.lcjwt.JweEncrypter;
import io.lcjwt.JweKeyAlgorithm;
import io.lcjwt.JwtSecretKey;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.internal.jws.TokenVerifier;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A decrypter's header memo may only save work: a header is remembered once a JWE under it has
 * decrypted, found again only for the very same bytes, and a remembered header still leaves the
 * IV, the tag and the ciphertext to be checked on every JWE.
 */
class JweHeaderMemoTest {
    private static final byte[] KEY = new byte[32];
    private static final Set<JweKeyAlgorithm> ALGS = EnumSet.of(JweKeyAlgorithm.DIR);
    private static final Set<JweContentAlgorithm> ENCS = EnumSet.of(JweContentAlgorithm.A256GCM);

    static {
        Arrays.fill(KEY, (byte) 7);
    }

    private static JweCompact.Decrypted decrypt(String jwe, JweCompact.HeaderMemo memo) {
        return JweCompact.decrypt(jwe, 1 << 16, 0, 0, ALGS, ENCS, h -> new JweCompact.Chosen(KEY.clone(), null), memo);
    }

    private static String encrypt(byte[] plain) {
        try (JwtSecretKey k = JwtSecretKey.forEncryption(KEY)) {
            return JweEncrypter.builder(k).keyAlgorithm(JweKeyAlgorithm.DIR)
                    .contentAlgorithm(JweContentAlgorithm.A256GCM).build().encrypt(plain);
        }
    }

    private static byte[] headerSegment(String jwe) {
        return jwe.substring(0, jwe.indexOf('.')).getBytes(StandardCharsets.US_ASCII);
    }

    private static int slot(byte[] segment) {
        return TokenVerifier.hash(segment, 0, segment.length) & (JweCompact.HeaderMemo.SLOTS - 1);
    }

    /** The JWE with one character of its ciphertext segment changed. */
    private static String flipCiphertext(String jwe) {
        String[] p = jwe.split("\\.");
        char c = p[3].charAt(0);
        p[3] = (c == 'A' ? 'B' : 'A') + p[3].substring(1);
        return String.join(".", p);
    }

    @Test
    void aHeaderIsRememberedOnlyOnceAJweUnderItHasDecrypted() {
        JweCompact.HeaderMemo memo = new JweCompact.HeaderMemo();
        String jwe = encrypt("hello".getBytes(StandardCharsets.UTF_8));
        byte[] h = headerSegment(jwe);

        assertThrows(JweDecryptionException.class, () -> decrypt(flipCiphertext(jwe), memo));
        assertNull(memo.find(h, h.length, slot(h)), "a JWE that failed its tag must not leave its header behind");

        JweCompact.Decrypted first = decrypt(jwe, memo);
        assertArrayEquals("hello".getBytes(StandardCharsets.UTF_8), first.plaintext());
        assertSame(first.header(), memo.find(h, h.length, slot(h)));
    }

    @Test
    void aRememberedHeaderStillLeavesTheTagIvAndCiphertextToBeChecked() {
        JweCompact.HeaderMemo memo = new JweCompact.HeaderMemo();
        String jwe = encrypt("hello".getBytes(StandardCharsets.UTF_8));
        decrypt(jwe, memo);
        byte[] h = headerSegment(jwe);
        assertNotNull(memo.find(h, h.length, slot(h)));

        assertThrows(JweDecryptionException.class, () -> decrypt(flipCiphertext(jwe), memo));
        String[] p = jwe.split("\\.");
        String shortIv = String.join(".", p[0], p[1], p[2].substring(0, 12), p[3], p[4]);
        assertThrows(MalformedJwtException.class, () -> decrypt(shortIv, memo), "the IV length is checked on a hit");
        String otherJwe = encrypt("other".getBytes(StandardCharsets.UTF_8));
        assertArrayEquals("other".getBytes(StandardCharsets.UTF_8), decrypt(otherJwe, memo).plaintext(),
                "same header, new IV and ciphertext");
    }

    @Test
    void onlyTheVeryBytesAreFoundAndEachSlotHoldsOne() {
        JweCompact.HeaderMemo memo = new JweCompact.HeaderMemo();
        String jwe = encrypt("hello".getBytes(StandardCharsets.UTF_8));
        JweCompact.Decrypted d = decrypt(jwe, memo);
        byte[] h = headerSegment(jwe);
        int slot = slot(h);
        byte[] longer = Arrays.copyOf(h, h.length + 1);
        longer[h.length] = 'A';
        assertNull(memo.find(longer, longer.length, slot), "a longer segment in the same slot");
        assertNull(memo.find(h, h.length - 1, slot), "a prefix in the same slot");
        byte[] changed = h.clone();
        changed[h.length / 2] ^= 1;
        assertNull(memo.find(changed, changed.length, slot), "one byte changed, looked up in the same slot");

        // Another header that lands in the same slot replaces the first, rather than growing the memo.
        byte[] rival = rivalInSlot(slot, h);
        memo.remember(rival, rival.length, slot, d.header());
        assertNull(memo.find(h, h.length, slot));
        assertSame(d.header(), memo.find(rival, rival.length, slot));
    }

    @Test
    void headersThatChangeFromJweToJweAreNotRemembered() {
        JweCompact.HeaderMemo memo = new JweCompact.HeaderMemo();
        byte[] seg = "eyJhbGciOiJFQ0RILUVTIn0".getBytes(StandardCharsets.US_ASCII);
        for (JweKeyAlgorithm alg : EnumSet.of(JweKeyAlgorithm.ECDH_ES, JweKeyAlgorithm.ECDH_ES_A128KW,
                JweKeyAlgorithm.A256GCMKW, JweKeyAlgorithm.PBES2_HS256_A128KW)) {
            JweHeaderReader.Header h = new JweHeaderReader.Header(alg, JweContentAlgorithm.A256GCM, null, null, null,
                    null, new byte[0], new byte[0], false, null, null, java.util.Map.of(), null, 0);
            memo.remember(seg, seg.length, slot(seg), h);
            assertNull(memo.find(seg, seg.length, slot(seg)), alg + " is not remembered");
        }
    }

    /** A base64url header segment, not {@code other}, whose slot is {@code slot}. */
    private static byte[] rivalInSlot(int slot, byte[] other) {
        Base64.Encoder enc = Base64.getUrlEncoder().withoutPadding();
        for (int i = 0; ; i++) {
            byte[] s = enc.encode(("{\"alg\":\"dir\",\"enc\":\"A256GCM\",\"kid\":\"" + i + "\"}")
                    .getBytes(StandardCharsets.US_ASCII));
            if (slot(s) == slot && !Arrays.equals(s, other)) {
                return s;
            }
        }
    }
}
