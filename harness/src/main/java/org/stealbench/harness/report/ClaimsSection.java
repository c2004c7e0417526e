package org.stealbench.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.stealbench.harness.results.JmhResult;
import org.stealbench.harness.results.Metric;
import org.stealbench.harness.run.Experiment;
import org.stealbench.harness.stats.LogRatios;
import org.stealbench.harness.stats.RatioEstimate;

/**
 * The seeds' headline claims beside what this run measured, each with a verdict: holds, does not
 * hold, or not measurable here (with the reason). Claims about costs compare ratios of geometric
 * means with their intervals against the thresholds ({@code farRatio}, {@code asGoodRatio}).
 */
final class ClaimsSection {

    static final String ID = "claims";
    static final String TITLE = "The seeds' claims, checked";
    /** The platform pool the seeds' claims are measured against (the CLR ThreadPool's stand-in). */
    static final String PLATFORM_POOL = "jdk-tpe";

    private ClaimsSection() {
    }

    enum Verdict {
        HOLDS("holds", "good"), DOES_NOT_HOLD("does not hold", "bad"), NOT_MEASURABLE("not measurable here", "neutral");

        final String text;
        final String cls;

        Verdict(String text, String cls) {
            this.text = text;
            this.cls = cls;
        }
    }

    record Claim(String seed, String claim, String seedFigure, String measured, Verdict verdict, String why) {
    }

    /**
     * The run's claims; on a page of several runs (all of them given, this one among them) a
     * column compares each verdict with the other runs': a claim that holds in one run and not in
     * another of the same JDK is marked unstable, one that differs on another JDK says so.
     */
    static Html.Section build(RunView run, List<RunView> runs, ReportContext ctx) {
        List<Claim> claims = claims(run, ctx);
        Map<RunView, List<Claim>> others = new LinkedHashMap<>();
        runs.stream().filter(r -> r != run).forEach(r -> others.put(r, claims(r, ctx)));
        Html.TableBuilder t = new Html.TableBuilder("claims", "Headline claims of the seeds against this run");
        List<String> head = new ArrayList<>(List.of("seed", "claim", "seed's figure", "measured here", "verdict", "why"));
        if (!others.isEmpty()) {
            head.add("other runs");
        }
        t.header(head.toArray(String[]::new));
        int unstable = 0;
        for (int i = 0; i < claims.size(); i++) {
            Claim c = claims.get(i);
            List<Html.Cell> row = new ArrayList<>(List.of(Html.Cell.text(c.seed()), Html.Cell.text(c.claim()),
                    Html.Cell.text(c.seedFigure()), Html.Cell.text(c.measured()),
                    Html.Cell.text(c.verdict().text).withClass(c.verdict().cls), Html.Cell.text(c.why())));
            boolean flips = false;
            if (!others.isEmpty()) {
                List<String> differs = new ArrayList<>();
                int agree = 0;
                for (Map.Entry<RunView, List<Claim>> e : others.entrySet()) {
                    Verdict v = e.getValue().get(i).verdict();
                    if (v == Verdict.NOT_MEASURABLE || c.verdict() == Verdict.NOT_MEASURABLE) {
                        continue;
                    }
                    if (v == c.verdict()) {
                        agree++;
                        continue;
                    }
                    boolean sameJdk = e.getKey().jdkMajor().equals(run.jdkMajor());
                    boolean sameCores = e.getKey().cores() == run.cores();
                    flips |= sameJdk && sameCores;
                    differs.add(v.text + " in " + e.getKey().label() + (sameJdk ? "" : " (JDK " + e.getKey().jdkMajor() + ")")
                            + (sameCores ? "" : " (" + e.getKey().cores() + " cores)"));
                }
                String text = (flips ? "unstable: " : "") + (differs.isEmpty()
                        ? (agree == 0 ? "\u2013" : "agrees in " + agree + " run" + (agree == 1 ? "" : "s"))
                        : String.join("; ", differs));
                row.add(Html.Cell.text(text).withClass(flips ? "bad" : differs.isEmpty() && agree > 0 ? "good" : "neutral"));
            }
            unstable += flips ? 1 : 0;
            t.row(row, flips ? "unstable" : "");
        }
        t.note("Ratios are of geometric means with " + Math.round(ctx.confidence() * 100) + "% intervals; 'far' means the "
                + "interval lies below " + ctx.thresholds().farRatio() + ", 'as good as' below " + ctx.thresholds().asGoodRatio()
                + ". The seeds measured on other machines and runtimes (a dual-core laptop with the 2008 CLR, a 4-core i7), "
                + "so a verdict is about the claim's direction and rough size, not its exact figure.");
        List<Html.Banner> banners = new ArrayList<>();
        if (unstable > 0) {
            banners.add(new Html.Banner("warn", unstable + " of " + claims.size() + " verdicts are unstable: another run "
                    + "on JDK " + run.jdkMajor() + " reached the opposite verdict. Treat them as undecided until more forks "
                    + "or runs agree."));
        }
        if (run.quick()) {
            banners.add(new Html.Banner("warn", "Quick profile: few forks and short iterations, so these verdicts are "
                    + "indicative; run the full profile (scripts/bench full) before relying on one."));
        }
        return new Html.Section(ID, TITLE, banners, List.of(Html.Block.table(t.build())), null);
    }

