package org.stealbench.queues.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Sanity: the claim protocol of both deques with the fence left out, in miniature. Each side
 * stores its own index with release and then loads the other's with acquire, as Duffy's pop and
 * steal would with plain .NET volatiles and no Interlocked.Exchange. "0, 0" means both loads
 * missed the other's store: the store->load reordering that x86 allows, under which both
 * deques' owner and thief would take the same last item. Seeing it here shows that this
 * machine and this jcstress run can observe the one reordering the real tests forbid; if it is
 * never seen, their passing says less.
 */
@JCStressTest
@Description("store->load reordering with release/acquire only (no fence)")
@Outcome(id = {"0, 1", "1, 0", "1, 1"}, expect = ACCEPTABLE, desc = "sequentially consistent")
@Outcome(id = "0, 0", expect = ACCEPTABLE_INTERESTING,
        desc = "both loads passed the other side's store: without the fence both would claim the item")
@State
public class StoreLoadReorderingSanityTest {

    private static final VarHandle TAIL;
    private static final VarHandle HEAD;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            TAIL = lookup.findVarHandle(StoreLoadReorderingSanityTest.class, "tail", int.class);
            HEAD = lookup.findVarHandle(StoreLoadReorderingSanityTest.class, "head", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private int tail;
    private int head;

    @Actor
    public void owner(II_Result r) {
        TAIL.setRelease(this, 1);
        r.r1 = (int) HEAD.getAcquire(this);
    }

    @Actor
    public void thief(II_Result r) {
        HEAD.setRelease(this, 1);
        r.r2 = (int) TAIL.getAcquire(this);
    }
}
