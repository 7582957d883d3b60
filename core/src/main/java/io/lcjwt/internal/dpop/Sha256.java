package io.lcjwt.internal.dpop;

import io.lcjwt.bindings.Backend;
import io.lcjwt.bindings.Critical;
import io.lcjwt.internal.codec.Base64Url;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/** SHA-256 through libcrypto, and randomness, for the DPoP checks. */
public final class Sha256 {
    /** Larger inputs are hashed from a native copy, so that no critical call holds off the GC for long. */
    private static final int CRITICAL_MAX = 64 * 1024;

    private Sha256() {}

    public static byte[] digest(byte[] data) {
        Backend.get(); // loads libcrypto, or explains why it cannot
        byte[] out = new byte[32];
        if (data.length <= CRITICAL_MAX) {
            Critical.sha(256, MemorySegment.ofArray(data), data.length, MemorySegment.ofArray(out));
            return out;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment in = arena.allocateFrom(ValueLayout.JAVA_BYTE, data);
            Critical.sha(256, in, data.length, MemorySegment.ofArray(out));
        }
        return out;
    }

    /** base64url(SHA-256(text's US-ASCII bytes)), as RFC 9449 hashes an access token for {@code ath}. */
    public static String ofAscii(String text) {
        return b64(digest(text.getBytes(StandardCharsets.US_ASCII)));
    }

    public static String b64(byte[] b) {
        return new String(Base64Url.encode(b), StandardCharsets.US_ASCII);
    }

    static long longAt(byte[] b, int off) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = v << 8 | (b[off + i] & 0xFF);
        }
        return v;
    }

    /** {@code n} bytes from libcrypto's generator. */
    public static byte[] random(int n) {
        Backend b = Backend.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment m = arena.allocate(n);
            if (b.randBytes(m, n) != 1) {
                throw new IllegalStateException("libcrypto's RAND_bytes failed: " + b.drainErrors());
            }
            return m.toArray(ValueLayout.JAVA_BYTE);
        }
    }
}
