package io.lcjwt.bench.race;

import java.util.Arrays;
import java.util.Optional;

/** Where a contender gets its verification key from ({@code --source}). */
enum KeySource {
    /** HS cases: the raw secret bytes. */
    SECRET("secret"),
    /** Asymmetric cases: the key's SPKI PEM. */
    PEM("pem"),
    /** The single public JWK (for HS an {@code oct} JWK made from the secret). */
    JWK("jwk"),
    /** The three-key JWKS document, key chosen by the token's {@code kid}. */
    JWKS("jwks"),
    /** The same JWKS over HTTPS from a loopback server, timed once the keys are cached. */
    JWKS_URL("jwks-url");

    final String label;

    KeySource(String label) {
        this.label = label;
    }

    static Optional<KeySource> of(String label) {
        return Arrays.stream(values()).filter(s -> s.label.equals(label)).findFirst();
    }

    /** Why the fixture itself has nothing for this source and case kind, or null. */
    String missingFor(RaceFixture.Case c) {
        if (c.isHmac()) {
            return switch (this) {
                case SECRET, JWK -> null;
                case PEM -> "an HS case has no public key (PEM)";
                case JWKS, JWKS_URL -> "the fixture has no JWKS for HS cases";
            };
        }
        return this == SECRET ? "an asymmetric case has no secret" : null;
    }
}
