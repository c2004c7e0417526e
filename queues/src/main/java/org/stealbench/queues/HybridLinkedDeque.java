package org.stealbench.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.function.IntPredicate;
import org.stealbench.queues.HybridPauser.Step;
import org.stealbench.queues.QueueTraits.Order;

/**
 * Seed 002's {@code LockFreeWorkStealingQueue}, ported faithfully, flaws included: a CAS-linked
 * list with volatile {@code next}/{@code prev} links, {@link #enqueue} at the tail,
 * {@link #dequeue} of the oldest item at the head and {@link #dequeueLast} of the newest item at
 * the tail. It is kept so its numbers can be measured and its flaws shown; use
 * {@link FixedHybridLinkedDeque} for work.
 *
 * <p>As a {@link TaskQueue}: {@code push} is {@code enqueue}, {@code pop} is {@code dequeue}
 * (FIFO), {@code steal} is {@code dequeueLast} (LIFO); any thread may call any operation.
 *
 * <p><b>Not linearizable, not exactly-once.</b> {@code enqueue} with {@code dequeue} alone is a
 * linearizable FIFO queue (shown by Lincheck), but {@code dequeue} is not lock-free: it spins
 * while an enqueuer is paused between linking its node and swinging the tail. Once
 * {@code dequeueLast} runs concurrently with other operations, items can be returned twice or
 * lost, the list can become self-linked or cyclic (after which {@code dequeue} returns one item
 * forever and {@link #size()} does not terminate), and {@code dequeueLast} can throw a
 * {@link NullPointerException}. {@code dequeueLast} answers {@code null} whenever fewer than three
 * items are present. The interleavings are written out below and replayed by
 * {@code HybridLinkedDequeFlawsTest}.
 *
 * <p>Source: seed 002 ({@code ../shared/seeds/002_915186a661d12365.txt}), "Lock Free Work
 * Stealing Queue", C#.
 */
public final class HybridLinkedDeque<T> implements TaskQueue<T> {

