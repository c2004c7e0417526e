package org.stealbench.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One task beside a worker's deque: the work-stealing pool's LIFO slot option (Go's runnext,
 * Tokio's LIFO slot). Its owner exchanges a new task in and takes its task out; any thread may
 * steal it. Every take is a CAS to null or an exchange, so each task put in leaves exactly once.
 * Not a {@link TaskQueue}: it holds at most one task and is part of a pool's worker, not a kind.
 *
 * @param <T> the task type
 */
public final class LifoSlot<T> {

    private static final VarHandle TASK;

    static {
        try {
            TASK = MethodHandles.lookup().findVarHandle(LifoSlot.class, "task", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Stored non-null only by the owner (exchange); set to null by a take. */
    private volatile Object task;

    /**
     * Owner only: puts {@code newTask} in and returns the task it displaced, or null. An atomic
     * exchange, so a full barrier: the pool uses it as its signalling protocol's store-load fence
     * between publishing the task and reading the idle count.
     */
    @SuppressWarnings("unchecked")
    public T exchange(T newTask) {
        return (T) TASK.getAndSet(this, newTask);
    }

    /**
     * Owner only: takes the task, or returns null. A plain read: only the owner stores a task, so
     * the read shows its own last store or a thief's later null, never a task it has not put
     * there; the CAS settles a race with a thief.
     */
    @SuppressWarnings("unchecked")
    public T takeOwn() {
        Object t = TASK.get(this);
        return t != null && TASK.compareAndSet(this, t, null) ? (T) t : null;
    }

    /**
     * Any thread: takes the task, or returns null when the slot is empty or another take won. A
     * volatile read, which sees the task the owner's exchange published, then a CAS.
     */
    @SuppressWarnings("unchecked")
    public T steal() {
        Object t = task;
        return t != null && TASK.compareAndSet(this, t, null) ? (T) t : null;
    }

    /** Any thread: takes whatever the slot holds (an exchange with null), or returns null. */
    @SuppressWarnings("unchecked")
    public T drain() {
        return (T) TASK.getAndSet(this, null);
    }

    /** Whether the slot is empty now: a volatile read (no take). */
    public boolean isEmpty() {
        return task == null;
    }
}
