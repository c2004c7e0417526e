package org.stealbench.harness;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;

/**
 * What every command of the harness shares (bench, report, history, gate-ab, gate-calibrate): its
 * picocli setup, and where the repository is ({@link #root}). The command writes to the caller's
 * streams, help and version go to standard output, and bad usage is one line on standard error,
 * {@code <name>: <picocli's message> (<hint>)}, with exit code 2, {@code <name>} being the
 * command's {@code @Command} name. What the command itself throws is picocli's to report (a stack
 * trace, exit code 1) unless it is bad input of the type given, which is one line
 * {@code <name>: <message>} and exit code 2.
 */
public abstract class HarnessCommand implements Callable<Integer> {

    /** The repository, where the default paths are (the scripts set it); the working directory when unset. */
    public static final String ROOT_PROPERTY = "stealbench.root";

    /** The command's standard output and error, the caller's once {@link #commandLine} has set them. */
    protected PrintStream stdout = System.out;
    protected PrintStream stderr = System.err;

    public static Path root() {
        return Path.of(System.getProperty(ROOT_PROPERTY, ".")).toAbsolutePath().normalize();
    }

    /** The command line of {@code command} on these streams; bad usage as above, with {@code usageHint}. */
    protected static CommandLine commandLine(HarnessCommand command, PrintStream out, PrintStream err,
                                            String usageHint) {
        command.stdout = out;
        command.stderr = err;
        CommandLine cli = new CommandLine(command);
        String name = cli.getCommandName();
        return cli.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8))
                .setErr(new PrintWriter(err, true, StandardCharsets.UTF_8))
                .setParameterExceptionHandler((e, args) -> {
                    err.println(name + ": " + e.getMessage() + " (" + usageHint + ")");
                    return 2;
                });
    }

    /**
     * The same, where an exception of type {@code badInput} thrown by the command (or a subcommand)
     * is bad input: one line, the command's name and the exception's message (its name when it has
     * none), exit code 2.
     */
    protected static CommandLine commandLine(HarnessCommand command, PrintStream out, PrintStream err,
                                            String usageHint, Class<? extends Exception> badInput) {
        CommandLine cli = commandLine(command, out, err, usageHint);
        String name = cli.getCommandName();
        return cli.setExecutionExceptionHandler((e, subcommand, parsed) -> {
            if (!badInput.isInstance(e)) {
                throw e;
            }
            err.println(name + ": " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            return 2;
        });
    }
}
