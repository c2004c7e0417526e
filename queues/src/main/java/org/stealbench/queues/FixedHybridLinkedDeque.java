package org.stealbench.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import org.stealbench.queues.HybridPauser.Step;
import org.stealbench.queues.QueueTraits.Order;

/**
 * Seed 002's hybrid deque, corrected: any thread may {@link #push} at the tail, {@link #pop} the
 * oldest item at the head (FIFO) or {@link #steal} the newest item at the tail (LIFO), over a
 * CAS-linked list as in the seed, but linearizable and exactly-once.
 *
 * <p>Every operation is lock-free: a thread retries only after another thread's push or take
 * succeeded. {@code pop} and {@code steal} return {@code null} only when the deque was empty at
 * some moment during the call (no spurious failure); unlike the seed, {@code steal} takes the last
 * item too. {@link #size()} and {@link #isEmpty()} walk the list and are exact only when no other
 * thread acts on the deque. Taken items are not retained.
 *
 * <p>Source: seed 002 ({@code ../shared/seeds/002_915186a661d12365.txt}), corrected with a
 * Michael-Scott queue (Michael and Scott, PODC 1996) whose items are removed logically, as in
 * {@link java.util.concurrent.ConcurrentLinkedDeque}, and a tail-side steal that walks back along
 * prev links and re-checks the last node before it takes (also as in ConcurrentLinkedDeque's
 * pollLast). See {@link HybridLinkedDeque} for the seed's algorithm and its flaws.
 */
public final class FixedHybridLinkedDeque<T> implements TaskQueue<T> {

    /*
     * Implementation overview
     *
     * Structure. A singly linked Michael-Scott list from `head` to the last node (the one node
     * whose next is null), plus prev links. A node is live while its item is non-null and dead
     * once a take CASes the item to null; dead never becomes live again. Push appends a node
     * after the last node with a CAS on its next (null -> node) and then swings `tail`, which is
     * only a hint: the last node is found by following next from tail. Pop walks from head along
     * next to the first live node and CASes its item away. Steal finds the last node, walks back
     * along prev to the newest live node and CASes its item away. Nodes are never re-ordered:
     * "before"/"after" below mean push (link) order.
     *
     * Invariants.
     * - I1 head is dead, and every node before head is dead. head only moves forward: every CAS
     *   on head goes from a value read to a node reached from it along next (pop) or to the last
     *   node after head was read (steal on empty).
     * - I2 next changes only from null to the appended node (push) or from one later node to
     *   another one when every node skipped is dead (unlinking, below). So the chain from any
     *   node reaches the last node, skips only dead nodes, and never becomes null again.
     * - I3 prev is written before the node is published (its predecessor at link time) and later
     *   only to an earlier node p such that every node strictly between p and this one is dead
     *   (a "hint"), or to null once this node and every node before it are dead. null is final:
     *   hints are CASed from the non-null value they replace. A backward walk therefore skips
     *   only dead nodes and stops at null.
     *
     * Linearization points.
     * - push: the CAS that links the node.
     * - pop, success: the CAS on the item of node y. Every node before y was seen dead (I1, the
     *   walk), y was live, so y was the oldest item. pop, empty: the read of next == null at the
     *   last node p: every node up to p was dead by then.
     * - steal, success: the re-check read `last.next == null` just before the CAS on p's item.
     *   At that read, last was the last node, every node after p up to last had been seen dead,
     *   and p was still live (the later CAS succeeded), so p held the newest item. Between that
     *   read and the CAS no other operation can observe p's presence: a pop taking a newer item
     *   or any take that returns an older item or null would have had to see p dead first, which
     *   happens only after the CAS. steal, empty: the re-check read `last.next == null` after the
     *   walk reached a null prev; by I3 every node up to last was dead then.
     *   Appends during the walk: a node appended after `last` may be live when the CAS takes an
     *   older item. The re-check before the CAS makes such a steal start over from the new last
     *   node (still lock-free: some push succeeded), which gives it the fixed linearization point
     *   above. (Without it the steal is still linearizable, at a point other threads' takes
     *   determine; the re-check keeps the argument local for one read of a cached line.)
     *
     * Reclamation. Items are cleared by the take itself. pop and an empty steal move head past
     * dead nodes and then clear the new head's prev (I3), so nothing before head stays reachable
     * through prev. After taking p, steal walks back from p to the first live node w (or to a
     * node whose prev is null) and unlinks the dead run between w and `last` in both directions:
     * w.next = last, last.prev = w. So a dead node stays linked only at the end of the list or
     * between live nodes, until a pop or a steal walks past it (the tests bound the nodes kept
     * by push/steal and push/pop loops). Unlinked nodes keep their
     * own next and prev; a hint that lost a race, or one written late by a steal paused for long,
     * may keep a few dead nodes reachable until a later steal rewrites it or head passes them.
     *
     * Memory ordering. item and next are read with volatile (sequentially consistent) loads: the
     * linearization arguments above combine reads of several nodes' items and of a next field,
     * and need them in the one synchronization order with the other threads' CASes. Every CAS is
     * volatile (VarHandle.compareAndSet). The item and the initial prev of a new node are plain
     * writes published by the CAS that links it; readers reach a node only through a volatile or
     * acquire read of a link, which orders those plain writes before their reads. prev is read
     * with acquire (any value ever written is valid, by I3; acquire makes the deaths that
     * justified a hint or a null visible with it) and cleared with release (pairs with that
     * acquire). head and tail are read with acquire: a head value carries I1 from the CAS that
     * set it (a release of the deaths the advancing thread saw), and tail is only a start point.
     *
     * Differences from the seed (HybridLinkedDeque) and why.
     * - Removal is logical (CAS item -> null) instead of moving head or splicing a copy of the
     *   previous node in at the tail, so the two ends never race on the same links: the seed's
     *   duplicate take, lost enqueue, self-link, cycle and null-prev exception (flaws a, b, e)
     *   have no counterpart, and a steal may take the last item (flaw d).
     * - The lagging tail is helped by CASing it forward along next (the seed's Dequeue CASed it
     *   to the node it already held, so it spun behind a paused enqueuer: flaw c). pop does not
     *   read tail at all.
     * - prev links are immutable except for hints and clearing (I3); the seed rewrote prev on
     *   every Dequeue and read it back unchecked.
     * - No ids, counter reset or UnsafeCount: size() counts live nodes.
     */

