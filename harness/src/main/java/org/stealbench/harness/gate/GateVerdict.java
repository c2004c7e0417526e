package org.stealbench.harness.gate;

/** What the gate says about one row ({@link PairedDecision}). */
public enum GateVerdict {
    /** Clearly within the threshold (faster, or the upper bound below it), or slower but within it. */
    PASS,
    /** Significantly slower (or allocating more) and estimated beyond the threshold. */
    REGRESSION,
    /** Neither: the pairs cannot tell, or a side's forks are bimodal. */
    INCONCLUSIVE
}
