package org.stealbench.queues;

import java.util.Objects;

/**
 * What a queue variant allows and guarantees; the registry, the tests and the reports read it.
 *
 * <p>A value class with a record's accessors, equality and string form. It is not declared as a
 * {@code record} because Lincheck 2.34's model checker walks every object reachable from the
 * structure under test and fails on record fields ({@code Unsafe.objectFieldOffset} refuses
 * them), and each variant's traits are reachable from its class.
 */
public final class QueueTraits {

    /** The order in which an operation takes items: the newest first or the oldest first. */
    public enum Order {
        LIFO,
        FIFO
    }

    private final boolean ownerOnly;
    private final Order popOrder;
    private final Order stealOrder;
    private final boolean blocking;
    private final boolean exactlyOnce;
    private final String knownFlaw;

    /**
     * @param ownerOnly   true when {@code push} and {@code pop} may be called by one owner thread
     *                    only; {@code steal} is always open to any thread
     * @param popOrder    the order in which {@code pop} takes items relative to {@code push}
     * @param stealOrder  the order in which {@code steal} takes items relative to {@code push}
     * @param blocking    true when the class also offers a blocking take and {@code close}
     *                    ({@link BlockingTaskQueue})
     * @param exactlyOnce true when every pushed item is taken exactly once by {@code pop} or
     *                    {@code steal} under any interleaving that respects {@code ownerOnly};
     *                    false only for a faithful port the tests prove loses or duplicates items
     * @param knownFlaw   a one-line description of a proven flaw, empty exactly when
     *                    {@code exactlyOnce}
     * @throws IllegalArgumentException if {@code knownFlaw} is empty while {@code exactlyOnce} is
     *                                  false, or not empty while it is true
     */
    public QueueTraits(boolean ownerOnly, Order popOrder, Order stealOrder, boolean blocking,
                       boolean exactlyOnce, String knownFlaw) {
        this.ownerOnly = ownerOnly;
        this.popOrder = Objects.requireNonNull(popOrder, "popOrder");
        this.stealOrder = Objects.requireNonNull(stealOrder, "stealOrder");
        this.blocking = blocking;
        this.exactlyOnce = exactlyOnce;
        this.knownFlaw = Objects.requireNonNull(knownFlaw, "knownFlaw");
        if (exactlyOnce != knownFlaw.isEmpty()) {
            throw new IllegalArgumentException(
                    "knownFlaw must be empty exactly when exactlyOnce is true, got exactlyOnce="
                            + exactlyOnce + ", knownFlaw='" + knownFlaw + "'");
        }
    }

    /** Traits of a correct variant with no known flaw. */
    static QueueTraits correct(boolean ownerOnly, Order popOrder, Order stealOrder, boolean blocking) {
        return new QueueTraits(ownerOnly, popOrder, stealOrder, blocking, true, "");
    }

    public boolean ownerOnly() {
        return ownerOnly;
    }

    public Order popOrder() {
        return popOrder;
    }

    public Order stealOrder() {
        return stealOrder;
    }

    public boolean blocking() {
        return blocking;
    }

    public boolean exactlyOnce() {
        return exactlyOnce;
    }

    public String knownFlaw() {
        return knownFlaw;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof QueueTraits t
                && ownerOnly == t.ownerOnly && popOrder == t.popOrder && stealOrder == t.stealOrder
                && blocking == t.blocking && exactlyOnce == t.exactlyOnce && knownFlaw.equals(t.knownFlaw);
    }

    @Override
    public int hashCode() {
        return Objects.hash(ownerOnly, popOrder, stealOrder, blocking, exactlyOnce, knownFlaw);
    }

    @Override
    public String toString() {
        return "QueueTraits[ownerOnly=" + ownerOnly + ", popOrder=" + popOrder + ", stealOrder=" + stealOrder
                + ", blocking=" + blocking + ", exactlyOnce=" + exactlyOnce + ", knownFlaw=" + knownFlaw + "]";
    }
}
