package org.stealbench.harness.results;

import java.nio.file.Path;

/** A result file or run folder that cannot be read; the message names the file and the problem. */
public final class ResultsException extends Exception {

    private static final long serialVersionUID = 1L;

    public ResultsException(Path file, String problem) {
        super(file + ": " + problem);
    }

    public ResultsException(Path file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
    }
}
