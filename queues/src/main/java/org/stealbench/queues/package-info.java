/**
 * The task queues and work-stealing deques, one class per variant behind one interface,
 * {@link org.stealbench.queues.TaskQueue}, listed in one registry, {@link org.stealbench.queues.QueueKind}.
 *
 * <h2>Conventions</h2>
 * <ul>
 *   <li><b>Names</b> say algorithm and storage ({@code ChaseLevArrayDeque}, {@code LockedFifoQueue});
 *       the owner's operations are {@code push}/{@code pop}, the thieves' {@code steal}.</li>
 *   <li><b>Class Javadoc is the contract</b>: which threads may call what, pop and steal order,
 *       progress guarantee, whether {@code null} can be spurious, and the source (seed file or
 *       paper).</li>
 *   <li><b>Then one {@code /* Implementation overview *}{@code /} block</b>, right after the class
 *       declaration, in this order: the algorithm in a paragraph (which end is whose, who writes
 *       each field); the memory ordering, one line per access that is not plain, naming the
 *       access it pairs with; the deviations from the source, lettered (a), (b), ..., each with
 *       the failure it prevents and the test that fails without it. Methods then carry only short
 *       notes, the linearization points marked inline ({@code // linearization point: ...}).</li>
 *   <li><b>Memory modes are in the accessor's name</b>: VarHandles are UPPERCASE constants
 *       ({@code TOP}, {@code HEAD}), used only inside accessors named field then mode:
 *       {@code topPlain()}, {@code topOpaque()}, {@code topAcquire()}, {@code topVolatile()}
 *       for reads; {@code setTopPlain(v)}, {@code setTopOpaque(v)}, {@code setTopRelease(v)},
 *       {@code setTopVolatile(v)} for writes; {@code casTop(expected, next)} for
 *       compare-and-set. The weakest mode that is correct, with a comment at each call that is
 *       not plain saying why (the pair: "release: publishes the slot; pairs with the acquire in
 *       steal"). A plain field read ({@code tail}) means plain on purpose: a field only its
 *       writer reads.</li>
 *   <li><b>The padding chain</b> (JCTools' layout): where thieves' and the owner's hot fields
 *       would share a cache line, the class extends a chain of small package-private abstract
 *       classes in the same file, named after the class and what each adds:
 *       {@code ChaseLevPadBeforeTop} (16 longs) &lt;- {@code ChaseLevTop} (the thieves' field and
 *       its accessors) &lt;- {@code ChaseLevPadAfterTop} &lt;- {@code ChaseLevBottom} (the owner's
 *       fields) &lt;- {@code ChaseLevPadAfterBottom} &lt;- {@code ChaseLevArrayDeque}. Superclass
 *       fields are laid out first, so the chain fixes the order that the JVM would otherwise
 *       choose; {@code Footprint} in the harness measures the result.</li>
 *   <li><b>Traits</b>: each class has {@code static final QueueTraits TRAITS}, what it allows and
 *       guarantees: owner-only or any thread, pop and steal order, blocking, and exactly-once or
 *       the one-line known flaw of a faithful port ({@link org.stealbench.queues.QueueTraits}).
 *       Tests, benchmarks and the report read the traits instead of listing variants by name.</li>
 *   <li><b>Test hooks</b> are package-private: a constructor that takes a start index or a
 *       pause hook ({@code HybridPauser}, Duffy's size probe), null or no-op in production.</li>
 * </ul>
 *
 * <h2>Adding a variant</h2>
 * <ol>
 *   <li>One class here, following the conventions above, with its {@code TRAITS}.</li>
 *   <li>One line in {@link org.stealbench.queues.QueueKind}: id, traits, constructors. From that
 *       line alone it reaches the contract, stress and exactly-once tests
 *       ({@code QueueContractTest}, {@code ExactlyOnceStressTest}), the Lincheck model check and
 *       stress ({@code QueueLincheckTest}; a line in its {@code BUDGETS} only if the shared
 *       settings do not suit it), and the pools ({@code PoolKind}'s work-stealing pools).</li>
 *   <li>The benchmarks' contender lists are {@code @Param} constants that cannot be derived:
 *       {@code ContenderParamsTest} in the harness then fails with each file and the exact
 *       {@code @Param} line to write.</li>
 *   <li>A faithful port with a known flaw: the flaw in its traits, a test that shows it, and
 *       its line in the harness's {@code report/flaw-tests.properties}
 *       ({@code ReportCorrectnessTest} checks it is there).</li>
 *   <li>Its own tests for what the contract does not cover (growth, wrap, the deviations), and
 *       its row in the variant table of docs/using.md.</li>
 * </ol>
 * <p>{@code AddVariantTest}, in this module's tests and in the harness's, holds this list to its
 * word: it compiles a copy of {@code QueueKind} with one line for a throw-away class
 * ({@code ExampleLockedDeque}) and checks that the tests of step 2 take the new kind, that the
 * contract tests pass on it, that it gets its {@code ws-} pool, and that
 * {@code ContenderParamsTest} then names every benchmark file and the line to write (step 3).
 */
package org.stealbench.queues;