    static List<Claim> claims(RunView run, ReportContext ctx) {
        return List.of(seed003Cheaper(run, ctx), seed003Flow(run, ctx), seed002Band(run, ctx), seed002ManyCores(run),
                seed001(run, ctx, "random"), seed001(run, ctx, "worst"), seed000(run, ctx), seed004(run),
                seed000Processors(run, ctx));
    }

    /** A seed's claim and the seed's own figure for it, before this run checks it. */
    record Statement(String seed, String claim, String figure) {

        Claim judged(String measured, Verdict verdict, String why) {
            return new Claim(seed, claim, figure, measured, verdict, why);
        }

        /** Not measurable: the experiment the claim needs is not in this run. */
        Claim missing(String experiment) {
            return judged("\u2013", Verdict.NOT_MEASURABLE, "the experiment '" + experiment + "' is not in this run");
        }
    }

    static Claim seed003Cheaper(RunView run, ReportContext ctx) {
        Statement s = new Statement("003", "The simple lock pool without context flow costs 0.27x of the platform pool "
                + "(queuing and draining together, separate = false).", "t: 0.274x (false), 0.541x (true)");
        Optional<QueueDrainSection.Phases> lock = queueDrain(run, "simple-lock");
        Optional<QueueDrainSection.Phases> base = queueDrain(run, PLATFORM_POOL);
        if (lock.isEmpty() || base.isEmpty()) {
            return s.missing(QueueDrainSection.EXPERIMENT + " (simple-lock and " + PLATFORM_POOL + ")");
        }
        RatioEstimate r = Cells.ratio(base.get().total(), lock.get().total(), ctx.confidence());
        if (r == null) {
            return s.judged("\u2013", Verdict.NOT_MEASURABLE, "fewer than two samples");
        }
        String measured = "simple-lock / " + PLATFORM_POOL + " total: " + NumberText.ratio(r);
        if (r.below(1)) {
            String size = r.low() <= 0.274 && 0.274 <= r.high() ? "the seed's 0.27x lies in the interval"
                    : "cheaper, but the seed's 0.27x lies outside the interval";
            return s.judged(measured, Verdict.HOLDS, "significantly cheaper than the platform pool; " + size);
        }
        return s.judged(measured, Verdict.DOES_NOT_HOLD, r.above(1)
                ? "the lock pool is significantly dearer than " + PLATFORM_POOL + " here"
                : "no significant difference from " + PLATFORM_POOL);
    }

