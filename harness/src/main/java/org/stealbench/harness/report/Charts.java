package org.stealbench.harness.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
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
 * The report's charts, drawn with XChart in one style and embedded as SVG data URIs (vector, sharp
 * at any zoom, the page still one file): line charts (threads or percentiles on a log axis),
 * dot-and-interval plots (geometric mean and its log-scale interval per contender), bars for exact
 * values, and strip plots of per-iteration samples; contenders on a labelled categorical x axis,
 * coloured by family ({@link #colour}), in distinct shades within a family ({@link #shades}).
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

    /**
     * One line of a line chart: {@code contender} (a registry id, or null) picks its colour;
     * {@code low} and {@code high} (both null for none) give each point's interval, drawn as a
     * vertical segment, so an interval computed on the log scale stays as asymmetric as it is.
     */
    record Line(String name, String contender, double[] x, double[] y, double[] low, double[] high, boolean dashed) {

        /** A line through points given as {x, y, low, high}, low and high NaN where a point has no interval. */
        static Line of(String name, String contender, List<double[]> points, boolean dashed) {
            return new Line(name, contender, coordinates(points, 0), coordinates(points, 1), coordinates(points, 2),
                    coordinates(points, 3), dashed);
        }

        /** A point at {@code x}: the geometric mean and its interval (NaN where it has none, all NaN for null). */
        static double[] point(double x, GeometricMean g) {
            boolean interval = g != null && g.hasInterval();
            return new double[] {x, g == null ? Double.NaN : g.value(), interval ? g.low() : Double.NaN,
                    interval ? g.high() : Double.NaN};
        }
    }

    /** Whether values (NaN and non-positive ignored) spread enough to need a log axis. */
    static boolean needsLog(List<Double> values) {
        double[] range = positiveRange(values.stream().mapToDouble(Double::doubleValue));
        return range[1] / range[0] > LOG_SPREAD;
    }

    /** Whether every point and its interval's low end are above zero, which a logarithmic y axis needs. */
    static boolean intervalsPositive(List<Line> lines) {
        return lines.stream().allMatch(l -> IntStream.range(0, l.y().length).allMatch(k -> Double.isNaN(l.y()[k])
                || (l.low() == null || Double.isNaN(l.low()[k]) ? l.y()[k] : l.low()[k]) > 0));
    }

    /**
     * A colour per contender: its family's colour ({@link #colour}) in distinct shades, darker to
     * lighter in the order given, so eleven contenders are told apart and families still read.
     */
    static Map<String, Color> shades(List<String> contenders) {
        Map<Contender.Family, List<String>> byFamily = contenders.stream().collect(Collectors.groupingBy(Contender::family,
                LinkedHashMap::new, Collectors.toList()));
        Map<String, Color> out = new LinkedHashMap<>();
        byFamily.forEach((family, members) -> {
            Color base = colour(family);
            for (int i = 0; i < members.size(); i++) {
                // -0.4 (darker) .. +0.35 (lighter, still readable on white); one member keeps the family colour
                double t = members.size() == 1 ? 0 : -0.4 + 0.75 * i / (members.size() - 1);
                out.put(members.get(i), shade(base, t));
            }
        });
        return out;
    }

    /** {@code c} darkened towards black ({@code t < 0}) or lightened towards white ({@code t > 0}) by |t|. */
    static Color shade(Color c, double t) {
        int[] rgb = {c.getRed(), c.getGreen(), c.getBlue()};
        for (int k = 0; k < 3; k++) {
            rgb[k] = (int) Math.round(t < 0 ? rgb[k] * (1 + t) : rgb[k] + (255 - rgb[k]) * t);
        }
        return new Color(rgb[0], rgb[1], rgb[2]);
    }

    /** A line chart, x on a log axis (threads, nines), y too if the spread asks and every interval is above 0. */
    static Html.Chart lines(String id, String title, String xTitle, String yTitle, List<Line> lines) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        style(chart.getStyler());
        double[] xRange = positiveRange(lines.stream().flatMapToDouble(l -> java.util.Arrays.stream(l.x())));
        logAxis(chart.getStyler(), true, xRange[0], xRange[1]);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        Map<String, Color> colours = shades(lines.stream().map(Charts::colourKey).toList());
        List<Double> all = new ArrayList<>();
        boolean intervals = false;
        int n = 0;
        for (Line line : lines) {
            Color c = colours.get(colourKey(line));
            XYSeries s = chart.addSeries(line.name(), line.x(), line.y());
            s.setMarker(SHAPES[n++ % SHAPES.length]);
            s.setLineColor(c);
            s.setMarkerColor(c);
            if (line.dashed()) {
                s.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f,
                        new float[] {6f, 4f}, 0f));
            }
            for (int k = 0; k < line.y().length; k++) {
                all.add(line.y()[k]);
                if (line.low() != null && line.low()[k] < line.high()[k]) {
                    all.add(line.low()[k]);
                    all.add(line.high()[k]);
                    segment(chart, line.name() + " interval " + k, new double[] {line.x()[k], line.x()[k]},
                            new double[] {line.low()[k], line.high()[k]}, c, 1.5f);
                    intervals = true;
                }
            }
        }
        boolean log = needsLog(all) && intervalsPositive(lines);
        if (log) {
            double[] yRange = positiveRange(all.stream().mapToDouble(Double::doubleValue));
            logAxis(chart.getStyler(), false, yRange[0], yRange[1]);
        }
        return encodeSvg(chart, id, title + (intervals ? ", with each point's interval" : "") + (log ? " (log y axis)" : ""),
                title + ": " + lines.size() + " lines (" + String.join(", ", lines.stream().map(Line::name).toList())
                        + "), x " + xTitle + " (log), y " + yTitle);
    }

    private static String colourKey(Line line) {
        return line.contender() == null ? line.name() : line.contender();
    }

    /**
     * Bars on a linear axis from zero, one per category, coloured by the family of the contender
     * id {@code contenders} gives it (one series per family, named in the legend); no intervals,
     * for exact values such as a footprint.
     */
    static Html.Chart bars(String id, String title, String yTitle, List<String> categories, List<String> contenders,
                           List<Double> values) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).yAxisTitle(yTitle)
                .build();
        style(chart.getStyler());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setOverlapped(true);
        chart.getStyler().setXAxisLabelRotation(categories.size() > 6 ? 30 : 0);
        chart.getStyler().setYAxisMin(0.0);
        Map<Contender.Family, List<Double>> byFamily = new LinkedHashMap<>();
        for (int k = 0; k < categories.size(); k++) {
            double v = values.get(k);
            byFamily.computeIfAbsent(Contender.family(contenders.get(k)), x -> new ArrayList<>(
                    java.util.Collections.nCopies(categories.size(), 0.0))).set(k, Double.isNaN(v) ? 0.0 : v);
        }
        byFamily.forEach((family, v) -> chart.addSeries(family.label(), categories, v).setFillColor(colour(family)));
        return encodeSvg(chart, id, title, title + ": bars for " + String.join(", ", categories));
    }

    /** Samples drawn per strip plot at most: beyond, each column shows evenly spaced quantiles of its samples. */
    static final int STRIP_MAX_POINTS = 1200;

    /**
     * A strip plot: each column label's samples as dots (jittered sideways so repeated values stay
     * visible), the median as a black bar, coloured by the label's contender in {@code contenders}.
     * More than {@link #STRIP_MAX_POINTS} samples are thinned to evenly spaced quantiles of each
     * column (the median still of all), and the title says so.
     */
    static Html.Chart strip(String id, String title, String yTitle, Map<String, List<Double>> samples,
                            Map<String, String> contenders) {
        List<String> names = new ArrayList<>(samples.keySet());
        XYChart chart = columnChart(title, yTitle, names.size(), 6);
        chart.getStyler().setLegendVisible(false);
        List<Double> all = new ArrayList<>();
        samples.values().forEach(all::addAll);
        int total = all.size();
        int perColumn = names.isEmpty() ? total : Math.max(20, STRIP_MAX_POINTS / names.size());
        boolean log = needsLog(all);
        double[] range = labelBand(chart, all, log);
        labelColumns(chart, names, range[0], range[1], log);
        Map<String, Color> colours = shades(names.stream().map(contenders::get).toList());
        int drawn = 0;
        for (int k = 0; k < names.size(); k++) {
            List<Double> ys = samples.get(names.get(k));
            if (ys.isEmpty()) {
                continue;
            }
            List<Double> shown = thin(ys, perColumn);
            drawn += shown.size();
            double[] x = new double[shown.size()];
            double[] y = new double[shown.size()];
            for (int j = 0; j < shown.size(); j++) {
                // Deterministic jitter in [-0.25, 0.25]: the same data always draws the same picture.
                x[j] = k + 0.5 * (((j * 0.618034) % 1.0) - 0.5);
                y[j] = shown.get(j);
            }
            XYSeries s = chart.addSeries(names.get(k), x, y);
            Color c = colours.get(contenders.get(names.get(k)));
            s.setMarker(SeriesMarkers.CIRCLE);
            s.setMarkerColor(new Color(c.getRed(), c.getGreen(), c.getBlue(), 170));
            double median = org.stealbench.harness.stats.Quantiles.of(ys, 0.5);
            segment(chart, names.get(k) + " median", new double[] {k - 0.3, k + 0.3}, new double[] {median, median},
                    Color.BLACK, 2.5f);
        }
        String thinned = drawn < total ? "; " + drawn + " of " + total + " samples drawn (evenly spaced quantiles of each "
                + "column; the median bar is of all)" : "";
        return encodeSvg(chart, id, title + (log ? " (log y axis)" : "") + thinned,
                title + ": per-iteration samples of " + String.join(", ", names) + thinned);
    }

    /** A scatter chart of {@code columns} columns: x from -0.6 to columns - 0.4, no x ticks or vertical grid. */
    private static XYChart columnChart(String title, String yTitle, int columns, int markerSize) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).yAxisTitle(yTitle).build();
        style(chart.getStyler());
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(markerSize);
        chart.getStyler().setXAxisMin(-0.6);
        chart.getStyler().setXAxisMax(columns - 0.4);
        chart.getStyler().setXAxisTicksVisible(false);
        chart.getStyler().setPlotGridVerticalLinesVisible(false);
        return chart;
    }

    /** At most {@code max} of the values: all when few enough, else evenly spaced quantiles of them, in sorted order. */
    static List<Double> thin(List<Double> values, int max) {
        if (values.size() <= max) {
            return values;
        }
        List<Double> sorted = values.stream().sorted().toList();
        return IntStream.range(0, max).mapToObj(i -> sorted.get((int) Math.round(i * (sorted.size() - 1) / (double) (max - 1))))
                .toList();
    }

    /**
     * Sets the y range so that a band at the top of the plot stays free for the column labels,
     * and returns it ({yMin, yMax}). A linear axis starts at the lowest value less a margin, never
     * below zero when no value is negative, so every tick it shows is one a value could take.
     */
    private static double[] labelBand(XYChart chart, List<Double> all, boolean log) {
        double yMin;
        double yMax;
        if (log) {
            double lo = all.stream().filter(v -> v > 0).mapToDouble(Double::doubleValue).min().orElse(1);
            double hi = all.stream().mapToDouble(Double::doubleValue).max().orElse(1);
            double span = Math.max(hi / lo, 4);
            yMin = lo / Math.pow(span, 0.05);
            yMax = hi * Math.pow(span, 0.2);
            logAxis(chart.getStyler(), false, yMin, yMax);
        } else {
            double lo = all.stream().mapToDouble(Double::doubleValue).min().orElse(0);
            double hi = all.stream().mapToDouble(Double::doubleValue).max().orElse(1);
            double range = hi > lo ? hi - lo : Math.max(Math.abs(hi), 1);
            yMin = lo >= 0 ? Math.max(0, lo - 0.05 * range) : lo - 0.05 * range;
            yMax = hi + 0.18 * range;
        }
        chart.getStyler().setYAxisMin(yMin);
        chart.getStyler().setYAxisMax(yMax);
        return new double[] {yMin, yMax};
    }

    /**
     * The column labels as annotations along the top of the plot (XChart's numeric x axis drops
     * labels as long as contender names), in two alternating rows when the columns are narrow.
     */
    private static void labelColumns(XYChart chart, List<String> names, double yMin, double yMax, boolean log) {
        chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        chart.getStyler().setAnnotationTextFontColor(new Color(0x1d232b));
        int longest = names.stream().mapToInt(String::length).max().orElse(0);
        double column = PLOT_WIDTH / Math.max(1, names.size());
        boolean stagger = longest * 7.0 > column - 6;
        for (int k = 0; k < names.size(); k++) {
            if (names.get(k).isEmpty()) {
                continue; // a column left unlabelled (XChart cannot draw an empty text)
            }
            double f = stagger && k % 2 == 1 ? 0.90 : 0.96;
            double y = log ? yMin * Math.pow(yMax / yMin, f) : yMin + (yMax - yMin) * f;
            chart.addAnnotation(new AnnotationText(names.get(k), k, y, false));
        }
    }

    /** The plot area's width, about, with the legend outside on the right. */
    private static final double PLOT_WIDTH = 640;

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
        // solid: the SVG writer draws each dash of a dashed stroke as a filled outline
        s.setPlotGridLinesStroke(new BasicStroke(1f));
        s.setAntiAlias(true);
    }

    /**
     * Makes an axis logarithmic, labelled at every tick (1-9 of a decade) when {@link
     * #labelEveryTick}, else at the decades. (XChart labels only the decades, one or none on a
     * narrow axis; a formatting function would turn its log axis linear.)
     */
    private static void logAxis(AxesChartStyler s, boolean xAxis, double min, double max) {
        boolean decadesOnly = !labelEveryTick(min, max);
        if (xAxis) {
            s.setXAxisLogarithmic(true);
            s.setXAxisLogarithmicDecadeOnly(decadesOnly);
        } else {
            s.setYAxisLogarithmic(true);
            s.setYAxisLogarithmicDecadeOnly(decadesOnly);
        }
    }

    /** Whether a log axis from {@code min} to {@code max} spans at most a decade or has under two powers of ten. */
    static boolean labelEveryTick(double min, double max) {
        if (!(min > 0) || max < min) {
            return false;
        }
        double eps = 1e-9;
        return Math.log10(max / min) <= 1 + eps
                || Math.floor(Math.log10(max) + eps) - Math.ceil(Math.log10(min) - eps) + 1 < 2;
    }

    /** The smallest and largest positive finite value among {@code values}, or {1, 1} when none. */
    private static double[] positiveRange(java.util.stream.DoubleStream values) {
        DoubleSummaryStatistics r = values.filter(v -> v > 0 && !Double.isInfinite(v)).summaryStatistics();
        return r.getCount() > 0 ? new double[] {r.getMin(), r.getMax()} : new double[] {1, 1};
    }

    /** Coordinates with more than one decimal: XChart draws text as outlines, so these make most of an SVG. */
    private static final java.util.regex.Pattern LONG_DECIMAL = java.util.regex.Pattern.compile("(-?\\d+)\\.(\\d)\\d+");

    /** The chart as an SVG data URI, coordinates rounded to a tenth of a pixel to keep the file small. */
    private static Html.Chart encodeSvg(Chart<?, ?> chart, String id, String title, String alt) {
        try {
            ByteArrayOutputStream svg = new ByteArrayOutputStream();
            VectorGraphicsEncoder.saveVectorGraphic(chart, svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            String text = LONG_DECIMAL.matcher(svg.toString(StandardCharsets.UTF_8)).replaceAll("$1.$2");
            // without the optional XML prolog and DTD, and with whitespace between elements and attributes shrunk
            text = text.substring(text.indexOf("<svg")).replaceAll(">\\s+<", "><").replaceAll("\\s+", " ");
            text = PATH_DATA.matcher(text).replaceAll(m -> "d=\"" + java.util.regex.Matcher.quoteReplacement(
                    compactPath(m.group(1))) + "\"");
            text = numberClips(text);
            return new Html.Chart(id, title, dataUri(text), alt, List.of());
        } catch (IOException e) {
            throw new UncheckedIOException("chart " + id + " could not be encoded", e);
        }
    }

    private static final java.util.regex.Pattern CLIP_ID = java.util.regex.Pattern.compile("clip-?\\d+");

    /**
     * The SVG with its clip path ids ({@code clip898666024}, from identity hash codes) numbered in
     * order of appearance ({@code clip1}), so the same data always gives the same page.
     */
    static String numberClips(String svg) {
        Map<String, String> ids = new LinkedHashMap<>();
        return CLIP_ID.matcher(svg).replaceAll(m -> ids.computeIfAbsent(m.group(), k -> "clip" + (ids.size() + 1)));
    }

    private static final java.util.regex.Pattern PATH_DATA = java.util.regex.Pattern.compile("d=\"([^\"]*)\"");

    /**
     * Path data written shorter with the same meaning: a command letter repeated from the one
     * before is implied (except M, whose repetition means L, and Z), and no separator is needed
     * before a minus sign or around a letter, and the separator left is a comma (a space would cost
     * three characters in the data URI). {@code M1,2 L3,-4 L5,6 Z} becomes {@code M1,2L3-4,5,6Z}.
     */
    static String compactPath(String d) {
        StringBuilder out = new StringBuilder(d.length());
        char last = 0;
        for (String token : d.split(" ")) {
            if (token.isEmpty()) {
                continue;
            }
            String body = token;
            char first = token.charAt(0);
            if (Character.isLetter(first)) {
                if (first == last && first != 'M' && first != 'Z' && token.length() > 1) {
                    body = token.substring(1);
                } else {
                    last = first;
                }
            }
            body = body.replace(",-", "-");
            char head = body.charAt(0);
            if (out.length() > 0 && head != '-' && !Character.isLetter(head)
                    && !Character.isLetter(out.charAt(out.length() - 1))) {
                out.append(',');
            }
            out.append(body);
        }
        return out.toString();
    }

    /**
     * An SVG text as a {@code data:image/svg+xml} URI, percent-encoding only what a URI or the
     * attribute cannot hold ({@code % # < > " ' &}, spaces, line breaks, non-ASCII) and {@code =}
     * (which the template would escape as a longer entity): smaller than base64.
     */
    static String dataUri(String svg) {
        StringBuilder b = new StringBuilder(svg.length() + 64).append("data:image/svg+xml,");
        for (byte x : svg.getBytes(StandardCharsets.UTF_8)) {
            int c = x & 0xff;
            if (c <= 0x20 || c >= 0x7f || "%#<>\"'&=".indexOf(c) >= 0) {
                b.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
            } else {
                b.append((char) c);
            }
        }
        return b.toString();
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

    private static final org.knowm.xchart.style.markers.Marker[] SHAPES = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE,
            SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS};

    /**
     * Colour-blind-safe colours (Okabe and Ito, 2008) without the yellow, too light on white: a
     * history page's contenders take them in turn, with a marker shape each.
     */
    private static final Color[] SERIES_COLOURS = {new Color(0x0072b2), new Color(0xd55e00), new Color(0x009e73),
            new Color(0xcc79a7), new Color(0x000000), new Color(0x56b4e9), new Color(0xe69f00)};

    record Mark(Color colour, org.knowm.xchart.style.markers.Marker shape) {
    }

    /**
     * The {@code index}-th mark of a page: colours and shapes cycle at lengths 7 and 6, so the
     * first 42 marks all differ, and neighbours differ in shape too (for black-and-white print).
     */
    static Mark mark(int index) {
        return new Mark(SERIES_COLOURS[index % SERIES_COLOURS.length], SHAPES[index % SHAPES.length]);
    }

    record ColumnLink(String href, String title) {
    }

    /**
     * A dot-and-interval plot on a log y axis: each contender a labelled column, for each setting a
     * dot at its geometric mean and a vertical line over its interval (side by side, one marker
     * shape per setting), coloured by family, or by the setting's {@code marks} entry when there
     * are marks. A link lies over each column whose {@code columnLinks} entry is not null.
     *
     * @param means means.get(setting).get(contender); null where not measured
     */
    static Html.Chart dots(String id, String title, String yTitle, List<String> contenders, List<String> settings,
                           List<List<GeometricMean>> means, List<Mark> marks, List<ColumnLink> columnLinks) {
        XYChart chart = columnChart(title, yTitle, contenders.size(), 9);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
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
        double[] range = labelBand(chart, all, true);
        labelColumns(chart, contenders.stream().map(Contender::label).toList(), range[0], range[1], true);
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
                    segment(chart, "interval " + si + " " + ci, new double[] {ci + offset, ci + offset},
                            new double[] {g.low(), g.high()}, marks == null ? colour(family) : marks.get(si).colour(), 2f);
                }
            }
            if (marks != null) {
                List<double[]> points = byFamily.values().stream().flatMap(List::stream).toList();
                if (!points.isEmpty()) {
                    XYSeries dot = chart.addSeries(settings.get(si), coordinates(points, 0), coordinates(points, 1));
                    dot.setMarker(marks.get(si).shape());
                    dot.setMarkerColor(marks.get(si).colour());
                }
                continue;
            }
            for (java.util.Map.Entry<Contender.Family, List<double[]>> e : byFamily.entrySet()) {
                String name = e.getKey().label() + (settings.size() > 1 ? ", " + settings.get(si) : "");
                XYSeries dot = chart.addSeries(name, coordinates(e.getValue(), 0), coordinates(e.getValue(), 1));
                dot.setMarker(SHAPES[si % SHAPES.length]);
                dot.setMarkerColor(colour(e.getKey()));
            }
        }
        Html.Chart svg = encodeSvg(chart, id, title + ": geometric mean and its interval (log y axis)",
                title + ": geometric mean with its interval for " + String.join(", ", contenders)
                        + (settings.size() > 1 ? " at " + String.join("; ", settings) : ""));
        return columnLinks.isEmpty() ? svg : new Html.Chart(svg.id(), svg.title(), svg.dataUri(), svg.alt(),
                columnAreas(chart, columnLinks, range[0], range[1]));
    }

    private static double[] coordinates(List<double[]> points, int axis) {
        return points.stream().mapToDouble(p -> p[axis]).toArray();
    }

    /** A solid line segment through the points, in colour {@code c}, {@code width} pixels wide, not in the legend. */
    private static void segment(XYChart chart, String name, double[] x, double[] y, Color c, float width) {
        XYSeries s = chart.addSeries(name, x, y);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineColor(c);
        s.setLineStyle(new BasicStroke(width));
        s.setShowInLegend(false);
    }

    /** The links over the columns of a painted plot, in percent of the image: column k spans k ± 0.5. */
    private static List<Html.Link> columnAreas(XYChart chart, List<ColumnLink> links, double yMin, double yMax) {
        double top = chart.getScreenYFromChart(yMax);
        double height = chart.getScreenYFromChart(yMin) - top;
        List<Html.Link> out = new ArrayList<>();
        for (int k = 0; k < links.size(); k++) {
            ColumnLink link = links.get(k);
            if (link == null) {
                continue;
            }
            double left = chart.getScreenXFromChart(Math.max(k - 0.5, -0.6));
            double right = chart.getScreenXFromChart(Math.min(k + 0.5, links.size() - 0.4));
            out.add(new Html.Link(link.href(), link.title(), percent(left, WIDTH), percent(top, HEIGHT),
                    percent(right - left, WIDTH), percent(height, HEIGHT)));
        }
        return out;
    }

    private static String percent(double pixels, int of) {
        return String.format(java.util.Locale.ROOT, "%.2f", 100 * pixels / of);
    }
}
