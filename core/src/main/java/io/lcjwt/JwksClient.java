package io.lcjwt;

import io.lcjwt.internal.crypto.KeyResolver;
import io.lcjwt.internal.crypto.StaticKeyResolver;
import io.lcjwt.internal.crypto.VerifyKey;
import io.lcjwt.internal.jwks.Fetcher;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;

/**
 * Keys from an identity provider's JWKS URL, cached and refreshed.
 *
 * <pre>{@code
 * JwksClient jwks = JwksClient.builder(URI.create("https://id.example/.well-known/jwks.json")).build();
 * JwtVerifier verifier = JwtVerifier.builder(jwks).algorithms(Algorithm.RS256).audience("my-api").build();
 * }</pre>
 *
 * <p>Behaviour, all configurable on the builder:
 * <ul>
 *   <li>https only (http only to a loopback address, for tests); redirects are not followed; a
 *       connect deadline and an overall deadline (default 2.5 s) that covers the body; a size cap
 *       (default 1 MiB); a {@code User-Agent}.</li>
 *   <li>The first decode fetches and waits. The document lives for its {@code Cache-Control:
 *       max-age} minus {@code Age}, clamped to [1 minute, 1 day], default 15 minutes.</li>
 *   <li>After expiry the old keys keep serving while one background refresh runs. Through an
 *       outage the last good keys serve for up to {@code maxStale} (default 1 day); after that
 *       decodes fail with {@link JwksUnavailableException}.</li>
 *   <li>A token with an unknown {@code kid} triggers one refetch, unless a fetch started within
 *       the cooldown (default 30 s): then {@link UnknownKeyException} at once, so a flood of
 *       made-up kids costs at most one fetch per cooldown.</li>
 *   <li>One fetch at a time however many threads ask; decodes take no lock while keys are
 *       present; no {@code synchronized} anywhere, so virtual threads are never pinned.</li>
 * </ul>
 * Fetched documents are parsed with {@link JwkSet#parseLenient}.
 *
 * <p>A client is thread-safe: build one per URL and share it between verifiers and threads.
 * {@link #close()} shuts its HTTP client down, so no fetch succeeds afterwards: verifiers built
 * on it go on serving the keys already fetched as through an outage (while fresh, then for up
 * to {@code maxStale}) and then fail with {@link JwksUnavailableException}. Close it when the
 * verifiers built on it are no longer used.
 */
public final class JwksClient implements AutoCloseable {

    /**
     * What a service may want to log or export about the fetches so far: an immutable snapshot.
     *
     * @param lastAttempt when the last fetch started, or null before the first
     * @param lastSuccess when a fetch last succeeded, or null if none has
     * @param keyCount how many keys are served now (0 before the first success)
     * @param fetches how many fetches were started
     * @param failures how many of them failed
     * @param lastError the last failure's message, or null
     */
    public record Metrics(Instant lastAttempt, Instant lastSuccess, int keyCount, long fetches, long failures,
            String lastError) {}

    private record Snapshot(JwkSet set, StaticKeyResolver resolver, long fetchedAt, long expiresAt, long generation) {}

    private final URI uri;
    private final HttpClient http;
    private final Fetcher fetcher;
    private final Clock clock;
    private final Duration timeout;
    private final long minLifetime;
    private final long maxLifetime;
    private final long defaultLifetime;
    private final long cooldown;
    private final long maxStale;

    private volatile Snapshot snap;
    private final AtomicReference<CompletableFuture<Snapshot>> inflight = new AtomicReference<>();
    private volatile long lastAttempt = Long.MIN_VALUE / 2;
    private volatile long lastSuccess = Long.MIN_VALUE / 2;
    private volatile String lastError;
    private final AtomicLong fetches = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final KeyResolver resolver = new Resolver();

    private JwksClient(Builder b) {
        this.uri = b.uri;
        HttpClient.Builder hb = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(b.connectTimeout);
        if (b.sslContext != null) {
            hb.sslContext(b.sslContext);
        }
        this.http = hb.build();
        this.timeout = b.timeout;
        this.fetcher = new Fetcher(http, uri, b.timeout, b.maxBytes, b.userAgent);
        this.clock = b.clock;
        this.minLifetime = b.minLifetime.toMillis();
        this.maxLifetime = b.maxLifetime.toMillis();
        this.defaultLifetime = b.defaultLifetime.toMillis();
        this.cooldown = b.cooldown.toMillis();
        this.maxStale = b.maxStale.toMillis();
    }

