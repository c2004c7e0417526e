package org.stealbench.queues;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jetbrains.kotlinx.lincheck.LincheckAssertionError;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The suite can catch a bug: the same Lincheck check that passes for chase-lev fails for a
 * mutant whose last-item pop skips the CAS against thieves.
 */
@Tag("slow")
@Timeout(300)
final class MutantDetectionTest {

    public static final class Mutant extends QueueLincheckTests.OwnerAndThieves {
        /** The kind this mutant imitates; the queue itself comes from {@link #newQueue()}. */
        @Override
        protected QueueKind kind() {
            return QueueKind.CHASE_LEV;
        }

        @Override
        protected TaskQueue<Integer> newQueue() {
            return new LastItemNoCasMutantDeque<>();
        }
    }

    @Test
    void lastItemPopWithoutCas_modelChecking_lincheckFindsNonLinearizableResult() {
        LincheckAssertionError e = assertThrows(LincheckAssertionError.class, () -> LincheckSupport.check(
                Mutant.class, LincheckSupport.modelChecking(SequentialDeques.PopLifoStealFifo.class)));
        assertTrue(e.getMessage().contains("Invalid execution results"), e.getMessage());
    }
}
