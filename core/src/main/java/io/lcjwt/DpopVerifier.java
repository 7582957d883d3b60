package io.lcjwt;

import io.lcjwt.internal.dpop.ProofCheck;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Verifies DPoP proofs (RFC 9449): the {@code DPoP} header a client sends to show that it holds
 * the key its access token is bound to. Immutable and thread-safe: build one and share it.
 *
 * <pre>{@code
 * DpopVerifier dpop = DpopVerifier.builder()
 *         .algorithms(Algorithm.ES256, Algorithm.EdDSA)   // mandatory allow-list, asymmetric only
 *         .window(Duration.ofSeconds(60))                 // how far iat may be from now
 *         .build();
 *
 * // A resource server: the access token is verified first, then the proof against it.
 * Map<String, Object> token = accessTokens.decode(accessToken);
 * String jkt = (String) ((Map<?, ?>) token.get("cnf")).get("jkt");
 * dpop.verify(request.headers("DPoP"), "GET", URI.create("https://api.example/orders"), accessToken, jkt);
 * }</pre>
 *
 * <p>Every call checks RFC 9449 section 4.3 in full, and refuses with a {@link DpopException}
 * carrying the RFC's error code:
 * <ol>
 *   <li>exactly one proof, a well-formed compact JWS no larger than the size cap;</li>
 *   <li>{@code typ} {@code dpop+jwt};</li>
 *   <li>{@code alg} on the allow-list, which takes asymmetric algorithms only;</li>
 *   <li>a {@code jwk} header that is a public key (no private or symmetric members) able to
 *       verify that {@code alg}, imported by lcjwt's strict JWK reader (an EC point off its
 *       curve is refused);</li>
 *   <li>a signature by that key;</li>
 *   <li>{@code htm} equal to the request's method, {@code htu} equal to its target URI, both
 *       without query and fragment and after RFC 3986 normalization;</li>
 *   <li>{@code iat} within the {@link Builder#window(Duration) window} of now;</li>
 *   <li>with an access token: {@code ath} equal to base64url(SHA-256(token)), and the key's
 *       RFC 7638 thumbprint equal to the token's {@code cnf.jkt};</li>
 *   <li>a current server nonce, when the verifier is built with {@link Builder#nonces};</li>
 *   <li>a {@code jti} not seen before within the window, in the {@link DpopReplayStore}, asked
 *       last so only proofs that passed everything else take a place in it.</li>
 * </ol>
 *
 * <p>The key in a proof's {@code jwk} header verifies that proof and nothing else: a
 * {@link JwtVerifier} never takes a key from a token.
 */
public final class DpopVerifier {

    private final ProofCheck check;

    private DpopVerifier(ProofCheck check) {
        this.check = check;
    }

    /**
     * A builder. Name the allowed algorithms before {@link Builder#build()}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Verifies the proof of a request to a protected resource, sent with a DPoP-bound access
     * token ({@code Authorization: DPoP <token>}). Verify the access token first: this checks that
     * the proof belongs to it, not the token itself.
     *
     * <pre>{@code
     * VerifiedDpopProof proof = dpop.verify(List.of(dpopHeader), "GET", requestUri, accessToken, jkt);
     * }</pre>
     *
     * @param dpopHeaders every value of the request's {@code DPoP} header, so that more than one
     *        is refused (a null or empty list is a request without a proof, refused)
     * @param method the request's method, such as {@code GET}, compared exactly with {@code htm}
     * @param targetUri the request's URI as the client addressed it (behind a proxy, the public
     *        one); its query and fragment are ignored
     * @param accessToken the access token, as sent after {@code DPoP }
     * @param jkt the access token's {@code cnf.jkt} claim, or null when it has none (refused: the
     *        token is not bound to a key)
     * @return the accepted proof
     * @throws DpopException if the proof is refused; {@link DpopException#errorCode()} is the
     *         RFC 9449 error for the answer
     * @throws NullPointerException if {@code method}, {@code targetUri} or {@code accessToken} is null
     */
    public VerifiedDpopProof verify(List<String> dpopHeaders, String method, URI targetUri, String accessToken,
            String jkt) {
        Objects.requireNonNull(accessToken, "accessToken");
        return check.verify(dpopHeaders, method, targetUri, accessToken, jkt);
    }

    /**
     * Verifies the proof of a request that carries no access token, such as a token request at an
     * authorization server (RFC 9449 section 5): every check but {@code ath} and {@code cnf.jkt}.
     * Bind the token it issues to {@link VerifiedDpopProof#thumbprint()}.
     *
     * <pre>{@code
     * VerifiedDpopProof proof = dpop.verify(List.of(dpopHeader), "POST", URI.create("https://as.example/token"));
     * }</pre>
     *
     * @param dpopHeaders every value of the request's {@code DPoP} header
     * @param method the request's method
     * @param targetUri the request's URI as the client addressed it
     * @return the accepted proof
     * @throws DpopException if the proof is refused
     * @throws NullPointerException if {@code method} or {@code targetUri} is null
     */
    public VerifiedDpopProof verify(List<String> dpopHeaders, String method, URI targetUri) {
        return check.verify(dpopHeaders, method, targetUri, null, null);
    }

    /** Configures a {@link DpopVerifier}. Not thread-safe; the verifier it builds is. */
    public static final class Builder {
        private static final Duration MAX_WINDOW = Duration.ofMinutes(10);
        private final Set<Algorithm> algorithms = EnumSet.noneOf(Algorithm.class);
        private Duration window = Duration.ofSeconds(60);
        private DpopReplayStore store;
        private DpopNonces nonces;
        private Clock clock = Clock.systemUTC();
        private int maxProofBytes = 8 * 1024;

        private Builder() {}

        /**
         * Adds to the allow-list of proof algorithms (mandatory). Only asymmetric algorithms
         * are allowed: a proof shows possession of a private key (RFC 9449 section 4.3, check 6).
         *
         * @param algorithms one or more, such as {@code ES256}
         * @return this builder
         * @throws NullPointerException if {@code algorithms} or one of them is null
         * @throws IllegalArgumentException if none is given, or one is an HMAC algorithm
         */
        public Builder algorithms(Algorithm... algorithms) {
            Objects.requireNonNull(algorithms, "algorithms");
            if (algorithms.length == 0) {
                throw new IllegalArgumentException("algorithms is empty; name at least one algorithm to accept");
            }
            for (int i = 0; i < algorithms.length; i++) {
                Algorithm a = Objects.requireNonNull(algorithms[i], "algorithms[" + i + "]");
                if (a.family() == Algorithm.Family.HMAC) {
                    throw new IllegalArgumentException(a.jwsName() + " is symmetric; a DPoP proof must be signed with"
                            + " an asymmetric algorithm (RFC 9449 section 4.3).");
                }
            }
            this.algorithms.addAll(Arrays.asList(algorithms));
            return this;
        }

        /**
         * How far a proof's {@code iat} may lie from now, before or after (default 60 seconds).
         * A proof is accepted within this window and its {@code jti} is remembered for as long.
         *
         * @param window from 1 second to 10 minutes
         * @return this builder
         * @throws NullPointerException if {@code window} is null
         * @throws IllegalArgumentException if it is out of range
         */
        public Builder window(Duration window) {
            Objects.requireNonNull(window, "window");
            if (window.compareTo(Duration.ofSeconds(1)) < 0 || window.compareTo(MAX_WINDOW) > 0) {
                throw new IllegalArgumentException("window must be between 1 second and 10 minutes, not " + window);
            }
            this.window = window;
            return this;
        }

        /**
         * Where accepted proofs are remembered (default: {@link DpopReplayStore#inMemory(int)
         * inMemory(100_000)}, made when the verifier is built). A fleet of instances needs one
         * shared store.
         *
         * @param store the store
         * @return this builder
         * @throws NullPointerException if {@code store} is null
         */
        public Builder replayStore(DpopReplayStore store) {
            this.store = Objects.requireNonNull(store, "store");
            return this;
        }

        /**
         * Requires a current server nonce in every proof (RFC 9449 section 9). A proof without one
         * is refused with {@link DpopException#USE_DPOP_NONCE}, carrying the nonce to use.
         *
         * @param nonces the nonce issuer whose nonces are accepted
         * @return this builder
         * @throws NullPointerException if {@code nonces} is null
         */
        public Builder nonces(DpopNonces nonces) {
            this.nonces = Objects.requireNonNull(nonces, "nonces");
            return this;
        }

        /**
         * The time source for {@code iat} and the replay store (default: the system UTC clock).
         *
         * @param clock the clock
         * @return this builder
         * @throws NullPointerException if {@code clock} is null
         */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * The largest proof accepted, in bytes (default 8 KiB, room for an RSA-4096 key);
         * larger ones are refused unread.
         *
         * @param maxProofBytes from 256 to 65,536
         * @return this builder
         * @throws IllegalArgumentException if it is out of range
         */
        public Builder maxProofBytes(int maxProofBytes) {
            if (maxProofBytes < 256 || maxProofBytes > 64 * 1024) {
                throw new IllegalArgumentException("maxProofBytes must be between 256 and 65536, not " + maxProofBytes);
            }
            this.maxProofBytes = maxProofBytes;
            return this;
        }

        /**
         * Builds the verifier.
         *
         * @return a verifier, immutable and thread-safe
         * @throws IllegalStateException if no algorithm was allowed
         */
        public DpopVerifier build() {
            if (algorithms.isEmpty()) {
                throw new IllegalStateException("Name the accepted proof algorithms with algorithms(...), such as"
                        + " Algorithm.ES256.");
            }
            DpopReplayStore s = store != null ? store : DpopReplayStore.inMemory(100_000);
            return new DpopVerifier(new ProofCheck(algorithms, window.toMillis(), clock, s, nonces, maxProofBytes));
        }
    }
}
