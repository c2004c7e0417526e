package org.stealbench.harness.bench;

import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongUnaryOperator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The paired gate's rows as plain loops over the benchmarks' own code, for its alternating engine
 * ({@code org.stealbench.harness.gate.AlternatingFork}). That engine loads the baseline's and the
 * current benchmarks jar into one JVM, one class loader each, calls {@link #open} through each
 * loader and runs the two operators it gets back in alternating batches of a few milliseconds, so
 * both sides see the same machine speed: on a shared machine whose speed switches in stretches of
 * hundreds of milliseconds, forks seconds apart cannot cancel that, batches milliseconds apart do.
 *
 * <p>Only JDK types cross the two class loaders: the parameters go in as a {@code Map}, and out
 * comes a {@link LongUnaryOperator} that is also {@link AutoCloseable}: {@code applyAsLong(n)} runs
 * {@code n} operations and returns the nanoseconds they took (per-invocation setup excluded, as in
 * JMH), {@code close()} runs the trial tear-downs.
 *
 * <p>Parameters and setup follow the benchmark's own annotations: every {@code @Param} field of the
 * benchmark and of its {@code @State} arguments takes the given value or its first default, and the
 * {@code @Setup}/{@code @TearDown} methods run at their levels (an iteration is one batch). The
 * operation itself is a hand loop for the time-mode rows, where a reflective call would cost as
 * much as the operation, and a reflective call for the single-shot rows (one invocation is
 * milliseconds). A benchmark without a loop here is refused, so the gate fails closed.
 *
 * <p>Every operation's result goes into a JMH {@link Blackhole}, one call per operation, as JMH's
 * sample 34 (SafeLooping) loops do: a loop that only sums its results is what sample 11 warns of,
 * since the JIT may then unroll, pipeline or fold its iterations. This JVM is no JMH fork, so the
 * Blackhole is JMH's full one (no compiler blackhole), the same on both sides of a pair.
 */
public final class GateWorkloads {

    /**
     * Bumped when {@link #open}'s contract or what its loops time changes; the engine refuses a jar
     * of another version, so both sides of a pair always run the same loop.
     */
    public static final int CONTRACT = 2;

    /** Where every operation's result goes, so the JIT can neither drop nor fold it. */
    private static final Blackhole BLACKHOLE = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    private GateWorkloads() {
    }

    /**
     * A row's workload, ready to run.
     *
     * @param benchmark {@code Class.method} of a benchmark in this package, e.g. {@code DequeOpsBenchmark.pushPop}
     * @param params    values of its parameters; the others keep their first default
     * @throws IllegalArgumentException for an unknown benchmark or parameter
     * @throws Exception                what the benchmark's setup throws
     */
    public static LongUnaryOperator open(String benchmark, Map<String, String> params) throws Exception {
        int dot = benchmark.indexOf('.');
        if (dot < 0) {
            throw new IllegalArgumentException("benchmark must be Class.method, was " + benchmark);
        }
        // chosen before the benchmark's setup runs, so an unsupported one is refused with nothing made
        Function<Bound, LongUnaryOperator> workload = switch (benchmark) {
            case "DequeOpsBenchmark.pushPop" -> GateWorkloads::pushPop;
            case "GateCalibrationBenchmark.pushPopBatch" -> GateWorkloads::pushPopBatch;
            case "GatePoolPathsBenchmark.fork", "GatePoolPathsBenchmark.submit" -> bound -> bound.loop(bound::invokeTimed);
            default -> throw new IllegalArgumentException("no gate workload for " + benchmark);
        };
        Class<?> type = Class.forName(GateWorkloads.class.getPackageName() + "." + benchmark.substring(0, dot));
        String name = benchmark.substring(dot + 1);
        Method method = Arrays.stream(type.getMethods())
                .filter(m -> m.getName().equals(name) && m.isAnnotationPresent(Benchmark.class)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(type.getSimpleName() + " has no @Benchmark method " + name));
        return workload.apply(Bound.of(type, method, params));
    }

    private static LongUnaryOperator pushPop(Bound bound) {
        DequeOpsBenchmark b = (DequeOpsBenchmark) bound.instance;
        DequeOpsBenchmark.Owner owner = (DequeOpsBenchmark.Owner) bound.args[0];
        return bound.loop(n -> timed(n, bh -> bh.consume(b.pushPop(owner)), BLACKHOLE));
    }

    private static LongUnaryOperator pushPopBatch(Bound bound) {
        GateCalibrationBenchmark b = (GateCalibrationBenchmark) bound.instance;
        return bound.loop(n -> timed(n, bh -> bh.consume(b.pushPopBatch()), BLACKHOLE));
    }

    /**
     * The nanoseconds {@code n} operations took, each handing its result to {@code blackhole}: the
     * time-mode rows' hand loop, shaped as JMH's sample 34 shapes one.
     */
    static long timed(long n, Consumer<Blackhole> operation, Blackhole blackhole) {
        long start = System.nanoTime();
        for (long i = 0; i < n; i++) {
            operation.accept(blackhole);
        }
        return System.nanoTime() - start;
    }

    /**
     * A benchmark instance and its {@code @State} arguments, parameters set and trial setups run;
     * with its batch set ({@link #loop}), the operator handed across the class loaders.
     */
    @SuppressWarnings("try") // close() rethrows whatever a benchmark's tear-down throws
    private static final class Bound implements LongUnaryOperator, AutoCloseable {
        final Object instance;
        final Object[] args;
        final Method method;
        /** The instance and the arguments: every object whose setups and tear-downs run. */
        final List<Object> states = new ArrayList<>();
        /** Runs a batch of operations and returns their nanoseconds. */
        private LongUnaryOperator batch;

        private Bound(Object instance, Object[] args, Method method) {
            this.instance = instance;
            this.args = args;
            this.method = method;
            states.add(instance);
            states.addAll(List.of(args));
        }

        static Bound of(Class<?> type, Method method, Map<String, String> params) throws Exception {
            Object instance = type.getDeclaredConstructor().newInstance();
            Object[] args = new Object[method.getParameterCount()];
            for (int i = 0; i < args.length; i++) {
                Parameter p = method.getParameters()[i];
                if (!p.getType().isAnnotationPresent(State.class)) {
                    throw new IllegalArgumentException(method.getName() + ": argument " + p.getType().getSimpleName()
                            + " is not a @State class; no gate workload can supply it");
                }
                var constructor = p.getType().getDeclaredConstructor();
                constructor.setAccessible(true);
                args[i] = constructor.newInstance();
            }
            Bound b = new Bound(instance, args, method);
            Set<String> used = new HashSet<>();
            for (Object s : b.states) {
                setParams(s, params, used);
            }
            for (String name : params.keySet()) {
                if (!used.contains(name)) {
                    throw new IllegalArgumentException(type.getSimpleName() + "." + method.getName()
                            + " has no parameter " + name);
                }
            }
            b.run(Setup.class, Level.Trial);
            return b;
        }

        private static void setParams(Object state, Map<String, String> params, Set<String> used)
                throws IllegalAccessException {
            for (Field f : state.getClass().getFields()) {
                Param p = f.getAnnotation(Param.class);
                if (p == null) {
                    continue;
                }
                String value = params.containsKey(f.getName()) ? params.get(f.getName()) : p.value()[0];
                used.add(f.getName());
                f.set(state, switch (f.getType().getName()) {
                    case "int" -> Integer.valueOf(value);
                    case "long" -> Long.valueOf(value);
                    case "boolean" -> Boolean.valueOf(value);
                    case "java.lang.String" -> value;
                    default -> throw new IllegalArgumentException("@Param " + f.getName() + " of type "
                            + f.getType().getSimpleName() + " is not supported by the gate's workloads");
                });
            }
        }

        /** Per annotation and level, the state objects' methods to call, found once. */
        private final Map<String, List<Object[]>> fixtures = new HashMap<>();

        /** Runs the {@code @Setup} or {@code @TearDown} methods of one level on every state object. */
        void run(Class<? extends Annotation> kind, Level level) throws Exception {
            List<Object[]> calls = fixtures.computeIfAbsent(kind.getSimpleName() + level, k -> {
                List<Object[]> found = new ArrayList<>();
                for (Object s : states) {
                    for (Method m : s.getClass().getMethods()) {
                        Annotation a = m.getAnnotation(kind);
                        Level at = a instanceof Setup setup ? setup.value()
                                : a instanceof TearDown down ? down.value() : null;
                        if (at == level) {
                            found.add(new Object[]{s, m});
                        }
                    }
                }
                return found;
            });
            for (Object[] call : calls) {
                try {
                    ((Method) call[1]).invoke(call[0]);
                } catch (InvocationTargetException e) {
                    throw e.getCause() instanceof Exception x ? x : e;
                }
            }
        }

        /** {@code n} single-shot invocations through reflection, each with its invocation setups outside the time. */
        long invokeTimed(long n) {
            try {
                long took = 0;
                run(Setup.class, Level.Iteration);
                for (long i = 0; i < n; i++) {
                    run(Setup.class, Level.Invocation);
                    long start = System.nanoTime();
                    Object result = method.invoke(instance, args);
                    took += System.nanoTime() - start;
                    BLACKHOLE.consume(result);
                    run(TearDown.class, Level.Invocation);
                }
                run(TearDown.class, Level.Iteration);
                return took;
            } catch (InvocationTargetException e) {
                throw new IllegalStateException(method.getName() + " failed: " + e.getCause(), e.getCause());
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(method.getName() + " failed: " + e, e);
            }
        }

        /** This benchmark with {@code body} as its batch. */
        Bound loop(LongUnaryOperator body) {
            batch = body;
            return this;
        }

        @Override
        public long applyAsLong(long operations) {
            return batch.applyAsLong(operations);
        }

        @Override
        public void close() throws Exception {
            run(TearDown.class, Level.Trial);
        }
    }
}