    /** The pool's queue/drain phases with separate = false, at the cores as the seed 003 section shows them. */
    private static Optional<QueueDrainSection.Phases> queueDrain(RunView run, String pool) {
        return QueueDrainSection.find(QueueDrainSection.phases(
                ScalingSection.atCores(run.results(QueueDrainSection.EXPERIMENT), run.cores()), "false"), pool);
    }

    static Claim seed003Flow(RunView run, ReportContext ctx) {
        Statement s = new Statement("003", "Flowing the execution context makes the lock pool far dearer and allocate "
                + "much more.", "t: 3.16x vs 0.27x (false); Gen0 collections 95 vs 1");
        Optional<QueueDrainSection.Phases> flow = queueDrain(run, "simple-lock-flow");
        Optional<QueueDrainSection.Phases> plain = queueDrain(run, "simple-lock");
        if (flow.isEmpty() || plain.isEmpty()) {
            return s.missing(QueueDrainSection.EXPERIMENT + " (simple-lock and simple-lock-flow)");
        }
        RatioEstimate r = Cells.ratio(plain.get().total(), flow.get().total(), ctx.confidence());
        Metric af = flow.get().result().secondary().get(Metric.ALLOCATION_NORM);
        Metric ap = plain.get().result().secondary().get(Metric.ALLOCATION_NORM);
        String alloc = af == null || ap == null ? "allocation not measured (no -prof gc)"
                : "allocated " + NumberText.bytes(af.score()) + " vs " + NumberText.bytes(ap.score()) + " per invocation";
        if (r == null) {
            return s.judged(alloc, Verdict.NOT_MEASURABLE, "fewer than two samples");
        }
        String measured = "simple-lock-flow / simple-lock total: " + NumberText.ratio(r) + "; " + alloc;
        boolean allocates = af != null && ap != null && af.score() > 1.5 * ap.score();
        String allocFact = af == null || ap == null ? "allocation not measured"
                : allocates ? "it allocates " + NumberText.num(af.score() / ap.score()) + "x as much"
                : "it does not allocate clearly more";
        if (r.above(1) && allocates) {
            return s.judged(measured, Verdict.HOLDS, "significantly dearer in time, and " + allocFact);
        }
        return s.judged(measured, Verdict.DOES_NOT_HOLD, (r.above(1)
                ? "significantly dearer in time, but " : "not significantly dearer in time; ") + allocFact);
    }

    static Claim seed002Band(RunView run, ReportContext ctx) {
        Statement s = new Statement("002", "The lock-free queue beats the locking queue (by a hair) between 40 and 100 "
                + "threads per side.", "E = D = 40: 337 vs 483 ms; 80: 743 vs 1037; 100: 999 vs 1043 (K = 1000)");
        List<JmhResult> results = run.results(EnqueueDequeueSection.EXPERIMENT);
        List<String> parts = new ArrayList<>();
        int better = 0;
        int worse = 0;
        int total = 0;
        for (JmhResult h : results) {
            int[] shape = EnqueueDequeueSection.shape(h.param("shape"));
            if (!"hybrid".equals(h.param("queue")) || shape == null || shape[0] != shape[1] || shape[0] < 40
                    || shape[0] > 100) {
                continue;
            }
            RatioEstimate r = against(results, h, "queue", "locked", ctx);
            if (r == null) {
                continue;
            }
            total++;
            better += r.below(1) ? 1 : 0;
            worse += r.above(1) ? 1 : 0;
            parts.add(h.param("shape") + " K=" + h.param("items") + ": " + NumberText.ratio(r));
        }
        if (total == 0) {
            return s.missing(EnqueueDequeueSection.EXPERIMENT + " (hybrid and locked at 40..100 per side)");
        }
        String measured = "hybrid / locked: " + String.join("; ", parts);
        String caveat = " This machine has " + run.cores() + " cores against the seed's 4.";
        if (better == total) {
            return s.judged(measured, Verdict.HOLDS, "hybrid significantly faster at every such shape." + caveat);
        }
        return s.judged(measured, Verdict.DOES_NOT_HOLD, "hybrid significantly faster at " + better
                + " of " + total + " shapes, slower at " + worse + "." + caveat);
    }

