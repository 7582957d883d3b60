package io.lcjwt.testkit;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** A UTC clock a test moves by hand, safe to read from any thread. */
public class ManualClock extends Clock {
    /** The time, in epoch milliseconds: set it, or add to it. */
    public final AtomicLong millis;

    /**
     * A clock at {@code startMillis}.
     *
     * @param startMillis epoch milliseconds
     */
    public ManualClock(long startMillis) {
        this.millis = new AtomicLong(startMillis);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis());
    }

    @Override
    public long millis() {
        return millis.get();
    }
}
