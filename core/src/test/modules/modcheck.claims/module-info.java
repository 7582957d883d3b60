/**
 * An application module of its own for {@code ModulePathTest}: claims types that lcjwt binds
 * because the module says so ({@code opens}, or {@code exports} for public members), and one
 * package it does not open, whose refusal must say which line to add.
 */
module modcheck.claims {
    opens modcheck.claims.open to io.lcjwt;
    exports modcheck.claims.exported to io.lcjwt;
}