    static Claim seed002ManyCores(RunView run) {
        Statement s = new Statement("002", "On a machine with many cores (8 to 10 or more) the lock-free queue pulls "
                + "clearly ahead.", "conjecture, not measured by the seed");
        int cores = run.cores();
        if (cores >= 8 && run.has(EnqueueDequeueSection.EXPERIMENT)) {
            return s.judged("see the seed 002 tables (" + cores + " cores)", Verdict.NOT_MEASURABLE,
                    "judge from the tables: the report does not test this conjecture automatically");
        }
        return s.judged("\u2013", Verdict.NOT_MEASURABLE, "this machine has "
                + (cores > 0 ? cores : "an unknown number of") + " cores; the claim needs 8 or more");
    }

    static Claim seed001(RunView run, ReportContext ctx, String workload) {
        boolean worst = workload.equals("worst");
        Statement s = new Statement("001", worst ? "The work-stealing partitioner does far better than static "
                + "partitioning on the worst-case distribution." : "On random work the work-stealing partitioner does as "
                + "well as the standard partitioners.", "\"rough benchmarking\", no figures");
        List<JmhResult> results = run.results(Experiment.RANGE_PARTITIONER.id()).stream()
                .filter(r -> workload.equals(r.param("workload"))).toList();
        Optional<JmhResult> ws = results.stream().filter(r -> "work-stealing".equals(r.param("partitioner"))).findFirst();
        List<JmhResult> standard = results.stream().filter(r -> worst ? "static".equals(r.param("partitioner"))
                : List.of("static", "dynamic-chunk", "jdk-parallel-stream").contains(r.param("partitioner"))).toList();
        if (ws.isEmpty() || standard.isEmpty()) {
            return s.missing("range-partitioner (workload " + workload + ")");
        }
        JmhResult best = standard.stream().min((a, b) -> Double.compare(a.primary().score(), b.primary().score())).get();
        RatioEstimate r = Cells.ratio(best.primary(), ws.get().primary(), ctx.confidence());
        if (r == null) {
            return s.judged("\u2013", Verdict.NOT_MEASURABLE, "fewer than two samples");
        }
        String measured = "work-stealing / " + best.param("partitioner") + (worst ? "" : " (the best standard one)") + ": "
                + NumberText.ratio(r);
        double bound = worst ? ctx.thresholds().farRatio() : ctx.thresholds().asGoodRatio();
        return r.below(bound) ? s.judged(measured, Verdict.HOLDS, "interval below " + bound)
                : s.judged(measured, Verdict.DOES_NOT_HOLD, "interval reaches " + NumberText.num(r.high())
                        + ", not below " + bound);
    }