    /*
     * Implementation overview
     *
     * The port. Each C# member maps to one Java member with the same statements in the same
     * order: Node {val, volatile next, volatile prev, id}, volatile head and tail, GetTail,
     * TryResetCounter, Enqueue, Dequeue, DequeueLast, UnsafeCount, Count/EvaluateCount, IsEmpty,
     * TryPeek. Interlocked.CompareExchange(ref loc, value, comparand) becomes a VarHandle
     * compareAndSet(loc, comparand, value) on the same volatile field; "!= null" / "== comparand"
     * tests of its result become the boolean result. C# evaluates the arguments left to right, so
     * CompareExchange(ref tail, swapNode, tail) reads tail once more for the comparand, and
     * CompareExchange(ref tail.prev.next, swapNode, tail.prev.next) reads tail and tail.prev
     * twice: once for the location (a NullReferenceException if tail.prev is null) and once for
     * the comparand. The port keeps those separate reads. default(T) is null.
     *
     * Memory ordering: as in the seed, next, prev, head and tail are volatile and val and id are
     * plain. C# volatile is acquire/release; Java volatile is stronger (sequentially consistent),
     * which can only hide reorderings, never add one. Every flaw below happens under sequential
     * consistency, so none depends on the memory model. val is written before the node is
     * published by a CAS and read after a volatile read that reached it.
     *
     * Deviations: push refuses null items (TaskQueue's contract; the seed could not tell a null
     * item from "empty" either). The enumerator is not ported. The test hook `pauser` (a final
     * field holding HybridPauser.NONE outside tests) marks the critical steps.
     *
     * How the list works. head is a sentinel whose next is the oldest item; tail is the last node
     * or lags one behind it. Enqueue links a node after GetTail() with a CAS on its next, then
     * swings tail. Dequeue moves head to head.next and returns that node's val (the node becomes
     * the sentinel) after writing head.prev (null) into it, so the first item's node always has
     * prev == head and the sentinel has prev == null. DequeueLast, on [S] -> A -> B -> C with
     * tail C, builds swapNode, a copy of B (prev = A, val = B.val), sets C.next = C with a CAS
     * (the "blockade" that makes enqueuers spin in GetTail), swings tail to swapNode and finally
     * sets A.next = swapNode, so the list becomes [S] -> A -> B' and C's val is returned.
     *
     * Flaws (each replayed deterministically by HybridLinkedDequeFlawsTest; S is the sentinel,
     * the queue holds A, B, C, so the list is S -> A -> B -> C and tail = C):
     *
     * (a) A DequeueLast overtaken by Dequeues returns a taken item and leaves a self-linked node.
     *     1. Thief: GetTail() = C, localPrev = B, B.prev = A != head; swapNode = B' (prev A,
     *        val B). [pause at STEAL_FILLED]
     *     2. Other thread: Dequeue x3 returns A, B, C; head = C, C.next == null; a 4th Dequeue
     *        returns null (empty).
     *     3. Thief: CAS(C.next, null -> C) succeeds (C is the head sentinel now), tail = B',
     *        A.next = B'; returns C, which Dequeue already returned.
     *     4. head = C and C.next == C: every later Dequeue returns C again, forever; Count loops.
     *
     * (b) An Enqueue between DequeueLast's two final CASes is lost and makes a cycle.
     *     1. Thief: swapNode = B' (prev A); CAS(C.next, null -> C); tail = B'.
     *        [pause at STEAL_TAIL_SWUNG]
     *     2. Other thread: Enqueue(E): GetTail() = B' (B'.next == null), E.prev = B',
     *        CAS(B'.next, null -> E), tail = E.
     *     3. Thief: the location is tail.prev.next = B'.next, the comparand B'.next = E:
     *        CAS(B'.next, E -> B') makes B' point to itself; returns C.
     *     4. E is reachable from tail only: S -> A -> B -> C -> C ..., so Dequeue returns A, B,
     *        then C (a duplicate of the thief's C) forever and never E; B' -> B' is a cycle.
     *
     * (c) Dequeue is not lock-free: it spins behind a paused enqueuer.
     *     1. Empty queue, head == tail == S. Enqueuer: CAS(S.next, null -> N).
     *        [pause at ENQUEUE_LINKED, before CAS(tail, S -> N)]
     *     2. Dequeue: localHead = S, localNext = N, localTail = S; head == tail, so it runs the
     *        "swing the lagging tail" CAS, CompareExchange(ref tail, localHead, localTail): new
     *        value and comparand are the same node S, so it changes nothing and Dequeue loops.
     *        It makes no progress until the enqueuer resumes; a Michael-Scott dequeue would CAS
     *        tail to localNext and proceed.
     *
     * (d) DequeueLast never takes from fewer than three items: with one item, tail.prev is the
     *     sentinel whose prev is null; with two, tail.prev.prev == head. Both return null, so a
     *     thief sees an empty queue while one or two items wait.
     *
     * (e) DequeueLast throws on a null prev.
     *     1. Thief: GetTail() = C, localPrev = B, B.prev = A != head. [pause at STEAL_CHECKED]
     *     2. Other thread: Dequeue x2 returns A, B; each writes head.prev (null) into the node
     *        that becomes the sentinel, so B.prev == null; head = B.
     *     3. Thief: swapNode.prev = B.prev = null; CAS(C.next, null -> C); tail = swapNode; the
     *        location tail.prev.next dereferences tail.prev == null: NullPointerException. C is
     *        left self-linked, so Dequeue then returns C forever.
     *     Lincheck's shorter form (HybridLincheckTest), with two items, S -> A -> B: the thief
     *     reads localPrev = A and A.prev = S (not null); one Dequeue then takes A and writes
     *     A.prev = null; the thief's next check re-reads A.prev, null != head (now A), so all
     *     checks pass and step 3 follows. The three checks re-read localPrev.prev each time.
     *
     * Further, not shown by a test: Dequeue reads localNext.val after its CAS made localNext the
     * sentinel, which is safe only because nobody writes val after publication; GetTail spins
     * forever if the tail is left self-linked (a blockade whose tail swing lost its CAS); the
     * "localTail == null" check comes after localTail was dereferenced; TryResetCounter rewrites
     * ids with plain writes that race with enqueuers, so UnsafeCount can be off by any amount.
     */

