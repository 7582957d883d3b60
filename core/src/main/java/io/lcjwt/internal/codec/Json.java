package io.lcjwt.internal.codec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;


/**
 * JSON limits, and the jackson-core factory lcjwt writes JSON with (claims, headers, JWKs).
 * Everything lcjwt reads goes through {@link JsonCursor} instead. The factory's read settings
 * (duplicates refused, nesting and length capped) keep it safe should anything read with it.
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

}
