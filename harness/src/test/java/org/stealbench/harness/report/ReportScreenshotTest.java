package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's picture is of the fixture's page as this build renders it (the page's digest that
 * {@code scripts/screenshot-report} recorded beside the picture). Opens the fixture's page in
 * headless Chromium, as the script does, and checks the first screen is a real picture (not
 * blank): only where {@code /usr/bin/chromium} exists.
 */
@Tag("quick")
final class ReportScreenshotTest {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @TempDir
    Path dir;

    /** Surefire runs in harness/; the picture is in the repository's docs/. */
    static final Path PICTURE_DIGEST = Path.of("").toAbsolutePath().getParent().resolve("docs")
            .resolve("report-summary.page-sha256");

    @Test
    void readmePicture_isOfTheFixturesPageAsThisBuildRendersIt() throws Exception {
        String recorded = Files.readString(PICTURE_DIGEST).strip();
        Path run = ReportRenderTest.copyFixture(dir.resolve(ReportRenderTest.RUN));
        Path page = ReportCommand.render(List.of(run), "jdk-tpe", dir.resolve("page"));
        assertEquals(recorded, PageDigest.of(Files.readString(page)),
                "docs/report-summary.png shows another page than the fixture's: run scripts/screenshot-report "
                        + "docs/report-summary.png and commit the picture with its .page-sha256");
    }

    /** Two renderings of one run differ only in what the digest leaves out. */
    @Test
    void pageDigest_sameRunsTwice_same_otherPage_differs() throws Exception {
        Path run = ReportRenderTest.copyFixture(dir.resolve(ReportRenderTest.RUN));
        String first = Files.readString(ReportCommand.render(List.of(run), "jdk-tpe", dir.resolve("a")));
        String second = Files.readString(ReportCommand.render(List.of(run), "jdk-fjp", dir.resolve("b")));
        Path moved = ReportRenderTest.copyFixture(dir.resolve("elsewhere").resolve(ReportRenderTest.RUN));
        String again = Files.readString(ReportCommand.render(List.of(moved), "jdk-tpe", dir.resolve("c")));
        assertEquals(PageDigest.of(first), PageDigest.of(again));
        assertNotEquals(PageDigest.of(first), PageDigest.of(second));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void firstScreen_isANonTrivialPng() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "no " + CHROMIUM);
        Path run = ReportRenderTest.copyFixture(dir.resolve(ReportRenderTest.RUN));
        Path page = ReportCommand.render(List.of(run), "jdk-tpe", dir.resolve("page"));
        Path png = dir.resolve("first-screen.png");
        Process p = new ProcessBuilder(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars", "--user-data-dir=" + dir.resolve("profile"),
                "--screenshot=" + png, "--window-size=1280,900", page.toUri().toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("chromium.log").toFile()).start();
        assertTrue(p.waitFor(100, TimeUnit.SECONDS), "chromium did not finish");
        assertTrue(Files.size(png) > 20_000, "screenshot of " + Files.size(png) + " bytes");
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(1280, image.getWidth());
        assertEquals(900, image.getHeight());
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 7) {
            for (int x = 0; x < image.getWidth(); x += 7) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertTrue(colours.size() > 20, "a blank page has few colours, this one " + colours.size());
    }
}
