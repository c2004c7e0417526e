package org.stealbench.pools;

import java.util.concurrent.CompletionException;

/**
 * What {@link Joinable#join()} throws when the forked task threw: a {@link CompletionException}
 * whose cause is the task's throwable. A task that fails by letting a join's failure propagate
 * passes that same exception on, so nested joins do not wrap it again.
 *
 * <p>It has no public constructor on purpose: {@link java.util.concurrent.ForkJoinTask#join()}
 * replaces an exception thrown in another thread by a reflective copy built with a public
 * constructor, which would wrap it a second time; without one, ForkJoinPool rethrows this very
 * instance, so both pools report failures alike.
 */
final class ForkedTaskFailure extends CompletionException {

    private static final long serialVersionUID = 1L;

    private ForkedTaskFailure(Throwable cause) {
        super(cause);
    }

    /** The exception a join throws for a task that threw {@code failure}. */
    static CompletionException wrap(Throwable failure) {
        return failure instanceof ForkedTaskFailure propagated ? propagated : new ForkedTaskFailure(failure);
    }
}
