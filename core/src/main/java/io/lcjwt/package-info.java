/**
 * lcjwt: JSON Web Tokens (compact JWS, RFC 7515/7519) for Java 22+, signed and verified by aws-lc
 * (or OpenSSL 3) through the Foreign Function &amp; Memory API.
 *
 * <h2>Example</h2>
 * <pre>{@code
 * record Claims(String sub, List<String> aud, Instant exp) {}
 *
 * JwtSecretKey key = JwtSecretKey.of(secret);                 // at least 32 random bytes
 * JwtSigner signer = JwtSigner.builder(key).algorithm(Algorithm.HS256).build();
 * String token = signer.sign(new Claims("alice", List.of("my-api"), Instant.now().plusSeconds(300)));
 *
 * JwtVerifier verifier = JwtVerifier.builder(key)
 *         .algorithms(Algorithm.HS256)                        // mandatory allow-list
 *         .audience("my-api")
 *         .build();
 * Claims claims = verifier.decode(token, Claims.class);       // signature, exp, nbf, aud checked
 * }</pre>
 *
 * <h2>Key types</h2>
 * <ul>
 *   <li>{@link io.lcjwt.JwtVerifier} checks a token (size, form, header, signature, then
 *       {@code exp}, {@code nbf}, {@code aud}, {@code iss} and required claims) and returns
 *       its claims as a {@code Map}, a record or a bean; {@link io.lcjwt.Jwt} adds the
 *       {@link io.lcjwt.JwtHeader}.</li>
 *   <li>{@link io.lcjwt.JwtSigner} writes tokens.</li>
 *   <li>Keys, all {@link io.lcjwt.JwtKey}: {@link io.lcjwt.JwtSecretKey} (HS256/384/512),
 *       {@link io.lcjwt.JwtPublicKey} (verify RS*, PS*, ES*, EdDSA; from PEM, DER or JWK),
 *       {@link io.lcjwt.JwtPrivateKey} (sign). {@link io.lcjwt.JwkSet} is a JWK set;
 *       {@link io.lcjwt.JwksClient} fetches and refreshes one from an issuer's URL.</li>
 *   <li>{@link io.lcjwt.Algorithm} lists the algorithms; there is no {@code none}.</li>
 *   <li>{@link io.lcjwt.Unverified} reads a token without verifying it, for routing only.</li>
 *   <li>{@link io.lcjwt.LibCrypto} tells which libcrypto is loaded.</li>
 * </ul>
 *
 * <h2>Errors</h2>
 * <ul>
 *   <li>A token that is refused throws a subclass of the sealed
 *       {@link io.lcjwt.JwtException}: {@link io.lcjwt.MalformedJwtException},
 *       {@link io.lcjwt.UnsupportedJwtException}, {@link io.lcjwt.AlgorithmNotAllowedException},
 *       {@link io.lcjwt.BadSignatureException}, {@link io.lcjwt.UnknownKeyException},
 *       {@link io.lcjwt.ExpiredJwtException}, {@link io.lcjwt.NotYetValidException},
 *       {@link io.lcjwt.InvalidClaimException}, {@link io.lcjwt.MissingClaimException}, or
 *       {@link io.lcjwt.JwksUnavailableException} when the issuer's keys cannot be had (answer
 *       503, not 401). Messages say what was wrong, quote at most a short, escaped piece of the
 *       token, and never contain a secret.</li>
 *   <li>A key that is refused (too short, too weak, malformed, of the wrong kind for the
 *       algorithm, a public key offered as an HMAC secret) throws
 *       {@link io.lcjwt.InvalidJwtKeyException}, at import or when a verifier or signer is
 *       built.</li>
 *   <li>Programming errors throw the usual unchecked exceptions:
 *       {@link java.lang.NullPointerException} for a null key, builder setting or the like (a
 *       null token, though, is a refused token: {@link io.lcjwt.MalformedJwtException}),
 *       {@link java.lang.IllegalArgumentException} for an argument out of range,
 *       {@link java.lang.IllegalStateException} for a builder missing a mandatory setting, a
 *       closed key, or a libcrypto that could not be loaded (its message names what was
 *       searched, or the {@code --enable-native-access} flag to add).</li>
 * </ul>
 *
 * <h2>Threads and native memory</h2>
 * Verifiers, signers, keys, key sets and the JWKS client are immutable (the client's cache
 * aside) and thread-safe: build them once and share them; builders are not thread-safe. No
 * method takes a {@code synchronized} lock, so virtual threads are not pinned. Keys hold
 * libcrypto objects, freed by {@code close()} or by a {@link java.lang.ref.Cleaner} once the
 * key is unreachable; once a key is closed, a decode or sign that would use it fails with
 * {@link java.lang.IllegalStateException}.
 *
 * <h2>Running</h2>
 * The JVM must allow native access: {@code --enable-native-access=io.lcjwt.bindings} on the
 * module path, {@code --enable-native-access=ALL-UNNAMED} on the class path. On the module
 * path, a package whose records are bound as claims must be exported to {@code io.lcjwt}
 * (public records) or opened to it (otherwise); claims beans in a named module do not bind yet,
 * so use a record or a {@code Map} there. Claim values of types lcjwt does
 * not bind itself (a nested bean, say) are bound by Jackson-jr, whose module
 * {@code com.fasterxml.jackson.jr.ob} then needs the same. Jackson (jackson-core and
 * jackson-jr-objects) is a required dependency, not an optional one.
 */
package io.lcjwt;
