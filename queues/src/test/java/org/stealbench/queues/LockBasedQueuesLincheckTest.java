package org.stealbench.queues;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Linearizability of the lock-based variants and the JDK peers (their non-blocking surface;
 * blocking take and close are covered by plain tests, which Lincheck cannot express).
 */
@Tag("slow")
@Timeout(300)
final class LockBasedQueuesLincheckTest {

    public static final class Locked extends QueueLincheckTests.AnyThread {
        @Override
        protected QueueKind kind() {
            return QueueKind.LOCKED;
        }
    }

    public static final class Blocking extends QueueLincheckTests.AnyThread {
        @Override
        protected QueueKind kind() {
            return QueueKind.BLOCKING;
        }
    }

    public static final class JdkCld extends QueueLincheckTests.AnyThread {
        @Override
        protected QueueKind kind() {
            return QueueKind.JDK_CLD;
        }
    }

    public static final class JdkLbd extends QueueLincheckTests.AnyThread {
        @Override
        protected QueueKind kind() {
            return QueueKind.JDK_LBD;
        }
    }

    @Test
    void locked_modelChecking_linearizable() {
        LincheckSupport.check(Locked.class, LincheckSupport.modelChecking(SequentialDeques.forKind(QueueKind.LOCKED)));
    }

    @Test
    void locked_stress_linearizable() {
        LincheckSupport.check(Locked.class, LincheckSupport.stress(SequentialDeques.forKind(QueueKind.LOCKED)));
    }

    @Test
    void blocking_modelChecking_linearizable() {
        LincheckSupport.check(Blocking.class, LincheckSupport.modelChecking(SequentialDeques.forKind(QueueKind.BLOCKING)));
    }

    @Test
    void blocking_stress_linearizable() {
        LincheckSupport.check(Blocking.class, LincheckSupport.stress(SequentialDeques.forKind(QueueKind.BLOCKING)));
    }

    @Test
    void jdkCld_modelChecking_linearizable() {
        LincheckSupport.check(JdkCld.class, LincheckSupport.modelChecking(SequentialDeques.forKind(QueueKind.JDK_CLD)));
    }

    @Test
    void jdkCld_stress_linearizable() {
        LincheckSupport.check(JdkCld.class, LincheckSupport.stress(SequentialDeques.forKind(QueueKind.JDK_CLD)));
    }

    /**
     * LinkedBlockingDeque holds a ReentrantLock whose internals the model checker explores too,
     * so this check runs fewer interleavings per scenario (as ArrayDequesLincheckTest does for
     * Duffy's lock) to stay within seconds.
     */
    @Test
    void jdkLbd_modelChecking_linearizable() {
        LincheckSupport.check(JdkLbd.class, LincheckSupport.modelChecking(SequentialDeques.forKind(QueueKind.JDK_LBD))
                .invocationsPerIteration(150));
    }

    @Test
    void jdkLbd_stress_linearizable() {
        LincheckSupport.check(JdkLbd.class, LincheckSupport.stress(SequentialDeques.forKind(QueueKind.JDK_LBD)));
    }
}