    static Claim seed000(RunView run, ReportContext ctx) {
        Statement s = new Statement("000", "Per-thread work-stealing deques make recursively queued work far cheaper "
                + "than one global locked queue.", "no figures (argument)");
        List<JmhResult> results = run.results(Experiment.RECURSIVE_WORK.id());
        List<String> parts = new ArrayList<>();
        // per thread count (0: none recorded): every ws-* pool significantly cheaper, and one far cheaper
        java.util.SortedMap<Integer, Boolean> allBelow = new java.util.TreeMap<>();
        java.util.SortedMap<Integer, Boolean> anyFar = new java.util.TreeMap<>();
        int n = 0;
        for (JmhResult r : results) {
            String pool = r.param("pool");
            if (Contender.family(pool) != Contender.Family.WORK_STEALING_POOL) {
                continue;
            }
            RatioEstimate ratio = against(results, r, "pool", "simple-lock", ctx);
            if (ratio == null) {
                continue;
            }
            n++;
            Integer threads = ScalingSection.threads(r);
            int t = threads == null ? 0 : threads;
            allBelow.merge(t, ratio.below(1), Boolean::logicalAnd);
            anyFar.merge(t, ratio.below(ctx.thresholds().farRatio()), Boolean::logicalOr);
            parts.add(pool + " (work " + r.param("work") + (threads == null ? "" : ", " + threads + " threads") + "): "
                    + NumberText.ratio(ratio));
        }
        if (n == 0) {
            return s.missing("recursive-work (ws-* pools and simple-lock)");
        }
        String measured = "ws-* / simple-lock: " + String.join("; ", parts);
        java.util.SortedMap<Integer, Boolean> holds = new java.util.TreeMap<>();
        allBelow.forEach((t, below) -> holds.put(t, below && anyFar.get(t)));
        String perThreads = holds.size() < 2 ? "" : "; " + byThreads(holds);
        if (!holds.containsValue(false)) {
            return s.judged(measured, Verdict.HOLDS, "every work-stealing pool is significantly "
                    + "cheaper, at least one below " + ctx.thresholds().farRatio() + perThreads);
        }
        boolean cheaper = !allBelow.containsValue(false);
        return s.judged(measured, Verdict.DOES_NOT_HOLD, (cheaper
                ? "cheaper, but not far cheaper (below " + ctx.thresholds().farRatio() + ") at every thread count"
                : "not every work-stealing pool is significantly cheaper than simple-lock") + perThreads);
    }

