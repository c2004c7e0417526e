package org.stealbench.harness.gate;

/** Bad input or usage: the gate cannot decide and exits with code 2, printing this message. */
public final class GateException extends Exception {

    private static final long serialVersionUID = 1L;

    public GateException(String message) {
        super(message);
    }

    public GateException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Throws a GateException with this message when {@code bad}. */
    static void throwIf(boolean bad, String message) throws GateException {
        if (bad) {
            throw new GateException(message);
        }
    }
}
