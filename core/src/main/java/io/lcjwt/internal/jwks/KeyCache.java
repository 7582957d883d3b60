package io.lcjwt.internal.jwks;

import io.lcjwt.JwkSet;
import io.lcjwt.JwksUnavailableException;
import io.lcjwt.JwtHeader;
import io.lcjwt.KeysNotReadyException;
import io.lcjwt.UnknownKeyException;
import io.lcjwt.internal.crypto.KeyResolver;
import io.lcjwt.internal.crypto.StaticKeyResolver;
import io.lcjwt.internal.crypto.VerifyKey;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import java.util.function.Function;

/**
 * The JWKS client's cache and refresh state machine, on an injected clock, transport (through
 * its {@link Origin}) and random source for jitter, so that it runs unchanged in unit tests and
 * in the fleet simulation.
 *
 * <p>The rules, all timed on the clock:
 * <ul>
 *   <li>One fetch at a time (single flight): callers join the one in flight.</li>
 *   <li>After a fetch starts, no other starts for the cooldown. After {@code n} consecutive
 *       failures the next may start only after a random delay between the cooldown and
 *       {@code min(maxBackoff, cooldown * 2^n)} (full jitter above the cooldown). A 429 or 503
 *       with {@code Retry-After} (capped by {@code maxRetryAfter}) adds a pushback that no
 *       request crosses, not even a forced {@link #refresh()}.</li>
 *   <li>A document lives for its max-age (clamped) from the moment its request started. A
 *       background refresh starts at a random point in the last 10-20 % of that lifetime; after
 *       keys that were not a refresh-ahead's (the first fetch, one for an unknown kid, one past
 *       {@code maxStale}, one after failures) the point is drawn from 10-50 % before the end, so
 *       that instances that started or recovered together fall out of step at once.</li>
 *   <li>Keys serve while fresh and for {@code maxStale} past their expiry; past that a decode
 *       waits for a fetch (joining the one in flight) unless the gate is closed, in which case it
 *       is refused at once. With no keys at all, the same.</li>
 *   <li>An unknown {@code kid} triggers one fetch while the gate is open; while it is closed
 *       (cooldown, backoff, pushback) the token is refused at once.</li>
 *   <li>Decodes take no lock; nothing here is {@code synchronized}.</li>
 * </ul>
 */
public final class KeyCache {

    /**
     * The cache's knobs, in milliseconds.
     *
     * @param cooldown least time between the starts of two fetches (but forced refreshes)
     * @param maxStale how long past their expiry keys serve while refreshing fails
     * @param minLifetime shortest lifetime, whatever max-age says
     * @param maxLifetime longest lifetime
     * @param defaultLifetime lifetime without max-age
     * @param maxBackoff the cap on the delay after consecutive failures
     * @param maxRetryAfter the cap on a {@code Retry-After}
     * @param timeout the transport's deadline per request, which bounds how long a decode waits
     */
    public record Settings(long cooldown, long maxStale, long minLifetime, long maxLifetime, long defaultLifetime,
            long maxBackoff, long maxRetryAfter, long timeout) {

        /** The defaults the public builder starts from, in one place. */
        public static final Settings DEFAULTS = new Settings(30_000, 86_400_000, 60_000, 86_400_000, 900_000,
                300_000, 600_000, 2_500);
    }

    /** A parsed document: the set, and the verifying half of each of its keys, in the same order. */
    public record Parsed(JwkSet set, List<VerifyKey> keys) {
        public Parsed {
            keys = List.copyOf(keys);
        }
    }

    /** One fetched document: refresh from {@code refreshAt}, expired from {@code expiresAt}. */
    private record Snapshot(JwkSet set, StaticKeyResolver resolver, long refreshAt, long expiresAt, long generation) {}