    /**
     * A claim's verdicts by thread count in words: {@code holds up to 4 threads, fails from 8},
     * {@code fails up to 2 threads, holds from 4}, {@code holds at every thread count (1 to 8)},
     * else each side listed ({@code holds at 1, 4 threads; fails at 2}).
     */
    static String byThreads(java.util.SortedMap<Integer, Boolean> holds) {
        List<Integer> yes = holds.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).toList();
        List<Integer> no = holds.entrySet().stream().filter(e -> !e.getValue()).map(Map.Entry::getKey).toList();
        String range = "(" + holds.firstKey() + " to " + holds.lastKey() + ")";
        if (no.isEmpty()) {
            return "holds at every thread count " + range;
        }
        if (yes.isEmpty()) {
            return "fails at every thread count " + range;
        }
        if (yes.get(yes.size() - 1) < no.get(0)) {
            return "holds up to " + threads(yes.get(yes.size() - 1)) + ", fails from " + no.get(0);
        }
        if (no.get(no.size() - 1) < yes.get(0)) {
            return "fails up to " + threads(no.get(no.size() - 1)) + ", holds from " + yes.get(0);
        }
        return "holds at " + joined(yes) + " threads; fails at " + joined(no);
    }

    private static String threads(int n) {
        return n + (n == 1 ? " thread" : " threads");
    }

    private static String joined(List<Integer> counts) {
        return String.join(", ", counts.stream().map(String::valueOf).toList());
    }

    /**
     * Seed 000's claim about processors, on queue/drain (separate = false) with a thread ladder:
     * at each step up the ladder, simple-lock's time relative to ws-chase-lev's grows (the ratio
     * of the two ratios, Welch on the log scale, lies wholly above 1).
     */
    static Claim seed000Processors(RunView run, ReportContext ctx) {
        Statement s = new Statement("000", "One global queue under a lock only gets worse as processors are added: "
                + "each step up in threads puts the lock pool further behind the work-stealing pool.",
                "argument: \"4, 8, 16, 32, 64, ... processors\"");
        java.util.SortedMap<Integer, Metric[]> pairs = new java.util.TreeMap<>(); // threads -> {lock, ws}
        for (JmhResult r : run.results(QueueDrainSection.EXPERIMENT)) {
            Integer threads = ScalingSection.threads(r);
            int slot = "simple-lock".equals(r.param("pool")) ? 0 : "ws-chase-lev".equals(r.param("pool")) ? 1 : -1;
            if (threads != null && slot >= 0 && "false".equals(r.param("separate"))) {
                pairs.computeIfAbsent(threads, t -> new Metric[2])[slot] = r.primary();
            }
        }
        pairs.values().removeIf(p -> p[0] == null || p[1] == null);
        if (pairs.size() < 2) {
            return s.judged("\u2013", Verdict.NOT_MEASURABLE, "needs queue-drain (separate = false) "
                    + "with simple-lock and ws-chase-lev at two or more thread counts");
        }
        java.util.SortedMap<Integer, Boolean> worse = new java.util.TreeMap<>();
        List<String> parts = new ArrayList<>();
        Metric[] previous = null;
        int from = 0;
        for (Map.Entry<Integer, Metric[]> e : pairs.entrySet()) {
            Metric[] p = e.getValue();
            if (previous != null) {
                try {
                    RatioEstimate r = LogRatios.contrast(List.of(
                            new LogRatios.Term(ReportStats.replicates(p[0]), 1),
                            new LogRatios.Term(ReportStats.replicates(p[1]), -1),
                            new LogRatios.Term(ReportStats.replicates(previous[0]), -1),
                            new LogRatios.Term(ReportStats.replicates(previous[1]), 1)),
                            ctx.confidence());
                    worse.put(e.getKey(), r.above(1));
                    parts.add(from + " to " + e.getKey() + " threads: " + NumberText.ratio(r));
                } catch (IllegalArgumentException x) {
                    parts.add(from + " to " + e.getKey() + " threads: fewer than two samples");
                }
            }
            previous = p;
            from = e.getKey();
        }
        String measured = "(simple-lock / ws-chase-lev) at the higher count over the same at the lower: "
                + String.join("; ", parts);
        if (worse.isEmpty()) {
            return s.judged(measured, Verdict.NOT_MEASURABLE, "fewer than two samples");
        }
        return s.judged(measured, worse.containsValue(false) ? Verdict.DOES_NOT_HOLD : Verdict.HOLDS,
                "by the higher thread count of each step: " + byThreads(worse) + "; " + run.cores() + " cores");
    }

    static Claim seed004(RunView run) {
        Statement s = new Statement("004", "A pool with per-worker deques, a common queue and a join that runs other "
                + "work computes fork/join fib(32) without blocking its workers.", "fib(32) printed, no timings");
        List<JmhResult> results = run.results(Experiment.FORK_JOIN_FIB.id()).stream()
                .filter(r -> "0".equals(r.param("threshold"))).toList();
        if (results.isEmpty()) {
            return s.missing("fork-join-fib (threshold 0)");
        }
        List<String> pools = results.stream().map(r -> r.param("pool")).filter(p -> Contender.family(p) == Contender.Family.WORK_STEALING_POOL).toList();
        String n = results.get(0).param("n");
        String measured = pools.size() + " work-stealing pools computed fib(" + n + ") fully forked, checked on every "
                + "invocation: " + String.join(", ", pools);
        if (pools.isEmpty()) {
            return s.judged(measured, Verdict.NOT_MEASURABLE, "no work-stealing pool in this run");
        }
        return s.judged(measured, Verdict.HOLDS, "32".equals(n) ? "as the seed" : "at n = " + n + " (the full profile runs n = 32)");
    }

    /**
     * {@code r} relative to the result of contender {@code other} (its {@code param}) with every
     * other parameter the same; null when there is none or no ratio can be formed.
     */
    private static RatioEstimate against(List<JmhResult> results, JmhResult r, String param, String other,
                                         ReportContext ctx) {
        return results.stream().filter(x -> other.equals(x.param(param)) && sameExcept(x, r, param)).findFirst()
                .map(x -> Cells.ratio(x.primary(), r.primary(), ctx.confidence())).orElse(null);
    }

    private static boolean sameExcept(JmhResult a, JmhResult b, String param) {
        var pa = new java.util.TreeMap<>(a.params());
        var pb = new java.util.TreeMap<>(b.params());
        pa.remove(param);
        pb.remove(param);
        return pa.equals(pb) && a.benchmark().equals(b.benchmark());
    }
}
