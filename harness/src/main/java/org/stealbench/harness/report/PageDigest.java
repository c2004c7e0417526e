package org.stealbench.harness.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * A report page's SHA-256 without what differs between two renderings of the same runs (the
 * "Generated" line's time, the runs' folder paths) and without the charts' data (their SVG's
 * attribute order is the XML serializer's on the class path; the first screen shows no chart),
 * so a screenshot can name the page it shows:
 * {@code scripts/screenshot-report} records it beside the picture, a unit test compares it with
 * the fixture's page. {@code java -cp benchmarks.jar org.stealbench.harness.report.PageDigest PAGE}
 * prints it.
 */
public final class PageDigest {

    private static final Pattern GENERATED = Pattern.compile("<p class=\"generated\">[^<]*</p>");
    private static final Pattern FOLDER = Pattern.compile("<tr><td>folder</td>.*?</tr>");
    private static final Pattern CHART_DATA = Pattern.compile("src=\"data:[^\"]*\"");

    private PageDigest() {
    }

    /** The page's digest, lower-case hex. */
    static String of(String html) {
        String stable = GENERATED.matcher(html).replaceAll("");
        stable = FOLDER.matcher(stable).replaceAll("");
        stable = CHART_DATA.matcher(stable).replaceAll("src=\"\"");
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(stable.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JDK", e);
        }
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("PageDigest: give one report page (index.html)");
            System.exit(2);
        }
        try {
            System.out.println(of(Files.readString(Path.of(args[0]))));
        } catch (IOException e) {
            System.err.println("PageDigest: cannot read " + args[0] + ": " + e.getMessage());
            System.exit(2);
        }
    }
}
