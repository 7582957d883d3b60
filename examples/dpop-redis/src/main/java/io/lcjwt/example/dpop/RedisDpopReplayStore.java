package io.lcjwt.example.dpop;

import io.lcjwt.DpopReplayStore;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.SetParams;

import java.time.Instant;

/**
 * lcjwt's DPoP replay store in Redis, shared by every instance of a service: one
 * {@code SET key 1 NX PX ttl} per proof, which Redis runs atomically, so of two instances that
 * receive the same proof at once, one is told it is new and the other that it is a replay. The
 * entry expires when the proof would be too old anyway, so Redis holds no more than the proofs of
 * one window.
 *
 * <p>When Redis cannot be reached, the Jedis exception propagates and the proof is not accepted:
 * a replay store that cannot answer fails closed.
 */
public final class RedisDpopReplayStore implements DpopReplayStore {
    private final UnifiedJedis redis;
    private final String prefix;

    /**
     * @param redis a thread-safe client, such as {@code JedisPooled}
     * @param prefix put before each id, so that the store's keys are easy to find ({@code dpop:})
     */
    public RedisDpopReplayStore(UnifiedJedis redis, String prefix) {
        this.redis = redis;
        this.prefix = prefix;
    }

    @Override
    public boolean firstUse(String id, Instant now, Instant expiresAt) {
        long ttl = Math.max(1, expiresAt.toEpochMilli() - now.toEpochMilli());
        return "OK".equals(redis.set(prefix + id, "1", SetParams.setParams().nx().px(ttl)));
    }
}