    /**
     * What the attempts so far leave behind, replaced whole (the one fetch in flight writes it),
     * so that readers never see half an update.
     *
     * @param lastAttempt when the last fetch started
     * @param lastSuccess when a fetch last succeeded
     * @param notBefore the earliest start of the next fetch (cooldown, backoff, pushback)
     * @param pushedBackUntil the end of the last {@code Retry-After}: no request before it
     * @param failures consecutive failures
     * @param lastError why the last attempt failed; null after a success
     */
    private record Gate(long lastAttempt, long lastSuccess, long notBefore, long pushedBackUntil, int failures,
            String lastError) {}

    private static final long NEVER = Long.MIN_VALUE / 4;
    private static final Gate INITIAL = new Gate(NEVER, NEVER, NEVER, NEVER, 0, null);

    /** Why a fetch starts; a refresh-ahead gets the narrow jitter, every other the wide one. */
    private enum Trigger { AHEAD, ON_DEMAND }

    private final Settings settings;
    private final Origin origin;
    private final Clock clock;
    private final DoubleSupplier random;
    private final Function<String, Parsed> parser;
    private final Consumer<Stats> listener;

    private volatile Snapshot snap;
    private volatile Gate gate = INITIAL;
    private final AtomicReference<CompletableFuture<Snapshot>> inflight = new AtomicReference<>();
    private final AtomicLong fetches = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final KeyResolver waiting = new Resolver(true);
    private final KeyResolver nonBlocking = new Resolver(false);

    /**
     * @param random uniform in [0, 1): the jitter source; a constant 0 gives none (refresh at 90 %
     *        of the lifetime, retries one cooldown apart), as the fleet simulation compares
     * @param parser reads a fetched document ({@code JwkSet.parseLenient} in production)
     * @param listener told the metrics after every attempt; its failures are ignored
     */
    public KeyCache(Settings settings, Origin origin, Clock clock, DoubleSupplier random,
            Function<String, Parsed> parser, Consumer<Stats> listener) {
        this.settings = settings;
        this.origin = origin;
        this.clock = clock;
        this.random = random;
        this.parser = parser;
        this.listener = listener;
    }

    /** The resolver a waiting verifier uses, or the one that signals {@link KeysNotReadyException} instead. */
    public KeyResolver resolver(boolean wait) {
        return wait ? waiting : nonBlocking;
    }

    /** The public client's {@code current()}. */
    public JwkSet current() {
        return snapshot(true).set();
    }

    /** The public client's {@code refresh()}: fetch now (cooldown and backoff aside, pushback not), or join the fetch in flight. */
    public JwkSet refresh() {
        CompletableFuture<Snapshot> running = inflight.get();
        if (running == null || running.isDone()) {
            long now = clock.millis();
            Gate g = gate;
            if (now < g.pushedBackUntil()) {
                throw new JwksUnavailableException("Not fetching keys from " + origin.describe() + ": it asked"
                        + " (Retry-After) not to be asked again before " + Instant.ofEpochMilli(g.pushedBackUntil())
                        + ".", null, Duration.ofMillis(g.pushedBackUntil() - now));
            }
        }
        return await(startFetch(Trigger.ON_DEMAND)).set();
    }

    /**
     * The counters and times behind the public client's {@code Metrics}, which it copies field
     * by field (so that this package needs nothing from the public one).
     */
    public record Stats(Instant lastAttempt, Instant lastSuccess, int keyCount, int keysSkipped, long fetches,
            long failures, String lastError, Duration nextFetchIn) {}

    /** The public client's {@code metrics()}. */
    public Stats metrics() {
        return metrics(gate, snap, clock.millis());
    }

    private Stats metrics(Gate g, Snapshot s, long now) {
        return new Stats(g.lastAttempt() == NEVER ? null : Instant.ofEpochMilli(g.lastAttempt()),
                g.lastSuccess() == NEVER ? null : Instant.ofEpochMilli(g.lastSuccess()),
                s == null ? 0 : s.set().keys().size(), s == null ? 0 : s.set().skipped(),
                fetches.get(), failures.get(), g.lastError(),
                Duration.ofMillis(Math.max(0, g.notBefore() - now)));
    }

