package io.lcjwt.internal.jwe;

import io.lcjwt.MalformedJwtException;

import java.io.ByteArrayOutputStream;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * {@code zip: DEF} (RFC 7516 section 4.1.3): raw DEFLATE (RFC 1951), through java.util.zip (this
 * is not cryptography). Inflation counts every byte it produces and stops at the cap, so a
 * decompression bomb costs at most the cap in memory and time.
 */
final class Deflate {
    private Deflate() {}

    static byte[] deflate(byte[] plain) {
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        try {
            d.setInput(plain);
            d.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(16, plain.length / 2));
            byte[] buf = new byte[4096];
            while (!d.finished()) {
                out.write(buf, 0, d.deflate(buf));
            }
            return out.toByteArray();
        } finally {
            d.end();
        }
    }

    static byte[] inflate(byte[] compressed, int cap) {
        Inflater inf = new Inflater(true);
        try {
            inf.setInput(compressed);
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(cap, Math.max(64, compressed.length * 4)));
            byte[] buf = new byte[8192];
            long total = 0;
            while (!inf.finished()) {
                int n = inf.inflate(buf, 0, (int) Math.min(buf.length, cap - total + 1));
                if (n == 0 && !inf.finished() && (inf.needsInput() || inf.needsDictionary())) {
                    throw new MalformedJwtException("The JWE's compressed content is truncated or not raw DEFLATE"
                            + " (RFC 1951).");
                }
                total += n;
                if (total > cap) {
                    throw new MalformedJwtException("The JWE's content inflates past this decrypter's cap of " + cap
                            + " bytes (maxInflatedBytes); refused while inflating.");
                }
                out.write(buf, 0, n);
            }
            if (inf.getRemaining() > 0) {
                throw new MalformedJwtException("The JWE's compressed content has bytes after its end.");
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            throw new MalformedJwtException("The JWE's compressed content is not valid raw DEFLATE (RFC 1951).");
        } finally {
            inf.end();
        }
    }
}
