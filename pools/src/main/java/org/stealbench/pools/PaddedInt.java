package org.stealbench.pools;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Padding before a padded int's value: the int fills the gap after the object header, where
 * the field layout would otherwise put the value, next to whatever object lies before this one.
 */
abstract class PaddedIntPadBefore {
    int p0;
    long p00, p01, p02, p03, p04, p05, p06, p07;
}

abstract class PaddedIntValue extends PaddedIntPadBefore {
    /** Read and written as each use says (volatile reads, and the accessors below). */
    volatile int value;
}

/**
 * An int on a cache line of its own, padded on both sides: the pool's ctl, which every outside
 * submission writes twice under SHARED_COUNTER, away from the fields workers read after every
 * take (the pool's, and IdleWorkers' count and searchers, which sit in an object of their own,
 * wherever the collector puts it).
 */
final class PaddedInt extends PaddedIntValue {
    long p10, p11, p12, p13, p14, p15, p16, p17;

    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(PaddedIntValue.class, "value", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    boolean weakCasValue(int expected, int next) {
        return VALUE.weakCompareAndSet(this, expected, next);
    }

    /** Atomic add, a full barrier; returns the value before it. */
    int getAndAddValue(int delta) {
        return (int) VALUE.getAndAdd(this, delta);
    }
}
