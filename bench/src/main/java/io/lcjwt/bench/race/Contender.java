package io.lcjwt.bench.race;

import java.util.Map;

/**
 * One library (or one lcjwt result type) that the race can time, with what it cannot do: the
 * algorithms and key sources it has no way to verify with, each with the reason the output gives.
 */
abstract class Contender {

    /** The reason given for {@code jwks-url} by libraries that cannot fetch a JWKS themselves. */
    static final String NO_JWKS_URL_CLIENT = "no JWKS URL client";

    private final String name;
    private final String groupId;
    private final String artifactId;
    private final Class<?> anchor;
    private final Map<String, String> noAlg;
    private final Map<KeySource, String> noSource;

    /**
     * @param name       the {@code --contender} name
     * @param groupId    the library's Maven coordinates, where its jar states its version
     * @param artifactId (see groupId)
     * @param anchor     a class of the library, to find that jar
     * @param noAlg      JWS algorithm name -> why the library cannot verify it
     * @param noSource   key source -> why the library cannot take keys that way
     */
    Contender(String name, String groupId, String artifactId, Class<?> anchor, Map<String, String> noAlg,
              Map<KeySource, String> noSource) {
        this.name = name;
        this.groupId = groupId;
        this.artifactId = artifactId;
        this.anchor = anchor;
        this.noAlg = Map.copyOf(noAlg);
        this.noSource = Map.copyOf(noSource);
    }

    /** The {@code --contender} name. */
    final String name() {
        return name;
    }

    /** The library's version, read from its jar. */
    final String version() {
        return LibraryVersion.of(groupId, artifactId, anchor);
    }

    /** Whether it verifies through libcrypto (then the output names it). */
    boolean nativeCrypto() {
        return false;
    }

    /**
     * The decoder for {@code s}; {@link Decoder.NotApplicable} when the library cannot do the case's
     * algorithm or key source (the declared ones, then any {@link #build} finds).
     */
    final Decoder decoder(CaseSetup s) throws Exception {
        String why = noAlg.containsKey(s.alg()) ? noAlg.get(s.alg()) : noSource.get(s.source());
        if (why != null) {
            throw new Decoder.NotApplicable(why);
        }
        return build(s);
    }

    /** Builds the decoder for a declared-possible {@code s}; may still throw {@link Decoder.NotApplicable}. */
    abstract Decoder build(CaseSetup s) throws Exception;
}
