package org.stealbench.harness.run;

/** A fork that did not produce a result: its message is JMH's own reason where JMH gave one. */
public final class ForkException extends Exception {

    private static final long serialVersionUID = 1L;

    public ForkException(String message) {
        super(message);
    }

    public ForkException(String message, Throwable cause) {
        super(message, cause);
    }
}