    static final QueueTraits TRAITS = new QueueTraits(false, Order.FIFO, Order.LIFO, false, false,
            "not linearizable: DequeueLast can return an item Dequeue took, lose an Enqueue, self-link"
                    + " or cycle the list and throw on a null prev; it takes nothing below 3 items;"
                    + " Dequeue spins behind a paused enqueuer");

    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle NEXT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(HybridLinkedDeque.class, "head", Node.class);
            TAIL = lookup.findVarHandle(HybridLinkedDeque.class, "tail", Node.class);
            NEXT = lookup.findVarHandle(Node.class, "next", Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The seed's node; fields are package-private so the flaw tests can inspect the list. */
    static final class Node<T> {
        T val;
        volatile Node<T> next;
        volatile Node<T> prev;
        int id;
    }

    private volatile Node<T> head;
    private volatile Node<T> tail;
    private final HybridPauser pauser;

    public HybridLinkedDeque() {
        this(HybridPauser.NONE);
    }

    /**
     * As {@link #HybridLinkedDeque()}; the capacity is only checked, a linked deque has none.
     *
     * @throws IllegalArgumentException if {@code initialCapacity} is less than 1
     */
    public HybridLinkedDeque(int initialCapacity) {
        this(HybridPauser.NONE);
        Capacities.checkInitialCapacity(initialCapacity);
    }

    /** With a test hook called at the critical steps. */
    HybridLinkedDeque(HybridPauser pauser) {
        this.pauser = Objects.requireNonNull(pauser, "pauser");
        head = new Node<>();
        tail = new Node<>();
        head = tail;
    }

    /** The seed's UnsafeCount: tail.id - head.id, stale and skewed by counter resets. */
    public int unsafeCount() {
        return tail.id - head.id;
    }

    /** The seed's Count: walks from head.next to the end; does not terminate on a self-link. */
    public int count() {
        int[] count = new int[1];
        evaluateCount(c -> false, count);
        return count[0];
    }

    /** The seed's EvaluateCount: counts nodes until {@code condition} holds for the count so far. */
    public boolean evaluateCount(IntPredicate condition) {
        return evaluateCount(condition, new int[1]);
    }

    private boolean evaluateCount(IntPredicate condition, int[] actualCount) {
        int count = 0;
        for (Node<T> current = head.next; current != null; current = current.next) {
            count++;
            if (condition.test(count)) {
                actualCount[0] = count;
                return true;
            }
        }
        actualCount[0] = count;
        return false;
    }

    /** The seed's TryPeek: the oldest item without removing it, or null. */
    public T peek() {
        Node<T> currentNode = head.next;
        return currentNode == null ? null : currentNode.val;
    }

    private Node<T> getTail() {
        Node<T> localTail = tail;
        Node<T> localNext = localTail.next;
        while (localNext != null) {
            TAIL.compareAndSet(this, localTail, localNext);
            localTail = tail;
            localNext = localTail.next;
        }
        return tail;
    }

    private void tryResetCounter() {
        if (tail.id >= Short.MAX_VALUE) {
            int res = tail.id - head.id;
            head.id = 0;
            tail.id = res;
        }
    }

    /** The seed's Enqueue: appends at the tail. Null items are refused. */
    public void enqueue(T obj) {
        Objects.requireNonNull(obj, "item");
        Node<T> localTail;
        Node<T> newNode = new Node<>();
        newNode.val = obj;
        tryResetCounter();
        do {
            localTail = getTail();
            newNode.next = localTail.next;
            newNode.id = localTail.id + 1;
            newNode.prev = localTail;
        } while (!NEXT.compareAndSet(localTail, null, newNode));
        pauser.at(Step.ENQUEUE_LINKED);
        TAIL.compareAndSet(this, localTail, newNode);
    }

    /** The seed's Dequeue: removes the oldest item, or returns null when head.next is null. */
    public T dequeue() {
        while (true) {
            Node<T> localHead = head;
            Node<T> localNext = localHead.next;
            Node<T> localTail = tail;
            if (localNext == null) {
                return null;
            } else if (localHead == localTail) {
                pauser.at(Step.DEQUEUE_TAIL_LAGS);
                TAIL.compareAndSet(this, localTail, localHead);
            } else {
                localNext.prev = localHead.prev;
                if (HEAD.compareAndSet(this, localHead, localNext)) {
                    return localNext.val;
                }
            }
        }
    }

    /** The seed's DequeueLast: removes the newest item; null with fewer than three items. */
    public T dequeueLast() {
        Node<T> localTail;
        Node<T> localPrev;
        Node<T> swapNode = new Node<>();
        do {
            localTail = getTail();
            localPrev = localTail.prev;
            if (localPrev == null) {
                return null;
            } else if (localPrev.prev == null) {
                return null;
            } else if (localPrev.prev == head) {
                return null;
            } else if (localTail == null) {
                return null;
            }
            pauser.at(Step.STEAL_CHECKED);
            swapNode.next = localTail.next;
            swapNode.prev = localPrev.prev;
            swapNode.val = localPrev.val;
            swapNode.id = localPrev.id;
            pauser.at(Step.STEAL_FILLED);
        } while (!NEXT.compareAndSet(localTail, null, localTail));
        Node<T> tailComparand = tail;
        TAIL.compareAndSet(this, tailComparand, swapNode);
        pauser.at(Step.STEAL_TAIL_SWUNG);
        Node<T> location = tail.prev;
        Node<T> nextComparand = tail.prev.next;
        NEXT.compareAndSet(location, nextComparand, swapNode);
        return localTail.val;
    }

    @Override
    public void push(T item) {
        enqueue(item);
    }

    @Override
    public T pop() {
        return dequeue();
    }

    @Override
    public T steal() {
        return dequeueLast();
    }

    /** {@link #count()}: does not terminate once a flaw has self-linked the list. */
    @Override
    public int size() {
        return count();
    }

    /** The seed's IsEmpty: head.next == null. */
    @Override
    public boolean isEmpty() {
        return head.next == null;
    }

    @Override
    public QueueTraits traits() {
        return TRAITS;
    }

    Node<T> headNode() {
        return head;
    }

    Node<T> tailNode() {
        return tail;
    }
}
