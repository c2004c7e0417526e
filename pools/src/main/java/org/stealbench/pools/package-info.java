/**
 * Thread pools over the stealbench queues: seed 003's {@code SimpleLockThreadPool}, the
 * work-stealing pool of seeds 000 and 004 on any exactly-once deque, fork/join, and the
 * {@code PoolKind} registry that puts them beside the JDK's pools.
 */
package org.stealbench.pools;
