package io.lcjwt;

import io.lcjwt.internal.UrlPolicy;
import io.lcjwt.internal.crypto.KeyResolver;
import io.lcjwt.internal.crypto.VerifyKey;
import io.lcjwt.internal.jwks.Discovery;
import io.lcjwt.internal.jwks.HttpTransport;
import io.lcjwt.internal.jwks.JwksAccess;
import io.lcjwt.internal.jwks.KeyCache;
import io.lcjwt.internal.jwks.Origin;
import io.lcjwt.internal.jwks.Transport;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import javax.net.ssl.SSLContext;

/**
 * Keys from an identity provider's JWKS URL, cached and refreshed, polite to the issuer however
 * many instances share it.
 *
 * <pre>{@code
 * JwksClient jwks = JwksClient.builder(URI.create("https://id.example/.well-known/jwks.json")).build();
 * JwtVerifier verifier = JwtVerifier.builder(jwks).algorithms(Algorithm.RS256).audience("my-api").build();
 *
 * // or from the issuer, whose metadata names the JWKS URL (found on the first fetch)
 * JwksClient byIssuer = JwksClient.builderForIssuer(URI.create("https://id.example")).build();
 * }</pre>
 *
 * <p>Behaviour, all configurable on the builder:
 * <ul>
 *   <li>https only (plain http only to a loopback address, for tests, or where
 *       {@link Builder#allowPlainHttp()} says so); redirects are not followed; a
 *       connect deadline and an overall deadline (default 2.5 s) that covers the body; a size cap
 *       (default 1 MiB); a {@code User-Agent}.</li>
 *   <li>The first decode fetches and waits. The document lives for its {@code Cache-Control:
 *       max-age} minus {@code Age}, clamped to [1 minute, 1 day], default 15 minutes.</li>
 *   <li>A background refresh starts at a random point in the last 10-20 % of that lifetime (in
 *       the last 10-50 % after keys that came from anything but such a refresh, such as the first
 *       fetch), so that instances that started together do not stay in step; the current keys
 *       keep serving while it runs.</li>
 *   <li>After a fetch starts, none other starts within the cooldown (default 30 s). After
 *       consecutive failures the wait grows: a random time between the cooldown and
 *       {@code min(maxBackoff, cooldown * 2^failures)} (default cap 5 minutes).</li>
 *   <li>A 429 or 503 with {@code Retry-After} (seconds or an HTTP date) is obeyed: no request
 *       before it, up to {@code maxRetryAfter} (default 10 minutes), not even from
 *       {@link #refresh()}.</li>
 *   <li>Through an outage the last good keys serve for up to {@code maxStale} (default 1 day)
 *       <em>past their expiry</em>. Beyond that a decode waits (at most the fetch deadline) for
 *       a fetch, joining the one in flight, rather than being refused: a service whose issuer is
 *       healthy never refuses a token for staleness, however long it sat idle. Only while no
 *       fetch may start (cooldown, backoff, {@code Retry-After}) is such a decode refused at once
 *       with {@link JwksUnavailableException}, whose message names the last failure and whose
 *       {@link JwksUnavailableException#retryAfter()} says when the next attempt may start.</li>
 *   <li>A token with an unknown {@code kid} triggers one refetch, unless no fetch may start now:
 *       then {@link UnknownKeyException} at once, so a flood of made-up kids costs at most one
 *       fetch per cooldown, and none while the issuer pushes back.</li>
 *   <li>One fetch at a time however many threads ask; decodes take no lock while keys are
 *       present; no {@code synchronized} anywhere, so virtual threads are never pinned.</li>
 * </ul>
 * Fetched documents are parsed with {@link JwkSet#parseLenient}: a key that is malformed or of a
 * type lcjwt does not know is skipped (see {@link JwkSet#skippedKeys()}, and
 * {@link Metrics#keysSkipped()}), never failing the others. Keys are chosen per token by
 * {@code kid} and by what the header's {@code alg} can use, as {@link JwtVerifier} describes.
 *
 * <p>A client is thread-safe: build one per URL and share it between verifiers and threads.
 * {@link #close()} shuts its HTTP client down, so no fetch succeeds afterwards: verifiers built
 * on it go on serving the keys already fetched as through an outage (while fresh, then for up
 * to {@code maxStale} past their expiry) and then fail with {@link JwksUnavailableException}.
 * Close it when the verifiers built on it are no longer used.
 */
