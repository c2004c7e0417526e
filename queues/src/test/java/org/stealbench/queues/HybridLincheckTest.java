package org.stealbench.queues;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.LincheckAssertionError;
import org.jetbrains.kotlinx.lincheck.Options;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;
import org.jetbrains.kotlinx.lincheck.strategy.IncorrectResultsFailure;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Lincheck over seed 002's faithful port beyond the registry-wide check ({@link QueueLincheckTest},
 * where model checking finds a counterexample against the plain specification, flaw (d), and the
 * corrected sibling passes model checking, long scenarios and stress): fixed scenarios against a
 * specification that allows flaw (d) still fail (the concurrent flaws), while its Enqueue and
 * Dequeue alone are linearizable. Stress is not run on the full port, since a corrupted list
 * leaves threads spinning past the test. Each counterexample found is printed.
 */
@Tag("slow")
@Timeout(300)
final class HybridLincheckTest {

    /** The seed's Enqueue and Dequeue only, from any thread. */
    @Param(name = "item", gen = IntGen.class, conf = "1:9")
    public static final class HybridEnqueueDequeue {
        private final TaskQueue<Integer> queue = QueueKind.HYBRID.create(2);

        @Operation
        public void push(@Param(name = "item") int item) {
            queue.push(item);
        }

        @Operation
        public Integer pop() {
            return queue.pop();
        }
    }

    /**
     * {@link SequentialDeques.PopFifoStealLifo} with the seed's flaw (d) made legal: steal finds
     * nothing while fewer than three items are present. A violation of this specification is a
     * concurrency flaw, not the single-threaded one.
     */
    public static final class PopFifoStealLifoFromThree extends SequentialDeques.Spec {
        public Integer pop() {
            return oldest();
        }

        public Integer steal() {
            return size() < 3 ? null : newest();
        }
    }

    private static LincheckAssertionError expectViolation(Options<?, ?> options) {
        LincheckAssertionError e = assertThrows(LincheckAssertionError.class,
                () -> QueueLincheckTests.check(QueueKind.HYBRID, options));
        System.out.println("Lincheck counterexample for " + QueueKind.HYBRID + ":\n" + e.getMessage());
        return e;
    }

    /**
     * A fixed scenario, searched over all its interleavings: {@code items} pushes, then a steal in
     * one thread against {@code pops} pops in another. Random scenarios find the same flaws, but
     * only after a long search.
     */
    private static ModelCheckingOptions stealAgainstPops(int items, int pops) throws NoSuchMethodException {
        Method push = QueueLincheckTests.AnyThread.class.getMethod("push", int.class);
        Method pop = QueueLincheckTests.AnyThread.class.getMethod("pop");
        Method steal = QueueLincheckTests.AnyThread.class.getMethod("steal");
        List<Actor> init = new ArrayList<>();
        for (int i = 1; i <= items; i++) {
            init.add(new Actor(push, List.of(i)));
        }
        List<Actor> popper = new ArrayList<>();
        for (int i = 0; i < pops; i++) {
            popper.add(new Actor(pop, List.of()));
        }
        ExecutionScenario scenario = new ExecutionScenario(init,
                List.of(List.of(new Actor(steal, List.of())), popper), List.of(), null);
        return LincheckSupport.modelChecking(PopFifoStealLifoFromThree.class)
                .iterations(0)
                .addCustomScenario(scenario);
    }

    @Test
    void hybrid_stealAgainstOnePopOnTwoItems_violatesEvenAllowingFewerThanThree() throws Exception {
        LincheckAssertionError e = expectViolation(stealAgainstPops(2, 1));
        assertInstanceOf(IncorrectResultsFailure.class, e.getFailure(), e.getMessage());
    }

    @Test
    void hybrid_stealAgainstThreePopsOnThreeItems_violatesEvenAllowingFewerThanThree() throws Exception {
        LincheckAssertionError e = expectViolation(stealAgainstPops(3, 3));
        assertInstanceOf(IncorrectResultsFailure.class, e.getFailure(), e.getMessage());
    }

    @Test
    void hybridEnqueueDequeue_modelChecking_linearizable() {
        LincheckSupport.check(HybridEnqueueDequeue.class,
                LincheckSupport.modelChecking(SequentialDeques.PopFifoStealLifo.class));
    }

    @Test
    void hybridEnqueueDequeue_stress_linearizable() {
        LincheckSupport.check(HybridEnqueueDequeue.class,
                LincheckSupport.stress(SequentialDeques.PopFifoStealLifo.class));
    }
}
