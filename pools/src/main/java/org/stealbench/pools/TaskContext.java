package org.stealbench.pools;

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The context a thread has in effect, flowed to the tasks it submits: seed 003's
 * {@code ExecutionContext}, reduced to what a Java pool can carry, namely values bound to
 * {@linkplain Key keys}.
 *
 * <p>A thread binds values for the extent of a body with {@link #with(Key, Object, Runnable)}
 * and reads them with {@link Key#get()} or {@link #current()}. A pool with context flow on
 * ({@code simple-lock-flow}, or a work-stealing pool built with {@code flowContext(true)})
 * captures {@link #current()} when a task is submitted and runs the task with that context in
 * effect on the worker; afterwards the worker's own context is put back, so a value never leaks
 * into the next task, even when the task throws. With flow off a pool captures nothing and adds
 * no allocation per task: tasks then see the worker's own context, which is empty.
 *
 * <p>A {@code TaskContext} is an immutable snapshot, so capturing one costs a thread-local read
 * and no copy; any thread may hold and run it. Each thread's current context is its own: binding
 * a value never affects another thread.
 */
public final class TaskContext {

    /*
     * Implementation overview
     *
     * The current context lives in one ThreadLocal; null stands for EMPTY so a thread that never
     * binds anything pays no map entry. A snapshot is a small immutable array of key/value pairs
     * compared by key identity; bind() copies it (contexts hold a handful of keys, so a copy is
     * cheaper than any persistent map). Capture is therefore a ThreadLocal read, and the
     * per-task cost of flow is the ContextTask wrapper plus two ThreadLocal writes around the
     * run: the cost the queue/drain experiment measures, as seed 003 measured
     * ExecutionContext.Capture. Deviation from the seed: .NET's context also carries security
     * and call context; here only the values bound through this class flow.
     */

    /**
     * A context slot. Keys are compared by identity; the name is for diagnostics only.
     *
     * @param <T> the type of the value bound to it
     */
    public static final class Key<T> {
        private final String name;

        /** @throws NullPointerException if {@code name} is null */
        public Key(String name) {
            this.name = Objects.requireNonNull(name, "name");
        }

        /** The value bound to this key in the calling thread's current context, or null. */
        public T get() {
            return current().get(this);
        }

        @Override
        public String toString() {
            return "TaskContext.Key[" + name + "]";
        }
    }

    private static final TaskContext EMPTY = new TaskContext(new Object[0]);
    private static final ThreadLocal<TaskContext> CURRENT = new ThreadLocal<>();

    /** Keys at even indices, their values at the following odd ones. */
    private final Object[] entries;

    private TaskContext(Object[] entries) {
        this.entries = entries;
    }

    /** The context in effect on the calling thread (empty unless a body bound values). */
    public static TaskContext current() {
        TaskContext context = CURRENT.get();
        return context == null ? EMPTY : context;
    }

    /**
     * Runs {@code body} with {@code key} bound to {@code value} (null unbinds it) on top of the
     * current context, then restores the previous context.
     */
    public static <T> void with(Key<T> key, T value, Runnable body) {
        Objects.requireNonNull(body, "body");
        current().bind(key, value).run(body);
    }

    /** As {@link #with(Key, Object, Runnable)}, returning what {@code body} returns. */
    public static <T, R> R with(Key<T> key, T value, Supplier<R> body) {
        Objects.requireNonNull(body, "body");
        TaskContext previous = CURRENT.get();
        CURRENT.set(current().bind(key, value));
        try {
            return body.get();
        } finally {
            CURRENT.set(previous);
        }
    }

    /** The value bound to {@code key} in this snapshot, or null. */
    @SuppressWarnings("unchecked")
    public <T> T get(Key<T> key) {
        Objects.requireNonNull(key, "key");
        for (int i = 0; i < entries.length; i += 2) {
            if (entries[i] == key) {
                return (T) entries[i + 1];
            }
        }
        return null;
    }

    /** Whether no key is bound in this snapshot. */
    public boolean isEmpty() {
        return entries.length == 0;
    }

    /** A new snapshot equal to this one with {@code key} bound to {@code value} (or unbound if null). */
    public <T> TaskContext bind(Key<T> key, T value) {
        Objects.requireNonNull(key, "key");
        for (int i = 0; i < entries.length; i += 2) {
            if (entries[i] == key) {
                if (value == null) {
                    Object[] fewer = new Object[entries.length - 2];
                    System.arraycopy(entries, 0, fewer, 0, i);
                    System.arraycopy(entries, i + 2, fewer, i, entries.length - i - 2);
                    return fewer.length == 0 ? EMPTY : new TaskContext(fewer);
                }
                Object[] copy = entries.clone();
                copy[i + 1] = value;
                return new TaskContext(copy);
            }
        }
        if (value == null) {
            return this;
        }
        Object[] more = Arrays.copyOf(entries, entries.length + 2);
        more[entries.length] = key;
        more[entries.length + 1] = value;
        return new TaskContext(more);
    }

    /** Runs {@code body} with this context in effect on the calling thread, then restores its own. */
    public void run(Runnable body) {
        TaskContext previous = CURRENT.get();
        CURRENT.set(this);
        try {
            body.run();
        } finally {
            CURRENT.set(previous);
        }
    }

    /** As {@link #run(Runnable)} for a callable. */
    <R> R call(Callable<R> body) throws Exception {
        TaskContext previous = CURRENT.get();
        CURRENT.set(this);
        try {
            return body.call();
        } finally {
            CURRENT.set(previous);
        }
    }

    @Override
    public String toString() {
        return IntStream.range(0, entries.length / 2).mapToObj(i -> entries[2 * i] + "=" + entries[2 * i + 1])
                .collect(Collectors.joining(", ", "TaskContext{", "}"));
    }
}