public final class JwksClient implements AutoCloseable {

    static {
        JwksAccess.register(new JwksAccess.Bridge<JwksClient, Builder>() {
            @Override
            public JwksClient build(Builder builder, Transport transport, DoubleSupplier random) {
                return builder.build(transport, random);
            }

            @Override
            public KeyResolver resolver(JwksClient client, boolean wait) {
                return client.resolver(wait);
            }

            @Override
            public KeyCache.Parsed parse(String body) {
                return JwksClient.parse(body);
            }
        });
    }

    /**
     * What a service may want to log or export about the fetches so far: an immutable snapshot.
     *
     * <pre>{@code
     * JwksClient.Metrics m = jwks.metrics();
     * log.info("JWKS: {} fetches, {} failed, next fetch allowed in {}", m.fetches(), m.failures(), m.nextFetchIn());
     * }</pre>
     *
     * @param lastAttempt when the last fetch started, or null before the first
     * @param lastSuccess when a fetch last succeeded, or null if none has
     * @param keyCount how many keys are served now (0 before the first success)
     * @param keysSkipped how many keys of the document served now were skipped as unusable
     *        ({@link JwkSet#skippedKeys()} says why)
     * @param fetches how many fetches were started
     * @param failures how many of them failed
     * @param lastError why the last fetch failed, in words; null after a success
     * @param nextFetchIn how long until a fetch may start again (cooldown, backoff after
     *        failures, or the issuer's {@code Retry-After}); zero when one may start now
     */
    public record Metrics(Instant lastAttempt, Instant lastSuccess, int keyCount, int keysSkipped, long fetches,
            long failures, String lastError, Duration nextFetchIn) {}

    /**
     * Told the {@link Metrics} after every fetch, successful or not, on the thread that finished
     * it: for logs, alerts or a metrics registry. It must be quick and must not block; what it
     * throws is ignored.
     *
     * <pre>{@code
     * JwksClient jwks = JwksClient.builder(uri)
     *         .listener(m -> { if (m.lastError() != null) log.warn("JWKS fetch failed: {}", m.lastError()); })
     *         .build();
     * }</pre>
     */
    @FunctionalInterface
    public interface FetchListener {
        /**
         * One fetch ended.
         *
         * @param metrics the client's metrics as that fetch left them ({@link Metrics#lastError()}
         *        is null when it succeeded)
         */
        void fetched(Metrics metrics);
    }

    private final URI uri;
    private final Transport transport;
    private final KeyCache cache;

    private JwksClient(Builder b, Transport transport, DoubleSupplier random) {
        this.uri = b.uri;
        this.transport = transport;
        Origin origin = b.issuer ? new Discovery(transport, b.uri, b.plainHttpHosts(), HOW_TO_ALLOW)
                : Origin.of(transport, b.uri);
        FetchListener l = b.listener;
        this.cache = new KeyCache(b.settings(), origin, b.clock, random, JwksClient::parse,
                l == null ? m -> { } : m -> l.fetched(metrics(m)));
    }

    private static Metrics metrics(KeyCache.Stats s) {
        return new Metrics(s.lastAttempt(), s.lastSuccess(), s.keyCount(), s.keysSkipped(), s.fetches(),
                s.failures(), s.lastError(), s.nextFetchIn());
    }

    private static final String HOW_TO_ALLOW = "after allowPlainHttp() or allowPlainHttpTo(host)";

    /** The production parser: lenient, and each key's verifying half once per document. */
    static KeyCache.Parsed parse(String body) {
        JwkSet set = JwkSet.parseLenient(body);
        List<VerifyKey> impls = new ArrayList<>(set.keys().size());
        for (JwtKey k : set.keys()) {
            impls.add(Keys.impl(k));
        }
        return new KeyCache.Parsed(set, impls);
    }

