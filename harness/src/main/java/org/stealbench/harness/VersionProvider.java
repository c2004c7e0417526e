package org.stealbench.harness;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * What {@code -V}/{@code --version} prints for every command: the project version and the git
 * commit the build was made from, both captured at build time (harness/pom.xml: Maven filters
 * {@code stealbench/version.properties}, and in a git checkout runs {@code git describe} into
 * {@code stealbench/git-sha}), then the Java running the command.
 */
public final class VersionProvider implements IVersionProvider {

    static final String VERSION_RESOURCE = "/stealbench/version.properties";
    public static final String SHA_RESOURCE = "/stealbench/git-sha";

    @Override
    public String[] getVersion() {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream(VERSION_RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // unreadable: printed as unknown, like a missing resource
        }
        return new String[] {describe(p.getProperty("version"), read(SHA_RESOURCE)), "Java "
                + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ", "
                + System.getProperty("java.vendor") + ")"};
    }

    /**
     * "stealbench VERSION (git SHA)", or with "uncommitted changes" when {@code describe} (the output
     * of {@code git describe --always --dirty}) ends in "-dirty"; "unknown" for what the build could not capture.
     */
    static String describe(String version, String describe) {
        BuildCommit commit = BuildCommit.parse(known(describe));
        return "stealbench " + known(version) + " (git " + commit.sha()
                + (commit.dirty() ? ", uncommitted changes" : "") + ")";
    }

    /** A build's commit: the sha as {@code git describe} abbreviated it, and whether its tree had changes. */
    public record BuildCommit(String sha, boolean dirty) {

        /** What {@code git describe --dirty} appends for a tree with uncommitted changes. */
        private static final String DIRTY = "-dirty";

        /** {@code git describe --always --dirty} output split in two; null for null. */
        public static BuildCommit parse(String describe) {
            if (describe == null) {
                return null;
            }
            boolean dirty = describe.endsWith(DIRTY);
            return new BuildCommit(dirty ? describe.substring(0, describe.length() - DIRTY.length()) : describe, dirty);
        }
    }

    /** What {@code git describe --always --dirty} printed when this build was made, or null if it was not captured. */
    public static String buildDescribe() {
        String sha = known(read(SHA_RESOURCE));
        return sha.equals("unknown") ? null : sha;
    }

    private static String read(String resource) {
        try (InputStream in = VersionProvider.class.getResourceAsStream(resource)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    /** A value the build filled in, or "unknown" (missing, blank, or an unfilled ${...} placeholder). */
    public static String known(String value) {
        if (value == null || value.isBlank() || value.strip().startsWith("${")) {
            return "unknown";
        }
        return value.strip().lines().findFirst().orElse("unknown");
    }
}
