package io.lcjwt;

import io.lcjwt.internal.dpop.ReplayTable;

import java.time.Instant;

/**
 * Where a {@link DpopVerifier} remembers the proofs it accepted, so that none is accepted twice
 * (RFC 9449 section 11.1). The verifier asks the store last, after every other check passed, so
 * only proofs signed by the key an access token is bound to ever reach it.
 *
 * <p>One service instance can keep the default, {@link #inMemory(int)}. A fleet behind a load
 * balancer needs one store for all instances, or a proof accepted by one instance replays on
 * another: implement this interface over a shared database. With Redis, one atomic command does
 * it:
 *
 * <pre>{@code
 * DpopReplayStore shared = (id, now, expiresAt) ->
 *         "OK".equals(redis.set("dpop:" + id, "1",
 *                 SetParams.setParams().nx().px(Math.max(1, expiresAt.toEpochMilli() - now.toEpochMilli()))));
 * }</pre>
 *
 * <p>Implementations must be thread-safe, and {@link #firstUse} atomic: two calls with the same
 * id at the same moment must not both return true.
 */
@FunctionalInterface
public interface DpopReplayStore {

    /**
     * Records a proof, and says whether it is new.
     *
     * @param id the proof's identity: the base64url SHA-256 of its key's thumbprint and its
     *        {@code jti} (43 characters whatever the {@code jti}, so an entry's size is fixed)
     * @param now the verifier's clock
     * @param expiresAt when the entry may be forgotten: from then on the verifier refuses the
     *        proof for its age, so remembering it longer buys nothing
     * @return true when the id was not seen before (it is remembered now); false when it was
     *         seen and has not expired: the proof is a replay and is refused
     * @throws DpopException to refuse the proof for another reason, such as a store that is
     *         full (the message says why); any other exception propagates to the verifier's
     *         caller, and the proof is not accepted
     */
    boolean firstUse(String id, Instant now, Instant expiresAt);

    /**
     * A store in this process's memory, allocated once and never grown: about 30 bytes for each
     * of {@code maxEntries} proofs (a million take about 30 MB). Each call costs the same
     * whatever the number of entries: it looks at 32 slots at most. An entry lives until its
     * {@code expiresAt}, and its slot is reused after that.
     *
     * <p>It remembers every proof it accepted for the whole of its window. When it would have to
     * forget a live one to take a new one (about {@code maxEntries} proofs live at once), it
     * refuses the new proof with a {@link DpopException} instead: a full store fails closed, and
     * never lets a replay through. Size it for the peak: proofs per second times twice the
     * verifier's {@link DpopVerifier.Builder#window(java.time.Duration) window}.
     *
     * <pre>{@code
     * DpopVerifier dpop = DpopVerifier.builder().algorithms(Algorithm.ES256)
     *         .replayStore(DpopReplayStore.inMemory(1_000_000))
     *         .build();
     * }</pre>
     *
     * @param maxEntries how many live proofs it holds, from 16 to 50,000,000
     * @return a new, empty store, thread-safe
     * @throws IllegalArgumentException if {@code maxEntries} is out of range
     */
    static DpopReplayStore inMemory(int maxEntries) {
        return new ReplayTable(maxEntries)::firstUse;
    }
}
