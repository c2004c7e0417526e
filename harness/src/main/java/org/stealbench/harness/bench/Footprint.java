package org.stealbench.harness.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;
import org.openjdk.jol.info.GraphLayout;
import org.stealbench.harness.results.AtomicFiles;
import org.stealbench.queues.QueueKind;
import org.stealbench.queues.TaskQueue;

/**
 * Footprint of every queue kind, measured with JOL: the bytes the queue retains per queued item
 * at 1, 1,000 and 1,000,000 items (the item itself, one shared object, not counted), and the
 * field layout of each queue class: whether its hot index or pointer fields (head, tail, top,
 * bottom) share a cache line, where an owner and its thieves would false-share.
 *
 * <p>Not a JMH benchmark: footprint is deterministic, so it is measured once and written as JSON
 * beside the JMH results. Run: {@code java -cp harness/target/benchmarks.jar
 * org.stealbench.harness.bench.Footprint results/runs/RUN/footprint.json}
 */
public final class Footprint {

    /** Item counts at which retained bytes are measured. */
    static final int[] SIZES = {1, 1_000, 1_000_000};

    /** Assumed cache line; 128 would also cover adjacent-line prefetch. */
    static final int CACHE_LINE = 64;

    static final Pattern HOT_FIELD = Pattern.compile("(?i).*(head|tail|top|bottom|first|last).*");

    public record QueueFootprint(String queue, String className, long emptyBytes,
                                 Map<String, Double> bytesPerItem, List<HotField> hotFields,
                                 Integer minHotFieldDistance, String verdict) {
    }

    public record HotField(String declaringClass, String name, long offset, long size) {
    }

    private Footprint() {
    }

    public static List<QueueFootprint> measureAll() {
        return Stream.of(QueueKind.values()).map(Footprint::measure).toList();
    }

    static QueueFootprint measure(QueueKind kind) {
        Integer item = 1_000_000_007;
        TaskQueue<Integer> empty = kind.create();
        long emptyBytes = GraphLayout.parseInstance(empty).totalSize();
        Map<String, Double> perItem = new LinkedHashMap<>();
        for (int n : SIZES) {
            TaskQueue<Integer> queue = kind.create();
            for (int i = 0; i < n; i++) {
                queue.push(item);
            }
            long bytes = GraphLayout.parseInstance(queue).totalSize() - GraphLayout.parseInstance(item).totalSize();
            perItem.put(Integer.toString(n), (bytes - emptyBytes) / (double) n);
        }
        List<HotField> hot = hotFields(empty);
        Integer distance = minDistance(hot);
        String verdict;
        if (distance == null) {
            verdict = hot.isEmpty() ? "no head/tail fields in the queue object" : "one hot field only";
        } else if (distance < CACHE_LINE) {
            verdict = "hot fields " + distance + " bytes apart: same cache line, so the owner's and the thieves' ends contend for it";
        } else {
            verdict = "hot fields at least " + distance + " bytes apart: separate cache lines";
        }
        return new QueueFootprint(kind.id(), empty.getClass().getName(), emptyBytes, perItem, hot, distance, verdict);
    }

    /**
     * The hot fields of the queue's class or, where the queue delegates to one inner structure
     * (an ArrayDeque under a monitor, a JDK deque behind an adapter), of that structure's class.
     */
    static List<HotField> hotFields(Object queue) {
        List<HotField> hot = hotFields(queue.getClass());
        if (!hot.isEmpty()) {
            return hot;
        }
        for (Class<?> c = queue.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) || field.getType().isPrimitive()) {
                    continue;
                }
                try {
                    field.setAccessible(true);
                    Object inner = field.get(queue);
                    if (inner != null && !inner.getClass().isArray()) {
                        hot.addAll(hotFields(inner.getClass()));
                    }
                } catch (ReflectiveOperationException | RuntimeException e) {
                    // a field we cannot read contributes nothing to the layout verdict
                }
            }
        }
        return hot;
    }

    static List<HotField> hotFields(Class<?> type) {
        List<HotField> hot = new ArrayList<>();
        for (FieldLayout f : ClassLayout.parseClass(type).fields()) {
            if (HOT_FIELD.matcher(f.name()).matches() && isIndexOrPointer(f.typeClass())) {
                hot.add(new HotField(f.classShortName(), f.name(), f.offset(), f.size()));
            }
        }
        return hot;
    }

    private static boolean isIndexOrPointer(String typeClass) {
        String t = typeClass.toLowerCase(Locale.ROOT);
        return !t.equals("boolean") && !t.endsWith("[]");
    }

    static Integer minDistance(List<HotField> hot) {
        Integer min = null;
        for (int i = 0; i < hot.size(); i++) {
            for (int j = i + 1; j < hot.size(); j++) {
                int d = (int) Math.abs(hot.get(i).offset() - hot.get(j).offset());
                min = min == null ? d : Math.min(min, d);
            }
        }
        return min;
    }

    /** Writes the JSON whole or not at all, readable by everyone ({@link AtomicFiles}). */
    public static void write(List<QueueFootprint> footprints, Path target) throws IOException {
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        AtomicFiles.write(target, json.writeValueAsBytes(Map.of("cacheLineBytes", CACHE_LINE, "queues", footprints)));
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: Footprint OUTPUT.json");
            System.exit(2);
        }
        List<QueueFootprint> all = measureAll();
        write(all, Path.of(args[0]));
        for (QueueFootprint f : all) {
            System.out.printf(Locale.ROOT, "%-14s %s per item at 1M: %.1f B; %s%n", f.queue(), f.className(),
                    f.bytesPerItem().get("1000000"), f.verdict());
        }
    }
}
