package org.stealbench.harness.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import org.stealbench.harness.stats.RatioEstimate;

/** Number formatting for the page: three significant digits (whole numbers from 1,000), thousands grouped, no exponent. */
public final class NumberText {

    private NumberText() {
    }

    /** E.g. 1234.5 -> {@code 1,234}, 53.62 -> {@code 53.6}, 0.27388 -> {@code 0.274}; NaN -> an en dash. */
    public static String num(double x) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return "\u2013";
        }
        if (x == 0) {
            return "0";
        }
        BigDecimal rounded = Math.abs(x) >= 1000 ? new BigDecimal(x).setScale(0, RoundingMode.HALF_EVEN)
                : new BigDecimal(x).round(new MathContext(3, RoundingMode.HALF_EVEN));
        int scale = Math.max(0, rounded.scale());
        DecimalFormat f = new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));
        f.setMinimumFractionDigits(scale);
        f.setMaximumFractionDigits(scale);
        return f.format(rounded);
    }

    /** A mean with its interval half-width: {@code 53.6 ± 8.69}; the half-width left out when NaN. */
    static String withError(double mean, double halfWidth) {
        return Double.isNaN(halfWidth) ? num(mean) : num(mean) + " \u00b1 " + num(halfWidth);
    }

    /** A ratio with its interval: {@code 0.274x [0.25, 0.30]}; the ratio alone where it has no interval. */
    static String ratio(RatioEstimate r) {
        return r.low() == r.high() || Double.isNaN(r.low()) ? num(r.ratio()) + "x"
                : num(r.ratio()) + "x [" + num(r.low()) + ", " + num(r.high()) + "]";
    }

    /** A byte count in binary units: {@code 512 B}, {@code 1.5 KiB}, {@code 23.5 GiB}. */
    static String bytes(double b) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int i = 0;
        while (Math.abs(b) >= 1024 && i < units.length - 1) {
            b /= 1024;
            i++;
        }
        return num(b) + " " + units[i];
    }

    /** {@code 1000000} as {@code 1,000,000}; other text unchanged. */
    static String grouped(String number) {
        try {
            return String.format(Locale.ROOT, "%,d", Long.parseLong(number));
        } catch (NumberFormatException e) {
            return number;
        }
    }
}
