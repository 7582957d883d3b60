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
 *       its claims as a {@code Map}, a record or a bean; {@link io.lcjwt.VerifiedJwt} adds the
 *       {@link io.lcjwt.JwtHeader}.</li>
 *   <li>{@link io.lcjwt.JwtSigner} writes tokens.</li>
 *   <li>{@link io.lcjwt.Claim} names the claim of a record component or bean property
 *       ({@code @Claim("cognito:groups")}); {@link io.lcjwt.ClaimNaming} maps the other members'
 *       names ({@code preferredUsername} to {@code preferred_username}), for both the verifier and
 *       the signer. {@code Optional} members read empty when their claim is absent; a primitive
 *       member whose claim is absent refuses the token ({@link io.lcjwt.MissingClaimException}).</li>
 *   <li>Keys, all {@link io.lcjwt.JwtKey}: {@link io.lcjwt.JwtSecretKey} (HS256/384/512),
 *       {@link io.lcjwt.JwtPublicKey} (verify RS*, PS*, ES*, EdDSA; from PEM, DER, JWK or a
 *       JDK key), {@link io.lcjwt.JwtPrivateKey} (sign). {@link io.lcjwt.JwkSet} is a JWK set;
 *       {@link io.lcjwt.JwksClient} fetches and refreshes one from an issuer's URL.</li>
 *   <li>{@link io.lcjwt.Algorithm} lists the algorithms; there is no {@code none}.</li>
 *   <li>{@link io.lcjwt.Unverified} reads a token without verifying it, for routing only.</li>
 *   <li>{@link io.lcjwt.LibCrypto} tells which libcrypto is loaded.</li>
 * </ul>
 *
 * <h2>Errors</h2>
 * Three kinds of exception, all unchecked (detailed in {@link io.lcjwt.JwtException}):
 * <ul>
 *   <li>A token that is refused throws a subclass of the sealed
 *       {@link io.lcjwt.JwtException}: {@link io.lcjwt.MalformedJwtException},
 *       {@link io.lcjwt.UnsupportedJwtException}, {@link io.lcjwt.AlgorithmNotAllowedException},
 *       {@link io.lcjwt.InvalidHeaderException}, {@link io.lcjwt.BadSignatureException},
 *       {@link io.lcjwt.UnknownKeyException}, {@link io.lcjwt.ExpiredJwtException},
 *       {@link io.lcjwt.NotYetValidException}, {@link io.lcjwt.InvalidClaimException},
 *       {@link io.lcjwt.MissingClaimException}, or {@link io.lcjwt.JwksUnavailableException}
 *       when the issuer's keys cannot be had (answer 503, not 401). Messages say what was
 *       wrong, quote at most a short, escaped piece of the token, and never contain a
 *       secret.</li>
 *   <li>A key that is refused (too short, too weak, malformed, inconsistent, of the wrong kind
 *       for the algorithm, a public key offered as an HMAC secret) throws
 *       {@link io.lcjwt.InvalidJwtKeyException}, an {@code IllegalArgumentException}, at import
 *       or when a verifier or signer is built; never by a decode.</li>
 *   <li>Programming errors throw the JDK's own exceptions:
 *       {@link java.lang.NullPointerException} naming the null parameter (a null token, though,
 *       is a refused token: {@link io.lcjwt.MalformedJwtException}),
 *       {@link java.lang.IllegalArgumentException} naming the bad one (also for claims the
 *       signer cannot write and a claims type lcjwt cannot bind),
 *       {@link java.lang.IndexOutOfBoundsException} for a byte range outside its array,
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
 * {@link java.lang.IllegalStateException}, while one already running finishes with the intact
 * key.
 *
 * <h2>Running</h2>
 * The JVM must allow native access: {@code --enable-native-access=io.lcjwt.bindings} on the
 * module path, {@code --enable-native-access=ALL-UNNAMED} on the class path. On the module
 * path, a package whose records or beans are bound as claims must be opened to
 * {@code io.lcjwt} ({@code opens com.example.claims to io.lcjwt;}); exporting it to
 * {@code io.lcjwt} is enough when the type, its constructor and its setters are public. If
 * neither is there, the error message names the line to add and the module-info.java to add it
 * to. lcjwt needs no library but its own bindings: it reads and writes JSON itself, and
 * Jackson-jr is needed only by a verifier that chooses {@link io.lcjwt.ClaimsReader#jacksonJr()}.
 */
package io.lcjwt;
