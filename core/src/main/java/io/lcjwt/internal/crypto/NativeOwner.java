package io.lcjwt.internal.crypto;

/**
 * What a public key object's Cleaner frees: an {@link EvpKey} or an {@link HmacKey}. An interface
 * the two implement, not a {@code Runnable} made from {@code key::close}, because each such method
 * reference spins a class the first time a process makes that kind of key (a start-up rule, docs/architecture.md).
 */
public interface NativeOwner {

    /** Frees the native state; idempotent, and safe while operations run (they finish first). */
    void close();
}
