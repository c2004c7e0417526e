package org.stealbench.queues;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Linearizability of the owner-only array deques against {@link SequentialDeques.PopLifoStealFifo}:
 * one owner thread pushes and pops, the others steal, from capacity 2 so growth is explored.
 */
@Tag("slow")
@Timeout(300)
final class ArrayDequesLincheckTest {

    static final int DUFFY_INVOCATIONS = 300;

    public static final class Duffy extends QueueLincheckTests.OwnerAndThieves {
        @Override
        protected QueueKind kind() {
            return QueueKind.DUFFY;
        }
    }

    public static final class ChaseLev extends QueueLincheckTests.OwnerAndThieves {
        @Override
        protected QueueKind kind() {
            return QueueKind.CHASE_LEV;
        }
    }

    /**
     * Fewer interleavings per scenario than the shared setting, the same scenarios: from capacity
     * 2 nearly every Duffy operation takes the ReentrantLock, whose AQS internals the model
     * checker explores too, making each invocation about ten times as long. This budget still
     * finds the seed's spurious-empty pop (deviation (c)) within the first scenarios.
     */
    @Test
    void duffy_modelChecking_linearizable() {
        LincheckSupport.check(Duffy.class, LincheckSupport.modelChecking(SequentialDeques.PopLifoStealFifo.class)
                .invocationsPerIteration(DUFFY_INVOCATIONS));
    }

    @Test
    void duffy_stress_linearizable() {
        LincheckSupport.check(Duffy.class, LincheckSupport.stress(SequentialDeques.PopLifoStealFifo.class));
    }

    @Test
    void chaseLev_modelChecking_linearizable() {
        LincheckSupport.check(ChaseLev.class, LincheckSupport.modelChecking(SequentialDeques.PopLifoStealFifo.class));
    }

    @Test
    void chaseLev_stress_linearizable() {
        LincheckSupport.check(ChaseLev.class, LincheckSupport.stress(SequentialDeques.PopLifoStealFifo.class));
    }
}
