package io.lcjwt.spring.internal;

import java.net.URI;
import java.util.List;

/** Lets tests in io.lcjwt.spring see Discovery's URL list. */
public final class DiscoveryAccess {
    private DiscoveryAccess() {}

    public static List<URI> candidates(String issuer) {
        return Discovery.candidates(URI.create(issuer));
    }
}
