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
 *   <li>https only (plain http only to a loopback address, for tests, or where
 *       {@link Builder#allowPlainHttp()} says so); redirects are not followed; a
 *       connect deadline and an overall deadline (default 2.5 s) that covers the body; a size cap
 *       (default 1 MiB); a {@code User-Agent}.</li>
 *   <li>The first decode fetches and waits. The document lives for its {@code Cache-Control:
 *       max-age} minus {@code Age}, clamped to [1 minute, 1 day], default 15 minutes.</li>
 *   <li>At 90% of that lifetime one background refresh starts; the current keys keep serving
 *       while it runs, and a failed refresh is retried once per cooldown.</li>
 *   <li>Through an outage the last good keys serve for up to {@code maxStale} (default 1 day)
 *       <em>past their expiry</em>. Beyond that a decode waits (at most the fetch deadline) for
 *       a fetch, joining the one in flight, rather than being refused: a service whose issuer is
 *       healthy never refuses a token for staleness, however long it sat idle. Only when that
 *       fetch fails, or one failed within the cooldown, does the decode fail with
 *       {@link JwksUnavailableException}, whose message names the failure.</li>
 *   <li>A token with an unknown {@code kid} triggers one refetch, unless a fetch started within
 *       the cooldown (default 30 s): then {@link UnknownKeyException} at once, so a flood of
 *       made-up kids costs at most one fetch per cooldown.</li>
 *   <li>One fetch at a time however many threads ask; decodes take no lock while keys are
 *       present; no {@code synchronized} anywhere, so virtual threads are never pinned.</li>
 * </ul>
 * Fetched documents are parsed with {@link JwkSet#parseLenient}; a key whose JWK's {@code use},
 * {@code key_ops} or {@code alg} forbid verifying (an encryption key, even one sharing a signing
 * key's {@code kid}) is kept in {@link #current()} but never verifies.
 *
 * <p>A client is thread-safe: build one per URL and share it between verifiers and threads.
 * {@link #close()} shuts its HTTP client down, so no fetch succeeds afterwards: verifiers built
 * on it go on serving the keys already fetched as through an outage (while fresh, then for up
 * to {@code maxStale} past their expiry) and then fail with {@link JwksUnavailableException}.
 * Close it when the verifiers built on it are no longer used.
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
     * @param lastError why the last fetch failed, in words; null after a success
     */
    public record Metrics(Instant lastAttempt, Instant lastSuccess, int keyCount, long fetches, long failures,
            String lastError) {}

    /** One fetched document; {@code refreshAt} is 90% into its lifetime, {@code expiresAt} its end. */
    private record Snapshot(JwkSet set, StaticKeyResolver resolver, long refreshAt, long expiresAt, long generation) {}

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
    private final KeyResolver resolver = new Resolver(true);
    private final KeyResolver nonBlockingResolver = new Resolver(false);

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
        this.minLifetime = millis(b.minLifetime);
        this.maxLifetime = millis(b.maxLifetime);
        this.defaultLifetime = millis(b.defaultLifetime);
        this.cooldown = millis(b.cooldown);
        this.maxStale = millis(b.maxStale);
    }

    /**
     * A builder for the JWKS document at a URL.
     *
     * @param uri the JWKS URL: https; or http, which {@link Builder#build()} accepts only to a
     *        literal loopback address (for tests) unless {@link Builder#allowPlainHttp()} is called
     * @return a new builder
     * @throws NullPointerException if {@code uri} is null
     * @throws IllegalArgumentException for a scheme other than https and http, or no host
     */
    public static Builder builder(URI uri) {
        return new Builder(uri);
    }

    /** {@return the JWKS URL} */
    public URI uri() {
        return uri;
    }

    /**
     * Fetches now, waiting for the result (at most the builder's {@code timeout}, plus a second),
     * or joining the fetch already running.
     *
     * @return the keys just fetched, which are served from now on
     * @throws JwksUnavailableException if the fetch failed, the message naming the failure; the
     *         keys served before stay in place
     */
    public JwkSet refresh() {
        return await(startFetch()).set();
    }

    /**
     * The keys currently served, fetching first if none were ever fetched or they expired more
     * than {@code maxStale} ago.
     *
     * @return the current key set
     * @throws JwksUnavailableException if no usable keys could be had; the message names why
     */
    public JwkSet current() {
        return snapshot(true).set();
    }

    /** {@return counters and times of the fetches so far, as one consistent-enough snapshot} */
    public Metrics metrics() {
        Snapshot s = snap;
        long a = lastAttempt;
        long ok = lastSuccess;
        return new Metrics(a < 0 ? null : Instant.ofEpochMilli(a), ok < 0 ? null : Instant.ofEpochMilli(ok),
                s == null ? 0 : s.set().keys().size(), fetches.get(), failures.get(), lastError);
    }

    KeyResolver resolver(boolean wait) {
        return wait ? resolver : nonBlockingResolver;
    }

    /** Saturates instead of overflowing, so that a huge duration means "practically never". */
    private static long millis(Duration d) {
        return d.compareTo(Duration.ofDays(365L * 1000)) > 0 ? 365L * 1000 * 86_400_000 : d.toMillis();
    }

    private Snapshot snapshot(boolean wait) {
        Snapshot s = snap;
        if (s == null) {
            if (!wait) {
                throw notReady("no keys have been fetched from " + uri + " yet");
            }
            return await(startFetch());
        }
        long now = clock.millis();
        if (now >= s.refreshAt()) {
            long seen = lastAttempt;
            if (now - seen >= cooldown) {
                fetchUnlessDoneSince(seen, s); // in the background; the current keys keep serving
            }
        }
        // Staleness counts from expiry: keys that have not yet expired are never stale, whatever
        // maxStale is, and a fresh fetch is always preferred to refusing.
        if (now - s.expiresAt() < maxStale) {
            return s;
        }
        return pastMaxStale(s, now, wait);
    }

    private static KeysNotReadyException notReady(String why) {
        return new KeysNotReadyException("A decode would wait for a JWKS fetch: " + why + ".");
    }

    /**
     * The keys expired more than maxStale ago (an outage, or a service that sat idle): wait for
     * a fetch, joining the one in flight, rather than refuse. Only when a fetch failed within
     * the cooldown is the decode refused at once, so an outage costs the issuer one fetch per
     * cooldown and the service no pile of waiting threads.
     */
    private Snapshot pastMaxStale(Snapshot stale, long now, boolean wait) {
        CompletableFuture<Snapshot> running = inflight.get();
        if (running == null || running.isDone()) {
            Snapshot s = snap;
            if (s != stale && now - s.expiresAt() < maxStale) {
                return s; // a fetch finished since this decode looked
            }
            long seen = lastAttempt;
            if (now - seen < cooldown) {
                throw staleKeys(stale, lastError != null ? lastError : "the last attempt did not succeed", null);
            }
            if (!wait) {
                throw notReady("the keys from " + uri + " are past maxStale and must be fetched again");
            }
            running = fetchUnlessDoneSince(seen, null);
        } else if (!wait) {
            throw notReady("the keys from " + uri + " are past maxStale and a fetch is under way");
        }
        Snapshot got;
        try {
            got = join(running);
        } catch (FetchFailed e) {
            throw staleKeys(stale, e.getMessage(), e.getCause());
        }
        if (clock.millis() - got.expiresAt() >= maxStale) {
            throw staleKeys(got, lastError != null ? lastError : "the last attempt did not succeed", null);
        }
        return got;
    }

    private JwksUnavailableException staleKeys(Snapshot s, String reason, Throwable cause) {
        return new JwksUnavailableException("The keys from " + uri + " expired at "
                + Instant.ofEpochMilli(s.expiresAt()) + ", more than maxStale (" + Duration.ofMillis(maxStale)
                + ") ago, and refreshing them failed: " + sentence(reason), cause);
    }

    /** Ends a reason with exactly one full stop. */
    private static String sentence(String reason) {
        return reason.endsWith(".") ? reason : reason + ".";
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
                // The lifetime counts from the request, not the response: the document is at
                // least this fresh, and a slow response must not stretch its life.
                long started = clock.millis();
                lastAttempt = started;
                fetches.incrementAndGet();
                fetcher.fetch().handle((result, error) -> {
                    try {
                        if (error != null) {
                            throw error instanceof RuntimeException re ? re : new IllegalStateException(error);
                        }
                        JwkSet set = JwkSet.parseLenient(result.body());
                        long life = result.maxAgeSeconds().isPresent()
                                ? Math.min(maxLifetime, Math.max(minLifetime, result.maxAgeSeconds().getAsLong() * 1000))
                                : defaultLifetime;
                        List<VerifyKey> impls = new ArrayList<>();
                        for (JwtKey k : set.keys()) {
                            impls.add(Keys.impl(k));
                        }
                        Snapshot prev = snap;
                        Snapshot next = new Snapshot(set, new StaticKeyResolver(impls), started + life - life / 10,
                                started + life, prev == null ? 1 : prev.generation() + 1);
                        snap = next;
                        lastSuccess = clock.millis();
                        lastError = null;
                        inflight.compareAndSet(mine, null);
                        mine.complete(next);
                    } catch (RuntimeException e) {
                        failures.incrementAndGet();
                        Throwable cause = Fetcher.unwrap(e);
                        lastError = Fetcher.describe(cause);
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
     * With {@code judged} (the keys the caller found due for a refresh), it also starts none
     * when other keys have replaced them: a refresh that finished while the caller looked at the
     * old keys already did the work, though it started before {@code seen} was read.
     */
    private CompletableFuture<Snapshot> fetchUnlessDoneSince(long seen, Snapshot judged) {
        CompletableFuture<Snapshot> running = inflight.get();
        if (running != null && !running.isDone()) {
            return running;
        }
        // Read after inflight: a fetch publishes its keys before it leaves inflight.
        Snapshot current = snap;
        if (lastAttempt != seen || judged != null && current != judged) {
            return current != null ? CompletableFuture.completedFuture(current) : startFetch();
        }
        return startFetch();
    }

    private Snapshot await(CompletableFuture<Snapshot> f) {
        try {
            return join(f);
        } catch (FetchFailed e) {
            throw new JwksUnavailableException("Could not fetch keys from " + uri + ": " + sentence(e.getMessage()),
                    e.getCause());
        }
    }

    /** Waits for {@code f}, at most the fetch deadline and a second; the failure says why in words. */
    private Snapshot join(CompletableFuture<Snapshot> f) throws FetchFailed {
        try {
            return f.get(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = Fetcher.unwrap(e);
            throw new FetchFailed(Fetcher.describe(cause), cause);
        } catch (TimeoutException e) {
            throw new FetchFailed("the fetch did not finish within " + Fetcher.seconds(timeout.plusSeconds(1)), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FetchFailed("interrupted while waiting for the fetch", e);
        }
    }

    /** A failed fetch, its message the reason in words (never null). */
    private static final class FetchFailed extends Exception {
        private static final long serialVersionUID = 1L;

        FetchFailed(String reason, Throwable cause) {
            super(reason, cause, false, false);
        }
    }

    /**
     * Stops the HTTP client; fetches in flight fail. Idempotent; see the class description for
     * what it means for verifiers built on this client.
     */
    @Override
    public void close() {
        http.shutdownNow();
    }

    /**
     * Key selection over the current document, with one refetch for an unknown kid. One that
     * does not wait throws {@link KeysNotReadyException} wherever the other would wait.
     */
    private final class Resolver implements KeyResolver {
        private final boolean wait;

        Resolver(boolean wait) {
            this.wait = wait;
        }

        @Override
        public VerifyKey resolve(JwtHeader header) {
            Snapshot s = snapshot(wait);
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
                        if (!wait) {
                            throw notReady("the token's kid is unknown and a fetch is under way");
                        }
                        fresh = await(running);           // join the fetch under way, whoever started it
                    } else if (snap != s) {
                        fresh = snap;                     // keys arrived since this decode looked
                    } else {
                        long seen = lastAttempt;
                        if (clock.millis() - seen < cooldown) {
                            throw unknown;                // an unknown-kid flood fetches once per cooldown
                        }
                        if (!wait) {
                            throw notReady("the token's kid is unknown and the keys may be refetched");
                        }
                        fresh = await(fetchUnlessDoneSince(seen, null));
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
            snapshot(wait);
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
        private final boolean plainHttp;
        private boolean plainHttpAllowed;

        private Builder(URI uri) {
            this.uri = Objects.requireNonNull(uri, "uri");
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                throw new IllegalArgumentException("A JWKS URL must use https: " + uri);
            }
            if (uri.getHost() == null) {
                throw new IllegalArgumentException("A JWKS URL must name a host: " + uri);
            }
            plainHttp = scheme.equals("http");
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
         * Deadline for the whole fetch, body included (default 2.5 s). A decode that has to wait
         * for keys waits at most this long (and a second).
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
         * Largest document accepted (default 1 MiB); a larger one is a failed fetch.
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
         * 1 day); a refresh starts at 90% of the lifetime.
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
         * Least time between fetch attempts triggered by unknown kids, by expiry or by keys past
         * {@code maxStale} (default 30 s). It is what bounds the load a flood of made-up kids or
         * an outage puts on the issuer, so it must be positive.
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
         * How long past their expiry the last good keys serve while refreshing fails (default 1
         * day). It counts from expiry, so it needs no relation to the lifetime: keys are never
         * stale before they expire. {@link #build()} requires it to be at least the
         * {@link #cooldown}: a shorter grace would refuse tokens before a second fetch may even
         * be tried.
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
         * @param sslContext the context the HTTP client uses
         * @return this builder
         * @throws NullPointerException if {@code sslContext} is null
         */
        public Builder sslContext(SSLContext sslContext) {
            this.sslContext = Objects.requireNonNull(sslContext, "sslContext");
            return this;
        }

        /**
         * Allows a plain-http URL whose host is not a loopback address, such as
         * {@code http://keycloak:8080/realms/demo/protocol/openid-connect/certs} inside a compose
         * or cluster network. Keys fetched in clear can be replaced by anyone on the path, and
         * with them every token: allow it only on a network you trust. Without this call
         * {@link #build()} refuses such a URL.
         *
         * @return this builder
         */
        public Builder allowPlainHttp() {
            this.plainHttpAllowed = true;
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
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        private static Duration positive(Duration d, String name) {
            Objects.requireNonNull(d, name);
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(name + " must be positive, not " + d);
            }
            return d;
        }

        /**
         * Builds the client. Nothing is fetched yet: the first decode, {@link JwksClient#current()} or
         * {@link JwksClient#refresh()} fetches.
         *
         * @return a client, thread-safe
         * @throws IllegalArgumentException if {@code maxStale} is shorter than {@code cooldown},
         *         {@code defaultLifetime} lies outside the {@code lifetime} bounds, or the URL is
         *         plain http to a host that is not a literal loopback address and
         *         {@link #allowPlainHttp()} was not called
         */
        public JwksClient build() {
            if (plainHttp && !plainHttpAllowed && !isLoopback(uri.getHost())) {
                throw new IllegalArgumentException("A JWKS URL must use https (plain http is allowed to a loopback"
                        + " address, or to another host after allowPlainHttp()): " + uri);
            }
            if (maxStale.compareTo(cooldown) < 0) {
                throw new IllegalArgumentException("maxStale (" + maxStale + ") must be at least cooldown ("
                        + cooldown + "): past expiry the keys would be refused before another fetch may start.");
            }
            if (defaultLifetime.compareTo(minLifetime) < 0 || defaultLifetime.compareTo(maxLifetime) > 0) {
                throw new IllegalArgumentException("defaultLifetime (" + defaultLifetime + ") must lie within the"
                        + " lifetime bounds [" + minLifetime + ", " + maxLifetime + "].");
            }
            return new JwksClient(this);
        }
    }
}
