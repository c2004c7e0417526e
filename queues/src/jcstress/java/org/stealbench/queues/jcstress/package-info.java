/**
 * jcstress tests of the ordering-critical races in the owner-only deques: the owner's pop and a
 * thief's steal racing for the last item. Each test's forbidden outcomes are the contract
 * violations (an item taken twice, an item nobody took, a deque left inconsistent); jcstress runs
 * the actors millions of times on real threads and real hardware, so unlike Lincheck's model
 * checker it sees the reorderings the CPU and the JIT allow. On x86 (TSO) the only hardware
 * reordering is a store passing a later load, which is exactly what a missing store->load fence
 * in the Dekker-style claims would expose; weaker orderings need an ARM or POWER machine.
 *
 * <p>Build and run: {@code mvn -B -Pjcstress -pl queues package -DskipTests}, then
 * {@code java -jar queues/target/jcstress.jar -m quick -r queues/target/jcstress-results}.
 */
package org.stealbench.queues.jcstress;
