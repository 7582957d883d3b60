package io.lcjwt.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

/**
 * bin/lcjwt records its AOT cache from {@link Training}; a command there that stopped working
 * would silently train the cache on a refusal. Every one of its commands must do what it says.
 */
class TrainingTest {
    @Test
    void everyTrainingCommandSucceeds() {
        assertDoesNotThrow(() -> Training.main(new String[0]));
    }
}
