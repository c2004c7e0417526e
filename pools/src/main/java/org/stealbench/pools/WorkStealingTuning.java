package org.stealbench.pools;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.stealbench.pools.WorkStealingThreadPool.Admission;
import org.stealbench.pools.WorkStealingThreadPool.SearchOrder;
import org.stealbench.pools.WorkStealingThreadPool.Signalling;
import org.stealbench.queues.QueueKind;

/**
 * The work-stealing pool's tuning table: every item {@link WorkStealingPoolBuilder#tuning} understands, grouped
 * by the builder option it sets, with that option's description and default. The spec parser,
 * its error text, the test matrix of single items, {@link WorkStealingThreadPool#COMPARED_TUNINGS}
 * and the table in docs/using.md (checked by WorkStealingTuningTest) all come from this one list,
 * so an option is spelled once.
 *
 * <p>A spec is {@link WorkStealingPoolBuilder#DEFAULT_TUNING} alone, or items joined by {@code +}
 * (a comma would split a JMH parameter), each applied on top of the defaults; two items that set
 * the same option are refused, since the last would silently win.
 */
final class WorkStealingTuning {

    /** One builder option and the items that set it. */
    record Option(String builderOption, String description, String defaultValue, List<Item> items) {
    }

    /**
     * One item as users spell it; an item with an argument ends in {@code N} (a number) or
     * {@code <id>} (a queue kind) after its prefix, and {@code example} is one valid spelling.
     * {@code compared} is the spelling the pool-options experiments compare alone with the
     * defaults, or null if they do not compare the item.
     */
    record Item(String spelling, String example, BiConsumer<WorkStealingPoolBuilder, String> apply,
            String compared) {

        boolean takesArgument() {
            return spelling.endsWith("N") || spelling.endsWith("<id>");
        }

        String prefix() {
            return spelling.substring(0, spelling.lastIndexOf('-') + 1);
        }
    }

    private static Item flag(String spelling, Consumer<WorkStealingPoolBuilder> apply) {
        return new Item(spelling, spelling, (b, unused) -> apply.accept(b), null);
    }

    private static Item numbered(String spelling, String example, BiConsumer<WorkStealingPoolBuilder, Integer> apply) {
        return new Item(spelling, example, (b, n) -> apply.accept(b, Integer.parseInt(n)), null);
    }

    /** {@code item}, compared alone with the defaults by the pool-options experiments as its example. */
    private static Item compared(Item item) {
        return comparedAs(item, item.example());
    }

    /** {@code item}, compared alone with the defaults by the pool-options experiments as {@code tuning}. */
    private static Item comparedAs(Item item, String tuning) {
        return new Item(item.spelling(), item.example(), item.apply(), tuning);
    }

    /** The table, in the order docs/using.md shows it. */
    static final List<Option> OPTIONS = List.of(
            new Option("globalQueue", "where outside submissions go",
                    "`" + WorkStealingPoolBuilder.DEFAULT_GLOBAL_QUEUE.id() + "` (lock-free injector)",
                    List.of(compared(new Item("global-<id>", "global-locked",
                            (b, id) -> b.globalQueue(QueueKind.byId(id)), null)))),
            new Option("globalBatch", "tasks a worker takes from the global queue at once (one CAS on the"
                    + " injector) into its inbox", String.valueOf(WorkStealingPoolBuilder.DEFAULT_GLOBAL_BATCH),
                    List.of(comparedAs(numbered("global-batch-N", "global-batch-8",
                            WorkStealingPoolBuilder::globalBatch), "global-batch-1"))),
            new Option("admission", "how a submission checks for shutdown", "`injector-admission` with"
                    + " `segmented-mpmc` (closing the injector refuses later pushes), else `shared-counter`",
                    List.of(flag("injector-admission", b -> b.admission(Admission.INJECTOR)),
                            compared(flag("shared-counter", b -> b.admission(Admission.SHARED_COUNTER))))),
            new Option("signalling", "when a push wakes a worker", "`eager-signalling` with at most as"
                    + " many workers as cores, else `searching`",
                    List.of(compared(flag("eager-signalling", b -> b.signalling(Signalling.EMPTY_TO_NON_EMPTY))),
                            compared(flag("searching", b -> b.signalling(Signalling.SEARCHING))))),
            new Option("stealHalf", "whether a steal also moves half the victim's other tasks into the"
                    + " thief's inbox", "`steal-one`",
                    List.of(flag("steal-one", b -> b.stealHalf(false)),
                            compared(flag("steal-half", b -> b.stealHalf(true))))),
            new Option("searchOrder", "where a worker with an empty deque and inbox looks first",
                    "`global-before-steal`",
                    List.of(flag("global-before-steal", b -> b.searchOrder(SearchOrder.LOCAL_GLOBAL_STEAL)),
                            flag("steal-before-global", b -> b.searchOrder(SearchOrder.LOCAL_STEAL_GLOBAL)))),
            new Option("idleScans", "re-scans before parking (N in 0.." + WorkStealingPoolBuilder.MAX_IDLE_SCANS
                    + ")", WorkStealingPoolBuilder.DEFAULT_IDLE_SCANS + " ("
                    + WorkStealingPoolBuilder.DEFAULT_SEARCH_SCANS + " while searching)",
                    List.of(comparedAs(numbered("idle-scans-N", "idle-scans-64", WorkStealingPoolBuilder::idleScans),
                            "idle-scans-256"))));

