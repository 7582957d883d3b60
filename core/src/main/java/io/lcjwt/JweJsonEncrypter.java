package io.lcjwt;

import io.lcjwt.internal.claims.ClaimsWriter;
import io.lcjwt.internal.crypto.AsymmetricKey;
import io.lcjwt.internal.jwe.JweJson;
import io.lcjwt.internal.jwe.KeyManagement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Encrypts content to one or more recipients in the JWE JSON serialization (RFC 7516 section
 * 7.2): general ({@code "recipients"}) by default, flattened with {@link Builder#flattened()}.
 * Each recipient is a {@link JweEncrypter}, which gives its key, its key management algorithm,
 * its {@code kid} and (for ECDH-ES) its {@code apu}/{@code apv}; all share one content encryption
 * key and one {@code enc}. Read the result with {@link JweDecrypter#decryptJson}. Immutable and
 * thread-safe.
 *
 * <pre>{@code
 * JweJsonEncrypter encrypter = JweJsonEncrypter.builder(JweContentAlgorithm.A256GCM)
 *         .recipient(JweEncrypter.builder(alicePublicKey).keyAlgorithm(JweKeyAlgorithm.RSA_OAEP_256)
 *                 .contentAlgorithm(JweContentAlgorithm.A256GCM).keyId("alice").build())
 *         .recipient(JweEncrypter.builder(bobKek).keyAlgorithm(JweKeyAlgorithm.A256KW)
 *                 .contentAlgorithm(JweContentAlgorithm.A256GCM).keyId("bob").build())
 *         .build();
 * String json = encrypter.encrypt(content);
 * }</pre>
 *
 * <p>The protected header holds {@code enc}, {@code zip} if {@link Builder#deflate()} was asked
 * for, and the {@link Builder#protectedHeader} parameters; the shared {@code unprotected} header
 * the {@link Builder#sharedHeader} ones; each recipient's {@code header} its {@code alg}, its
 * {@code kid}, the parameters given with it, and what its algorithm writes ({@code epk},
 * {@code apu}, {@code apv}, {@code iv}, {@code tag}, {@code p2s}, {@code p2c}). Only the
 * protected header and {@code aad} are authenticated: put in it what the recipient must be able
 * to trust.
 */
public final class JweJsonEncrypter {

    /** Names lcjwt writes itself, refused in every header given to the builder. */
    private static final Set<String> RESERVED = Set.of("alg", "enc", "zip", "crit", "kid", "epk", "apu", "apv", "iv",
            "tag", "p2s", "p2c", "jku", "jwk", "x5u", "x5c", "x5t", "x5t#S256");

    private record Recipient(JweEncrypter encrypter, Map<String, Object> header) {}

    private final JweContentAlgorithm contentAlgorithm;
    private final Map<String, Object> protectedHeader;
    private final Map<String, Object> sharedHeader;
    private final List<Recipient> recipients;
    private final boolean deflate;
    private final boolean flattened;

    private JweJsonEncrypter(Builder b) {
        this.contentAlgorithm = b.contentAlgorithm;
        this.protectedHeader = Collections.unmodifiableMap(new LinkedHashMap<>(b.protectedHeader));
        this.sharedHeader = Collections.unmodifiableMap(new LinkedHashMap<>(b.sharedHeader));
        this.recipients = List.copyOf(b.recipients);
        this.deflate = b.deflate;
        this.flattened = b.flattened;
    }

    /**
     * A builder for a JSON encrypter with content encryption algorithm {@code contentAlgorithm}.
     *
     * @param contentAlgorithm the {@code enc} of every JWE, which each recipient's
     *        {@link JweEncrypter} must name too
     * @return a builder; add at least one recipient before {@link Builder#build()}
     * @throws NullPointerException if {@code contentAlgorithm} is null
     */
    public static Builder builder(JweContentAlgorithm contentAlgorithm) {
        return new Builder(Objects.requireNonNull(contentAlgorithm, "contentAlgorithm"));
    }

    /** {@return the content encryption algorithm} */
    public JweContentAlgorithm contentAlgorithm() {
        return contentAlgorithm;
    }

    /**
     * Encrypts bytes to every recipient.
     *
     * @param content the plaintext, read once
     * @return the JWE JSON serialization
     * @throws NullPointerException if {@code content} is null
     * @throws InvalidJwtKeyException if a recipient's X25519 key is of small order
     * @throws IllegalStateException if a key has been closed
     */
    public String encrypt(byte[] content) {
        Objects.requireNonNull(content, "content");
        return run(content, null);
    }

    /**
     * Encrypts bytes to every recipient, authenticating {@code aad} with them: it is sent in the
     * JWE's {@code aad} member (base64url, not encrypted) and the recipient's tag check covers it
     * (RFC 7516 section 5.1 step 14).
     *
     * @param content the plaintext, read once
     * @param aad the additional authenticated data, read once (empty is written as an empty
     *        {@code aad} member, which is authenticated too)
     * @return the JWE JSON serialization
     * @throws NullPointerException if {@code content} or {@code aad} is null
     * @throws InvalidJwtKeyException if a recipient's X25519 key is of small order
     * @throws IllegalStateException if a key has been closed
     */
    public String encrypt(byte[] content, byte[] aad) {
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(aad, "aad");
        return run(content, aad.clone());
    }

    private String run(byte[] content, byte[] aad) {
        byte[] plaintext = content.clone();
        List<JweJson.Sender> senders = new ArrayList<>(recipients.size());
        try {
            for (Recipient r : recipients) {
                JweEncrypter e = r.encrypter();
                byte[] secret = null;
                AsymmetricKey asym = null;
                if (e.key instanceof JwtSecretKey s) {
                    secret = s.secretCopy();
                } else if (e.key instanceof JwtPublicKey p) {
                    asym = p.impl();
                }
                Map<String, Object> h = new LinkedHashMap<>();
                Object kid = e.header.get("kid");
                if (kid != null) {
                    h.put("kid", kid);
                }
                h.putAll(r.header());
                senders.add(new JweJson.Sender(e.keyAlgorithm(), secret, asym, e.apu, e.apv, e.pbes2Iterations, h));
            }
            return JweJson.encrypt(contentAlgorithm, protectedHeader, sharedHeader, senders, deflate, flattened,
                    plaintext, aad);
        } finally {
            for (JweJson.Sender s : senders) {
                if (s.secret() != null) {
                    Arrays.fill(s.secret(), (byte) 0);
                }
            }
            Arrays.fill(plaintext, (byte) 0);
            for (Recipient r : recipients) {
                java.lang.ref.Reference.reachabilityFence(r.encrypter().key);
            }
        }
    }

    /** Builds a {@link JweJsonEncrypter}. Not thread-safe; the encrypter it builds is. */
    public static final class Builder {
        private final JweContentAlgorithm contentAlgorithm;
        private final Map<String, Object> protectedHeader = new LinkedHashMap<>();
        private final Map<String, Object> sharedHeader = new LinkedHashMap<>();
        private final List<Recipient> recipients = new ArrayList<>();
        private boolean deflate;
        private boolean flattened;

        private Builder(JweContentAlgorithm contentAlgorithm) {
            this.contentAlgorithm = contentAlgorithm;
        }

        /**
         * Adds a recipient: its key, key management algorithm, {@code kid}, and for ECDH-ES its
         * {@code apu}/{@code apv}, as {@code encrypter} has them. Its {@code typ}, {@code cty},
         * custom parameters and {@code deflate} are for compact JWEs and are refused here: set
         * them on this builder.
         *
         * @param encrypter the recipient, whose content algorithm must be this builder's
         * @return this builder
         * @throws NullPointerException if {@code encrypter} is null
         * @throws IllegalArgumentException if its content algorithm differs, it carries header
         *         parameters other than {@code kid} or asks for compression, or there are already
         *         16 recipients
         */
        public Builder recipient(JweEncrypter encrypter) {
            return recipient(encrypter, Map.of());
        }

        /**
         * Adds a recipient with members of its own, unprotected, per-recipient header
         * ({@code "header"}).
         *
         * @param encrypter the recipient, as {@link #recipient(JweEncrypter)}
         * @param header parameter names and JSON values (as {@link JwtSigner#sign} writes
         *        claims), copied; none a registered JWE parameter lcjwt writes
         * @return this builder
         * @throws NullPointerException if an argument, a name or a value is null
         * @throws IllegalArgumentException as {@link #recipient(JweEncrypter)}, or if a name is
         *         reserved
         */
        public Builder recipient(JweEncrypter encrypter, Map<String, ?> header) {
            Objects.requireNonNull(encrypter, "encrypter");
            Objects.requireNonNull(header, "header");
            if (encrypter.contentAlgorithm() != contentAlgorithm) {
                throw new IllegalArgumentException("The recipient's encrypter uses " + encrypter.contentAlgorithm()
                        + "; every recipient of this JWE shares " + contentAlgorithm + ".");
            }
            if (encrypter.deflate || encrypter.header.keySet().stream().anyMatch(n -> !n.equals("kid"))) {
                throw new IllegalArgumentException("The recipient's encrypter sets typ, cty, header parameters or"
                        + " deflate, which belong to the whole JWE here: set them on the JweJsonEncrypter.Builder.");
            }
            if (recipients.size() == JweJson.MAX_RECIPIENTS) {
                throw new IllegalArgumentException("A JWE has at most " + JweJson.MAX_RECIPIENTS + " recipients"
                        + " here (a JweDecrypter reads no more).");
            }
            Map<String, Object> copy = new LinkedHashMap<>();
            header.forEach((name, value) -> copy.put(checkName(name), Objects.requireNonNull(value, "value")));
            recipients.add(new Recipient(encrypter, copy));
            return this;
        }

        /**
         * Adds a parameter to the protected header, which the tag covers: {@code typ},
         * {@code cty} or one of your own.
         *
         * @param name the parameter name, not one lcjwt writes
         * @param value a JSON value as {@link JwtSigner#sign} writes claims
         * @return this builder
         * @throws NullPointerException if {@code name} or {@code value} is null
         * @throws IllegalArgumentException if {@code name} is reserved
         */
        public Builder protectedHeader(String name, Object value) {
            protectedHeader.put(checkName(name), Objects.requireNonNull(value, "value"));
            return this;
        }

        /**
         * Adds a parameter to the shared unprotected header ({@code "unprotected"}), which
         * every recipient reads but nothing authenticates.
         *
         * @param name the parameter name, not one lcjwt writes
         * @param value a JSON value as {@link JwtSigner#sign} writes claims
         * @return this builder
         * @throws NullPointerException if {@code name} or {@code value} is null
         * @throws IllegalArgumentException if {@code name} is reserved
         */
        public Builder sharedHeader(String name, Object value) {
            sharedHeader.put(checkName(name), Objects.requireNonNull(value, "value"));
            return this;
        }

        /**
         * Compresses the content with DEFLATE ({@code zip: DEF} in the protected header); off by
         * default, for the reasons {@link JweEncrypter.Builder#deflate()} gives.
         *
         * @return this builder
         */
        public Builder deflate() {
            this.deflate = true;
            return this;
        }

        /**
         * Writes the flattened JSON serialization (RFC 7516 section 7.2.2: the recipient's
         * {@code header} and {@code encrypted_key} at the top), for exactly one recipient.
         *
         * @return this builder
         */
        public Builder flattened() {
            this.flattened = true;
            return this;
        }

        /**
         * Builds the encrypter.
         *
         * @return the encrypter, immutable and thread-safe
         * @throws IllegalStateException if there is no recipient, or several for
         *         {@link #flattened()}, or several of which one uses {@code dir} or
         *         {@code ECDH-ES} (those choose the content key themselves, so they cannot share it)
         * @throws IllegalArgumentException if a name is in two of the headers (RFC 7516 section
         *         7.2.1), or a value cannot be written as JSON
         */
        public JweJsonEncrypter build() {
            if (recipients.isEmpty()) {
                throw new IllegalStateException("Add at least one recipient with recipient(...).");
            }
            if (flattened && recipients.size() != 1) {
                throw new IllegalStateException("The flattened JSON serialization has exactly one recipient; this"
                        + " builder has " + recipients.size() + ".");
            }
            if (recipients.size() > 1) {
                for (Recipient r : recipients) {
                    if (KeyManagement.choosesCek(r.encrypter().keyAlgorithm())) {
                        throw new IllegalStateException(r.encrypter().keyAlgorithm() + " derives or is the content"
                                + " encryption key, so it cannot share one with other recipients; encrypt to it alone.");
                    }
                }
            }
            for (String name : protectedHeader.keySet()) {
                if (sharedHeader.containsKey(name)) {
                    throw new IllegalArgumentException("\"" + name + "\" is in both the protected and the shared"
                            + " header; the names must be disjoint (RFC 7516 section 7.2.1).");
                }
            }
            for (Recipient r : recipients) {
                for (String name : r.header().keySet()) {
                    if (protectedHeader.containsKey(name) || sharedHeader.containsKey(name)) {
                        throw new IllegalArgumentException("\"" + name + "\" is in a recipient's header and in the"
                                + " protected or shared one; the names must be disjoint (RFC 7516 section 7.2.1).");
                    }
                }
                ClaimsWriter.toJson(r.header());
            }
            // A value that cannot be written fails here, not at encrypt.
            ClaimsWriter.toJson(protectedHeader);
            ClaimsWriter.toJson(sharedHeader);
            return new JweJsonEncrypter(this);
        }

        private static String checkName(String name) {
            Objects.requireNonNull(name, "name");
            if (RESERVED.contains(name)) {
                throw new IllegalArgumentException("The \"" + name + "\" header parameter is lcjwt's to write"
                        + " (or comes from the recipient's JweEncrypter)");
            }
            return name;
        }
    }
}
