package io.lcjwt.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Whole-token decoding for every algorithm and key source (key object, PEM, JWK, JWKS), through
 * every input kind ({@code String}, {@code byte[]}, heap and direct {@code ByteBuffer},
 * {@code MemorySegment}) and output kind (Map, record, bean, {@code Jwt}, content).
 *
 * <p>Input layout: byte 0 picks the algorithm, 1 the key source, 2 the mode, 3 the input/output
 * kind; the rest is the mode's data. Modes: 0 the data is the token; 1 the data is header JSON, a
 * newline, payload JSON, signed correctly; 2 a good header and the data as payload, signed
 * correctly; 3 a good token edited by the data (3-byte edits: op, position, value), not re-signed.
 *
 * <p>Oracle: only {@code JwtException} escapes lcjwt, and whatever it accepts the independent
 * checks in {@link Oracle} accept too.
 */
class TokenDecodeFuzzTest {

    @FuzzTest
    @Timeout(10)
    void decode(byte[] input) {
        if (input.length < 4) {
            return;
        }
        FuzzKeys.Material m = FuzzKeys.of(input[0]);
        FuzzKeys.Source source = FuzzKeys.Source.values()[Math.floorMod(input[1], 4)];
        byte[] data = Arrays.copyOfRange(input, 4, input.length);
        boolean kid = source == FuzzKeys.Source.JWKS;
        byte[] goodHeader = Tokens.header(m, kid).getBytes(StandardCharsets.UTF_8);
        byte[] token = switch (Math.floorMod(input[2], 4)) {
            case 0 -> data;
            case 1 -> {
                int nl = indexOf(data, (byte) '\n');
                yield nl < 0 ? Tokens.signed(m, data, new byte[0])
                        : Tokens.signed(m, Arrays.copyOf(data, nl), Arrays.copyOfRange(data, nl + 1, data.length));
            }
            case 2 -> Tokens.signed(m, goodHeader, data);
            default -> edit(Tokens.signed(m, goodHeader, Tokens.GOOD_CLAIMS.getBytes(StandardCharsets.UTF_8)), data);
        };
        Tokens.Outcome outcome = Tokens.decode(m.verifiers().get(source), token, input[3]);
        if (outcome != Tokens.Outcome.REFUSED) {
            Oracle.acceptedToken(m, token, outcome == Tokens.Outcome.JWT);
        }
    }

    private static int indexOf(byte[] b, byte v) {
        for (int i = 0; i < b.length; i++) {
            if (b[i] == v) {
                return i;
            }
        }
        return -1;
    }

    /** Applies 3-byte edits: op (set, insert, delete), position, value. */
    static byte[] edit(byte[] token, byte[] edits) {
        byte[] t = token;
        for (int i = 0; i + 2 < edits.length && t.length > 0; i += 3) {
            int pos = (edits[i + 1] & 0xFF) * t.length / 256;
            switch (Math.floorMod(edits[i], 3)) {
                case 0 -> t[pos] = edits[i + 2];
                case 1 -> {
                    byte[] n = new byte[t.length + 1];
                    System.arraycopy(t, 0, n, 0, pos);
                    n[pos] = edits[i + 2];
                    System.arraycopy(t, pos, n, pos + 1, t.length - pos);
                    t = n;
                }
                default -> {
                    byte[] n = new byte[t.length - 1];
                    System.arraycopy(t, 0, n, 0, pos);
                    System.arraycopy(t, pos + 1, n, pos, t.length - pos - 1);
                    t = n;
                }
            }
        }
        return t;
    }
}
