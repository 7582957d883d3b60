package io.lcjwt;

/**
 * Finds Jackson-jr for {@link ClaimsReader#jacksonJr()}, or says what to add. Jackson is optional:
 * lcjwt reads and writes JSON itself, and only a verifier that chooses Jackson-jr needs it.
 */
final class JacksonJrPresence {
    private static final String JSON = "com.fasterxml.jackson.jr.ob.JSON";

    private JacksonJrPresence() {}

    static ClaimsReader std() {
        Module lcjwt = JacksonJrPresence.class.getModule();
        try {
            Class<?> json = Class.forName(JSON, true, JacksonJrPresence.class.getClassLoader());
            if (lcjwt.isNamed() && !lcjwt.canRead(json.getModule())) {
                throw missing(" (on the module path, add --add-modules com.fasterxml.jackson.jr.ob:"
                        + " io.lcjwt reads it only when it is resolved)");
            }
            return ClaimsReader.jacksonJr((com.fasterxml.jackson.jr.ob.JSON) json.getField("std").get(null));
        } catch (ClassNotFoundException | LinkageError e) {
            throw missing(lcjwt.isNamed()
                    ? " (on the module path, with --add-modules com.fasterxml.jackson.jr.ob)" : "");
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Jackson-jr's JSON.std could not be read: " + e, e);
        }
    }

    private static IllegalStateException missing(String where) {
        return new IllegalStateException("ClaimsReader.jacksonJr() needs Jackson-jr, which lcjwt does not"
                + " bring: add com.fasterxml.jackson.jr:jackson-jr-objects (it brings jackson-core) to the"
                + " application" + where + ", or use ClaimsReader.lcjwt(), the default, which needs nothing.");
    }
}
