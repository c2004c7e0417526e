package org.stealbench.harness.gate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes a file whole or not at all: into a temporary file beside it, then a rename over it. */
final class AtomicFiles {

    private AtomicFiles() {
    }

    /**
     * Writes {@code content} to {@code target}, creating its folder if needed.
     *
     * @throws GateException naming the file if it cannot be written
     */
    static void write(Path target, String content) throws GateException {
        Path absolute = target.toAbsolutePath();
        Path temp = null;
        try {
            Files.createDirectories(absolute.getParent());
            temp = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName(), ".tmp");
            Files.writeString(temp, content, StandardCharsets.UTF_8);
            try {
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new GateException(target + ": cannot be written (" + e + ")", e);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // the rename consumed it, or the folder is gone: nothing is left to clean
                }
            }
        }
    }
}
