package io.lcjwt.internal.claims;

import com.fasterxml.jackson.core.JsonParser;

import java.io.IOException;

/** Reads the JSON value at the parser's current token as one Java value of a declared type. */
@FunctionalInterface
interface ValueReader {
    /**
     * @param claim the claim path for error messages, such as {@code "roles"}
     * @param checkSurrogates whether strings must be checked for lone surrogates
     */
    Object read(JsonParser p, String claim, boolean checkSurrogates) throws IOException;
}
