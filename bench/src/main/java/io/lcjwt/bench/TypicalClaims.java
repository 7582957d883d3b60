package io.lcjwt.bench;

import java.time.Instant;
import java.util.List;

/** The typical fixture's claims as a record: what a service would bind a verified token to. */
public record TypicalClaims(
        String sub,
        String iss,
        String aud,
        Instant iat,
        Instant nbf,
        Instant exp,
        String jti,
        String sid,
        String email,
        String name,
        String scope,
        List<String> roles,
        List<String> amr) {}
