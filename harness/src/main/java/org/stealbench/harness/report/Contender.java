package org.stealbench.harness.report;

import java.util.Arrays;
import java.util.Optional;
import org.stealbench.pools.PoolKind;
import org.stealbench.queues.QueueKind;

/**
 * What the registries say about a contender id of any experiment (a pool, a queue, a partitioner):
 * its family, for colours and the summary's wording, and the registry queue behind it, for the
 * exactly-once mark. Ids the registries do not know (peers such as {@code array-deque}, the
 * partitioners) fall in {@link Family#OTHER} or {@link Family#JDK}.
 */
final class Contender {

    /** Contender families, in the order a legend lists them. */
    enum Family {
        LOCK_POOL("lock pools"),
        WORK_STEALING_POOL("work-stealing pools"),
        JDK_POOL("JDK pools"),
        LOCK_QUEUE("lock-based queues"),
        LOCK_FREE_QUEUE("lock-free queues"),
        JDK("JDK and outside peers"),
        OTHER("other");

        private final String label;

        Family(String label) {
            this.label = label;
        }

        String label() {
            return label;
        }
    }

    private Contender() {
    }

    static Optional<PoolKind> pool(String id) {
        return PoolKind.values().stream().filter(k -> k.id().equals(id)).findFirst();
    }

    static Optional<QueueKind> queue(String id) {
        return Arrays.stream(QueueKind.values()).filter(k -> k.id().equals(id)).findFirst();
    }

    /** The registry queue behind a contender: the queue itself, or a pool's worker deque. */
    static Optional<QueueKind> queueBehind(String id) {
        return id == null ? Optional.empty() : pool(id).map(PoolKind::workerDeque).orElseGet(() -> queue(id));
    }

    /** How a contender is named on a chart or axis: its id, marked when it is a broken port. */
    static String label(String id) {
        return Correctness.flaw(id) != null ? id + " (broken)" : id;
    }

    /**
     * The family: pools by what the pool registry says (worker deques, ours or the JDK's); queues
     * by whether the queue serializes through a lock (the registry's {@code blocking} kinds and
     * {@code locked}) or is one of the JDK's adapters.
     */
    static Family family(String id) {
        if (id == null) {
            return Family.OTHER;
        }
        Optional<PoolKind> pool = pool(id);
        if (pool.isPresent()) {
            PoolKind p = pool.get();
            return p.workerDeque().isPresent() ? Family.WORK_STEALING_POOL
                    : p.isStealbenchPool() ? Family.LOCK_POOL : Family.JDK_POOL;
        }
        Optional<QueueKind> queue = queue(id);
        if (queue.isPresent()) {
            QueueKind q = queue.get();
            return q.id().startsWith("jdk-") ? Family.JDK
                    : q == QueueKind.LOCKED || q.traits().blocking() ? Family.LOCK_QUEUE : Family.LOCK_FREE_QUEUE;
        }
        return id.startsWith("jdk-") || id.startsWith("array-deque") || id.startsWith("jctools") ? Family.JDK : Family.OTHER;
    }
}
