package org.stealbench.harness.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * What a {@link BenchRequest} runs, planned before anything runs: each experiment's JMH options
 * (the user's, then the profile's where the user gave none), one round's forks of a shape, the
 * thread ladders, and the plan {@code scripts/bench}
 * prints. {@link BenchRun} runs what is planned here; {@code --dry-run} only prints it.
 */
final class BenchPlan {

    private BenchPlan() {
    }

    /**
     * Prints the plan: experiments, parameter sets, contenders, thread ladders, options and the
     * estimate, every round run and, where shapes may stop early ({@link RoundPlan}), the least.
     */
    static void print(BenchRequest request, String cpus, PrintStream stdout) {
        boolean sequential = request.sequentialRounds();
        int jvms = request.javas().size();
        stdout.printf(Locale.ROOT, "stealbench: profile %s, %d experiment(s), %d core(s)%s, %s, %d JVM(s), estimated %s%s%n",
                request.profile().name(), request.settings().size(), Runtime.getRuntime().availableProcessors(),
                cpus == null ? "" : " (pinned to " + cpus + ")",
                "interleaved rounds", jvms, Progress.format(Profile.estimateSeconds(request.settings()) * jvms),
                least(sequential, Profile.estimateSeconds(request.settings()) * jvms,
                        Profile.leastSeconds(request.settings()) * jvms));
        stdout.println("  JVMs: " + request.jvmNote());
        request.settings().forEach((e, s) -> {
            List<Shapes.Shape> shapes = Shapes.of(e, s.params());
            stdout.printf(Locale.ROOT, "  %-18s %3d parameter set(s) in %d shape(s) x %d %s: ~%s%s%n", e.id(),
                    Shapes.parameterSets(shapes), shapes.size(), s.forks(), "round(s)",
                    Progress.format(Profile.estimateSeconds(e, s)),
                    least(sequential, Profile.estimateSeconds(e, s), Profile.leastSeconds(e, s)));
            List<String> contenders = s.params().getOrDefault(e.contender(), List.of());
            List<String> registry = e.registryContenders();
            stdout.printf(Locale.ROOT, "  %-18s %s from the registry: %s of %d: %s%n", "", e.contender(),
                    contenders.equals(registry) ? "all" : Integer.toString(contenders.size()), registry.size(),
                    String.join(", ", contenders));
            List<String> ladder = threadLadders(request).get(e.id());
            if (ladder != null) {
                stdout.printf(Locale.ROOT, "  %-18s threads: %s%n", "", String.join(", ", ladder));
            }
            stdout.printf(Locale.ROOT, "  %-18s JMH options: %s%n", "", String.join(" ", jmhOptions(e, s, request)));
        });
        stdout.println("  JVM arguments of every fork: " + String.join(" ", request.jvmArgs()));
    }

    /** ", at least X if every shape's answer is decided at its first look", when that is less. */
    private static String least(boolean sequential, double all, double least) {
        return sequential && least < all ? ", at least " + Progress.format(least) + " if every shape's answer is decided "
                + "after " + RoundPlan.FIRST_LOOK + " rounds" : "";
    }

    /**
     * What an interleaved run of the request would start: by experiment id, the command line of
     * each fork of one round on the first JVM, shape by shape, as {@link ForkRunner} would run it
     * (its {@code -p} values included). The planning the run itself goes through: {@link Shapes},
     * {@link #jmhOptions}, {@link #roundForks}.
     */
    static Map<String, List<List<String>>> forkCommands(BenchRequest request) {
        Path java = request.javas().get(0);
        Map<String, List<List<String>>> plan = new LinkedHashMap<>();
        request.settings().forEach((experiment, settings) -> {
            List<List<String>> forks = new ArrayList<>();
            List<String> options = jmhOptions(experiment, settings, request);
            for (Shapes.Shape shape : Shapes.of(experiment, settings.params())) {
                for (ForkSpec spec : roundForks(shape, java, benchmarksJar(), options, request)) {
                    forks.add(ForkRunner.command(spec, Path.of(spec.fileStem() + ".json")));
                }
            }
            plan.put(experiment.id(), forks);
        });
        return plan;
    }

    /** JMH options every fork of the experiment gets: the user's, then the profile's where the user gave none. */
    static List<String> jmhOptions(Experiment experiment, Settings settings, BenchRequest request) {
        CommandLineOptions jmh = request.jmh();
        List<String> options = new ArrayList<>(request.forkJmhOptions());
        // the profile's warm-up is measured too: the steady-state rule decides what of it to discard
        if (!jmh.getWarmupIterations().hasValue()) {
            options.addAll(List.of("-wi", "0"));
        }
        if (!jmh.getMeasurementIterations().hasValue()) {
            options.addAll(List.of("-i", Integer.toString(settings.iterationsToJudge(experiment.singleShot()))));
        }
        if (!experiment.singleShot()) {
            if (!jmh.getWarmupTime().hasValue()) {
                options.addAll(List.of("-w", Math.round(settings.warmupSeconds() * 1000) + "ms"));
            }
            if (!jmh.getMeasurementTime().hasValue()) {
                options.addAll(List.of("-r", Math.round(settings.measurementSeconds() * 1000) + "ms"));
            }
        }
        if (settings.gcProfiler() && jmh.getProfilers().stream().noneMatch(p -> p.getKlass().equals("gc") || p.getKlass().equals(GCProfiler.class.getName()))) {
            options.addAll(List.of("-prof", "gc"));
        }
        if (!jmh.getTimeout().hasValue()) {
            options.addAll(List.of("-to", "10m"));
        }
        return options;
    }

    /** One round's forks of a shape, one per contender, in the shape's (registry) order. */
    static List<ForkSpec> roundForks(Shapes.Shape shape, Path java, Path jar, List<String> options,
                                     BenchRequest request) {
        List<ForkSpec> specs = new ArrayList<>();
        for (Map<String, String> params : shape.parameters()) {
            ForkSpec spec = new ForkSpec("", java, jar, shape.benchmark(), params, options, request.jvmArgs());
            specs.add(spec.withLabel(spec.fileStem()));
        }
        return specs;
    }

    /**
     * The thread counts each experiment with {@code threads} runs at, by experiment id: the
     * ladder planned for the cores ({@link ThreadLadder}) or the user's {@code --threads} or
     * {@code -p threads}; recorded in env.json beside the cores.
     */
    static Map<String, List<String>> threadLadders(BenchRequest request) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        request.settings().forEach((e, s) -> {
            if (e.ladder() != null) {
                out.put(e.id(), s.params().get(Experiment.THREADS));
            }
        });
        return out;
    }

    /** The class path this command runs from (the benchmarks jar under scripts/bench), which holds the benchmarks. */
    static Path benchmarksJar() {
        return Path.of(System.getProperty("java.class.path"));
    }
}
