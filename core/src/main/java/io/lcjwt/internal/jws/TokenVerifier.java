package io.lcjwt.internal.jws;

import io.lcjwt.Algorithm;
import io.lcjwt.ExpiredJwtException;
import io.lcjwt.VerifiedJwt;
import io.lcjwt.JwtException;
import io.lcjwt.JwtHeader;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.internal.claims.CursorClaimsReader;
import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.jws.HeaderParser;
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

    /**
     * An encoded protected header and what it resolved to: taken from the cache (seen before with
     * a valid signature) or made now, before any crypto, and cached by {@link #remember} once a
     * signature over it verifies.
     *
     * @param unencoded whether the header asks for an RFC 7797 unencoded payload
     */
    public record HeaderEntry(byte[] encoded, JwtHeader header, VerifyKey key, long generation,
            boolean unencoded, int slot) {}

    private final Object keepAlive;
    private final KeyResolver resolver;
    private final boolean[] allowed = new boolean[Algorithm.values().length];
    private final Set<Algorithm> allowedSet;
    private final CursorClaimsReader claims;
    private final int maxTokenBytes;
    private final String expectedType;
    private final HeaderEntry[] cache = new HeaderEntry[CACHE_SIZE];
    /** The key generation of the entries last cached; racy reads only cost an extra sweep. */
    private long cachedGeneration;
    private final boolean allowUnencoded;
    private final SlotPool<Scratch> scratchPool = new SlotPool<>();

    /**
     * @param keepAlive the public key objects; held (and fenced) so that their Cleaners cannot
     *        free native state while this verifier can still use it
     */
    public TokenVerifier(KeyResolver resolver, Set<Algorithm> algorithms, CursorClaimsReader claims,
            int maxTokenBytes, String expectedType, Object keepAlive) {
        this(resolver, algorithms, claims, maxTokenBytes, expectedType, keepAlive, false);
    }

    /** @param allowUnencoded whether RFC 7797 {@code b64: false} headers are accepted */
    public TokenVerifier(KeyResolver resolver, Set<Algorithm> algorithms, CursorClaimsReader claims,
            int maxTokenBytes, String expectedType, Object keepAlive, boolean allowUnencoded) {
        this.allowUnencoded = allowUnencoded;
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

    /** The key objects to fence while a JWS that this verifier checks is in flight. */
    public Object keepAlive() {
        return keepAlive;
    }

    /** The reader (and policy) of this verifier's claims, which an SD-JWT verifier applies to processed payloads. */
    public CursorClaimsReader claims() {
        return claims;
    }

    public int maxTokenBytes() {
        return maxTokenBytes;
    }

    public void checkSize(int len) {
        if (len > maxTokenBytes) {
            throw new MalformedJwtException("The token is larger than this verifier's cap of "
                    + maxTokenBytes + " bytes (maxTokenBytes).");
        }
    }

    public Scratch scratch() {
        Scratch s = scratchPool.poll();
        return s != null ? s : new Scratch();
    }

    public void release(Scratch s) {
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
        HeaderEntry entry = header(b, 0, headerLen, s);
        JwtHeader header = entry.header;
        VerifyKey key = entry.key;
        Algorithm alg = header.algorithm();
        if (dot2 == end - 1) {
            throw new MalformedJwtException("The token has no signature (its third segment is empty);"
                    + " unsecured JWTs are never accepted.");
        }

        // Payload: decoded now so that the compact form is fully checked before any crypto.
        int payOff = dot1 + 1;
        byte[] pb;
        int payStart;
        int payLen;
        if (entry.unencoded) {
            if (out != Output.CONTENT) {
                throw Refusals.unencodedClaims();
            }
            pb = b;
            payStart = payOff;
            payLen = unencodedPayload(b, payOff, dot2);
        } else {
            payLen = s.payload.decode(b, payOff, dot2 - payOff);
            if (payLen < 0) {
                throw notCompact(b, len);
            }
            pb = s.payload.buffer();
            payStart = s.payload.offset();
        }

        // Signature.
        int sigB64 = end - dot2 - 1;
        int sigLen = Base64Url.decodedLength(sigB64);
        if (sigLen < 0 || sigLen > s.sig.length || Base64Url.decode(b, dot2 + 1, sigB64, s.sig, 0) != sigLen) {
            throw new MalformedJwtException("The token's signature is not strict base64url"
                    + " (RFC 7515 section 2: no padding, no '+' or '/', no whitespace).");
        }
        if (!key.verify(alg, s.tokenSegment(), dot2, sigLen, s)) {
            throw Refusals.badSignature(alg, key.keyId());
        }
        remember(entry);

        if (out == Output.CONTENT) {
            return Arrays.copyOfRange(pb, payStart, payStart + payLen);
        }
        Object result;
        try {
            result = claims.read(pb, payStart, payLen, type, s.claims);
        } catch (JwtException e) {
            // An expired token: the signature is verified, so the header and claims are the
            // issuer's; hand them to refresh flows. Only this path copies the payload; claims()
            // parses it on demand. Caught as JwtException and tested, because a handler for the
            // subclass would load its class on the first decode (see Refusals).
            if (e instanceof ExpiredJwtException expired) {
                throw Refusals.expiredWithClaims(expired, header, pb, payStart, payLen);
            }
            throw e;
        }
        return out == Output.JWT ? new VerifiedJwt<>(header, result) : result;
    }

    /**
     * The entry for the encoded protected header {@code b[off, off+len)}: the cached one, or one
     * made now with the allow-list, {@code typ} and key checked, all before any crypto. A header
     * that was never seen is vetted before the keys are asked for, so a malformed token or one
     * off the allow-list is refused as such, and costs no JWKS fetch, even while the keys cannot
     * be had.
     */
    public HeaderEntry header(byte[] b, int off, int len, Scratch s) {
        int h = hash(b, off, len);
        int slot = h & (CACHE_SIZE - 1);
        HeaderEntry hit = cache[slot];
        if (hit != null && Arrays.equals(hit.encoded, 0, hit.encoded.length, b, off, off + len)) {
            resolver.checkFresh();
            if (hit.generation == resolver.generation()) {
                return hit;
            }
        }
        return miss(b, off, len, s, slot);
    }

    /** The cache-miss half of {@link #header(byte[], int, int, Scratch)}, apart so the hit path stays small to inline. */
    private HeaderEntry miss(byte[] b, int off, int len, Scratch s, int slot) {
        JwtHeader header = decodeHeader(b, off, len, s);
        checkAllowed(header);
        checkType(header);
        resolver.checkFresh();
        long generation = resolver.generation();
        VerifyKey key = resolver.resolve(header);
        return new HeaderEntry(Arrays.copyOfRange(b, off, off + len), header, key, generation,
                allowUnencoded && HeaderParser.unencoded(header), slot);
    }

    /**
     * As {@link #header(byte[], int, int, Scratch)} for a JWS JSON signature whose unprotected
     * header is {@code unprotected}: the key is chosen by the union of the two (a {@code kid} may
     * be unprotected), and the entry is never cached, since the same protected header may meet
     * another unprotected one. The checks on {@code unprotected} are the caller's.
     */
    public HeaderEntry header(byte[] b, int off, int len, Scratch s, Map<String, Object> unprotected) {
        JwtHeader header = decodeHeader(b, off, len, s);
        checkAllowed(header);
        checkType(header);
        resolver.checkFresh();
        long generation = resolver.generation();
        JwtHeader union = header;
        JsonJws.checkDisjoint(header, unprotected);
        if (!unprotected.isEmpty()) {
            Map<String, Object> all = new java.util.LinkedHashMap<>(header.parameters());
            all.putAll(unprotected);
            Object kid = all.get("kid");
            if (kid != null && !(kid instanceof String)) {
                throw new MalformedJwtException("The JWS's unprotected \"kid\" must be a string.");
            }
            union = new JwtHeader(header.algorithm(), (String) kid, header.type(), all);
        }
        VerifyKey key = resolver.resolve(union);
        return new HeaderEntry(null, header, key, generation, allowUnencoded && HeaderParser.unencoded(header), -1);
    }

    /**
     * Caches an entry whose signature just verified (an uncached JSON entry is left out). The
     * first entry of a new key generation (a JWKS fetch) drops the entries of older ones, so a
     * key rotated out of the set is not kept alive, with its native memory, by a header that is
     * never seen again.
     */
    public void remember(HeaderEntry entry) {
        if (entry.slot >= 0 && cache[entry.slot] != entry) {
            if (entry.generation != cachedGeneration) {
                dropOtherGenerations(entry.generation);
            }
            cache[entry.slot] = entry;
        }
    }

    private void dropOtherGenerations(long generation) {
        cachedGeneration = generation;
        for (int i = 0; i < cache.length; i++) {
            HeaderEntry e = cache[i];
            if (e != null && e.generation != generation) {
                cache[i] = null;
            }
        }
    }

    private JwtHeader decodeHeader(byte[] b, int off, int len, Scratch s) {
        int n = Base64Url.decodedLength(len);
        byte[] hb = n < 0 ? null : s.header(n);
        if (n < 0 || Base64Url.decode(b, off, len, hb, 0) != n) {
            throw new MalformedJwtException("The token's header is not strict base64url"
                    + " (RFC 7515 section 2: no padding, no '+' or '/', no whitespace).");
        }
        return HeaderParser.parse(hb, 0, n, allowUnencoded);
    }

    private void checkAllowed(JwtHeader header) {
        Algorithm alg = header.algorithm();
        if (!allowed[alg.ordinal()]) {
            throw Refusals.notAllowed(alg, allowedSet);
        }
    }

    /**
     * The length of the unencoded payload {@code b[from, to)} of a compact JWS, which must not
     * hold a '.' (RFC 7797 section 5.2): the first and last dots bound it, so one inside would
     * otherwise be read as payload.
     */
    private static int unencodedPayload(byte[] b, int from, int to) {
        if (firstDot(b, from, to) >= 0) {
            throw new MalformedJwtException("The JWS's unencoded (\"b64\": false) payload contains '.',"
                    + " which the compact form cannot carry (RFC 7797 section 5.2); send it detached or"
                    + " in the JSON serialization.");
        }
        return to - from;
    }

    private void checkType(JwtHeader header) {
        if (expectedType != null) {
            String typ = header.type();
            if (typ == null || !(typ.equalsIgnoreCase(expectedType)
                    || typ.equalsIgnoreCase("application/" + expectedType))) {
                throw Refusals.wrongType(typ, expectedType);
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
    public static int firstDot(byte[] b, int from, int to) {
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
    public static int lastDot(byte[] b, int from, int to) {
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

    /**
     * A cheap hash of an encoded header segment {@code b[off, off+len)}, its length and three
     * 8-byte windows, to pick a slot of a fixed-size header cache (this verifier's, a JWE
     * decrypter's memo): unkeyed, which is safe only where a collision just replaces an entry.
     */
    public static int hash(byte[] b, int off, int len) {
        long x = len;
        if (len >= 8) {
            x = x * 31 + (long) LONGS.get(b, off);
            x = x * 31 + (long) LONGS.get(b, off + (len >> 1) - 4);
            x = x * 31 + (long) LONGS.get(b, off + len - 8);
        } else {
            for (int i = 0; i < len; i++) {
                x = x * 31 + b[off + i];
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
            return new MalformedJwtException("The token looks like a JWS JSON serialization; this method"
                    + " accepts the compact serialization only (header.payload.signature): use"
                    + " JwtVerifier.verifyJson or verifyJsonAnySignature for JSON.");
        }
        if (dots != 2) {
            return new MalformedJwtException("A compact JWS has exactly two dots (header.payload.signature);"
                    + " this token has " + dots + ".");
        }
        return new MalformedJwtException("The token's payload is not strict base64url"
                + " (RFC 7515 section 2: no padding, no '+' or '/', no whitespace).");
    }
}
