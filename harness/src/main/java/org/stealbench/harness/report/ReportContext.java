package org.stealbench.harness.report;

/**
 * What every section builder needs besides the run: the thresholds, the seed 003 baseline pool,
 * and the correctness facts.
 */
record ReportContext(ReportThresholds thresholds, String baseline, Correctness correctness) {

    double confidence() {
        return thresholds.confidence();
    }
}
