package org.stealbench.harness.report;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Properties;
import org.stealbench.harness.stats.Modes;

/**
 * The report's thresholds, read from the checked-in {@code report/thresholds.properties} and
 * echoed at the foot of every page.
 *
 * @param confidence         two-sided confidence of every interval
 * @param wideErrorFraction  error bar wider than this fraction of its score: warned
 * @param bimodalMinFraction each cluster of a bimodal sample holds at least this fraction
 * @param bimodalMinAshmanD  Ashman's D above which two clusters count as separate modes
 * @param bimodalMinRatio    the two clusters' means are at least this factor apart
 * @param farRatio           "far cheaper": the ratio's interval lies wholly below this
 * @param asGoodRatio        "as good as": the ratio's interval lies wholly below this
 */
record ReportThresholds(double confidence, double wideErrorFraction, double bimodalMinFraction,
                  double bimodalMinAshmanD, double bimodalMinRatio, double farRatio, double asGoodRatio) {

    static final String RESOURCE = "/report/thresholds.properties";

    static ReportThresholds load() {
        Properties p = properties(RESOURCE);
        return new ReportThresholds(get(p, "confidence"), get(p, "wideErrorFraction"), get(p, "bimodalMinFraction"),
                get(p, "bimodalMinAshmanD"), get(p, "bimodalMinRatio"), get(p, "farRatio"), get(p, "asGoodRatio"));
    }

    /** The bimodality rule of a distribution: at least 6 values and this file's three bounds. */
    Modes.Rule bimodalRule() {
        return new Modes.Rule(6, bimodalMinFraction, bimodalMinAshmanD, bimodalMinRatio, 0);
    }

    /** A checked-in properties file of the report, read from the class path; it must be there. */
    static Properties properties(String resource) {
        Properties p = new Properties();
        try (InputStream in = ReportThresholds.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the class path");
            }
            p.load(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + resource, e);
        }
        return p;
    }

    private static double get(Properties p, String key) {
        String v = p.getProperty(key);
        if (v == null) {
            throw new IllegalStateException(RESOURCE + " lacks " + key);
        }
        return Double.parseDouble(v.trim());
    }

    /** One line per threshold, for the page's foot. */
    List<String> describe() {
        return List.of(
                "confidence = " + confidence + ": every \u00b1 and [low, high] on the page is a two-sided "
                        + Math.round(confidence * 100) + "% interval",
                "wideErrorFraction = " + wideErrorFraction + ": an error (interval half-width) larger than this fraction of its score is flagged",
                "bimodalMinFraction = " + bimodalMinFraction + ", bimodalMinAshmanD = " + bimodalMinAshmanD
                        + ", bimodalMinRatio = " + bimodalMinRatio + ": a sample is bimodal when it splits into two"
                        + " clusters of at least this fraction each, separated by Ashman's D above the bound, with"
                        + " means at least this factor apart",
                "farRatio = " + farRatio + ": 'far cheaper / far better' in a seed claim means the ratio's interval lies below it",
                "asGoodRatio = " + asGoodRatio + ": 'as good as' means the ratio's interval lies below it");
    }
}
