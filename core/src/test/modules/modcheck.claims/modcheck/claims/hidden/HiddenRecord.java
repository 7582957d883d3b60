package modcheck.claims.hidden;

/** In a package the module neither opens nor exports: lcjwt must say what to add. */
public record HiddenRecord(String sub) {}