    /**
     * A builder for the JWKS document at a URL.
     *
     * @param uri the JWKS URL: https, or http to a literal loopback address (for tests)
     * @return a new builder
     * @throws NullPointerException if {@code uri} is null
     * @throws IllegalArgumentException if the URL is neither https nor http to loopback
     */
    public static Builder builder(URI uri) {
        return new Builder(uri);
    }

    /** {@return the JWKS URL} */
    public URI uri() {
        return uri;
    }

    /**
     * Fetches now, waiting for the result (at most the builder's {@code timeout}, plus a second).
     *
     * @return the keys just fetched, which are served from now on
     * @throws JwksUnavailableException if the fetch failed; the keys served before stay in place
     */
    public JwkSet refresh() {
        return await(startFetch()).set();
    }

    /**
     * The keys currently served, fetching first if none were ever fetched.
     *
     * @return the current key set
     * @throws JwksUnavailableException if a first fetch was needed and failed
     */
    public JwkSet current() {
        return snapshot().set();
    }

    /** {@return counters and times of the fetches so far, as one consistent-enough snapshot} */
    public Metrics metrics() {
        Snapshot s = snap;
        long a = lastAttempt;
        long ok = lastSuccess;
        return new Metrics(a < 0 ? null : Instant.ofEpochMilli(a), ok < 0 ? null : Instant.ofEpochMilli(ok),
                s == null ? 0 : s.set().keys().size(), fetches.get(), failures.get(), lastError);
    }

    KeyResolver resolver() {
        return resolver;
    }

    private Snapshot snapshot() {
        Snapshot s = snap;
        if (s == null) {
            return await(startFetch());
        }
        long now = clock.millis();
        long seen = lastAttempt;
        if (now >= s.expiresAt() && now - seen >= cooldown) {
            fetchUnlessDoneSince(seen); // in the background; the current keys keep serving
        }
        if (now - s.fetchedAt() > maxStale) {
            throw new JwksUnavailableException("The keys from " + uri + " are older than maxStale ("
                    + Duration.ofMillis(maxStale) + ") and refreshing them fails: " + lastError);
        }
        return s;
    }

    private CompletableFuture<Snapshot> startFetch() {
        while (true) {
            CompletableFuture<Snapshot> current = inflight.get();
            if (current != null) {
                if (!current.isDone()) {
                    return current;
                }
                inflight.compareAndSet(current, null); // finished: never hand out an old result
                continue;
            }
            CompletableFuture<Snapshot> mine = new CompletableFuture<>();
            if (inflight.compareAndSet(null, mine)) {
                lastAttempt = clock.millis();
                fetches.incrementAndGet();
                fetcher.fetch().handle((result, error) -> {
                    try {
                        if (error != null) {
                            throw error instanceof RuntimeException re ? re : new IllegalStateException(error);
                        }
                        JwkSet set = JwkSet.parseLenient(result.body());
                        long now = clock.millis();
                        long life = result.maxAgeSeconds().isPresent()
                                ? Math.min(maxLifetime, Math.max(minLifetime, result.maxAgeSeconds().getAsLong() * 1000))
                                : defaultLifetime;
                        List<VerifyKey> impls = new ArrayList<>();
                        for (JwtKey k : set.keys()) {
                            impls.add(Keys.impl(k));
                        }
                        Snapshot prev = snap;
                        Snapshot next = new Snapshot(set, new StaticKeyResolver(impls), now, now + life,
                                prev == null ? 1 : prev.generation() + 1);
                        snap = next;
                        lastSuccess = now;
                        lastError = null;
                        inflight.compareAndSet(mine, null);
                        mine.complete(next);
                    } catch (RuntimeException e) {
                        failures.incrementAndGet();
                        Throwable cause = e.getCause() != null && e instanceof java.util.concurrent.CompletionException
                                ? e.getCause() : e;
                        lastError = cause.getClass().getSimpleName() + ": " + cause.getMessage();
                        inflight.compareAndSet(mine, null);
                        mine.completeExceptionally(cause);
                    } finally {
                        inflight.compareAndSet(mine, null);
                    }
                    return null;
                });
                return mine;
            }
        }
    }

