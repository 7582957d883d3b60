package io.lcjwt.internal.jwe;

import io.lcjwt.JweKeyAlgorithm;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.UnsupportedJwtException;
import io.lcjwt.bindings.Backend;
import io.lcjwt.internal.codec.Base64Url;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * PBES2 key management (RFC 7518 section 4.8): PBKDF2 (RFC 8018) with HMAC-SHA-256/384/512
 * through libcrypto's {@code PKCS5_PBKDF2_HMAC} derives an AES key wrap key from a password,
 * salted with {@code UTF8(alg) || 0x00 || p2s} over {@code p2c} iterations.
 *
 * <p>The iteration count is the sender's choice and the recipient's cost, so a received
 * {@code p2c} is bounded ({@link #MIN_ITERATIONS} to the decrypter's cap, at most
 * {@link #MAX_ITERATIONS}) and {@code p2s} must be at least {@link #MIN_SALT_BYTES} bytes; both
 * are checked when the header is read, before anything is derived.
 */
public final class Pbes2 {
    private Pbes2() {}

    /** RFC 7518 section 4.8.1.2 asks for at least 1,000 iterations. */
    public static final int MIN_ITERATIONS = 1_000;
    /** The decrypter's default cap, and the encrypter's default count. */
    public static final int DEFAULT_ITERATIONS = 10_000;
    /**
     * The hard bound on any cap: one JWE may then cost a recipient a million PBKDF2 iterations,
     * which anyone able to send it can repeat (OpenSSL 3's PBKDF2 on the 2-core build machine,
     * 2026-12: about 1.5 s of one core with HMAC-SHA-256, 3.2 s with HMAC-SHA-512).
     */
    public static final int MAX_ITERATIONS = 1_000_000;
    /** RFC 7518 section 4.8.1.1: a salt of at least 8 octets. */
    public static final int MIN_SALT_BYTES = 8;
    /** What lcjwt's encrypter writes. */
    static final int SALT_BYTES = 16;

    static boolean isPbes2(JweKeyAlgorithm alg) {
        return switch (alg) {
            case PBES2_HS256_A128KW, PBES2_HS384_A192KW, PBES2_HS512_A256KW -> true;
            default -> false;
        };
    }

    /** The header's {@code p2s}: strict base64url, at least {@link #MIN_SALT_BYTES} bytes. */
    static byte[] salt(Map<String, Object> m) {
        Object v = m.get("p2s");
        if (v == null) {
            throw new MalformedJwtException("The PBES2 JWE header has no \"p2s\" (the salt, RFC 7518 section 4.8.1.1).");
        }
        byte[] s = v instanceof String str ? Base64Url.decode(str) : null;
        if (s == null) {
            throw new MalformedJwtException("The JWE header's \"p2s\" must be a strict base64url string.");
        }
        if (s.length < MIN_SALT_BYTES) {
            throw new MalformedJwtException("The JWE header's PBES2 salt (\"p2s\") is " + s.length + " bytes; lcjwt"
                    + " takes at least " + MIN_SALT_BYTES + " (RFC 7518 section 4.8.1.1), and derives nothing from a"
                    + " shorter one.");
        }
        return s;
    }

    /**
     * {@code n}, refused unless it is from {@link #MIN_ITERATIONS} to {@link #MAX_ITERATIONS}:
     * a builder's iteration cap or count, {@code what} naming which in the message.
     */
    public static int checkIterations(int n, String what) {
        if (n < MIN_ITERATIONS || n > MAX_ITERATIONS) {
            throw new IllegalArgumentException("The PBES2 iteration " + what + " must be from 1,000 to 1,000,000, not " + n);
        }
        return n;
    }

    /** The header's {@code p2c}: an integer from {@link #MIN_ITERATIONS} to {@code max}. */
    static int count(Map<String, Object> m, int max) {
        Object v = m.get("p2c");
        if (v == null) {
            throw new MalformedJwtException("The PBES2 JWE header has no \"p2c\" (the iteration count, RFC 7518"
                    + " section 4.8.1.2).");
        }
        if (!(v instanceof Long || v instanceof Integer || v instanceof BigInteger)) {
            throw new MalformedJwtException("The JWE header's \"p2c\" must be an integer.");
        }
        BigInteger n = v instanceof BigInteger b ? b : BigInteger.valueOf(((Number) v).longValue());
        if (n.compareTo(BigInteger.valueOf(max)) > 0) {
            throw new UnsupportedJwtException("The JWE's PBES2 iteration count (\"p2c\") is "
                    + (n.bitLength() < 40 ? n.toString() : "over 2^40") + ", above this decrypter's cap of " + max
                    + "; lcjwt derives nothing for it (a sender-chosen count is a denial-of-service lever). Raise"
                    + " the cap with JweDecrypter.Builder.enablePbes2(maxIterations) if your senders need more.");
        }
        if (n.compareTo(BigInteger.valueOf(MIN_ITERATIONS)) < 0) {
            throw new MalformedJwtException("The JWE's PBES2 iteration count (\"p2c\") is " + n + "; lcjwt takes at"
                    + " least " + MIN_ITERATIONS + " (RFC 7518 section 4.8.1.2).");
        }
        return n.intValue();
    }

    /** Wraps {@code cek} for a new JWE, writing a fresh {@code p2s} and {@code p2c} into {@code header}. */
    static byte[] wrap(JweKeyAlgorithm alg, byte[] password, int iterations, byte[] cek, Map<String, Object> header) {
        byte[] p2s = Native.random(SALT_BYTES);
        header.put("p2s", new String(Base64Url.encode(p2s), StandardCharsets.US_ASCII));
        header.put("p2c", iterations);
        byte[] kek = derive(alg, password, p2s, iterations);
        try {
            return AesKeyWrap.wrap(kek, cek);
        } finally {
            Arrays.fill(kek, (byte) 0);
        }
    }

    /** {@return the unwrapped key, or null when it does not unwrap} The header was vetted. */
    static byte[] unwrap(JweHeaderReader.Header h, byte[] password, byte[] encryptedKey) {
        byte[] kek = derive(h.alg(), password, h.p2s(), h.p2c());
        try {
            return AesKeyWrap.unwrap(kek, encryptedKey);
        } finally {
            Arrays.fill(kek, (byte) 0);
        }
    }

    /** PBKDF2(HMAC-SHA-n, password, UTF8(alg) || 0x00 || p2s, p2c), as long as the key wrap's key. */
    static byte[] derive(JweKeyAlgorithm alg, byte[] password, byte[] p2s, int iterations) {
        byte[] name = alg.joseName().getBytes(StandardCharsets.UTF_8);
        byte[] salt = new byte[name.length + 1 + p2s.length];
        System.arraycopy(name, 0, salt, 0, name.length);
        System.arraycopy(p2s, 0, salt, name.length + 1, p2s.length);
        int keyBytes = KeyManagement.kekBytes(alg);
        Backend b = Backend.get();
        MemorySegment md = switch (alg) {
            case PBES2_HS256_A128KW -> b.sha256();
            case PBES2_HS384_A192KW -> b.sha384();
            default -> b.sha512();
        };
        b.clearErrors();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pwd = Native.copy(arena, password);
            MemorySegment s = Native.copy(arena, salt);
            MemorySegment out = arena.allocate(keyBytes);
            try {
                if (b.pbkdf2Hmac(pwd, password.length, s, salt.length, iterations, md, keyBytes, out) != 1) {
                    throw new IllegalStateException("libcrypto's PKCS5_PBKDF2_HMAC failed: " + b.drainErrors());
                }
                return Native.bytes(out, keyBytes);
            } finally {
                Native.wipe(pwd);
                Native.wipe(out);
            }
        }
    }
}
