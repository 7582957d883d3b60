package io.lcjwt.internal.claims;

import io.lcjwt.internal.codec.JsonCursor;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;

/**
 * The jackson-core factory that {@link JacksonJrClaims} reads claims with: duplicates refused,
 * nesting and lengths capped as lcjwt's own reader caps them. Only a verifier built with
 * {@code ClaimsReader.jacksonJr} loads this class, so Jackson stays optional.
 */
final class StrictJackson {

    static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(JsonCursor.MAX_DEPTH)
                    .maxNumberLength(100)
                    .maxStringLength(1 << 20)
                    .maxNameLength(4096)
                    .build())
            .build();

    private StrictJackson() {}

}