    /**
     * The combinations the pool-options experiments compare besides single items: the defaults
     * before the injector, and the two options Tokio pairs.
     */
    private static final List<String> COMPARED_COMBINATIONS = List.of("global-locked+global-batch-1",
            "searching+steal-half");

    private WorkStealingTuning() {
    }

    /**
     * Applies {@code spec} to {@code builder}.
     *
     * @throws IllegalArgumentException naming the first item it does not understand, or the
     *                                  option two items set
     */
    static void apply(WorkStealingPoolBuilder builder, String spec) {
        Objects.requireNonNull(spec, "tuning");
        if (spec.equals(WorkStealingPoolBuilder.DEFAULT_TUNING)) {
            return;
        }
        Set<String> optionsSet = new HashSet<>();
        for (String token : spec.split("\\+", -1)) {
            Option option = applyItem(builder, token);
            if (!optionsSet.add(option.builderOption())) {
                throw new IllegalArgumentException("tuning '" + spec + "' sets " + option.builderOption() + " twice");
            }
        }
    }

    /** Applies one item; returns the option it set. */
    private static Option applyItem(WorkStealingPoolBuilder builder, String token) {
        Option match = null;
        Item matched = null;
        for (Option option : OPTIONS) {
            for (Item item : option.items()) {
                // An exact flag wins; of the items with an argument, the longest prefix
                // ("global-batch-" before "global-").
                boolean fits = item.takesArgument() ? token.startsWith(item.prefix())
                        && (matched == null || matched.takesArgument() && item.prefix().length() > matched.prefix().length())
                        : token.equals(item.spelling());
                if (fits) {
                    match = option;
                    matched = item;
                }
            }
        }
        if (matched == null) {
            throw badItem(token);
        }
        String argument = matched.takesArgument() ? token.substring(matched.prefix().length()) : token;
        try {
            matched.apply().accept(builder, argument);
        } catch (IllegalArgumentException e) { // not a number, out of range, no such queue
            throw badItem(token);
        }
        return match;
    }

    private static IllegalArgumentException badItem(String token) {
        String items = items().map(Item::spelling).collect(Collectors.joining(", "));
        return new IllegalArgumentException("tuning item '" + token + "' is not one of " + items
                + " (N in range, <id> a global queue kind; joined by +), or " + WorkStealingPoolBuilder.DEFAULT_TUNING
                + " alone");
    }

    /**
     * The tunings the pool-options experiments compare: the defaults, then every compared item
     * alone, in the table's order, then COMPARED_COMBINATIONS.
     */
    static List<String> comparedTunings() {
        return Stream.of(Stream.of(WorkStealingPoolBuilder.DEFAULT_TUNING),
                        items().map(Item::compared).filter(Objects::nonNull), COMPARED_COMBINATIONS.stream())
                .flatMap(s -> s).toList();
    }

    /** One valid spec per item, each alone (the test matrix's single items). */
    static List<String> singleItemExamples() {
        return items().map(Item::example).toList();
    }

    private static Stream<Item> items() {
        return OPTIONS.stream().flatMap(o -> o.items().stream());
    }

    /** The Markdown table docs/using.md shows: one row per option. */
    static String markdownTable() {
        return OPTIONS.stream().map(option -> "| " + option.items().stream().map(i -> "`" + i.spelling() + "`")
                        .collect(Collectors.joining(", ")) + " | `" + option.builderOption() + "`: "
                        + option.description() + " | " + option.defaultValue() + " |\n")
                .collect(Collectors.joining("", "| tuning item | builder option | default |\n"
                        + "| --- | --- | --- |\n", ""));
    }
}
