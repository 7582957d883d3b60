package io.lcjwt.internal;

import io.lcjwt.Algorithm;
import io.lcjwt.AlgorithmNotAllowedException;
import io.lcjwt.BadSignatureException;
import io.lcjwt.ExpiredJwtException;
import io.lcjwt.InvalidHeaderException;
import io.lcjwt.Jwt;
import io.lcjwt.JwtHeader;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.internal.claims.CursorClaimsReader;
import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.codec.HeaderParser;
import io.lcjwt.internal.crypto.KeyResolver;
import io.lcjwt.internal.crypto.Scratch;
import io.lcjwt.internal.crypto.SlotPool;
import io.lcjwt.internal.crypto.VerifyKey;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.EnumSet;
import java.util.Set;

/**
 * The decode path: bytes, once -> split -> header cache -> signature -> claims. One instance per
 * verifier; immutable apart from its header cache and scratch pool, both lock-free.
 */
public final class TokenVerifier {

    private static final int CACHE_SIZE = 16;
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** A header already seen with a valid signature, and what it resolved to. */
    private record CachedHeader(byte[] encoded, JwtHeader header, VerifyKey key, long generation) {}

    private final Object keepAlive;
    private final KeyResolver resolver;
    private final boolean[] allowed = new boolean[Algorithm.values().length];
    private final Set<Algorithm> allowedSet;
    private final CursorClaimsReader claims;
    private final int maxTokenBytes;
    private final String expectedType;
    private final CachedHeader[] cache = new CachedHeader[CACHE_SIZE];
    private final SlotPool<Scratch> scratchPool = new SlotPool<>();

    /**
     * @param keepAlive the public key objects; held (and fenced) so that their Cleaners cannot
     *        free native state while this verifier can still use it
     */
    public TokenVerifier(KeyResolver resolver, Set<Algorithm> algorithms, CursorClaimsReader claims,
            int maxTokenBytes, String expectedType, Object keepAlive) {
        this.keepAlive = keepAlive;
        this.resolver = resolver;
        this.allowedSet = EnumSet.copyOf(algorithms);
        for (Algorithm a : algorithms) {
            allowed[a.ordinal()] = true;
        }
        this.claims = claims;
        this.maxTokenBytes = maxTokenBytes;
        this.expectedType = expectedType;
    }

    /** What a caller wants back. */
    public enum Output { CLAIMS, JWT, CONTENT }

    // ---- inputs -------------------------------------------------------------------------------

    public Object decode(CharSequence token, Class<?> type, Output out) {
        try {
            return decodeChars(token, type, out);
        } finally {
            Reference.reachabilityFence(keepAlive);
        }
    }

    private Object decodeChars(CharSequence token, Class<?> type, Output out) {
        if (token == null) {
            throw new MalformedJwtException("The token is null.");
        }
        int len = token.length();
        checkSize(len);
        Scratch s = scratch();
        try {
            byte[] buf = s.token(len + 1);
            if (token instanceof String str) {
                // A Latin-1 String is copied as is: one copy, no allocation. Bytes 0x80..0xFF are
                // in no base64url segment and are not dots, so they are refused later like any
                // stray byte; a character above U+00FF becomes '?' (one per surrogate pair, and
                // then the terminator setString writes lands inside the token), refused the same
                // way. So a token that would only verify after its characters were narrowed is
                // refused, never altered.
                s.tokenSegment().setString(0, str, StandardCharsets.ISO_8859_1);
            } else {
                int acc = 0;
                for (int i = 0; i < len; i++) {
                    char c = token.charAt(i);
                    acc |= c;
                    buf[i] = (byte) c;
                }
                if (acc > 0x7F) {
                    throw new MalformedJwtException("The token contains non-ASCII characters; a compact JWS"
                            + " is base64url text and dots only.");
                }
            }
            return run(len, type, out, s);
        } finally {
            release(s);
        }
    }

    public Object decode(byte[] token, int off, int len, Class<?> type, Output out) {
        try {
            return decodeBytes(token, off, len, type, out);
        } finally {
            Reference.reachabilityFence(keepAlive);
        }
    }

    private Object decodeBytes(byte[] token, int off, int len, Class<?> type, Output out) {
        if (token == null) {
            throw new MalformedJwtException("The token is null.");
        }
        java.util.Objects.checkFromIndexSize(off, len, token.length);
        checkSize(len);
        Scratch s = scratch();
        try {
            // One copy into the pooled buffer, whose segment view already exists: handing the
            // caller's array to libcrypto would need a segment made per call, which the JIT does
            // not always manage to leave unallocated. Every input kind ends in that buffer.
            System.arraycopy(token, off, s.token(len), 0, len);
            return run(len, type, out, s);
        } finally {
            release(s);
        }
    }

