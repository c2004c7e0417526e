package org.stealbench.harness.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.CopyOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes a result file whole or not at all: into a temporary file beside it, then a rename over
 * it, so a reader never sees half a file. The file ends readable by everyone ({@code 0644}), not
 * with the temporary file's owner-only mode. The suite's one write-then-rename helper, for files
 * and ({@link #rename}) folders.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /** Writes {@code content} (UTF-8) to {@code target}, creating its folder if needed. */
    public static void write(Path target, String content) throws IOException {
        write(target, content.getBytes(StandardCharsets.UTF_8));
    }

    public static void write(Path target, byte[] content) throws IOException {
        Path absolute = target.toAbsolutePath();
        Files.createDirectories(absolute.getParent());
        Path temp = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName(), ".tmp");
        try {
            Files.write(temp, content);
            rename(temp, absolute, "rw-r--r--", StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * Renames {@code temp}, a file or folder written beside {@code target}, to {@code target}, atomically
     * where the file system can, after giving it {@code permissions} (e.g. {@code rwxr-xr-x}) where it
     * has POSIX permissions.
     */
    public static void rename(Path temp, Path target, String permissions, CopyOption... fallback)
            throws IOException {
        try {
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString(permissions));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: its default permissions stand
        }
        try {
            // with ATOMIC_MOVE, Files.move ignores every other option
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, fallback);
        }
    }
}
