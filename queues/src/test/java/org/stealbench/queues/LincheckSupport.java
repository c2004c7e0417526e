package org.stealbench.queues;

import org.jetbrains.kotlinx.lincheck.LinChecker;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;

/**
 * Shared Lincheck settings, tuned to finish in seconds per variant on two cores while still
 * exploring the growth path (tests create queues with capacity 2) and the near-empty races.
 */
final class LincheckSupport {

    /** Interleavings per model-checked scenario, unless a kind's budget says otherwise. */
    static final int MODEL_CHECKING_INVOCATIONS = 1_000;

    private LincheckSupport() {
    }

    /** Model checking: exhaustive-ish interleavings of small scenarios, sequentially consistent. */
    static ModelCheckingOptions modelChecking(Class<?> specification) {
        return new ModelCheckingOptions()
                .iterations(30)
                .invocationsPerIteration(MODEL_CHECKING_INVOCATIONS)
                .threads(3)
                .actorsPerThread(3)
                .actorsBefore(2)
                .actorsAfter(1)
                .sequentialSpecification(specification);
    }

    /** Stress: real threads, real memory model, many invocations of small scenarios. */
    static StressOptions stress(Class<?> specification) {
        return new StressOptions()
                .iterations(20)
                .invocationsPerIteration(1_000)
                .threads(3)
                .actorsPerThread(3)
                .actorsBefore(2)
                .actorsAfter(1)
                .sequentialSpecification(specification);
    }

    /** Runs Lincheck; throws (an AssertionError) with the failing interleaving if it finds one. */
    static void check(Class<?> test, org.jetbrains.kotlinx.lincheck.Options<?, ?> options) {
        LinChecker.check(test, options);
    }
}
