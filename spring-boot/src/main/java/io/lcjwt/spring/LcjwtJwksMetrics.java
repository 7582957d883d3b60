package io.lcjwt.spring;

import io.lcjwt.JwksClient;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Micrometer meters for one {@link JwksClient}, read from its {@link JwksClient#metrics()} each
 * time they are scraped, tagged with the client's {@code uri}:
 * <ul>
 *   <li>{@code lcjwt.jwks.fetches} (counter): fetches started;</li>
 *   <li>{@code lcjwt.jwks.fetch.failures} (counter): fetches that failed;</li>
 *   <li>{@code lcjwt.jwks.last.success} (time gauge, seconds since the epoch; NaN before the first);</li>
 *   <li>{@code lcjwt.jwks.next.fetch} (time gauge): how long until a fetch may start again (the
 *       cooldown, the backoff after failures, or the issuer's {@code Retry-After});</li>
 *   <li>{@code lcjwt.jwks.keys} and {@code lcjwt.jwks.keys.skipped} (gauges): keys served, and keys
 *       of the current document skipped as unusable.</li>
 * </ul>
 * The auto-configuration binds one for each lcjwt decoder bean when Micrometer is on the class
 * path; bind others (the decoders of a multi-issuer resolver, a client of your own) yourself.
 *
 * <pre>{@code
 * new LcjwtJwksMetrics(jwksClient, Tags.of("issuer", "corporate")).bindTo(meterRegistry);
 * }</pre>
 */
public final class LcjwtJwksMetrics implements MeterBinder {
    private final JwksClient client;
    private final Tags tags;

    /**
     * Meters for {@code client}.
     *
     * <pre>{@code
     * MeterBinder meters = new LcjwtJwksMetrics(jwksClient, Tags.empty());
     * }</pre>
     *
     * @param client the client to observe
     * @param tags tags added to each meter, beside {@code uri}
     * @throws NullPointerException if {@code client} or {@code tags} is null
     */
    public LcjwtJwksMetrics(JwksClient client, Iterable<Tag> tags) {
        this.client = Objects.requireNonNull(client, "client");
        this.tags = Tags.of(Objects.requireNonNull(tags, "tags")).and("uri", client.uri().toString());
    }

    /**
     * Registers the meters.
     *
     * <pre>{@code
     * new LcjwtJwksMetrics(jwksClient, Tags.empty()).bindTo(new SimpleMeterRegistry());
     * }</pre>
     *
     * @param registry the registry
     */
    @Override
    public void bindTo(MeterRegistry registry) {
        FunctionCounter.builder("lcjwt.jwks.fetches", client, c -> c.metrics().fetches())
                .description("JWKS fetches started").tags(tags).register(registry);
        FunctionCounter.builder("lcjwt.jwks.fetch.failures", client, c -> c.metrics().failures())
                .description("JWKS fetches that failed").tags(tags).register(registry);
        TimeGauge.builder("lcjwt.jwks.last.success", client, TimeUnit.MILLISECONDS, c -> {
            Instant t = c.metrics().lastSuccess();
            return t == null ? Double.NaN : t.toEpochMilli();
        }).description("When a JWKS fetch last succeeded, since the epoch").tags(tags).register(registry);
        TimeGauge.builder("lcjwt.jwks.next.fetch", client, TimeUnit.MILLISECONDS,
                c -> c.metrics().nextFetchIn().toMillis())
                .description("Time until a JWKS fetch may start again (cooldown, backoff or Retry-After)")
                .tags(tags).register(registry);
        Gauge.builder("lcjwt.jwks.keys", client, c -> c.metrics().keyCount())
                .description("Keys served from the JWKS").tags(tags).register(registry);
        Gauge.builder("lcjwt.jwks.keys.skipped", client, c -> c.metrics().keysSkipped())
                .description("Keys of the current JWKS document skipped as unusable").tags(tags).register(registry);
    }
}
