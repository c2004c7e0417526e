package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * HelpingJoin's overview ("Why awaitJoin is one large method"): the join's slow path must stay
 * too large for C2 to inline into the tasks that join, or a cold start pays for the task's
 * compiled code and the join's being invalidated together. C2 inlines a hot callee of at most
 * FreqInlineSize bytes of bytecode (325, the default on every platform HotSpot builds for).
 * ForkTask's overview ("Why two constructors"): the constructor a fork calls must name no class
 * the pool may never load, or C2 does not inline it into the forking task.
 */
final class HelpingJoinInliningTest {

    private static final int FREQ_INLINE_SIZE = 325;

    @Test
    void awaitJoinIsTooLargeForC2ToInline() throws IOException {
        Map<String, Integer> sizes = codeLengths(HelpingJoin.class);
        int awaitJoin = sizes.getOrDefault("awaitJoin", -1);
        assertTrue(awaitJoin > FREQ_INLINE_SIZE,
                "HelpingJoin.awaitJoin has " + awaitJoin + " bytes of bytecode; C2 inlines hot callees up to "
                        + FREQ_INLINE_SIZE);
    }

    @Test
    void joinItselfStaysSmallEnoughToInline() throws IOException {
        // The other half of the design: the status check in join() is inlined into the task.
        int join = codeLengths(ForkTask.class).getOrDefault("join", -1);
        assertTrue(join > 0 && join <= 35, "ForkTask.join has " + join + " bytes of bytecode (MaxInlineSize: 35)");
    }

    @Test
    void fork_withoutContextFlow_callsAConstructorThatNamesNoTaskContext() throws IOException {
        // A pool without context flow never loads TaskContext, and C2 does not inline a callee
        // whose signature names an unloaded class ("unloaded signature classes").
        Set<String> calls = read(WorkStealingThreadPool.class).methodRefs();
        String forkTask = ForkTask.class.getName().replace('.', '/');
        String contextFree = forkTask + ".<init>(L" + WorkStealingThreadPool.class.getName().replace('.', '/')
                + ";Ljava/util/concurrent/Callable;)V";
        assertTrue(calls.contains(contextFree), "WorkStealingThreadPool never calls " + contextFree + "; it calls "
                + calls.stream().filter(c -> c.startsWith(forkTask + ".<init>")).toList());
    }

    private static Map<String, Integer> codeLengths(Class<?> type) throws IOException {
        return read(type).codeLengths();
    }

    /**
     * What the tests read from a class file: the bytecode length of each method (the last one
     * read, for overloads) and every method its code refers to, as {@code owner.name(descriptor)}.
     */
    private record ClassFacts(Map<String, Integer> codeLengths, Set<String> methodRefs) {
    }

    private static ClassFacts read(Class<?> type) throws IOException {
        String resource = type.getName().replace('.', '/') + ".class";
        try (InputStream raw = type.getClassLoader().getResourceAsStream(resource);
                DataInputStream in = new DataInputStream(raw)) {
            in.readInt(); // magic
            in.readUnsignedShort(); // minor
            in.readUnsignedShort(); // major
            int count = in.readUnsignedShort();
            String[] utf8 = new String[count];
            int[] first = new int[count]; // Class: name; Methodref: class; NameAndType: name
            int[] second = new int[count]; // Methodref: name and type; NameAndType: descriptor
            List<Integer> methodRefs = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = in.readUTF();
                    case 7 -> first[i] = in.readUnsignedShort();
                    case 10, 12 -> {
                        first[i] = in.readUnsignedShort();
                        second[i] = in.readUnsignedShort();
                        if (tag == 10) {
                            methodRefs.add(i);
                        }
                    }
                    case 8, 16, 19, 20 -> in.skipNBytes(2);
                    case 15 -> in.skipNBytes(3);
                    case 3, 4, 9, 11, 17, 18 -> in.skipNBytes(4);
                    case 5, 6 -> {
                        in.skipNBytes(8);
                        i++; // takes two entries
                    }
                    default -> throw new IOException("unknown constant pool tag " + tag + " in " + resource);
                }
            }
            in.skipNBytes(6); // access, this, super
            in.skipNBytes(2L * in.readUnsignedShort()); // interfaces
            for (int f = in.readUnsignedShort(); f > 0; f--) {
                in.skipNBytes(6);
                skipAttributes(in);
            }
            Map<String, Integer> sizes = new HashMap<>();
            for (int m = in.readUnsignedShort(); m > 0; m--) {
                in.skipNBytes(2);
                String name = utf8[in.readUnsignedShort()];
                in.skipNBytes(2);
                for (int a = in.readUnsignedShort(); a > 0; a--) {
                    String attribute = utf8[in.readUnsignedShort()];
                    int length = in.readInt();
                    if (attribute.equals("Code")) {
                        in.skipNBytes(4); // max_stack, max_locals
                        sizes.put(name, in.readInt());
                        in.skipNBytes(length - 8);
                    } else {
                        in.skipNBytes(length);
                    }
                }
            }
            Set<String> refs = new HashSet<>();
            for (int ref : methodRefs) {
                int nameAndType = second[ref];
                refs.add(utf8[first[first[ref]]] + "." + utf8[first[nameAndType]] + utf8[second[nameAndType]]);
            }
            return new ClassFacts(sizes, refs);
        }
    }

    private static void skipAttributes(DataInputStream in) throws IOException {
        for (int a = in.readUnsignedShort(); a > 0; a--) {
            in.skipNBytes(2);
            in.skipNBytes(in.readInt() & 0xFFFFFFFFL);
        }
    }
}
