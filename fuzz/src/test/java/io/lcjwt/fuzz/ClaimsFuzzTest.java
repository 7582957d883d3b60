package io.lcjwt.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.lcjwt.Algorithm;
import io.lcjwt.JwtException;
import io.lcjwt.JwtVerifier;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Claims reading: the fuzz input is the payload of a correctly signed HS256 token, decoded into a
 * {@code Map}, a record and a bean. Oracle: only {@code JwtException} escapes; accepted claims
 * satisfy the verifier's rules by Jackson's reading; and the {@code Map} lcjwt returns is the
 * tree Jackson reads (same members, strings, booleans, nulls, list sizes, numbers by value);
 * and reading the claims costs a bounded amount per member name ({@link Oracle#linearCost}).
 * The two claims readers, lcjwt's cursor and Jackson-jr ({@code ClaimsReader.jacksonJr}), are
 * each other's oracle: into a {@code Map}, a record and a bean, both accept (with equal maps) or
 * both refuse; into a {@code Map}, with the same exception and message unless one found
 * malformed JSON.
 */
class ClaimsFuzzTest {

    private static final FuzzKeys.Material HS256 = FuzzKeys.ALL.get(Algorithm.HS256);
    private static final byte[] HEADER = Tokens.header(HS256, false).getBytes(StandardCharsets.UTF_8);

    @FuzzTest
    @Timeout(10)
    void claims(byte[] payload) {
        Oracle.linearCost(payload, "claims " + new String(payload, StandardCharsets.ISO_8859_1));

        byte[] token = Tokens.signed(HS256, HEADER, payload);
        String text = new String(token, StandardCharsets.US_ASCII);
        JwtVerifier v = HS256.verifiers().get(FuzzKeys.Source.DIRECT);
        Map<String, Object> map;
        try {
            map = v.decode(text);
        } catch (JwtException refused) {
            map = null;
        }
        if (map != null) {
            Oracle.acceptedClaims(payload, text);
            same(Oracle.json(payload, text), map, "$");
        }
        for (int kind = 1; kind <= 2; kind++) {
            if (Tokens.decode(v, token, kind) != Tokens.Outcome.REFUSED) {
                Oracle.acceptedClaims(payload, text);
            }
        }
        JwtVerifier jr = HS256.verifiers().get(FuzzKeys.Source.JACKSON_JR);
        for (Class<?> type : List.<Class<?>>of(Map.class, Tokens.FuzzClaims.class, Tokens.FuzzBean.class)) {
            Object ours = outcome(v, text, type);
            Object theirs = outcome(jr, text, type);
            String where = type.getSimpleName() + " " + new String(payload, StandardCharsets.ISO_8859_1);
            if (!(ours instanceof String) && type != Map.class && jacksonJrNumberLimit(theirs, payload)) {
                continue;
            }
            if (ours instanceof String || theirs instanceof String) {
                assertEquals(true, ours instanceof String && theirs instanceof String, "one reader refused: " + ours
                        + " / " + theirs + " for " + where);
                // Into a Map each reader checks every claim itself, so the refusals must match. Into
                // a record or bean lcjwt's binder has the last word on both sides; only which of
                // two faults is met first may differ (Jackson-jr parses the whole document first).
                if (type == Map.class && !((String) ours).startsWith("MalformedJwtException")
                        && !((String) theirs).startsWith("MalformedJwtException")) {
                    assertEquals(ours, theirs, where);
                }
            } else if (type == Map.class) {
                assertEquals(ours, theirs, where);
            }
        }
    }

    /** An exponent of ten or more significant digits: past the int scale a BigDecimal has. */
    private static final java.util.regex.Pattern HUGE_EXPONENT =
            java.util.regex.Pattern.compile("[0-9][eE][+-]?0*[1-9][0-9]{9,}");

    /**
     * The one known difference between the readers, allowed for records and beans only: there
     * Jackson-jr reads every member, bound or not, as jackson-core's BigDecimal, which refuses an
     * exponent past an int scale, while lcjwt's cursor checks only the grammar of a member the
     * type does not bind (regression-exponent-beyond-an-int-in-a-member-the-type-skips). Into a
     * {@code Map} both refuse such a number (it is out of a double's range), and that stays checked.
     * Jackson-jr reports it two ways: wrapped in its {@code JSONObjectException} ("refused it") in
     * some positions, and in others as the bare {@code NumberFormatException} of BigDecimal, which
     * lcjwt reports as "could not read it" (regression-exponent-beyond-an-int-unwrapped-by-jackson-jr).
     */
    private static boolean jacksonJrNumberLimit(Object theirs, byte[] payload) {
        String prefix = "MalformedJwtException: The JWT claims set is not valid JSON: Jackson-jr ";
        return theirs instanceof String s && (s.startsWith(prefix + "refused it (Value \\\"")
                || s.equals(prefix + "could not read it."))
                && HUGE_EXPONENT.matcher(new String(payload, StandardCharsets.ISO_8859_1)).find();
    }

    /** The result, or the refusal as "Class: message". */
    private static Object outcome(JwtVerifier v, String token, Class<?> type) {
        try {
            return v.decode(token, type);
        } catch (JwtException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    /** Jackson's tree against lcjwt's natural reading. */
    private static void same(Object expected, Object actual, String path) {
        if (expected == Oracle.JSON_NULL) {
            assertEquals(null, actual, path);
        } else if (expected instanceof Map<?, ?> e) {
            Map<?, ?> a = (Map<?, ?>) actual;
            assertEquals(e.keySet(), a.keySet(), path);
            for (Map.Entry<?, ?> en : e.entrySet()) {
                same(en.getValue(), a.get(en.getKey()), path + "." + en.getKey());
            }
        } else if (expected instanceof List<?> e) {
            List<?> a = (List<?>) actual;
            assertEquals(e.size(), a.size(), path);
            for (int i = 0; i < e.size(); i++) {
                same(e.get(i), a.get(i), path + "[" + i + "]");
            }
        } else if (expected instanceof Number e) {
            double ed = e.doubleValue();
            double ad = ((Number) actual).doubleValue();
            if (Double.isFinite(ed) && Double.isFinite(ad)) {
                assertEquals(ed, ad, Math.ulp(ed), path);
            }
        } else {
            assertEquals(expected, actual, path);
        }
    }
}
