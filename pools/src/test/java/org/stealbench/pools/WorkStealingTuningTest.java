package org.stealbench.pools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The tuning table: the spec parser and docs/using.md both follow it. */
@Tag("quick")
final class WorkStealingTuningTest {

    @Test
    void docs_usingMd_showsTheTableAsTheCodeHasIt() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "using.md"));
        String table = WorkStealingTuning.markdownTable();
        assertTrue(doc.contains(table), "docs/using.md's tuning table differs from the code's; it should read:\n" + table);
    }

    /**
     * The table's default texts are written by hand beside the builder's DEFAULT_ constants: the
     * item each names (its first word, a flag, a queue id or a number) applied alone must build
     * the pool the defaults build.
     */
    @Test
    void everyDefaultText_namesTheItemThatLeavesThePoolAsTheDefaultsBuildIt() {
        String defaults = settings(WorkStealingThreadPool.builder());
        Pattern firstWord = Pattern.compile("^`?([a-z0-9-]+)`?");
        for (WorkStealingTuning.Option option : WorkStealingTuning.OPTIONS) {
            Matcher m = firstWord.matcher(option.defaultValue());
            assertTrue(m.find(), option.defaultValue());
            String word = m.group(1);
            String item = option.items().stream()
                    .filter(i -> i.takesArgument() || i.spelling().equals(word))
                    .map(i -> i.takesArgument() ? i.prefix() + word : word)
                    .findFirst().orElseThrow(() -> new AssertionError(option.builderOption()
                            + "'s default '" + word + "' is none of its items"));
            assertEquals(defaults, settings(WorkStealingThreadPool.builder().tuning(item)),
                    option.builderOption() + "'s default text names " + item);
        }
    }

    private static String settings(WorkStealingPoolBuilder builder) {
        try (WorkStealingThreadPool pool = builder.threads(1).build()) {
            return List.of(pool.globalQueue(), pool.globalBatch(), pool.admission(), pool.signalling(),
                    pool.stealHalf(), pool.searchOrder(), pool.idleScans(), pool.workerDeque()).toString();
        }
    }

    @Test
    void everyItem_parsesAlone_andTwiceIsRefusedNamingItsOption() {
        Set<String> options = new HashSet<>();
        for (WorkStealingTuning.Option option : WorkStealingTuning.OPTIONS) {
            assertTrue(options.add(option.builderOption()), "one row per option: " + option.builderOption());
            for (WorkStealingTuning.Item item : option.items()) {
                String example = item.example();
                WorkStealingThreadPool.builder().tuning(example);
                IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                        () -> WorkStealingThreadPool.builder().tuning(example + "+" + example), example);
                assertEquals("tuning '" + example + "+" + example + "' sets " + option.builderOption() + " twice",
                        twice.getMessage());
            }
        }
        assertEquals(WorkStealingTuning.OPTIONS.stream().mapToInt(o -> o.items().size()).sum(),
                WorkStealingTuning.singleItemExamples().size());
    }

    @Test
    void comparedTunings_startWithTheDefaults_andHoldEachComparedItemAloneOnce_andNoOtherItemAlone() {
        List<String> compared = WorkStealingThreadPool.COMPARED_TUNINGS;
        assertEquals(WorkStealingPoolBuilder.DEFAULT_TUNING, compared.get(0));
        assertEquals(compared.size(), Set.copyOf(compared).size(), "no tuning twice: " + compared);
        Set<String> markedAlone = WorkStealingTuning.OPTIONS.stream().flatMap(o -> o.items().stream())
                .map(WorkStealingTuning.Item::compared).filter(Objects::nonNull)
                .collect(Collectors.toSet());
        Set<String> listedAlone = compared.stream().skip(1).filter(t -> !t.contains("+")).collect(Collectors.toSet());
        assertEquals(markedAlone, listedAlone, "the single items compared are the table's compared items");
        for (String tuning : compared) {
            WorkStealingThreadPool.builder().tuning(tuning);
        }
    }

    @Test
    void itemsSharingAPrefix_goToTheLongestPrefixOrTheExactFlag() {
        try (WorkStealingThreadPool pool = WorkStealingThreadPool.builder().threads(1)
                .tuning("global-batch-4+global-locked+global-before-steal").build()) {
            assertEquals(4, pool.globalBatch());
            assertEquals(org.stealbench.queues.QueueKind.LOCKED, pool.globalQueue());
            assertEquals(WorkStealingThreadPool.SearchOrder.LOCAL_GLOBAL_STEAL, pool.searchOrder());
        }
        for (String bad : new String[] {"global-batch-x", "global-batch-0", "global-nope", "idle-scans--1", "lifo",
                "", "default+searching"}) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> WorkStealingThreadPool.builder().tuning(bad), bad);
            assertTrue(refused.getMessage().startsWith("tuning item '"), refused.getMessage());
            for (WorkStealingTuning.Option option : WorkStealingTuning.OPTIONS) {
                for (WorkStealingTuning.Item item : option.items()) {
                    assertTrue(refused.getMessage().contains(item.spelling()), refused.getMessage());
                }
            }
        }
    }
}
