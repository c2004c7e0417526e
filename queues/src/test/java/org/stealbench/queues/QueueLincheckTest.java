package org.stealbench.queues;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Stream;
import org.jetbrains.kotlinx.lincheck.LincheckAssertionError;
import org.jetbrains.kotlinx.lincheck.strategy.IncorrectResultsFailure;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Linearizability of every {@link QueueKind} against its sequential specification
 * ({@link SequentialDeques#forKind}), with its calling discipline (owner-only kinds: one owner
 * thread pushes and pops, the others steal), from capacity 2 so growth is explored: model checking
 * for every kind, stress for every kind without a known flaw. A kind whose traits name a flaw
 * must fail the model check with wrong results (the flaw is found, not assumed). A new kind is
 * checked by its registry line alone; it needs a line in {@link #BUDGETS} only when the shared
 * settings ({@link LincheckSupport}) do not suit it.
 */
@Tag("slow")
@Timeout(300)
final class QueueLincheckTest {

    /**
     * What a kind's checks run, when not the shared settings.
     *
     * @param modelCheckingInvocations interleavings per model-checked scenario
     * @param longScenarios            also model-check longer scenarios (more actors before the
     *                                 parallel part), for kinds whose flaws need a fuller deque
     * @param why                      why this kind differs from the shared settings
     */
    record Budget(int modelCheckingInvocations, boolean longScenarios, String why) {
        static final Budget SHARED = new Budget(LincheckSupport.MODEL_CHECKING_INVOCATIONS, false, "");
    }

    /** The kinds whose checks differ from the shared settings: one line each. */
    static final Map<QueueKind, Budget> BUDGETS = new EnumMap<>(Map.of(
            QueueKind.DUFFY, new Budget(300, false, "from capacity 2 nearly every operation takes the"
                    + " ReentrantLock, whose AQS internals the model checker explores too (each invocation"
                    + " about ten times as long); 300 still finds the seed's spurious-empty pop (deviation (c))"),
            QueueKind.JDK_LBD, new Budget(150, false, "LinkedBlockingDeque's ReentrantLock, explored as Duffy's"),
            QueueKind.HYBRID_FIXED, new Budget(LincheckSupport.MODEL_CHECKING_INVOCATIONS, true,
                    "the corrected seed 002 deque: its repairs concern deques of three items and more")));

    static Budget budget(QueueKind kind) {
        return BUDGETS.getOrDefault(kind, Budget.SHARED);
    }

    private static ModelCheckingOptions modelChecking(QueueKind kind) {
        return LincheckSupport.modelChecking(SequentialDeques.forKind(kind))
                .invocationsPerIteration(budget(kind).modelCheckingInvocations());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(QueueKind.class)
    void modelChecking_linearizableUnlessKnownFlaw(QueueKind kind) {
        if (kind.traits().exactlyOnce()) {
            QueueLincheckTests.check(kind, modelChecking(kind));
            return;
        }
        LincheckAssertionError e = assertThrows(LincheckAssertionError.class,
                () -> QueueLincheckTests.check(kind, modelChecking(kind)),
                kind + " has a known flaw (" + kind.traits().knownFlaw() + ") that model checking must find");
        assertInstanceOf(IncorrectResultsFailure.class, e.getFailure(), e.getMessage());
        System.out.println("Lincheck counterexample for " + kind + ":\n" + e.getMessage());
    }

    /** Kinds without a known flaw: on a flawed one a corrupted structure can leave threads spinning. */
    static Stream<QueueKind> stressed() {
        return Arrays.stream(QueueKind.values()).filter(k -> k.traits().exactlyOnce());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stressed")
    void stress_linearizable(QueueKind kind) {
        QueueLincheckTests.check(kind, LincheckSupport.stress(SequentialDeques.forKind(kind)));
    }

    static Stream<QueueKind> longScenarios() {
        return Arrays.stream(QueueKind.values()).filter(k -> budget(k).longScenarios());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("longScenarios")
    void modelCheckingLongScenarios_linearizable(QueueKind kind) {
        QueueLincheckTests.check(kind, modelChecking(kind).iterations(40).actorsBefore(4));
    }
}
