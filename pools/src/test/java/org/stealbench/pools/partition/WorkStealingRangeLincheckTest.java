package org.stealbench.pools.partition;

import org.jetbrains.kotlinx.lincheck.LinChecker;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Linearizability of {@link WorkStealingRange} against a sequential specification: the owner's
 * {@code next()} runs in one thread (a non-parallel group), thieves' {@code stealQuarter()} in
 * any. Two ranges: two indices, so most scenarios fight over the last one, and nine indices from
 * a negative start, so quarters of different sizes interleave with the owner's takes.
 */
@Tag("slow")
@Timeout(300)
final class WorkStealingRangeLincheckTest {

    /** The operations under test; subclasses fix the range. */
    public abstract static class Concurrent {
        private final WorkStealingRange range = new WorkStealingRange(from(), to());

        protected abstract int from();

        protected abstract int to();

        @Operation(nonParallelGroup = "owner")
        public long next() {
            return range.next();
        }

        @Operation
        public IndexRange stealQuarter() {
            return range.stealQuarter();
        }
    }

    /** The sequential specification: the owner takes the low end, a thief ceil(r / 4) from the top. */
    public abstract static class Sequential {
        private long low = from();
        private long high = to();

        protected abstract int from();

        protected abstract int to();

        public long next() {
            return low < high ? low++ : WorkStealingRange.NONE;
        }

        public IndexRange stealQuarter() {
            if (low >= high) {
                return null;
            }
            long take = (high - low + 3) / 4;
            high -= take;
            return new IndexRange((int) high, (int) (high + take));
        }
    }

    public static final class TwoIndices extends Concurrent {
        @Override
        protected int from() {
            return 0;
        }

        @Override
        protected int to() {
            return 2;
        }
    }

    public static final class TwoIndicesSpec extends Sequential {
        @Override
        protected int from() {
            return 0;
        }

        @Override
        protected int to() {
            return 2;
        }
    }

    public static final class NineIndices extends Concurrent {
        @Override
        protected int from() {
            return -4;
        }

        @Override
        protected int to() {
            return 5;
        }
    }

    public static final class NineIndicesSpec extends Sequential {
        @Override
        protected int from() {
            return -4;
        }

        @Override
        protected int to() {
            return 5;
        }
    }

    @Test
    void twoIndices_modelChecking_linearizable() {
        LinChecker.check(TwoIndices.class, modelChecking(TwoIndicesSpec.class));
    }

    @Test
    void nineIndices_modelChecking_linearizable() {
        LinChecker.check(NineIndices.class, modelChecking(NineIndicesSpec.class));
    }

    @Test
    void nineIndices_stress_linearizable() {
        LinChecker.check(NineIndices.class, new StressOptions()
                .iterations(10)
                .invocationsPerIteration(2_000)
                .threads(3)
                .actorsPerThread(3)
                .actorsBefore(1)
                .actorsAfter(1)
                .sequentialSpecification(NineIndicesSpec.class));
    }

    /** Small scenarios explored exhaustively-ish; a few seconds each on two cores. */
    private static ModelCheckingOptions modelChecking(Class<?> specification) {
        return new ModelCheckingOptions()
                .iterations(20)
                .invocationsPerIteration(1_000)
                .threads(3)
                .actorsPerThread(3)
                .actorsBefore(1)
                .actorsAfter(1)
                .sequentialSpecification(specification);
    }
}