    /**
     * A builder for the JWKS document at a URL.
     *
     * <pre>{@code
     * JwksClient jwks = JwksClient.builder(URI.create("https://id.example/.well-known/jwks.json"))
     *         .cooldown(Duration.ofSeconds(30)).build();
     * }</pre>
     *
     * @param uri the JWKS URL: https; or http, which {@link Builder#build()} accepts only to a
     *        literal loopback address (for tests) unless plain http is allowed on the builder
     * @return a new builder
     * @throws NullPointerException if {@code uri} is null
     * @throws IllegalArgumentException for a scheme other than https and http, or no host
     */
    public static Builder builder(URI uri) {
        return new Builder(uri, false);
    }

    /**
     * A builder for the JWKS of an issuer, found through its metadata on the first fetch:
     * OpenID Connect Discovery ({@code <issuer>/.well-known/openid-configuration}, then the
     * well-known path inserted before the issuer's path), then RFC 8414
     * ({@code /.well-known/oauth-authorization-server<path>}). A 4xx moves on to the next place;
     * a 429 or 503 ends the attempt and its {@code Retry-After} is obeyed. The metadata's
     * {@code issuer} must equal {@code issuer} exactly, and its {@code jwks_uri} passes the same
     * https rule as the issuer. Discovery is part of a fetch: nothing happens before the first
     * decode, {@link #current()} or {@link #refresh()}, and a failed discovery is retried under
     * the same cooldown and backoff, so an issuer down at start-up is never a lasting failure.
     * The {@code jwks_uri} found is kept for the life of the client.
     *
     * <pre>{@code
     * JwksClient jwks = JwksClient.builderForIssuer(URI.create("https://id.example/realms/demo")).build();
     * JwtVerifier verifier = JwtVerifier.builder(jwks).algorithms(Algorithm.RS256)
     *         .issuer("https://id.example/realms/demo").audience("my-api").build();
     * }</pre>
     *
     * @param issuer the issuer identifier, exactly as the tokens' {@code iss} and the metadata
     *        name it: https (or http under the same rule as a JWKS URL), no query or fragment
     * @return a new builder
     * @throws NullPointerException if {@code issuer} is null
     * @throws IllegalArgumentException for a scheme other than https and http, no host, or a
     *         query or fragment
     */
    public static Builder builderForIssuer(URI issuer) {
        Objects.requireNonNull(issuer, "issuer");
        if (issuer.getRawQuery() != null || issuer.getRawFragment() != null) {
            throw new IllegalArgumentException("An issuer identifier has no query or fragment (RFC 8414 section 2): "
                    + issuer);
        }
        return new Builder(issuer, true);
    }

    /**
     * The URL this client was built with: the JWKS URL, or the issuer for a client made by
     * {@link #builderForIssuer(URI)}.
     *
     * <pre>{@code
     * log.info("keys from {}", jwks.uri());
     * }</pre>
     *
     * @return the URL
     */
    public URI uri() {
        return uri;
    }

    /**
     * Fetches now, waiting for the result (at most the builder's {@code timeout} per request,
     * plus a second), or joining the fetch already running. The cooldown and the backoff after
     * failures do not hold it back; an issuer's {@code Retry-After} does.
     *
     * <pre>{@code
     * JwkSet keys = jwks.refresh();   // e.g. after the issuer announced a rotation
     * }</pre>
     *
     * @return the keys just fetched, which are served from now on
     * @throws JwksUnavailableException if the fetch failed, or the issuer asked not to be asked
     *         yet; the message names why, and the keys served before stay in place
     */
    public JwkSet refresh() {
        return cache.refresh();
    }

