package io.lcjwt;

import io.lcjwt.internal.sdjwt.ClaimPaths;
import io.lcjwt.internal.sdjwt.Held;
import io.lcjwt.internal.sdjwt.SdHash;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An SD-JWT as its holder keeps it (RFC 9901): the Issuer-signed JWT and every disclosure the
 * issuer made, from which the holder builds presentations that reveal only the claims it chooses.
 * Immutable and thread-safe.
 *
 * <pre>{@code
 * SdJwt held = holderVerifier.verifyIssued(issued);            // the issuer's signature and digests checked
 * held.disclosures().forEach(d -> System.out.println(d.path())); // given_name, family_name, address, ...
 * String presentation = held.present("given_name", "address")
 *         .withKeyBinding(holderKey, Algorithm.ES256, "https://verifier.example", nonce)
 *         .toString();
 * }</pre>
 *
 * <p>One comes from {@link SdJwtIssuer#issue(Object, JwtPublicKey)}, from
 * {@link SdJwtVerifier#verifyIssued(CharSequence)} (a holder checking what it received) or from
 * {@link Unverified#sdJwt(CharSequence)} (read without any check of the issuer's signature). In
 * every case each disclosure was matched to a digest: a disclosure no digest references, one sent
 * twice, or a malformed one is refused.
 */
public final class SdJwt {

    private final String issuerJwt;
    private final JwtHeader header;
    private final SdHash hash;
    private final List<Disclosure> disclosures;
    private final int[] parents;
    /** The claims as processed, owned by this object: {@link #claims()} hands out a frozen copy, made once. */
    private final Map<String, Object> rawClaims;
    private volatile Map<String, Object> claims;
    private final String keyBindingJwt;
    private volatile List<List<Object>> parsedPaths;

    SdJwt(Held held) {
        this.issuerJwt = held.issuerJwt();
        this.header = held.header();
        this.hash = held.hash();
        List<Held.Item> items = held.disclosures();
        Disclosure[] ds = new Disclosure[items.size()];
        this.parents = new int[items.size()];
        for (int i = 0; i < ds.length; i++) {
            ds[i] = new Disclosure(items.get(i));
            parents[i] = items.get(i).parent();
        }
        this.disclosures = List.of(ds);
        this.rawClaims = held.claims();
        this.keyBindingJwt = held.keyBindingJwt();
    }

    /**
     * The Issuer-signed JWT, a compact JWS whose payload holds the digests.
     *
     * @return the JWT before the first {@code ~}
     */
    public String issuerJwt() {
        return issuerJwt;
    }

    /**
     * The Issuer-signed JWT's header.
     *
     * @return the header (deeply unmodifiable); verified when this SD-JWT came from a verifier or
     *         an issuer, not when it came from {@link Unverified#sdJwt(CharSequence)}
     */
    public JwtHeader header() {
        return header;
    }

    /**
     * The hash the digests are made with ({@code _sd_alg}).
     *
     * @return {@code sha-256}, {@code sha-384} or {@code sha-512}
     */
    public String hashAlgorithm() {
        return hash.ianaName();
    }

    /**
     * Every disclosure, in the order the SD-JWT carries them.
     *
     * @return an unmodifiable list, empty when nothing is selectively disclosable
     */
    public List<Disclosure> disclosures() {
        return disclosures;
    }

    /**
     * The claims with every disclosure applied: everything the holder could reveal, digests and
     * {@code _sd_alg} removed (RFC 9901 section 7.1's processed payload, with all disclosures).
     *
     * @return a deeply unmodifiable map
     */
    public Map<String, Object> claims() {
        Map<String, Object> c = claims;
        if (c == null) {
            claims = c = io.lcjwt.internal.codec.Frozen.map(rawClaims);
        }
        return c;
    }

    /**
     * The Key Binding JWT this text carried, when it was read with {@link Unverified#sdJwt} from
     * a presentation (an SD-JWT+KB).
     *
     * @return the KB-JWT, or null (always null for an issued SD-JWT)
     */
    public String keyBindingJwt() {
        return keyBindingJwt;
    }

    /**
     * A presentation revealing the claims at {@code paths} and nothing else. A path names a
     * disclosure's {@link Disclosure#path() path} exactly, or with {@code [*]} for every element
     * of an array ({@code nationalities[*]}); the disclosures that lead to it (a disclosed object
     * or array holding its digest) are included too, as RFC 9901 section 4.2.6 requires. A claim
     * with selectively disclosable members is revealed without them unless they are named as well.
     * No path reveals everything: name each claim to disclose.
     *
     * <pre>{@code
     * SdJwtPresentation p = held.present("given_name", "address.locality", "nationalities[0]");
     * }</pre>
     *
     * @param paths the claim paths to reveal; none reveals no selectively disclosable claim
     * @return a presentation without key binding (add it with
     *         {@link SdJwtPresentation#withKeyBinding(JwtPrivateKey, Algorithm, String, String)})
     * @throws NullPointerException if {@code paths} or one of them is null
     * @throws IllegalArgumentException if a path is malformed or names no disclosure of this SD-JWT
     */
    public SdJwtPresentation present(String... paths) {
        return present(Arrays.asList(Objects.requireNonNull(paths, "paths")));
    }

    /**
     * As {@link #present(String...)}.
     *
     * @param paths the claim paths to reveal
     * @return a presentation without key binding
     * @throws NullPointerException if {@code paths} or one of them is null
     * @throws IllegalArgumentException if a path is malformed or names no disclosure of this SD-JWT
     */
    public SdJwtPresentation present(Collection<String> paths) {
        Objects.requireNonNull(paths, "paths");
        List<List<Object>> mine = parsedPaths();
        boolean[] chosen = new boolean[disclosures.size()];
        for (String p : paths) {
            List<Object> pattern = ClaimPaths.parse(Objects.requireNonNull(p, "paths contains null"));
            boolean found = false;
            for (int i = 0; i < chosen.length; i++) {
                if (ClaimPaths.matches(pattern, mine.get(i))) {
                    chosen[i] = true;
                    found = true;
                }
            }
            if (!found) {
                throw new IllegalArgumentException("no disclosure of this SD-JWT has the path \"" + p + "\"; its"
                        + " disclosable paths are " + disclosablePaths());
            }
        }
        for (int i = 0; i < chosen.length; i++) {
            if (chosen[i]) {
                for (int up = parents[i]; up >= 0 && !chosen[up]; up = parents[up]) {
                    chosen[up] = true;
                }
            }
        }
        List<Disclosure> selected = new ArrayList<>();
        for (int i = 0; i < chosen.length; i++) {
            if (chosen[i]) {
                selected.add(disclosures.get(i));
            }
        }
        return new SdJwtPresentation(issuerJwt, hash, List.copyOf(selected), null);
    }

    private List<List<Object>> parsedPaths() {
        List<List<Object>> p = parsedPaths;
        if (p == null) {
            List<List<Object>> made = new ArrayList<>(disclosures.size());
            for (Disclosure d : disclosures) {
                made.add(ClaimPaths.parse(d.path()));
            }
            parsedPaths = p = List.copyOf(made);
        }
        return p;
    }

    private String disclosablePaths() {
        List<String> all = new ArrayList<>();
        for (Disclosure d : disclosures) {
            all.add(d.path());
        }
        String s = all.toString();
        return s.length() > 300 ? s.substring(0, 300) + "...]" : s;
    }

    /**
     * The SD-JWT in its compact form, as the issuer hands it to the holder:
     * {@code <Issuer-signed JWT>~<Disclosure 1>~...~<Disclosure N>~} (and the KB-JWT, if this
     * was read from a presentation).
     *
     * @return the compact serialization
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(issuerJwt).append('~');
        for (Disclosure d : disclosures) {
            sb.append(d.encoded()).append('~');
        }
        if (keyBindingJwt != null) {
            sb.append(keyBindingJwt);
        }
        return sb.toString();
    }

    /**
     * The SD-JWT in the flattened JWS JSON serialization (RFC 9901 section 8.2): the disclosures in
     * the unprotected header member {@code disclosures}.
     *
     * @return a JSON object
     */
    public String toFlattenedJson() {
        return SdJwtPresentation.json(issuerJwt, disclosures, keyBindingJwt, false);
    }

    /**
     * The SD-JWT in the general JWS JSON serialization (RFC 9901 section 8.3), with its one
     * signature.
     *
     * @return a JSON object
     */
    public String toGeneralJson() {
        return SdJwtPresentation.json(issuerJwt, disclosures, keyBindingJwt, true);
    }
}
