package io.lcjwt.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.lcjwt.Algorithm;
import io.lcjwt.JwtException;
import io.lcjwt.JwtHeader;
import io.lcjwt.Unverified;
import io.lcjwt.internal.jws.HeaderParser;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Header parsing: the fuzz input is the header JSON of an HS256 token with good claims, signed
 * correctly. It goes through the header parser alone, {@link Unverified#header}, and full decoding
 * with a direct key and with a JWKS (kid lookup). Oracle: only {@code JwtException} escapes; an
 * accepted header is strict JSON to Jackson, and its {@code alg} is the one lcjwt reports; reading
 * it costs a bounded amount per member name ({@link Oracle#linearCost}).
 */
class HeaderFuzzTest {

    private static final FuzzKeys.Material HS256 = FuzzKeys.ALL.get(Algorithm.HS256);

    @FuzzTest
    @Timeout(10)
    void header(byte[] header) {
        Oracle.linearCost(header, "header " + new String(header, StandardCharsets.ISO_8859_1));

        try {
            JwtHeader parsed = HeaderParser.parse(header, 0, header.length);
            Object tree = Oracle.json(header, "header " + new String(header, StandardCharsets.ISO_8859_1));
            Object alg = ((Map<?, ?>) tree).get("alg");
            assertTrue(parsed.algorithm().jwsName().equals(alg), "alg reported as " + parsed.algorithm());
        } catch (JwtException refused) {
            // refused headers are the common case
        }

        byte[] token = Tokens.signed(HS256, header, Tokens.GOOD_CLAIMS.getBytes(StandardCharsets.UTF_8));
        String text = new String(token, StandardCharsets.US_ASCII);
        try {
            Unverified.header(text);
        } catch (JwtException refused) {
            // fine
        }
        for (FuzzKeys.Source s : new FuzzKeys.Source[] {FuzzKeys.Source.DIRECT, FuzzKeys.Source.JWKS}) {
            if (Tokens.decode(HS256.verifiers().get(s), token, 0) != Tokens.Outcome.REFUSED) {
                Oracle.acceptedToken(HS256, token, true);
            }
        }
    }
}
