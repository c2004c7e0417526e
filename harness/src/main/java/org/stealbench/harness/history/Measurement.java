package org.stealbench.harness.history;

/**
 * One fork's figure, a row of the store's {@code measurements} table.
 *
 * @param experiment the experiment id ({@code deque-ops}); for a lone JMH file, its name
 * @param benchmark  {@code Class.method}
 * @param params     the parameters other than the contender, {@code k=v} sorted by name and joined by spaces
 * @param contender  the contender's registry id, empty when the benchmark has none
 * @param measure    {@value #SCORE} for JMH's primary metric, else a secondary metric's name
 * @param fork       the fork's index within the run, from 0; {@code value} its mean
 */
public record Measurement(String experiment, String benchmark, String params, String contender, String measure,
                          int fork, double value, String unit) {

    /** JMH's primary metric. */
    public static final String SCORE = "score";
}