    public Object decode(ByteBuffer token, Class<?> type, Output out) {
        if (token == null) {
            throw new MalformedJwtException("The token is null.");
        }
        int len = token.remaining();
        if (token.hasArray()) {
            return decode(token.array(), token.arrayOffset() + token.position(), len, type, out);
        }
        return decode(MemorySegment.ofBuffer(token), type, out);
    }

    public Object decode(MemorySegment token, Class<?> type, Output out) {
        try {
            return decodeSegment(token, type, out);
        } finally {
            Reference.reachabilityFence(keepAlive);
        }
    }

    private Object decodeSegment(MemorySegment token, Class<?> type, Output out) {
        if (token == null) {
            throw new MalformedJwtException("The token is null.");
        }
        if (token.byteSize() > maxTokenBytes) {
            checkSize(Integer.MAX_VALUE);
        }
        int len = (int) token.byteSize();
        if (!token.isNative() && token.heapBase().orElse(null) instanceof byte[] arr) {
            return decodeBytes(arr, (int) token.address(), len, type, out);
        }
        Scratch s = scratch();
        try {
            MemorySegment.copy(token, ValueLayout.JAVA_BYTE, 0, s.token(len), 0, len);
            return run(len, type, out, s);
        } finally {
            release(s);
        }
    }

    private void checkSize(int len) {
        if (len > maxTokenBytes) {
            throw new MalformedJwtException("The token is larger than this verifier's cap of "
                    + maxTokenBytes + " bytes (maxTokenBytes).");
        }
    }

    private Scratch scratch() {
        Scratch s = scratchPool.poll();
        return s != null ? s : new Scratch();
    }

    private void release(Scratch s) {
        scratchPool.offer(s);
    }

    // ---- the path -----------------------------------------------------------------------------

    /**
     * Decodes the token the caller copied into {@code s.token(len)}. Parsing and the signature
     * check both read that one copy, so a caller that changes its buffer during the decode cannot
     * make them see different bytes.
     */
    private Object run(int len, Class<?> type, Output out, Scratch s) {
        if (type != Map.class && out != Output.CONTENT) {
            claims.prepare(type); // a type lcjwt cannot bind is the caller's error, reported before any crypto
        }
        byte[] b = s.token(len);
        int end = len;
        // The signature segment is short, so look for the last dot from the end; the first dot
        // ends the header. A stray dot in the payload fails its base64url decode below.
        int dot2 = lastDot(b, 0, end);
        int dot1 = firstDot(b, 0, end);
        if (dot1 < 0 || dot1 == dot2) {
            throw notCompact(b, len);
        }
        int headerLen = dot1;
        if (headerLen == 0) {
            throw new MalformedJwtException("The token's header segment is empty.");
        }

        // Header: a cache hit skips base64 and JSON; only a verified header is ever cached.
        int h = hash(b, headerLen);
        CachedHeader hit = cache[h & (CACHE_SIZE - 1)];
        JwtHeader header;
        VerifyKey key;
        resolver.checkFresh();
        long generation = resolver.generation();
        if (hit != null && hit.generation == generation
                && Arrays.equals(hit.encoded, 0, hit.encoded.length, b, 0, dot1)) {
            header = hit.header;
            key = hit.key;
        } else {
            hit = null;
            int n = Base64Url.decodedLength(headerLen);
            byte[] hb = n < 0 ? null : s.header(n);
            if (n < 0 || Base64Url.decode(b, 0, headerLen, hb, 0) != n) {
                throw new MalformedJwtException("The token's header is not strict base64url"
                        + " (RFC 7515 section 2: no padding, no '+' or '/', no whitespace).");
            }
            header = HeaderParser.parse(hb, 0, n);
            Algorithm alg = header.algorithm();
            if (!allowed[alg.ordinal()]) {
                throw new AlgorithmNotAllowedException("The JWT is signed with " + alg.jwsName()
                        + ", which this verifier does not allow (allowed: " + allowedSet + ").");
            }
            checkType(header);
            key = resolver.resolve(header);
        }
        Algorithm alg = header.algorithm();
        if (dot2 == end - 1) {
            throw new MalformedJwtException("The token has no signature (its third segment is empty);"
                    + " unsecured JWTs are never accepted.");
        }

        // Payload: decoded now so that the compact form is fully checked before any crypto.
        int payOff = dot1 + 1;
        int payLen = s.payload.decode(b, payOff, dot2 - payOff);
        if (payLen < 0) {
            throw notCompact(b, len);
        }
        byte[] pb = s.payload.buffer();
        int payStart = s.payload.offset();

        // Signature.
        int sigB64 = end - dot2 - 1;
        int sigLen = Base64Url.decodedLength(sigB64);
        if (sigLen < 0 || sigLen > s.sig.length || Base64Url.decode(b, dot2 + 1, sigB64, s.sig, 0) != sigLen) {
            throw new MalformedJwtException("The token's signature is not strict base64url"
                    + " (RFC 7515 section 2: no padding, no '+' or '/', no whitespace).");
        }
        if (!key.verify(alg, s.tokenSegment(), dot2, sigLen, s)) {
            throw new BadSignatureException("The JWT's " + alg.jwsName() + " signature does not match"
                    + (key.keyId() != null ? " key \"" + key.keyId() + "\"" : " the configured key") + ".");
        }
        if (hit == null) {
            cache[h & (CACHE_SIZE - 1)] = new CachedHeader(Arrays.copyOf(b, dot1), header, key, generation);
        }

        if (out == Output.CONTENT) {
            return Arrays.copyOfRange(pb, payStart, payStart + payLen);
        }
        Object result;
        try {
            result = claims.read(pb, payStart, payLen, type, s.claims);
        } catch (ExpiredJwtException e) {
            // The signature is verified, so the header and claims are the issuer's: hand them to
            // refresh flows. Only this path copies the payload; claims() parses it on demand.
            throw new ExpiredJwtException(e.getMessage(), e.expiredAt(), header, pb, payStart, payLen);
        }
        return out == Output.JWT ? new Jwt<>(header, result) : result;
    }

