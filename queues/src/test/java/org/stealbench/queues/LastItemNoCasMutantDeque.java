package org.stealbench.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * A deliberately broken Chase-Lev, for showing that the tests catch a bug: the owner's pop of the
 * last item takes it without the CAS on top that races it against the thieves, so an owner and a
 * thief can both take it. Fixed capacity (Lincheck's scenarios push a handful of items); test code
 * only, not in the registry.
 */
final class LastItemNoCasMutantDeque<T> implements TaskQueue<T> {

    private static final int CAPACITY = 64;
    private static final VarHandle TOP;
    private static final VarHandle BOTTOM;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            TOP = lookup.findVarHandle(LastItemNoCasMutantDeque.class, "top", long.class);
            BOTTOM = lookup.findVarHandle(LastItemNoCasMutantDeque.class, "bottom", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Object[] array = new Object[CAPACITY];
    private long top;
    private long bottom;

    @Override
    public void push(T item) {
        Objects.requireNonNull(item, "item");
        long b = bottom;
        if (b - (long) TOP.getAcquire(this) >= CAPACITY) {
            throw new IllegalStateException("mutant deque is full");
        }
        array[(int) b & (CAPACITY - 1)] = item;
        BOTTOM.setRelease(this, b + 1);
    }

    @Override
    @SuppressWarnings("unchecked")
    public T pop() {
        long b = bottom - 1;
        BOTTOM.setVolatile(this, b);
        long t = (long) TOP.getVolatile(this);
        if (t > b) {
            BOTTOM.setOpaque(this, b + 1);
            return null;
        }
        T item = (T) array[(int) b & (CAPACITY - 1)];
        if (t == b) {
            // THE BUG: the last item is taken without casTop(t, t + 1) against the thieves.
            TOP.setVolatile(this, t + 1);
            BOTTOM.setOpaque(this, b + 1);
        }
        return item;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T steal() {
        while (true) {
            long t = (long) TOP.getVolatile(this);
            long b = (long) BOTTOM.getVolatile(this);
            if (t >= b) {
                return null;
            }
            Object item = array[(int) t & (CAPACITY - 1)];
            if (TOP.compareAndSet(this, t, t + 1)) {
                return (T) item;
            }
        }
    }

    @Override
    public int size() {
        return (int) Math.max(0, (long) BOTTOM.getVolatile(this) - (long) TOP.getVolatile(this));
    }

    @Override
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public QueueTraits traits() {
        return ChaseLevArrayDeque.TRAITS;
    }
}
