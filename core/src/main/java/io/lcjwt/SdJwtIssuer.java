package io.lcjwt;

import io.lcjwt.internal.jws.HeaderParser;
import io.lcjwt.internal.keys.Jwk;
import io.lcjwt.internal.sdjwt.Held;
import io.lcjwt.internal.sdjwt.Issuing;
import io.lcjwt.internal.sdjwt.SdHash;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Issues SD-JWTs (RFC 9901): JWTs whose selectively disclosable claims travel as salted
 * disclosures, so that the holder can later reveal them one by one. Immutable and thread-safe:
 * build one per issuer key and share it.
 *
 * <pre>{@code
 * SdJwtIssuer issuer = SdJwtIssuer.builder(issuerKey)
 *         .algorithm(Algorithm.ES256)
 *         .type("example+sd-jwt")
 *         .disclosable("given_name", "family_name", "address", "nationalities[*]")
 *         .build();
 * SdJwt issued = issuer.issue(claims, holderPublicKey);   // cnf.jwk: the holder's key
 * String text = issued.toString();                        // jwt~disclosure~...~
 * }</pre>
 *
 * <p>Each issuance salts every disclosure with 128 bits from libcrypto's {@code RAND_bytes},
 * sorts each {@code _sd} array (RFC 9901 section 4.2.4.1), adds decoy digests when asked
 * ({@link Builder#decoyDigests(int)}), writes {@code _sd_alg}, and signs the payload with the
 * algorithm and key given, as {@link JwtSigner} signs any JWT.
 */
public final class SdJwtIssuer {

    private final JwtSigner signer;
    private final Issuing issuing;
    private volatile JwtHeader header;
    /** The last holder key and its JWK as a map: a wallet's key is issued to again and again. */
    private volatile HolderJwk lastHolder;

    private record HolderJwk(JwtPublicKey key, Map<String, Object> jwk) {}

    private SdJwtIssuer(JwtSigner signer, Issuing issuing) {
        this.signer = signer;
        this.issuing = issuing;
    }

    /**
     * A builder for an issuer signing with {@code key}.
     *
     * @param key a private key (or, for HS256/384/512, a secret key) that can sign with the
     *        algorithm chosen; it must stay open while the issuer is used
     * @return a new builder; choose the algorithm before {@link Builder#build()}
     * @throws NullPointerException if {@code key} is null
     */
    public static Builder builder(JwtKey key) {
        return new Builder(Objects.requireNonNull(key, "key"));
    }

    /**
     * Issues an SD-JWT without key binding (no {@code cnf}).
     *
     * @param claims a {@code Map}, a record or a bean, written as {@link JwtSigner#sign} writes claims
     * @return the SD-JWT, with every disclosure
     * @throws NullPointerException if {@code claims} is null
     * @throws IllegalArgumentException if the claims cannot be written, use a name SD-JWT reserves
     *         ({@code _sd}, {@code ...}, {@code _sd_alg}), or a disclosable path names no claim in
     *         them; under the SD-JWT VC profile, if they have no {@code vct} string
     */
    public SdJwt issue(Object claims) {
        return issueWith(Objects.requireNonNull(claims, "claims"), null);
    }

    /**
     * Issues an SD-JWT bound to the holder's key: the key goes into the payload as
     * {@code cnf.jwk} (RFC 7800), in the clear, and a verifier that requires key binding then
     * accepts only presentations signed with its private half.
     *
     * @param claims a {@code Map}, a record or a bean; must not have a {@code cnf} of its own
     * @param holderKey the holder's public key
     * @return the SD-JWT, with every disclosure
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException as {@link #issue(Object)}, or if the claims have {@code cnf}
     */
    public SdJwt issue(Object claims, JwtPublicKey holderKey) {
        Objects.requireNonNull(claims, "claims");
        Objects.requireNonNull(holderKey, "holderKey");
        HolderJwk h = lastHolder;
        if (h == null || h.key() != holderKey) {
            lastHolder = h = new HolderJwk(holderKey, Jwk.readObject(holderKey.toJwk()));
        }
        return issueWith(claims, h.jwk());
    }

    private SdJwt issueWith(Object claims, Map<String, Object> cnfJwk) {
        Issuing.Draft draft = issuing.draft(claims, cnfJwk);
        String jwt = signer.sign(draft.payload());
        JwtHeader h = header;
        if (h == null) {
            // Every token of this issuer has the same header: read once, from the first one.
            byte[] hb = io.lcjwt.internal.codec.Base64Url.decode(jwt.substring(0, jwt.indexOf('.')));
            header = h = HeaderParser.parse(hb, 0, hb.length);
        }
        return new SdJwt(new Held(jwt, h, issuing.hash(), draft.disclosures(), draft.claims(), null));
    }

    /**
     * Configures an {@link SdJwtIssuer}. Not thread-safe; {@link #build()} may be called again
     * after further changes.
     */
    public static final class Builder {
        private final JwtKey key;
        private Algorithm algorithm;
        private String keyId;
        private boolean keyIdSet;
        private String type;
        private final List<String> disclosable = new ArrayList<>();
        private SdHash hash = SdHash.SHA_256;
        private int decoys;
        private ClaimNaming naming = ClaimNaming.IDENTITY;
        private boolean vc;

        private Builder(JwtKey key) {
            this.key = key;
        }

        /**
         * The algorithm to sign with (mandatory): any JWS algorithm lcjwt signs with that the
         * key serves.
         *
         * @param algorithm the algorithm, such as {@link Algorithm#ES256}
         * @return this builder
         * @throws NullPointerException if {@code algorithm} is null
         */
        public Builder algorithm(Algorithm algorithm) {
            this.algorithm = Objects.requireNonNull(algorithm, "algorithm");
            return this;
        }

        /**
         * The header's {@code kid} (default: the key's own, if it has one).
         *
         * @param keyId the key id, or null for none
         * @return this builder
         */
        public Builder keyId(String keyId) {
            this.keyId = keyId;
            this.keyIdSet = true;
            return this;
        }

        /**
         * The header's {@code typ}, which verifiers check to tell this kind of SD-JWT from other
         * JWTs (RFC 9901 section 9.11 recommends {@code example+sd-jwt}, with {@code example}
         * naming the kind). Default: no {@code typ}. A later call replaces an earlier one.
         *
         * @param type the media type without {@code application/}, such as {@code example+sd-jwt}
         * @return this builder
         * @throws NullPointerException if {@code type} is null
         * @throws IllegalArgumentException if {@code type} is empty
         */
        public Builder type(String type) {
            if (Objects.requireNonNull(type, "type").isEmpty()) {
                throw new IllegalArgumentException("type is empty; name the typ, such as example+sd-jwt");
            }
            this.type = type;
            return this;
        }

        /**
         * Adds claims to make selectively disclosable, by claim path: a top-level claim
         * ({@code email}), a member of an object ({@code address.street_address}), an array
         * element ({@code nationalities[0]}) or every element ({@code nationalities[*]}). Paths
         * nest: with {@code address} and {@code address.locality} both named, the address is one
         * disclosure whose value holds the locality's digest (a recursive disclosure, RFC 9901
         * section 4.2.6). Each path must name a claim of every claims set issued. Calls add up.
         * A name holding {@code .}, {@code [}, {@code ]} or a backslash writes it after a
         * backslash.
         *
         * @param paths one or more claim paths, by the claims' JSON names (after {@link Claim}
         *        and {@link #claimNaming(ClaimNaming)})
         * @return this builder
         * @throws NullPointerException if {@code paths} or one of them is null
         * @throws IllegalArgumentException if a path is malformed
         */
        public Builder disclosable(String... paths) {
            Objects.requireNonNull(paths, "paths");
            List<String> more = new ArrayList<>(paths.length);
            for (int i = 0; i < paths.length; i++) {
                String p = Objects.requireNonNull(paths[i], "paths[" + i + "]");
                io.lcjwt.internal.sdjwt.ClaimPaths.parse(p);
                more.add(p);
            }
            disclosable.addAll(more);
            return this;
        }

        /**
         * The hash of the digests ({@code _sd_alg}): {@code sha-256} (the default),
         * {@code sha-384} or {@code sha-512}.
         *
         * @param name the hash's name in the IANA registry, exactly
         * @return this builder
         * @throws NullPointerException if {@code name} is null
         * @throws IllegalArgumentException if lcjwt does not know it
         */
        public Builder hashAlgorithm(String name) {
            SdHash h = SdHash.byName(Objects.requireNonNull(name, "name"));
            if (h == null) {
                throw new IllegalArgumentException("hash \"" + name + "\" is not one lcjwt makes digests with;"
                        + " choose sha-256, sha-384 or sha-512");
            }
            this.hash = h;
            return this;
        }

        /**
         * Adds decoy digests (RFC 9901 section 4.2.5), so a verifier cannot count the claims it
         * was not shown: each {@code _sd} array and each array with disclosable elements gets
         * between 1 and {@code max} decoys, the number drawn at random per issuance. Default 0.
         *
         * @param max the most decoys per object or array, 0 to 100
         * @return this builder
         * @throws IllegalArgumentException if {@code max} is negative or over 100
         */
        public Builder decoyDigests(int max) {
            if (max < 0 || max > 100) {
                throw new IllegalArgumentException("max must be between 0 and 100, not " + max);
            }
            this.decoys = max;
            return this;
        }

        /**
         * How record components and bean properties without {@link Claim} are named in JSON
         * (default {@link ClaimNaming#IDENTITY}), as for {@link JwtSigner.Builder#claimNaming}.
         *
         * @param naming the rule
         * @return this builder
         * @throws NullPointerException if {@code naming} is null
         */
        public Builder claimNaming(ClaimNaming naming) {
            this.naming = Objects.requireNonNull(naming, "naming");
            return this;
        }

        /**
         * Issues SD-JWT VCs (draft-ietf-oauth-sd-jwt-vc, a draft that may still change):
         * {@code typ} {@code dc+sd-jwt}, a {@code vct} string required in the claims, and
         * {@code iss}, {@code nbf}, {@code exp}, {@code cnf}, {@code vct},
         * {@code vct#integrity}, {@code aka_vcts} and {@code status} never selectively
         * disclosable (a path under one of them is refused).
         *
         * @return this builder
         */
        public Builder vcProfile() {
            this.vc = true;
            return this;
        }

        /**
         * Builds the issuer.
         *
         * @return an issuer, immutable and thread-safe
         * @throws IllegalStateException if no algorithm was chosen, or {@link #type(String)} and
         *         {@link #vcProfile()} name different types
         * @throws InvalidJwtKeyException if the key cannot sign with the algorithm
         * @throws IllegalArgumentException if a disclosable path is under a claim the VC profile
         *         keeps in the clear
         */
        public SdJwtIssuer build() {
            if (algorithm == null) {
                throw new IllegalStateException("Choose the signing algorithm with algorithm(...).");
            }
            String typ = type;
            if (vc) {
                if (typ != null && !typ.equals("dc+sd-jwt")) {
                    throw new IllegalStateException("vcProfile() issues typ dc+sd-jwt, but type(\"" + typ
                            + "\") asks for another; drop one of them.");
                }
                typ = "dc+sd-jwt";
            }
            JwtSigner.Builder b = JwtSigner.builder(key).algorithm(algorithm).type(typ);
            if (keyIdSet) {
                b.keyId(keyId);
            }
            Issuing issuing = new Issuing(hash, List.copyOf(disclosable), decoys, naming, vc);
            return new SdJwtIssuer(b.build(), issuing);
        }
    }
}
