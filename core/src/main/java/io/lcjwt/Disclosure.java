package io.lcjwt;

import io.lcjwt.internal.sdjwt.Held;

/**
 * One disclosure of an SD-JWT (RFC 9901 section 4.2): a selectively disclosable claim, or array
 * element, as the issuer salted and encoded it. Immutable and thread-safe.
 *
 * <pre>{@code
 * for (Disclosure d : sdJwt.disclosures()) {
 *     System.out.println(d.path() + " = " + d.value());   // address.street_address = 123 Main St
 * }
 * }</pre>
 *
 * <p>A disclosure's {@link #path() path} says where its claim sits, in the claim path syntax
 * that {@link SdJwt#present(String...)} and {@link SdJwtIssuer.Builder#disclosable(String...)}
 * take: member names joined by {@code .}, array elements as {@code [1]}
 * ({@code nationalities[1]}); a name holding {@code .}, {@code [}, {@code ]} or a backslash
 * writes it after a backslash. An element's index counts the elements of the array as the
 * holder sees it, with every disclosure it holds, or, in a verified presentation, as the
 * verifier sees it. Its {@link #value() value} is as the disclosure carries it: for a claim with
 * selectively disclosable parts (recursive disclosure), that value still holds their digests
 * ({@code _sd}, {@code "..."}); {@link SdJwt#claims()} shows them resolved.
 *
 * <p>Disclosures hold personal data: {@link #toString()} shows the path only.
 */
public final class Disclosure {

    private final String encoded;
    private final String path;
    private final String name;
    /** The value as read, owned by this object and never handed out: {@link #value()} freezes a copy once. */
    private final Object raw;
    private volatile Object value;
    private final String digest;

    Disclosure(Held.Item item) {
        this.encoded = item.encoded();
        this.path = item.path();
        this.name = item.name();
        this.raw = item.value();
        this.digest = item.digest();
    }

    /**
     * Where the disclosed claim or element sits.
     *
     * @return its claim path, such as {@code address.street_address} or {@code nationalities[0]}
     */
    public String path() {
        return path;
    }

    /**
     * The claim's name, for a disclosure of an object member ({@code [salt, name, value]}).
     *
     * @return the name, or null for an array element ({@code [salt, value]})
     */
    public String name() {
        return name;
    }

    /**
     * Whether this discloses an array element rather than an object member.
     *
     * @return true for {@code [salt, value]}, false for {@code [salt, name, value]}
     */
    public boolean isArrayElement() {
        return name == null;
    }

    /**
     * The disclosed value, as the disclosure carries it.
     *
     * @return a {@code String}, {@code Boolean}, number ({@code Long}, {@code BigInteger} or
     *         {@code Double}), unmodifiable {@code Map} or {@code List}, or null
     */
    public Object value() {
        Object v = value;
        if (v == null && raw != null) {
            value = v = io.lcjwt.internal.codec.Frozen.value(raw);
        }
        return v;
    }

    /**
     * The disclosure as sent: the base64url text between two {@code ~} of an SD-JWT.
     *
     * @return the encoded disclosure
     */
    public String encoded() {
        return encoded;
    }

    /**
     * The digest the Issuer-signed JWT holds for this disclosure (RFC 9901 section 4.2.3).
     *
     * @return the base64url digest of {@link #encoded()} under the SD-JWT's {@code _sd_alg}
     */
    public String digest() {
        return digest;
    }

    /**
     * Compares the encoded disclosures.
     *
     * @param o another object
     * @return true when {@code o} is a disclosure with the same encoded text
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Disclosure d && d.encoded.equals(encoded);
    }

    /**
     * A hash of the encoded disclosure.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return encoded.hashCode();
    }

    /**
     * The path only: the value is personal data, kept out of logs.
     *
     * @return {@code Disclosure[path]}
     */
    @Override
    public String toString() {
        return "Disclosure[" + path + "]";
    }
}
