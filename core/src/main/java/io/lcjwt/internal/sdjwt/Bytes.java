package io.lcjwt.internal.sdjwt;

import java.util.Arrays;

/** A growable byte array that JSON is copied into; reused from call to call. Not thread-safe. */
final class Bytes {
    byte[] buf = new byte[1024];
    int len;

    void clear() {
        len = 0;
    }

    void put(byte b) {
        if (len == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        buf[len++] = b;
    }

    void put(byte[] src, int off, int n) {
        if (len + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(len + n, buf.length * 2));
        }
        System.arraycopy(src, off, buf, len, n);
        len += n;
    }
}