    /**
     * Starts a fetch unless one is running or one has started since {@code seen} (the attempt
     * time the caller based its decision on), so racing callers cause one fetch, not several.
     */
    private CompletableFuture<Snapshot> fetchUnlessDoneSince(long seen) {
        CompletableFuture<Snapshot> running = inflight.get();
        if (running != null && !running.isDone()) {
            return running;
        }
        if (lastAttempt != seen) {
            Snapshot s = snap;
            return s != null ? CompletableFuture.completedFuture(s) : startFetch();
        }
        return startFetch();
    }

    private Snapshot await(CompletableFuture<Snapshot> f) {
        try {
            return f.get(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new JwksUnavailableException("Could not fetch keys from " + uri + ": " + e.getCause().getMessage(),
                    e.getCause());
        } catch (TimeoutException e) {
            throw new JwksUnavailableException("Fetching keys from " + uri + " did not finish in " + timeout + ".", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JwksUnavailableException("Interrupted while fetching keys from " + uri + ".", e);
        }
    }

    /**
     * Stops the HTTP client and any fetch in flight. Idempotent; see the class description for
     * what it means for verifiers built on this client.
     */
    @Override
    public void close() {
        http.shutdownNow();
    }

    /** Key selection over the current document, with one refetch for an unknown kid. */
    private final class Resolver implements KeyResolver {
        @Override
        public VerifyKey resolve(JwtHeader header) {
            Snapshot s = snapshot();
            try {
                return s.resolver().resolve(header);
            } catch (UnknownKeyException unknown) {
                if (header.keyId() == null) {
                    throw unknown;
                }
                Snapshot fresh;
                try {
                    CompletableFuture<Snapshot> running = inflight.get();
                    if (running != null && !running.isDone()) {
                        fresh = await(running);           // join the fetch under way, whoever started it
                    } else if (snap != s) {
                        fresh = snap;                     // keys arrived since this decode looked
                    } else {
                        long seen = lastAttempt;
                        if (clock.millis() - seen < cooldown) {
                            throw unknown;                // an unknown-kid flood fetches once per cooldown
                        }
                        fresh = await(fetchUnlessDoneSince(seen));
                    }
                } catch (JwksUnavailableException e) {
                    throw unknown;
                }
                return fresh.resolver().resolve(header);
            }
        }

        @Override
        public long generation() {
            Snapshot s = snap;
            return s == null ? 0 : s.generation();
        }

        @Override
        public void checkFresh() {
            snapshot();
        }
    }

    /** Configures a {@link JwksClient}. Not thread-safe; the client it builds is. */
    public static final class Builder {
        private final URI uri;
        private Duration connectTimeout = Duration.ofMillis(2500);
        private Duration timeout = Duration.ofMillis(2500);
        private int maxBytes = 1 << 20;
        private Duration minLifetime = Duration.ofMinutes(1);
        private Duration maxLifetime = Duration.ofDays(1);
        private Duration defaultLifetime = Duration.ofMinutes(15);
        private Duration cooldown = Duration.ofSeconds(30);
        private Duration maxStale = Duration.ofDays(1);
        private String userAgent = "lcjwt-jwks-client";
        private SSLContext sslContext;
        private Clock clock = Clock.systemUTC();

        private Builder(URI uri) {
            this.uri = Objects.requireNonNull(uri, "uri");
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
            if (scheme.equals("http")) {
                if (!isLoopback(uri.getHost())) {
                    throw new IllegalArgumentException("A JWKS URL must use https (plain http is allowed only to a"
                            + " loopback address, for tests): " + uri);
                }
            } else if (!scheme.equals("https")) {
                throw new IllegalArgumentException("A JWKS URL must use https: " + uri);
            }
        }

        private static boolean isLoopback(String host) {
            if (host == null) {
                return false;
            }
            if (host.equalsIgnoreCase("localhost")) {
                return true;
            }
            String h = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
            if (!h.matches("[0-9.]+") && !h.contains(":")) {
                return false; // only literal addresses: a name could resolve anywhere later
            }
            try {
                return InetAddress.getByName(h).isLoopbackAddress();
            } catch (UnknownHostException e) {
                return false;
            }
        }

        /**
         * Deadline to connect (default 2.5 s).
         *
         * @param d a positive duration
         * @return this builder
         * @throws IllegalArgumentException if {@code d} is null, zero or negative
         */
        public Builder connectTimeout(Duration d) {
            this.connectTimeout = positive(d);
            return this;
        }

        /**
         * Deadline for the whole fetch, body included (default 2.5 s).
         *
         * @param d a positive duration
         * @return this builder
         * @throws IllegalArgumentException if {@code d} is null, zero or negative
         */
        public Builder timeout(Duration d) {
            this.timeout = positive(d);
            return this;
        }

        /**
         * Largest document accepted (default 1 MiB); a larger one is a failed fetch.
         *
         * @param bytes the cap, at least 1024
         * @return this builder
         * @throws IllegalArgumentException if {@code bytes} is below 1024
         */
        public Builder maxResponseBytes(int bytes) {
            if (bytes < 1024) {
                throw new IllegalArgumentException("maxResponseBytes must be at least 1024");
            }
            this.maxBytes = bytes;
            return this;
        }

        /**
         * Bounds for a document's lifetime from {@code Cache-Control: max-age} (default 1 minute to
         * 1 day).
         *
         * @param min the shortest lifetime, positive
         * @param max the longest lifetime, at least {@code min}
         * @return this builder
         * @throws IllegalArgumentException if either is null, zero or negative, or {@code min > max}
         */
        public Builder lifetime(Duration min, Duration max) {
            if (positive(min).compareTo(positive(max)) > 0) {
                throw new IllegalArgumentException("min lifetime is above max lifetime");
            }
            this.minLifetime = min;
            this.maxLifetime = max;
            return this;
        }

        /**
         * Lifetime when the response has no max-age (default 15 minutes).
         *
         * @param d a positive duration
         * @return this builder
         * @throws IllegalArgumentException if {@code d} is null, zero or negative
         */
        public Builder defaultLifetime(Duration d) {
            this.defaultLifetime = positive(d);
            return this;
        }

        /**
         * Least time between fetches triggered by unknown kids or expiry (default 30 s).
         *
         * @param d a duration; zero lets every unknown kid refetch
         * @return this builder
         * @throws NullPointerException if {@code d} is null
         */
        public Builder cooldown(Duration d) {
            this.cooldown = Objects.requireNonNull(d);
            return this;
        }

        /**
         * How long the last good keys serve while refreshing fails (default 1 day).
         *
         * @param d a positive duration
         * @return this builder
         * @throws IllegalArgumentException if {@code d} is null, zero or negative
         */
        public Builder maxStale(Duration d) {
            this.maxStale = positive(d);
            return this;
        }

        /**
         * The {@code User-Agent} header (default {@code lcjwt-jwks-client}).
         *
         * @param ua the header's value
         * @return this builder
         * @throws NullPointerException if {@code ua} is null
         */
        public Builder userAgent(String ua) {
            this.userAgent = Objects.requireNonNull(ua);
            return this;
        }

        /**
         * TLS settings, e.g. a private CA's trust store (default: the JVM's).
         *
         * @param ctx the context for the HTTPS connections
         * @return this builder
         * @throws NullPointerException if {@code ctx} is null
         */
        public Builder sslContext(SSLContext ctx) {
            this.sslContext = Objects.requireNonNull(ctx);
            return this;
        }

        /**
         * The time source for lifetimes, cooldown and staleness (default the system UTC clock).
         *
         * @param clock the clock
         * @return this builder
         * @throws NullPointerException if {@code clock} is null
         */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock);
            return this;
        }

        private static Duration positive(Duration d) {
            if (d == null || d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("durations must be positive");
            }
            return d;
        }

        /**
         * Builds the client. Nothing is fetched yet: the first decode, {@link JwksClient#current()} or
         * {@link JwksClient#refresh()} fetches.
         *
         * @return a client, thread-safe
         */
        public JwksClient build() {
            return new JwksClient(this);
        }
    }
}
