package org.stealbench.harness.gate;

/** What the gate says about one benchmark. */
public enum GateVerdict {
    /** No regression beyond the threshold: the interval's upper end is within it. */
    PASS,
    /** The whole interval lies beyond the threshold on the slow (or allocating) side. */
    REGRESSION,
    /** The whole interval lies beyond the threshold on the fast (or lean) side. */
    IMPROVEMENT,
    /** The data cannot decide: too few forks, an interval that reaches past the threshold, mismatched mode or unit. */
    INCONCLUSIVE
}
