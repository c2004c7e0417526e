package org.stealbench.harness.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.stealbench.harness.stats.GeometricMean;

/**
 * The report's charts, drawn with XChart in one style and embedded as SVG data URIs: line charts
 * (threads on a log axis), dot-and-interval plots (geometric mean and its log-scale interval per
 * contender, coloured by family), grouped bars, and strip plots of per-iteration samples.
 * A y axis turns logarithmic when the values span more than {@link #LOG_SPREAD} times.
 */
final class Charts {

    /** Largest over smallest positive value above which a y axis is drawn logarithmic. */
    static final double LOG_SPREAD = 20;

    private static final int WIDTH = 900;
    private static final int HEIGHT = 420;
    private static final Color[] PALETTE = {
            new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
            new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf),
            new Color(0xbcbd22), new Color(0x7f7f7f), new Color(0x393b79), new Color(0xad494a)};

    private Charts() {
    }

    /** One line of a line chart; {@code errors} may be null. */
    record Line(String name, double[] x, double[] y, double[] errors, boolean dashed) {
    }

    /** One series of a grouped bar chart: a value and an error per category (NaN: no bar). */
    record Bars(String name, List<Double> values, List<Double> errors) {
    }

    /** Whether values (NaN and non-positive ignored) spread enough to need a log axis. */
    static boolean needsLog(List<Double> values) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (double v : values) {
            if (v > 0 && !Double.isInfinite(v)) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        return max > 0 && max / min > LOG_SPREAD;
    }

    /**
     * Whether every point's error bar stays above zero, which a logarithmic y axis needs (a
     * symmetric interval on a small, noisy value can reach below it).
     */
    static boolean errorBarsPositive(List<Line> lines) {
        for (Line line : lines) {
            for (int k = 0; k < line.y().length; k++) {
                double low = line.y()[k] - (line.errors() == null ? 0 : line.errors()[k]);
                if (!Double.isNaN(line.y()[k]) && !(low > 0)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** A line chart, x on a log axis (thread counts), y logarithmic if the spread asks for it and the error bars allow it. */
    static Html.Chart lines(String id, String title, String xTitle, String yTitle, List<Line> lines) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        style(chart.getStyler());
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        List<Double> all = new ArrayList<>();
        int i = 0;
        for (Line line : lines) {
            XYSeries s = line.errors() == null ? chart.addSeries(line.name(), line.x(), line.y())
                    : chart.addSeries(line.name(), line.x(), line.y(), line.errors());
            s.setMarker(SeriesMarkers.CIRCLE);
            Color c = PALETTE[i++ % PALETTE.length];
            s.setLineColor(c);
            s.setMarkerColor(c);
            if (line.dashed()) {
                s.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f,
                        new float[] {6f, 4f}, 0f));
            }
            for (double v : line.y()) {
                all.add(v);
            }
        }
        boolean log = needsLog(all) && errorBarsPositive(lines);
        chart.getStyler().setYAxisLogarithmic(log);
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        return encode(chart, id, title + (log ? " (log y axis)" : ""),
                title + ": " + lines.size() + " lines, x " + xTitle + " (log), y " + yTitle);
    }

    /** Grouped bars with error bars; the y axis is logarithmic when the spread asks for it. */
    static Html.Chart bars(String id, String title, String yTitle, List<String> categories, List<Bars> series) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).yAxisTitle(yTitle)
                .build();
        style(chart.getStyler());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setLegendVisible(series.size() > 1);
        chart.getStyler().setOverlapped(false);
        chart.getStyler().setXAxisLabelRotation(categories.size() > 6 ? 30 : 0);
        chart.getStyler().setErrorBarsColor(Color.DARK_GRAY);
        List<Double> all = new ArrayList<>();
        series.forEach(s -> all.addAll(s.values()));
        boolean log = needsLog(all);
        chart.getStyler().setYAxisLogarithmic(log);
        int i = 0;
        double floor = Double.POSITIVE_INFINITY;
        for (Bars s : series) {
            List<Double> v = new ArrayList<>();
            List<Double> e = new ArrayList<>();
            for (int k = 0; k < categories.size(); k++) {
                double value = s.values().get(k);
                double error = s.errors().get(k);
                // No value: a bar of zero height (on a log axis, one below the axis, so not drawn).
                v.add(Double.isNaN(value) ? (log ? Double.MIN_NORMAL : 0) : value);
                // XChart draws error bars wrongly on a log axis: there the table carries the intervals.
                e.add(log || Double.isNaN(error) ? 0 : error);
                if (value > 0) {
                    floor = Math.min(floor, value);
                }
            }
            CategorySeries cs = chart.addSeries(s.name(), categories, v, e);
            cs.setFillColor(PALETTE[i++ % PALETTE.length]);
        }
        if (log && floor < Double.POSITIVE_INFINITY) {
            // bars start at the axis minimum, which a log axis needs positive: the decade below the smallest bar
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(floor))));
        } else {
            chart.getStyler().setYAxisMin(0.0);
        }
        boolean errors = series.stream().anyMatch(x -> x.errors().stream().anyMatch(e -> e > 0));
        return encode(chart, id, title + (log ? " (log y axis; the intervals are in the table)"
                : errors ? ", with interval error bars" : ""), title + ": bars for " + String.join(", ", categories));
    }

    /**
     * A strip plot: every per-iteration sample of each contender as a dot in its column (jittered
     * sideways so repeated values stay visible), the median as a black bar.
     */
    static Html.Chart strip(String id, String title, String yTitle, Map<String, List<Double>> samples) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("contenders, left to right as in the legend")
                .yAxisTitle(yTitle).build();
        style(chart.getStyler());
        // Contenders are named in the legend, in column order: XChart has no category axis for XY data.
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(6);
        chart.getStyler().setXAxisTicksVisible(false);
        List<String> names = new ArrayList<>(samples.keySet());
        chart.getStyler().setXAxisMin(-0.6);
        chart.getStyler().setXAxisMax(names.size() - 0.4);
        List<Double> all = new ArrayList<>();
        samples.values().forEach(all::addAll);
        chart.getStyler().setYAxisLogarithmic(needsLog(all));
        for (int k = 0; k < names.size(); k++) {
            List<Double> ys = samples.get(names.get(k));
            if (ys.isEmpty()) {
                continue;
            }
            double[] x = new double[ys.size()];
            double[] y = new double[ys.size()];
            for (int j = 0; j < ys.size(); j++) {
                // Deterministic jitter in [-0.25, 0.25]: the same data always draws the same picture.
                x[j] = k + 0.5 * (((j * 0.618034) % 1.0) - 0.5);
                y[j] = ys.get(j);
            }
            XYSeries s = chart.addSeries(names.get(k), x, y);
            Color c = PALETTE[k % PALETTE.length];
            s.setMarker(SeriesMarkers.CIRCLE);
            s.setMarkerColor(new Color(c.getRed(), c.getGreen(), c.getBlue(), 170));
            double median = ReportStats.quantile(ys, 0.5);
            XYSeries m = chart.addSeries(names.get(k) + " median", new double[] {k - 0.3, k + 0.3},
                    new double[] {median, median});
            m.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            m.setMarker(SeriesMarkers.NONE);
            m.setLineColor(Color.BLACK);
            m.setLineStyle(new BasicStroke(2.5f));
            m.setShowInLegend(false);
        }
        return encode(chart, id, title + " (left to right: " + String.join(", ", names) + ")",
                title + ": per-iteration samples of " + String.join(", ", names));
    }

    private static void style(AxesChartStyler s) {
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotGridLinesColor(new Color(0xe3e7eb));
        s.setPlotBorderVisible(false);
        s.setLegendBorderColor(Color.WHITE);
        s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        s.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        s.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        s.setSeriesColors(PALETTE);
        s.setAntiAlias(true);
    }

    /** Coordinates with more than one decimal: XChart draws text as outlines, so these make most of an SVG. */
    private static final java.util.regex.Pattern LONG_DECIMAL = java.util.regex.Pattern.compile("(-?\\d+)\\.(\\d)\\d+");

    /**
     * The chart as SVG, sharp at any zoom, embedded as a data URI so the page stays one file;
     * coordinates are rounded to a tenth of a pixel, which keeps the file small and the picture.
     */
    private static Html.Chart encodeSvg(Chart<?, ?> chart, String id, String title, String alt) {
        try {
            ByteArrayOutputStream svg = new ByteArrayOutputStream();
            VectorGraphicsEncoder.saveVectorGraphic(chart, svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            String text = LONG_DECIMAL.matcher(svg.toString(java.nio.charset.StandardCharsets.UTF_8)).replaceAll("$1.$2");
            return new Html.Chart(id, title, "data:image/svg+xml;base64," + Base64.getEncoder()
                    .encodeToString(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)), alt);
        } catch (IOException e) {
            throw new UncheckedIOException("chart " + id + " could not be encoded", e);
        }
    }

    /** The chart as a PNG data URI (the many plots folded in details, where SVG's size would weigh the page). */
    private static Html.Chart encode(Chart<?, ?> chart, String id, String title, String alt) {
        try {
            byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
            return new Html.Chart(id, title, "data:image/png;base64," + Base64.getEncoder().encodeToString(png), alt);
        } catch (IOException e) {
            throw new UncheckedIOException("chart " + id + " could not be encoded", e);
        }
    }

    /** The colour of a contender family: warm for lock-based, blue-green for ours lock-free, grey-violet for the JDK. */
    static Color colour(Contender.Family family) {
        return switch (family) {
            case LOCK_POOL, LOCK_QUEUE -> new Color(0xd55e00);
            case WORK_STEALING_POOL, LOCK_FREE_QUEUE -> new Color(0x0072b2);
            case JDK_POOL, JDK -> new Color(0x6a3d9a);
            case OTHER -> new Color(0x4d4d4d);
        };
    }

    /** Marker shapes, one per setting of a dot-and-interval chart. */
    private static final org.knowm.xchart.style.markers.Marker[] SHAPES = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE,
            SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS};

    /**
     * A dot-and-interval plot: each contender a labelled column, for each setting a dot at its
     * geometric mean and a vertical line over its interval (side by side, one marker shape per
     * setting); colour says the contender's family. y is logarithmic, the scale of the intervals.
     *
     * @param means means.get(setting).get(contender); null where not measured
     */
    static Html.Chart dots(String id, String title, String yTitle, List<String> contenders, List<String> settings,
                           List<List<GeometricMean>> means) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).yAxisTitle(yTitle).build();
        style(chart.getStyler());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(9);
        chart.getStyler().setXAxisMin(-0.6);
        chart.getStyler().setXAxisMax(contenders.size() - 0.4);
        // XChart's numeric x axis drops labels as long as contender names, so the names are annotations
        // along the foot of the plot, in a band kept free below the lowest interval.
        chart.getStyler().setXAxisTicksVisible(false);
        chart.getStyler().setPlotGridVerticalLinesVisible(false);
        List<Double> all = new ArrayList<>();
        means.forEach(row -> row.forEach(g -> {
            if (g != null) {
                all.add(g.value());
                if (g.hasInterval()) {
                    all.add(g.low());
                    all.add(g.high());
                }
            }
        }));
        // always logarithmic: the intervals are symmetric on the log scale, and ratios read as distances
        double lo = all.stream().filter(v -> v > 0).mapToDouble(Double::doubleValue).min().orElse(1);
        double hi = all.stream().mapToDouble(Double::doubleValue).max().orElse(1);
        chart.getStyler().setYAxisLogarithmic(true);
        double span = Math.max(hi / lo, 4);
        double yMin = lo / Math.pow(span, 0.2);
        double yMax = hi * Math.pow(span, 0.05);
        chart.getStyler().setYAxisMin(yMin);
        chart.getStyler().setYAxisMax(yMax);
        chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        chart.getStyler().setAnnotationTextFontColor(new Color(0x1d232b));
        double labelY = yMin * Math.pow(yMax / yMin, 0.04);
        for (int k = 0; k < contenders.size(); k++) {
            String c = contenders.get(k);
            chart.addAnnotation(new AnnotationText(Correctness.flaw(c) != null ? c + " (broken)" : c, k, labelY, false));
        }
        double width = settings.size() == 1 ? 0 : 0.5 / (settings.size() - 1);
        for (int si = 0; si < settings.size(); si++) {
            double offset = settings.size() == 1 ? 0 : -0.25 + si * width;
            java.util.Map<Contender.Family, List<double[]>> byFamily = new java.util.LinkedHashMap<>();
            for (int ci = 0; ci < contenders.size(); ci++) {
                GeometricMean g = means.get(si).get(ci);
                if (g == null) {
                    continue;
                }
                Contender.Family family = Contender.family(contenders.get(ci));
                byFamily.computeIfAbsent(family, f -> new ArrayList<>()).add(new double[] {ci + offset, g.value()});
                if (g.hasInterval() && g.low() < g.high()) {
                    XYSeries line = chart.addSeries("interval " + si + " " + ci, new double[] {ci + offset, ci + offset},
                            new double[] {g.low(), g.high()});
                    line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                    line.setMarker(SeriesMarkers.NONE);
                    line.setLineColor(colour(family));
                    line.setLineStyle(new BasicStroke(2f));
                    line.setShowInLegend(false);
                }
            }
            for (java.util.Map.Entry<Contender.Family, List<double[]>> e : byFamily.entrySet()) {
                double[] x = e.getValue().stream().mapToDouble(p -> p[0]).toArray();
                double[] y = e.getValue().stream().mapToDouble(p -> p[1]).toArray();
                String name = e.getKey().label() + (settings.size() > 1 ? ", " + settings.get(si) : "");
                XYSeries dot = chart.addSeries(name, x, y);
                dot.setMarker(SHAPES[si % SHAPES.length]);
                dot.setMarkerColor(colour(e.getKey()));
            }
        }
        return encodeSvg(chart, id, title + ": geometric mean and its interval (log y axis)",
                title + ": geometric mean with its interval for " + String.join(", ", contenders)
                        + (settings.size() > 1 ? " at " + String.join("; ", settings) : ""));
    }
}
