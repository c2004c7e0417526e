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
    static final String SHA_RESOURCE = "/stealbench/git-sha";

    @Override
    public String[] getVersion() {
        Properties p = new Properties();
        String version = null;
        try (InputStream in = VersionProvider.class.getResourceAsStream(VERSION_RESOURCE)) {
            if (in != null) {
                p.load(in);
                version = p.getProperty("version");
            }
        } catch (IOException e) {
            // unreadable: printed as unknown, like a missing resource
        }
        return new String[] {describe(version, read(SHA_RESOURCE)), "Java " + System.getProperty("java.version")
                + " (" + System.getProperty("java.vm.name") + ", " + System.getProperty("java.vendor") + ")"};
    }

    /**
     * "stealbench VERSION (git SHA)", or with "uncommitted changes" when the build's tree was
     * dirty; "unknown" for what the build could not capture.
     *
     * @param describe {@code git describe --always --dirty} output: a sha, with "-dirty" appended
     */
    static String describe(String version, String describe) {
        String v = known(version);
        String sha = known(describe);
        boolean dirty = sha.endsWith("-dirty");
        if (dirty) {
            sha = sha.substring(0, sha.length() - "-dirty".length());
        }
        return "stealbench " + v + " (git " + sha + (dirty ? ", uncommitted changes" : "") + ")";
    }

    /**
     * What {@code git describe --always --dirty} printed when this build was made (a sha, with
     * "-dirty" appended for a tree with uncommitted changes), or null when the build could not
     * capture it.
     */
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
    private static String known(String value) {
        if (value == null || value.isBlank() || value.strip().startsWith("${")) {
            return "unknown";
        }
        return value.strip().lines().findFirst().orElse("unknown");
    }
}