    // ---- the decode path --------------------------------------------------------------------

    private Snapshot snapshot(boolean wait) {
        Snapshot s = snap;
        if (s == null) {
            return firstKeys(wait);
        }
        long now = clock.millis();
        if (now >= s.refreshAt()) {
            Gate g = gate;
            if (now >= g.notBefore()) {
                fetchUnlessDoneSince(g.lastAttempt(), s, Trigger.AHEAD); // the current keys keep serving
            }
        }
        // Staleness counts from expiry: keys that have not yet expired are never stale, whatever
        // maxStale is, and a fresh fetch is always preferred to refusing.
        if (now - s.expiresAt() < settings.maxStale()) {
            return s;
        }
        return pastMaxStale(s, now, wait);
    }

    /** No keys yet: wait for a fetch, unless the last attempt failed too recently to try again. */
    private Snapshot firstKeys(boolean wait) {
        CompletableFuture<Snapshot> running = inflight.get();
        if (running == null || running.isDone()) {
            Snapshot s = snap;
            if (s != null) {
                return s; // a fetch finished since this decode looked
            }
            long now = clock.millis();
            Gate g = gate;
            if (now < g.notBefore()) {
                throw new JwksUnavailableException("No keys could be fetched from " + origin.describe() + " yet: "
                        + Reasons.sentence(g.lastError() != null ? g.lastError() : "the first attempt has not ended")
                        + nextAttempt(g, now), null, Duration.ofMillis(g.notBefore() - now));
            }
            if (!wait) {
                throw notReady("no keys have been fetched from " + origin.describe() + " yet");
            }
            running = fetchUnlessDoneSince(g.lastAttempt(), null, Trigger.ON_DEMAND);
        } else if (!wait) {
            throw notReady("no keys have been fetched from " + origin.describe() + " yet");
        }
        return await(running);
    }

    private static String nextAttempt(Gate g, long now) {
        return " The next attempt is allowed in " + Reasons.seconds(Duration.ofMillis(g.notBefore() - now))
                + (g.pushedBackUntil() == g.notBefore() ? " (the server asked for it with Retry-After)." : ".");
    }

    private static KeysNotReadyException notReady(String why) {
        return new KeysNotReadyException("A decode would wait for a JWKS fetch: " + why + ".");
    }

    /**
     * The keys expired more than maxStale ago (an outage, or a service that sat idle): wait for
     * a fetch, joining the one in flight, rather than refuse. Only while the gate is closed is
     * the decode refused at once, so an outage costs the issuer one fetch per backoff step and
     * the service no pile of waiting threads.
     */
    private Snapshot pastMaxStale(Snapshot stale, long now, boolean wait) {
        CompletableFuture<Snapshot> running = inflight.get();
        if (running == null || running.isDone()) {
            Snapshot s = snap;
            if (s != stale && now - s.expiresAt() < settings.maxStale()) {
                return s; // a fetch finished since this decode looked
            }
            Gate g = gate;
            if (now < g.notBefore()) {
                throw staleKeys(stale, (g.lastError() != null ? Reasons.sentence(g.lastError())
                        : "the last attempt did not succeed.") + nextAttempt(g, now), null, g.notBefore() - now);
            }
            if (!wait) {
                throw notReady("the keys from " + origin.describe() + " are past maxStale and must be fetched again");
            }
            running = fetchUnlessDoneSince(g.lastAttempt(), null, Trigger.ON_DEMAND);
        } else if (!wait) {
            throw notReady("the keys from " + origin.describe() + " are past maxStale and a fetch is under way");
        }
        Snapshot got;
        try {
            got = join(running);
        } catch (FetchFailed e) {
            throw staleKeys(stale, Reasons.sentence(e.getMessage()), e.getCause(), gate.notBefore() - clock.millis());
        }
        if (clock.millis() - got.expiresAt() >= settings.maxStale()) {
            Gate g = gate;
            throw staleKeys(got, Reasons.sentence(g.lastError() != null ? g.lastError()
                    : "the last attempt did not succeed"), null, g.notBefore() - clock.millis());
        }
        return got;
    }

