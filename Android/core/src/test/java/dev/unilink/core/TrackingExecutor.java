package dev.unilink.core;

import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * The core's background work on threads of its own, counted: a test can wait until every
 * piece of work (and what it delivered) has finished, then assert what did not happen.
 */
final class TrackingExecutor implements Executor {
    private int submitted;
    private int running;

    @Override
    public void execute(Runnable task) {
        synchronized (this) {
            submitted++;
            running++;
        }
        Thread thread = new Thread(() -> {
            try {
                task.run();
            } finally {
                synchronized (this) {
                    running--;
                    notifyAll();
                }
            }
        }, "unilink-test");
        thread.setDaemon(true);
        thread.start();
    }

    /** How many pieces of work the core has started (each network call is one). */
    synchronized int submitted() {
        return submitted;
    }

    /** Waits until no work is running; fails the test after 30 seconds. */
    synchronized void awaitIdle() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (running > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("the core's work did not finish in 30 seconds");
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }
}
