package io.lcjwt.internal.codec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;

import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one jackson-core factory lcjwt reads and writes JSON with, configured for untrusted input:
 * duplicate member names are errors (RFC 7515 section 4, RFC 7519 section 4), nesting is capped,
 * numbers and strings have length caps, and error messages never quote the input.
 */
public final class Json {

    /** Deepest nesting accepted in a header or claims set. */
    public static final int MAX_DEPTH = 32;

    public static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_DEPTH)
                    .maxNumberLength(100)
                    .maxStringLength(1 << 20)
                    .maxNameLength(4096)
                    .build())
            .build();

    private Json() {}

    public static JsonParser parser(byte[] buf, int off, int len) throws IOException {
        return FACTORY.createParser(buf, off, len);
    }

    /** A short, input-free description of a parse failure, for exception messages. */
    public static String describe(IOException e) {
        String msg = e instanceof JsonProcessingException jpe ? jpe.getOriginalMessage() : e.getMessage();
        if (msg == null) {
            return e.getClass().getSimpleName();
        }
        int nl = msg.indexOf('\n');
        String line = nl < 0 ? msg : msg.substring(0, nl);
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }

    /**
     * Reads the value at the parser's current token into plain Java: {@code LinkedHashMap},
     * {@code ArrayList}, {@code String}, {@code Long} (or {@code BigInteger} past 64 bits),
     * {@code Double}, {@code Boolean} or {@code null}. With {@code checkSurrogates}, a string
     * holding a lone surrogate is refused via {@link LoneSurrogateException}.
     */
    public static Object readNatural(JsonParser p, boolean checkSurrogates) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT: {
                Map<String, Object> m = new LinkedHashMap<>();
                for (JsonToken k = p.nextToken(); k == JsonToken.FIELD_NAME; k = p.nextToken()) {
                    String name = p.currentName();
                    if (checkSurrogates) {
                        checkString(name);
                    }
                    p.nextToken();
                    m.put(name, readNatural(p, checkSurrogates));
                }
                return m;
            }
            case START_ARRAY: {
                List<Object> list = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    list.add(readNatural(p, checkSurrogates));
                }
                return list;
            }
            case VALUE_STRING: {
                String s = p.getText();
                if (checkSurrogates) {
                    checkString(s);
                }
                return s;
            }
            case VALUE_NUMBER_INT:
                return p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                        ? (Object) p.getBigIntegerValue() : (Object) p.getLongValue();
            case VALUE_NUMBER_FLOAT:
                return p.getDoubleValue();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                throw new IOException("unexpected JSON token " + t);
        }
    }

    /** Throws when {@code s} holds a lone surrogate. */
    public static void checkString(String s) throws LoneSurrogateException {
        if (Utf8.hasLoneSurrogate(s)) {
            throw new LoneSurrogateException();
        }
    }

    /** A string held an unpaired UTF-16 surrogate (from a {@code \\uD800}-style escape). */
    public static final class LoneSurrogateException extends IOException {
        private static final long serialVersionUID = 1L;

        public LoneSurrogateException() {
            super("a string holds an unpaired surrogate escape, which is not valid Unicode", null);
        }
    }

    /** Whether a BigInteger fits a long. */
    static boolean fitsLong(BigInteger b) {
        return b.bitLength() < 64;
    }
}