    static final QueueTraits TRAITS = QueueTraits.correct(false, Order.FIFO, Order.LIFO, false);

    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle ITEM;
    private static final VarHandle NEXT;
    private static final VarHandle PREV;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(FixedHybridLinkedDeque.class, "head", Node.class);
            TAIL = lookup.findVarHandle(FixedHybridLinkedDeque.class, "tail", Node.class);
            ITEM = lookup.findVarHandle(Node.class, "item", Object.class);
            NEXT = lookup.findVarHandle(Node.class, "next", Node.class);
            PREV = lookup.findVarHandle(Node.class, "prev", Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A list node; every access after publication goes through the mode-named accessors. */
    static final class Node<T> {
        private Object item;
        private Node<T> next;
        private Node<T> prev;

        /** item is published with the node by the CAS that links it. */
        Node(T item) {
            this.item = item;
        }

        @SuppressWarnings("unchecked")
        T itemVolatile() {
            return (T) ITEM.getVolatile(this);
        }

        /** Linearization point of a take when it succeeds. */
        boolean casItem(T expected, T value) {
            return ITEM.compareAndSet(this, expected, value);
        }

        @SuppressWarnings("unchecked")
        Node<T> nextVolatile() {
            return (Node<T>) NEXT.getVolatile(this);
        }

        boolean casNext(Node<T> expected, Node<T> value) {
            return NEXT.compareAndSet(this, expected, value);
        }

        @SuppressWarnings("unchecked")
        Node<T> prevAcquire() {
            return (Node<T>) PREV.getAcquire(this);
        }

        /** Before publication only: the linking CAS publishes it. */
        void setPrevPlain(Node<T> value) {
            prev = value;
        }

        /** Clears prev once this node and all before it are dead; pairs with prevAcquire. */
        void clearPrevRelease() {
            PREV.setRelease(this, (Node<T>) null);
        }

        /** Installs a hint; fails if prev changed, so a cleared prev stays null. */
        boolean casPrev(Node<T> expected, Node<T> value) {
            return PREV.compareAndSet(this, expected, value);
        }
    }

    private Node<T> head;
    private Node<T> tail;
    private final HybridPauser pauser;

    public FixedHybridLinkedDeque() {
        this(HybridPauser.NONE);
    }

    /**
     * As {@link #FixedHybridLinkedDeque()}; the capacity is only checked, a linked deque has none.
     *
     * @throws IllegalArgumentException if {@code initialCapacity} is less than 1
     */
    public FixedHybridLinkedDeque(int initialCapacity) {
        this(HybridPauser.NONE);
        Capacities.checkInitialCapacity(initialCapacity);
    }

    /** With a test hook called at the critical steps. */
    FixedHybridLinkedDeque(HybridPauser pauser) {
        this.pauser = Objects.requireNonNull(pauser, "pauser");
        Node<T> dummy = new Node<>(null);
        head = dummy;
        tail = dummy;
    }

    @SuppressWarnings("unchecked")
    private Node<T> headAcquire() {
        return (Node<T>) HEAD.getAcquire(this);
    }

    private boolean casHead(Node<T> expected, Node<T> value) {
        return HEAD.compareAndSet(this, expected, value);
    }

    @SuppressWarnings("unchecked")
    private Node<T> tailAcquire() {
        return (Node<T>) TAIL.getAcquire(this);
    }

    private boolean casTail(Node<T> expected, Node<T> value) {
        return TAIL.compareAndSet(this, expected, value);
    }

    /** The last node at the moment its next was read as null; swings tail to it. */
    private Node<T> last() {
        Node<T> t = tailAcquire();
        Node<T> p = t;
        for (Node<T> q; (q = p.nextVolatile()) != null; ) {
            p = q;
        }
        if (p != t) {
            casTail(t, p);
        }
        return p;
    }

    @Override
    public void push(T item) {
        Node<T> node = new Node<>(Objects.requireNonNull(item, "item"));
        while (true) {
            Node<T> last = last();
            node.setPrevPlain(last);
            if (last.casNext(null, node)) {
                pauser.at(Step.ENQUEUE_LINKED);
                casTail(last, node);
                return;
            }
        }
    }

    @Override
    public T pop() {
        Node<T> h = headAcquire();
        Node<T> p = h;
        for (Node<T> q; (q = p.nextVolatile()) != null; ) {
            p = q;
            T item = p.itemVolatile();
            if (item != null && p.casItem(item, null)) {
                advanceHead(h, p);
                return item;
            }
        }
        if (p != h) {
            advanceHead(h, p);
        }
        return null;
    }

    /** p is dead and so is every node before it (I1, I3): it may be the head, its prev is unneeded. */
    private void advanceHead(Node<T> h, Node<T> p) {
        p.clearPrevRelease();
        casHead(h, p);
    }

    @Override
    public T steal() {
        restart:
        while (true) {
            Node<T> last = last();
            Node<T> p = last;
            while (true) {
                T item = p.itemVolatile();
                if (item != null) {
                    pauser.at(Step.STEAL_FOUND);
                    if (last.nextVolatile() != null) {
                        continue restart;
                    }
                    if (p.casItem(item, null)) {
                        pauser.at(Step.STEAL_TAKEN);
                        unlinkDeadRun(p, last);
                        return item;
                    }
                }
                Node<T> q = p.prevAcquire();
                if (q == null) {
                    Node<T> h = headAcquire();
                    if (last.nextVolatile() != null) {
                        continue restart;
                    }
                    // Empty at the re-check, and h was read before it, so h <= last.
                    if (h != last) {
                        advanceHead(h, last);
                    }
                    return null;
                }
                p = q;
            }
        }
    }

    /**
     * After a steal took p, having seen every node between p and last dead: walks back from p to
     * the first live node w (or a node with a null prev) and unlinks the dead nodes between w and
     * last in both directions. Every write keeps I2 and I3; a lost CAS only leaves more to unlink.
     */
    private void unlinkDeadRun(Node<T> p, Node<T> last) {
        Node<T> w = p;
        for (Node<T> q; (q = w.prevAcquire()) != null; ) {
            w = q;
            if (w.itemVolatile() != null) {
                break;
            }
        }
        if (w == last) {
            return;
        }
        Node<T> wNext = w.nextVolatile();
        if (wNext != last) {
            w.casNext(wNext, last);
        }
        Node<T> lastPrev = last.prevAcquire();
        if (lastPrev != null && lastPrev != w) {
            last.casPrev(lastPrev, w);
        }
    }

    @Override
    public int size() {
        int n = 0;
        for (Node<T> p = headAcquire(); (p = p.nextVolatile()) != null; ) {
            if (p.itemVolatile() != null) {
                n++;
            }
        }
        return n;
    }

    @Override
    public boolean isEmpty() {
        for (Node<T> p = headAcquire(); (p = p.nextVolatile()) != null; ) {
            if (p.itemVolatile() != null) {
                return false;
            }
        }
        return true;
    }

    @Override
    public QueueTraits traits() {
        return TRAITS;
    }

    /** For tests: the nodes on the chain from head to the last node, head included. */
    int linkedNodes() {
        int n = 1;
        for (Node<T> p = headAcquire(); (p = p.nextVolatile()) != null; ) {
            n++;
        }
        return n;
    }

    /** For tests: the nodes on the backward walk from the last node until a null prev. */
    int prevChainNodes() {
        int n = 1;
        for (Node<T> p = last(); (p = p.prevAcquire()) != null; ) {
            n++;
        }
        return n;
    }
}
