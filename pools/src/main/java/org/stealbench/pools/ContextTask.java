package org.stealbench.pools;

/**
 * A submitted task paired with the {@link TaskContext} captured when it was submitted: the one
 * wrapper every pool with context flow on queues instead of the bare task.
 */
final class ContextTask implements Runnable {

    private final TaskContext context;
    private final Runnable task;

    private ContextTask(TaskContext context, Runnable task) {
        this.context = context;
        this.task = task;
    }

    /** {@code task} with the calling thread's current context captured. */
    static ContextTask capture(Runnable task) {
        return new ContextTask(TaskContext.current(), task);
    }

    /** The task as it was submitted. */
    Runnable task() {
        return task;
    }

    @Override
    public void run() {
        context.run(task);
    }
}