    private JwksUnavailableException staleKeys(Snapshot s, String reason, Throwable cause, long retryInMillis) {
        return new JwksUnavailableException("The keys from " + origin.describe() + " expired at "
                + Instant.ofEpochMilli(s.expiresAt()) + ", more than maxStale (" + Duration.ofMillis(settings.maxStale())
                + ") ago, and refreshing them failed: " + reason, cause, Duration.ofMillis(Math.max(0, retryInMillis)));
    }

    // ---- fetching ---------------------------------------------------------------------------

    private CompletableFuture<Snapshot> startFetch(Trigger trigger) {
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
                Gate before = gate;
                gate = new Gate(started, before.lastSuccess(), Math.max(before.notBefore(), started + settings.cooldown()),
                        before.pushedBackUntil(), before.failures(), before.lastError());
                fetches.incrementAndGet();
                CompletableFuture<Transport.Response> answer;
                try {
                    answer = origin.fetch();
                } catch (RuntimeException e) {
                    answer = CompletableFuture.failedFuture(e);
                }
                answer.handle((response, error) -> {
                    finish(mine, started, before, trigger, response, error);
                    return null;
                });
                return mine;
            }
        }
    }

    /** Publishes the outcome of one attempt: keys or a failure, then the new gate, then the future. */
    private void finish(CompletableFuture<Snapshot> mine, long started, Gate before, Trigger trigger,
            Transport.Response response, Throwable error) {
        long now = clock.millis();
        Snapshot next = null;
        Throwable cause = null;
        long pushedBackUntil = before.pushedBackUntil();
        try {
            if (error != null) {
                throw error instanceof RuntimeException re ? re : new IllegalStateException(Reasons.describe(error), error);
            }
            if (response.status() != 200) {
                if (response.status() == 429 || response.status() == 503) {
                    OptionalLong wait = Headers.retryAfterMillis(response, now);
                    if (wait.isPresent()) {
                        pushedBackUntil = now + Math.min(wait.getAsLong(), settings.maxRetryAfter());
                    }
                }
                throw new IllegalStateException(response.uri() + " answered HTTP " + response.status()
                        + (response.status() / 100 == 3 ? " (redirects are not followed)" : "")
                        + (pushedBackUntil > now ? " with Retry-After (no request before "
                                + Instant.ofEpochMilli(pushedBackUntil) + ")" : ""));
            }
            Parsed parsed = parser.apply(response.body());
            OptionalLong maxAge = Headers.maxAgeSeconds(response);
            long life = maxAge.isPresent()
                    ? Math.min(settings.maxLifetime(), Math.max(settings.minLifetime(), saturatedMillis(maxAge.getAsLong())))
                    : settings.defaultLifetime();
            // A refresh-ahead's keys refresh again in the last 10-20 % of their life; any other's
            // in the last 10-50 %, so that instances that fetched together fall out of step.
            boolean narrow = trigger == Trigger.AHEAD && before.failures() == 0;
            double ahead = 0.1 + (narrow ? 0.1 : 0.4) * random.getAsDouble();
            Snapshot prev = snap;
            next = new Snapshot(parsed.set(), new StaticKeyResolver(parsed.keys()), started + life - (long) (life * ahead),
                    started + life, prev == null ? 1 : prev.generation() + 1);
        } catch (Throwable t) {
            cause = Reasons.unwrap(t);
        }
        Gate g;
        if (next != null) {
            snap = next;
            g = new Gate(started, now, started + settings.cooldown(), pushedBackUntil, 0, null);
        } else {
            int n = before.failures() + 1;
            long notBefore = Math.max(started + backoff(n), pushedBackUntil);
            g = new Gate(started, before.lastSuccess(), notBefore, pushedBackUntil, n, Reasons.describe(cause));
        }
        gate = g;
        if (next == null) {
            failures.incrementAndGet(); // after the gate: a reader that sees the count sees the backoff too
        }
        inflight.compareAndSet(mine, null);
        if (next != null) {
            mine.complete(next);
        } else {
            mine.completeExceptionally(cause);
        }
        try {
            listener.accept(metrics(g, snap, now));
        } catch (RuntimeException ignored) {
            // a listener's failure is its own; the client goes on
        }
    }

    /**
     * The least wait after the {@code n}-th consecutive failure: the cooldown, plus a random
     * share of what lies between it and {@code min(maxBackoff, cooldown * 2^n)}.
     */
    long backoff(int n) {
        long cooldown = settings.cooldown();
        long ceiling = n >= 40 || cooldown > (Long.MAX_VALUE >> n) ? settings.maxBackoff()
                : Math.min(settings.maxBackoff(), cooldown << n);
        long span = Math.max(0, ceiling - cooldown);
        return cooldown + (long) (span * random.getAsDouble());
    }

    private static long saturatedMillis(long seconds) {
        return seconds > Long.MAX_VALUE / 1000 ? Long.MAX_VALUE : seconds * 1000;
    }

    /**
     * Starts a fetch unless one is running or one has started since {@code seen} (the attempt
     * time the caller based its decision on), so racing callers cause one fetch, not several.
     * With {@code judged} (the keys the caller found due for a refresh), it also starts none
     * when other keys have replaced them: a refresh that finished while the caller looked at the
     * old keys already did the work, though it started before {@code seen} was read.
     */
    private CompletableFuture<Snapshot> fetchUnlessDoneSince(long seen, Snapshot judged, Trigger trigger) {
        CompletableFuture<Snapshot> running = inflight.get();
        if (running != null && !running.isDone()) {
            return running;
        }
        // Read after inflight: a fetch publishes its keys and gate before it leaves inflight.
        Snapshot current = snap;
        if (gate.lastAttempt() != seen || judged != null && current != judged) {
            return current != null ? CompletableFuture.completedFuture(current) : startFetch(trigger);
        }
        return startFetch(trigger);
    }

    private Snapshot await(CompletableFuture<Snapshot> f) {
        try {
            return join(f);
        } catch (FetchFailed e) {
            long retry = gate.notBefore() - clock.millis();
            throw new JwksUnavailableException("Could not fetch keys from " + origin.describe() + ": "
                    + Reasons.sentence(e.getMessage()), e.getCause(), Duration.ofMillis(Math.max(0, retry)));
        }
    }

    /** Waits for {@code f}, at most the deadline of the attempt's requests and a second; the failure says why in words. */
    private Snapshot join(CompletableFuture<Snapshot> f) throws FetchFailed {
        long limit = settings.timeout() * origin.requestsPerAttempt() + 1000;
        try {
            return f.get(limit, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = Reasons.unwrap(e);
            throw new FetchFailed(Reasons.describe(cause), cause);
        } catch (TimeoutException e) {
            throw new FetchFailed("the fetch did not finish within " + Reasons.seconds(Duration.ofMillis(limit)), e);
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
     * Key selection over the current document, with one refetch for an unknown kid while the
     * gate is open. One that does not wait throws {@link KeysNotReadyException} wherever the
     * other would wait.
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
                        Gate g = gate;
                        if (clock.millis() < g.notBefore()) {
                            throw unknown;                // cooldown, backoff or pushback: refused at once
                        }
                        if (!wait) {
                            throw notReady("the token's kid is unknown and the keys may be refetched");
                        }
                        fresh = await(fetchUnlessDoneSince(g.lastAttempt(), null, Trigger.ON_DEMAND));
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
}