    /**
     * The keys currently served, fetching first if none were ever fetched or they expired more
     * than {@code maxStale} ago.
     *
     * <pre>{@code
     * for (JwtKey k : jwks.current().keys()) {
     *     System.out.println(k.keyId());
     * }
     * }</pre>
     *
     * @return the current key set
     * @throws JwksUnavailableException if no usable keys could be had; the message names why
     */
    public JwkSet current() {
        return cache.current();
    }

    /**
     * Counters and times of the fetches so far.
     *
     * <pre>{@code
     * JwksClient.Metrics m = jwks.metrics();
     * }</pre>
     *
     * @return one consistent-enough snapshot
     */
    public Metrics metrics() {
        return metrics(cache.metrics());
    }

    KeyResolver resolver(boolean wait) {
        return cache.resolver(wait);
    }

    /**
     * Stops the HTTP client; fetches in flight fail. Idempotent; see the class description for
     * what it means for verifiers built on this client.
     *
     * <pre>{@code
     * try (JwksClient jwks = JwksClient.builder(uri).build()) {
     *     // verify with it
     * }
     * }</pre>
     */
    @Override
    public void close() {
        transport.close();
    }

    /**
     * Configures a {@link JwksClient}. Not thread-safe; the client it builds is.
     *
     * <pre>{@code
     * JwksClient jwks = JwksClient.builder(URI.create("https://id.example/jwks"))
     *         .timeout(Duration.ofSeconds(2)).maxStale(Duration.ofHours(12)).build();
     * }</pre>
     */
    public static final class Builder {
        private final URI uri;
        private final boolean issuer;
        private Duration connectTimeout = Duration.ofMillis(2500);
        private Duration timeout = Duration.ofMillis(KeyCache.Settings.DEFAULTS.timeout());
        private int maxBytes = 1 << 20;
        private Duration minLifetime = Duration.ofMillis(KeyCache.Settings.DEFAULTS.minLifetime());
        private Duration maxLifetime = Duration.ofMillis(KeyCache.Settings.DEFAULTS.maxLifetime());
        private Duration defaultLifetime = Duration.ofMillis(KeyCache.Settings.DEFAULTS.defaultLifetime());
        private Duration cooldown = Duration.ofMillis(KeyCache.Settings.DEFAULTS.cooldown());
        private Duration maxStale = Duration.ofMillis(KeyCache.Settings.DEFAULTS.maxStale());
        private Duration maxBackoff = Duration.ofMillis(KeyCache.Settings.DEFAULTS.maxBackoff());
        private Duration maxRetryAfter = Duration.ofMillis(KeyCache.Settings.DEFAULTS.maxRetryAfter());
        private String userAgent = "lcjwt-jwks-client";
        private SSLContext sslContext;
        private Clock clock = Clock.systemUTC();
        private FetchListener listener;
        private boolean anyPlainHttpHost;
        private final Set<String> plainHttpHosts = new LinkedHashSet<>();

        private Builder(URI uri, boolean issuer) {
            this.uri = Objects.requireNonNull(uri, "uri");
            this.issuer = issuer;
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                throw new IllegalArgumentException(what() + " must use https: " + uri);
            }
            if (uri.getHost() == null) {
                throw new IllegalArgumentException(what() + " must name a host: " + uri);
            }
        }

        private String what() {
            return issuer ? "An issuer URL" : "A JWKS URL";
        }

