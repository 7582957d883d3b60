package io.lcjwt.internal.sdjwt;

import io.lcjwt.MalformedJwtException;
import io.lcjwt.internal.codec.NameHash;

import java.util.Arrays;

/**
 * Every digest an SD-JWT embeds ({@code _sd} entries and {@code "..."} elements, in the payload
 * and in the disclosures processed), decoded, so that one seen twice is refused (RFC 9901
 * section 7.1 step 4). The issuer wrote these strings, so the table's hash is keyed per process
 * ({@link NameHash}): nobody can choose thousands of digests that share a slot.
 */
final class DigestSet {
    /** The digests, {@code width} bytes each, in the order seen. */
    byte[] store = new byte[64 * 32];
    int count;
    private int width;
    /** Open addressing: index + 1 of a digest in {@link #store}, or 0 for a free slot. */
    private int[] table = new int[128];

    void reset(int width) {
        this.width = width;
        if (count > 0) {
            Arrays.fill(table, 0);
        }
        count = 0;
    }

    int width() {
        return width;
    }

    /**
     * Adds the digest whose base64url text is {@code b[off, off+len)} and returns its index.
     *
     * @throws MalformedJwtException if it is not the base64url of a digest of this width, or was
     *         seen before, or the cap is reached
     */
    int add(byte[] b, int off, int len, int cap, String where) {
        if (count == cap) {
            throw new MalformedJwtException("The SD-JWT embeds more than " + cap + " digests; lcjwt refuses more.");
        }
        int at = count * width;
        if (at + width + 2 > store.length) {
            store = Arrays.copyOf(store, Math.max(at + width + 2, store.length * 2));
        }
        if (len != textLength(width) || io.lcjwt.internal.codec.Base64Url.decode(b, off, len, store, at) != width) {
            throw new MalformedJwtException("A digest in " + where + " is not the base64url of a " + (8 * width)
                    + "-bit digest, as the SD-JWT's _sd_alg makes every digest (RFC 9901 section 4.2.4).");
        }
        if (2 * (count + 1) > table.length) {
            grow();
        }
        int mask = table.length - 1;
        int slot = NameHash.of(store, at, width) & mask;
        for (int e; (e = table[slot]) != 0; slot = (slot + 1) & mask) {
            if (Arrays.equals(store, (e - 1) * width, e * width, store, at, at + width)) {
                throw new MalformedJwtException("The SD-JWT embeds one digest twice; RFC 9901 section 7.1 (step 4)"
                        + " requires such an SD-JWT to be refused.");
            }
        }
        table[slot] = ++count;
        return count - 1;
    }

    private void grow() {
        int[] bigger = new int[table.length * 2];
        int mask = bigger.length - 1;
        for (int i = 0; i < count; i++) {
            int slot = NameHash.of(store, i * width, width) & mask;
            while (bigger[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            bigger[slot] = i + 1;
        }
        table = bigger;
    }

    static int textLength(int width) {
        return (width / 3) * 4 + (width % 3 == 0 ? 0 : width % 3 + 1);
    }
}
