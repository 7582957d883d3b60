package io.lcjwt.internal.claims;

import io.lcjwt.internal.codec.JsonCursor;

/**
 * A claims read's reusable working memory: the cursor's stacks, and the argument array a record's
 * canonical constructor is called with. Owned by one decode at a time (pooled with the rest of a
 * verifier's scratch). The argument array is cleared after each use, so a pooled scratch never
 * keeps claim values alive.
 */
public final class ClaimsScratch {

    final JsonCursor cursor = new JsonCursor();
    private Object[] args;

    /** The cursor, for another reader of the same decode (the JWS JSON serialization's). */
    public JsonCursor cursor() {
        return cursor;
    }

    /** The reused argument array, of exactly {@code defaults.length} slots, filled from {@code defaults}. */
    Object[] args(Object[] defaults) {
        Object[] a = args;
        if (a == null || a.length != defaults.length) {
            a = new Object[defaults.length];
            args = a;
        }
        System.arraycopy(defaults, 0, a, 0, defaults.length);
        return a;
    }

    /** Drops the references the argument array holds, after a read, whether it succeeded or not. */
    void clear() {
        if (args != null) {
            java.util.Arrays.fill(args, null);
        }
    }
}