        /**
         * Deadline to connect (default 2.5 s).
         *
         * <pre>{@code
         * builder.connectTimeout(Duration.ofSeconds(1));
         * }</pre>
         *
         * @param timeout positive
         * @return this builder
         * @throws NullPointerException if {@code timeout} is null
         * @throws IllegalArgumentException if it is zero or negative
         */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = positive(timeout, "connectTimeout");
            return this;
        }

        /**
         * Deadline for each request, body included (default 2.5 s). A decode that has to wait
         * for keys waits at most this long per request of the attempt (one; more while an
         * issuer's metadata is still to be found) and a second.
         *
         * <pre>{@code
         * builder.timeout(Duration.ofSeconds(2));
         * }</pre>
         *
         * @param timeout positive
         * @return this builder
         * @throws NullPointerException if {@code timeout} is null
         * @throws IllegalArgumentException if it is zero or negative
         */
        public Builder timeout(Duration timeout) {
            this.timeout = positive(timeout, "timeout");
            return this;
        }

        /**
         * Largest document accepted (default 1 MiB), for the JWKS and the issuer's metadata; a
         * larger one is a failed fetch.
         *
         * <pre>{@code
         * builder.maxResponseBytes(256 * 1024);
         * }</pre>
         *
         * @param bytes the cap, at least 1024
         * @return this builder
         * @throws IllegalArgumentException if {@code bytes} is below 1024
         */
        public Builder maxResponseBytes(int bytes) {
            if (bytes < 1024) {
                throw new IllegalArgumentException("maxResponseBytes must be at least 1024, not " + bytes);
            }
            this.maxBytes = bytes;
            return this;
        }

        /**
         * Bounds for a document's lifetime from {@code Cache-Control: max-age} (default 1 minute to
         * 1 day).
         *
         * <pre>{@code
         * builder.lifetime(Duration.ofMinutes(5), Duration.ofHours(6));
         * }</pre>
         *
         * @param min the shortest lifetime, positive, at most {@code max}
         * @param max the longest lifetime, positive
         * @return this builder
         * @throws NullPointerException if either is null
         * @throws IllegalArgumentException if either is zero or negative, or {@code min > max}
         */
        public Builder lifetime(Duration min, Duration max) {
            if (positive(min, "min").compareTo(positive(max, "max")) > 0) {
                throw new IllegalArgumentException("lifetime: min (" + min + ") is above max (" + max + ")");
            }
            this.minLifetime = min;
            this.maxLifetime = max;
            return this;
        }

        /**
         * Lifetime when the response has no max-age (default 15 minutes); {@link #build()} checks
         * that it lies within the {@link #lifetime} bounds.
         *
         * <pre>{@code
         * builder.defaultLifetime(Duration.ofMinutes(10));
         * }</pre>
         *
         * @param lifetime positive
         * @return this builder
         * @throws NullPointerException if {@code lifetime} is null
         * @throws IllegalArgumentException if it is zero or negative
         */
        public Builder defaultLifetime(Duration lifetime) {
            this.defaultLifetime = positive(lifetime, "defaultLifetime");
            return this;
        }

        /**
         * Least time between the starts of two fetches, whatever triggers them (default 30 s):
         * it bounds the load a flood of made-up kids or an outage puts on the issuer, so it
         * must be positive. Only {@link JwksClient#refresh()} is not held back by it.
         *
         * <pre>{@code
         * builder.cooldown(Duration.ofMinutes(1));
         * }</pre>
         *
         * @param cooldown positive
         * @return this builder
         * @throws NullPointerException if {@code cooldown} is null
         * @throws IllegalArgumentException if it is zero or negative
         */
        public Builder cooldown(Duration cooldown) {
            this.cooldown = positive(cooldown, "cooldown");
            return this;
        }

        /**
         * The cap on the wait after consecutive failed fetches (default 5 minutes). After the
         * {@code n}-th failure in a row the next fetch waits a random time between the cooldown
         * and {@code min(maxBackoff, cooldown * 2^n)}, so that a fleet of instances does not
         * retry in step. {@link #build()} requires it to be at least the cooldown; equal to it,
         * there is no backoff.
         *
         * <pre>{@code
         * builder.maxBackoff(Duration.ofMinutes(2));
         * }</pre>
         *
         * @param maxBackoff positive, at least the cooldown
         * @return this builder
         * @throws NullPointerException if {@code maxBackoff} is null
         * @throws IllegalArgumentException if it is zero or negative
         */
        public Builder maxBackoff(Duration maxBackoff) {
            this.maxBackoff = positive(maxBackoff, "maxBackoff");
            return this;
        }

        /**
         * The longest {@code Retry-After} obeyed (default 10 minutes). A 429 or 503 answer with
         * {@code Retry-After} (delta-seconds or an HTTP date) stops every request to the issuer,
         * {@link JwksClient#refresh()} included, until that time or this cap, whichever comes
         * first; the cap keeps a wrong header from stopping refreshes for good. Cached keys keep
         * serving meanwhile (within {@code maxStale}); a token with an unknown kid is refused at
         * once.
         *
         * <pre>{@code
         * builder.maxRetryAfter(Duration.ofMinutes(30));
         * }</pre>
         *
         * @param maxRetryAfter at least 10 minutes
         * @return this builder
         * @throws NullPointerException if {@code maxRetryAfter} is null
         * @throws IllegalArgumentException if it is shorter than 10 minutes
         */
        public Builder maxRetryAfter(Duration maxRetryAfter) {
            Objects.requireNonNull(maxRetryAfter, "maxRetryAfter");
            if (maxRetryAfter.compareTo(Duration.ofMinutes(10)) < 0) {
                throw new IllegalArgumentException("maxRetryAfter must be at least 10 minutes, not " + maxRetryAfter
                        + ": an issuer that pushes back must be obeyed for at least that long.");
            }
            this.maxRetryAfter = maxRetryAfter;
            return this;
        }

        /**
         * How long past their expiry the last good keys serve while refreshing fails (default 1
         * day). It counts from expiry, so it needs no relation to the lifetime: keys are never
         * stale before they expire. {@link #build()} requires it to be at least the
         * {@link #cooldown}: a shorter grace would refuse tokens before a second fetch may even
         * be tried.
         *
         * <pre>{@code
         * builder.maxStale(Duration.ofHours(6));
         * }</pre>
         *
         * @param maxStale positive, at least the cooldown
         * @return this builder
         * @throws NullPointerException if {@code maxStale} is null
         * @throws IllegalArgumentException if it is zero or negative
         */
        public Builder maxStale(Duration maxStale) {
            this.maxStale = positive(maxStale, "maxStale");
            return this;
        }

        /**
         * The User-Agent header (default {@code lcjwt-jwks-client}).
         *
         * <pre>{@code
         * builder.userAgent("orders-service/1.4");
         * }</pre>
         *
         * @param userAgent the header's value
         * @return this builder
         * @throws NullPointerException if {@code userAgent} is null
         */
        public Builder userAgent(String userAgent) {
            this.userAgent = Objects.requireNonNull(userAgent, "userAgent");
            return this;
        }

        /**
         * TLS settings, e.g. a private CA's trust store.
         *
         * <pre>{@code
         * builder.sslContext(privateCaContext);
         * }</pre>
         *
         * @param sslContext the context the HTTP client uses
         * @return this builder
         * @throws NullPointerException if {@code sslContext} is null
         */
        public Builder sslContext(SSLContext sslContext) {
            this.sslContext = Objects.requireNonNull(sslContext, "sslContext");
            return this;
        }

        /**
         * Allows plain http to any host, such as
         * {@code http://keycloak:8080/realms/demo/protocol/openid-connect/certs} inside a compose
         * or cluster network. Keys fetched in clear can be replaced by anyone on the path, and
         * with them every token: allow it only on a network you trust, and prefer
         * {@link #allowPlainHttpTo(String...)}, which names the hosts. Without either call
         * {@link #build()} refuses such a URL, and discovery refuses such a {@code jwks_uri}.
         *
         * <pre>{@code
         * JwksClient.builder(URI.create("http://keycloak:8080/realms/demo/protocol/openid-connect/certs"))
         *         .allowPlainHttp().build();
         * }</pre>
         *
         * @return this builder
         */
        public Builder allowPlainHttp() {
            this.anyPlainHttpHost = true;
            return this;
        }

        /**
         * Allows plain http to these hosts only, for the URL given and, for a client made by
         * {@link JwksClient#builderForIssuer(URI)}, for the {@code jwks_uri} its metadata names
         * (plain http to a literal loopback address is always allowed). The same warning as
         * {@link #allowPlainHttp()}.
         *
         * <pre>{@code
         * JwksClient.builderForIssuer(URI.create("http://keycloak:8080/realms/demo"))
         *         .allowPlainHttpTo("keycloak").build();
         * }</pre>
         *
         * @param hosts host names, compared without regard to case
         * @return this builder
         * @throws NullPointerException if {@code hosts} or one of them is null
         */
        public Builder allowPlainHttpTo(String... hosts) {
            for (String h : Objects.requireNonNull(hosts, "hosts")) {
                plainHttpHosts.add(Objects.requireNonNull(h, "hosts[i]").toLowerCase(Locale.ROOT));
            }
            return this;
        }

        /**
         * The time source for lifetimes, cooldown, backoff, {@code Retry-After} and staleness
         * (default the system UTC clock).
         *
         * <pre>{@code
         * builder.clock(Clock.systemUTC());
         * }</pre>
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
         * Told the metrics after every fetch (default none); see {@link FetchListener}.
         *
         * <pre>{@code
         * builder.listener(m -> fetchGauge.set(m.fetches()));
         * }</pre>
         *
         * @param listener the listener
         * @return this builder
         * @throws NullPointerException if {@code listener} is null
         */
        public Builder listener(FetchListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        private static Duration positive(Duration d, String name) {
            Objects.requireNonNull(d, name);
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(name + " must be positive, not " + d);
            }
            return d;
        }

        private Set<String> plainHttpHosts() {
            return anyPlainHttpHost ? UrlPolicy.ANY_HOST : Set.copyOf(plainHttpHosts);
        }

        /** Saturates instead of overflowing, so that a huge duration means "practically never". */
        private static long millis(Duration d) {
            return d.compareTo(Duration.ofDays(365L * 1000)) > 0 ? 365L * 1000 * 86_400_000 : d.toMillis();
        }

        private KeyCache.Settings settings() {
            return new KeyCache.Settings(millis(cooldown), millis(maxStale), millis(minLifetime), millis(maxLifetime),
                    millis(defaultLifetime), millis(maxBackoff), millis(maxRetryAfter), millis(timeout));
        }

        /**
         * Builds the client. Nothing is fetched yet: the first decode, {@link JwksClient#current()} or
         * {@link JwksClient#refresh()} fetches (and, for an issuer, finds the JWKS URL first).
         *
         * <pre>{@code
         * JwksClient jwks = builder.build();
         * }</pre>
         *
         * @return a client, thread-safe
         * @throws IllegalArgumentException if {@code maxStale} or {@code maxBackoff} is shorter
         *         than {@code cooldown}, {@code defaultLifetime} lies outside the
         *         {@code lifetime} bounds, or the URL is plain http to a host that is not a
         *         literal loopback address and plain http was not allowed for it
         */
        public JwksClient build() {
            // Jitter is no secret: a fast generator, not libcrypto's.
            return build(null, () -> ThreadLocalRandom.current().nextDouble());
        }

        JwksClient build(Transport transport, DoubleSupplier random) {
            UrlPolicy.check(uri, what(), plainHttpHosts(), HOW_TO_ALLOW);
            if (maxStale.compareTo(cooldown) < 0) {
                throw new IllegalArgumentException("maxStale (" + maxStale + ") must be at least cooldown ("
                        + cooldown + "): past expiry the keys would be refused before another fetch may start.");
            }
            if (maxBackoff.compareTo(cooldown) < 0) {
                throw new IllegalArgumentException("maxBackoff (" + maxBackoff + ") must be at least cooldown ("
                        + cooldown + ").");
            }
            if (defaultLifetime.compareTo(minLifetime) < 0 || defaultLifetime.compareTo(maxLifetime) > 0) {
                throw new IllegalArgumentException("defaultLifetime (" + defaultLifetime + ") must lie within the"
                        + " lifetime bounds [" + minLifetime + ", " + maxLifetime + "].");
            }
            Transport t = transport != null ? transport
                    : new HttpTransport(connectTimeout, timeout, maxBytes, userAgent, sslContext);
            return new JwksClient(this, t, random);
        }
    }
}
