package io.lcjwt.internal.claims;

import io.lcjwt.internal.codec.JsonCursor;

/** Reads the next JSON value from the cursor as one Java value of a declared type. */
@FunctionalInterface
interface ValueReader {
    /** @param claim the claim path for error messages, such as {@code "roles"} */
    Object read(JsonCursor c, String claim);
}
