package modcheck.claims.open;

/** Bound through {@code opens modcheck.claims.open to io.lcjwt}. */
public record OpenRecord(String sub, long exp, java.util.List<String> roles) {}
