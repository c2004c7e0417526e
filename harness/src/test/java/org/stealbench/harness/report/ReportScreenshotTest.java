package org.stealbench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * Opens the fixture's page in headless Chromium, as {@code scripts/screenshot-report} does, and
 * checks the first screen is a real picture (not blank). Runs only where {@code /usr/bin/chromium}
 * exists: CI does not install a browser.
 */
@Tag("quick")
final class ReportScreenshotTest {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @TempDir
    Path dir;

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
