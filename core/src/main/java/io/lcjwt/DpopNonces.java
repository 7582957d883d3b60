package io.lcjwt;

import io.lcjwt.internal.dpop.Sha256;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * Server-provided nonces for DPoP proofs (RFC 9449 section 9), which bound how long a proof made
 * in advance stays usable: the server hands out a nonce in a {@code DPoP-Nonce} response header,
 * and a {@link DpopVerifier} built with {@link DpopVerifier.Builder#nonces(DpopNonces)} accepts
 * only proofs that carry a current one. A proof without one is refused with
 * {@link DpopException#USE_DPOP_NONCE} and the nonce to use, and the client retries.
 *
 * <pre>{@code
 * DpopNonces nonces = DpopNonces.builder().rotation(Duration.ofMinutes(5)).build();
 * DpopVerifier dpop = DpopVerifier.builder().algorithms(Algorithm.ES256).nonces(nonces).build();
 * response.setHeader("DPoP-Nonce", nonces.current());   // on every response, so clients keep up
 * }</pre>
 *
 * <p>Nonces rotate: the nonce changes every {@code rotation}, and the one before stays accepted
 * for one more period, so a client that fetched a nonce just before a change is not refused. A
 * nonce is derived from a secret and the period's number by HMAC-SHA256, so nothing is stored,
 * and every instance of a fleet that shares the secret and roughly the time issues and accepts
 * the same nonces. Immutable and thread-safe.
 */
public final class DpopNonces {

    private final JwtSecretKey key;
    private final long rotationMillis;
    private final Clock clock;
    /** The nonces of the period last asked about and the one before it. */
    private volatile Period period;

    private record Period(long number, String current, String previous) {}

    private DpopNonces(Builder b) {
        this.key = JwtSecretKey.of(b.secret != null ? b.secret : Sha256.random(32));
        this.rotationMillis = b.rotation.toMillis();
        this.clock = b.clock;
    }

    /**
     * A builder with the defaults: a random secret (nonces valid in this process only), a
     * rotation of 5 minutes, the system UTC clock.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The nonce to hand out now, in a {@code DPoP-Nonce} response header.
     *
     * @return the current period's nonce: 22 base64url characters
     */
    public String current() {
        return period(Math.floorDiv(clock.millis(), rotationMillis)).current;
    }

    /**
     * Whether a proof's {@code nonce} is acceptable now: this period's or the one before.
     *
     * @param nonce the nonce a proof carries, or null
     * @return true when it is current
     */
    public boolean isValid(String nonce) {
        if (nonce == null || nonce.length() != 22) {
            return false;
        }
        Period p = period(Math.floorDiv(clock.millis(), rotationMillis));
        return nonce.equals(p.current) || nonce.equals(p.previous);
    }

    private Period period(long number) {
        Period p = period;
        if (p == null || p.number != number) {
            // Two nonces once per rotation: the HMAC's cost does not matter, and a race just computes them twice.
            p = new Period(number, nonce(number), nonce(number - 1));
            period = p;
        }
        return p;
    }

    private String nonce(long number) {
        byte[] input = ("lcjwt DPoP-Nonce " + rotationMillis + " " + number).getBytes(StandardCharsets.US_ASCII);
        byte[] mac = new byte[32];
        key.impl().hmac().mac(32, MemorySegment.ofArray(input), input.length, MemorySegment.ofArray(mac));
        return Sha256.b64(java.util.Arrays.copyOf(mac, 16));
    }

    /** Configures {@link DpopNonces}. Not thread-safe. */
    public static final class Builder {
        private byte[] secret;
        private Duration rotation = Duration.ofMinutes(5);
        private Clock clock = Clock.systemUTC();

        private Builder() {}

        /**
         * The secret nonces are derived from (default: 32 random bytes, made once). Give every
         * instance of a fleet the same secret so they accept each other's nonces; keep it as
         * secret as a signing key, since whoever has it can make nonces for any future period.
         *
         * @param secret at least 32 bytes (copied)
         * @return this builder
         * @throws NullPointerException if {@code secret} is null
         * @throws IllegalArgumentException if it is shorter than 32 bytes
         */
        public Builder secret(byte[] secret) {
            if (Objects.requireNonNull(secret, "secret").length < 32) {
                throw new IllegalArgumentException("secret must be at least 32 bytes, not " + secret.length);
            }
            this.secret = secret.clone();
            return this;
        }

        /**
         * How often the nonce changes (default 5 minutes). A nonce is accepted for one to two
         * rotations after it is first handed out.
         *
         * @param rotation from 10 seconds to 1 day
         * @return this builder
         * @throws NullPointerException if {@code rotation} is null
         * @throws IllegalArgumentException if it is out of range
         */
        public Builder rotation(Duration rotation) {
            Objects.requireNonNull(rotation, "rotation");
            if (rotation.compareTo(Duration.ofSeconds(10)) < 0 || rotation.compareTo(Duration.ofDays(1)) > 0) {
                throw new IllegalArgumentException("rotation must be between 10 seconds and 1 day, not " + rotation);
            }
            this.rotation = rotation;
            return this;
        }

        /**
         * The time source (default: the system UTC clock).
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
         * Builds the nonces.
         *
         * @return the nonce issuer and checker, thread-safe
         */
        public DpopNonces build() {
            return new DpopNonces(this);
        }
    }
}
