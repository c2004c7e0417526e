package org.stealbench.harness.history;

/** A history command's failure with one line for the user: bad input, or a store that cannot be used. */
public final class HistoryException extends Exception {

    private static final long serialVersionUID = 1L;

    public HistoryException(String message) {
        super(message);
    }

    public HistoryException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Throws a HistoryException with this message when {@code bad}. */
    static void throwIf(boolean bad, String message) throws HistoryException {
        if (bad) {
            throw new HistoryException(message);
        }
    }
}
