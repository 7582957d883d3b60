package io.lcjwt.bench.race;

import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/** A {@link Decoder} put together from its parts; what every contender's {@code build} returns. */
record PeerDecoder(Decode decode, Read read, Predicate<Throwable> expired, Predicate<Throwable> wrongAudience,
                   Set<String> bound, Set<String> added, AutoCloseable cleanup) implements Decoder {

    @FunctionalInterface
    interface Decode {
        Object apply(String token) throws Exception;
    }

    @FunctionalInterface
    interface Read {
        Map<String, Object> claims(Object result) throws Exception;
    }

    /** The usual case: all claims in the result, nothing added, nothing to close. */
    PeerDecoder(Decode decode, Read read, Predicate<Throwable> expired, Predicate<Throwable> wrongAudience) {
        this(decode, read, expired, wrongAudience, null, Set.of(), null);
    }

    PeerDecoder closing(AutoCloseable c) {
        return new PeerDecoder(decode, read, expired, wrongAudience, bound, added, c);
    }

    PeerDecoder adding(Set<String> libraryAdded) {
        return new PeerDecoder(decode, read, expired, wrongAudience, bound, libraryAdded, cleanup);
    }

    PeerDecoder binding(Set<String> boundClaims) {
        return new PeerDecoder(decode, read, expired, wrongAudience, boundClaims, added, cleanup);
    }

    @Override
    public Object decode(String token) throws Exception {
        return decode.apply(token);
    }

    @Override
    public Map<String, Object> claims(Object result) throws Exception {
        return read.claims(result);
    }

    @Override
    public boolean isExpired(Throwable e) {
        return expired.test(e);
    }

    @Override
    public boolean isWrongAudience(Throwable e) {
        return wrongAudience.test(e);
    }

    @Override
    public Set<String> boundClaims() {
        return bound;
    }

    @Override
    public Set<String> libraryAddedClaims() {
        return added;
    }

    @Override
    public void close() {
        if (cleanup == null) {
            return;
        }
        try {
            cleanup.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while closing the contender", e);
        } catch (Exception e) {
            throw new IllegalStateException("closing the contender: " + e, e);
        }
    }

    /** Whether {@code e} or one of its causes is a {@code type} that {@code test} accepts. */
    static <T extends Throwable> boolean causedBy(Throwable e, Class<T> type, Predicate<T> test) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t) && test.test(type.cast(t))) {
                return true;
            }
        }
        return false;
    }

    /** Whether the message of {@code e} or of one of its causes contains {@code word}, ignoring case. */
    static boolean mentions(Throwable e, String word) {
        return causedBy(e, Throwable.class, t -> t.getMessage() != null
                && t.getMessage().toLowerCase(java.util.Locale.ROOT).contains(word));
    }
}