    private void checkType(JwtHeader header) {
        if (expectedType != null) {
            String typ = header.type();
            if (typ == null || !(typ.equalsIgnoreCase(expectedType)
                    || typ.equalsIgnoreCase("application/" + expectedType))) {
                throw new InvalidHeaderException("typ", "The JWT's header type (\"typ\") is "
                        + (typ == null ? "absent" : "\"" + HeaderParser.printable(typ) + "\"")
                        + ", but this verifier expects \"" + expectedType + "\".");
            }
        }
    }

    private static final long DOTS = 0x2E2E2E2E2E2E2E2EL;
    private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;

    /** The high bit of each byte of {@code w} that is a '.', exactly (no false hits). */
    private static long dots(long w) {
        long x = w ^ DOTS;
        return ~(((x & LOW7) + LOW7) | x | LOW7);
    }

    /** The index of the first '.' in {@code b[from, to)}, or -1; eight bytes at a time. */
    static int firstDot(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long hit = dots((long) LONGS.get(b, i));
            if (hit != 0) {
                return i + (Long.numberOfTrailingZeros(hit) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == '.') {
                return i;
            }
        }
        return -1;
    }

    /** The index of the last '.' in {@code b[from, to)}, or -1; eight bytes at a time from the end. */
    static int lastDot(byte[] b, int from, int to) {
        int i = to;
        for (; i - 8 >= from; i -= 8) {
            long hit = dots((long) LONGS.get(b, i - 8));
            if (hit != 0) {
                return i - 8 + ((63 - Long.numberOfLeadingZeros(hit)) >>> 3);
            }
        }
        for (; i > from; i--) {
            if (b[i - 1] == '.') {
                return i - 1;
            }
        }
        return -1;
    }

    /** A cheap hash of the header segment: its length and three 8-byte windows. */
    private static int hash(byte[] b, int len) {
        long x = len;
        if (len >= 8) {
            x = x * 31 + (long) LONGS.get(b, 0);
            x = x * 31 + (long) LONGS.get(b, (len >> 1) - 4);
            x = x * 31 + (long) LONGS.get(b, len - 8);
        } else {
            for (int i = 0; i < len; i++) {
                x = x * 31 + b[i];
            }
        }
        x ^= x >>> 29;
        x *= 0xBF58476D1CE4E5B9L;
        return (int) (x ^ (x >>> 32));
    }

    /** The precise reason a token is not three strict base64url segments, worked out only on failure. */
    private static MalformedJwtException notCompact(byte[] b, int len) {
        int dots = 0;
        for (int i = 0; i < len; i++) {
            if (b[i] == '.') {
                dots++;
            }
        }
        if (len > 0 && (b[0] == '{' || b[0] == '[')) {
            return new MalformedJwtException("The token looks like a JWS JSON serialization; lcjwt accepts"
                    + " the compact serialization only (header.payload.signature).");
        }
        if (dots != 2) {
            return new MalformedJwtException("A compact JWS has exactly two dots (header.payload.signature);"
                    + " this token has " + dots + ".");
        }
        return new MalformedJwtException("The token's payload is not strict base64url"
                + " (RFC 7515 section 2: no padding, no '+' or '/', no whitespace).");
    }
}
