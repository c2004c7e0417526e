package org.stealbench.harness.stats;

/** The mean and sample variance of a slice of an array, which the shift and mode tests share. */
final class Moments {

    private Moments() {
    }

    /** The mean of x[from, to). */
    static double mean(double[] x, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += x[i];
        }
        return s / (to - from);
    }

    /** The sample variance (n - 1) of x[from, to); 0 for a single value. */
    static double variance(double[] x, int from, int to) {
        int n = to - from;
        if (n < 2) {
            return 0;
        }
        double m = mean(x, from, to);
        double ss = 0;
        for (int i = from; i < to; i++) {
            ss += (x[i] - m) * (x[i] - m);
        }
        return ss / (n - 1);
    }
}
