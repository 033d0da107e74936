package dev.unilink.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** Every result the listener heard, in order, as the app would see them. */
final class RecordingListener implements DeepLinkListener {
    /** {@code notFound}. */
    static final Object NOT_FOUND = new Object() {
        @Override
        public String toString() {
            return "notFound";
        }
    };

    private final LinkedBlockingQueue<Object> heard = new LinkedBlockingQueue<>();

    @Override
    public void found(DeepLink deepLink) {
        heard.add(deepLink);
    }

    @Override
    public void notFound() {
        heard.add(NOT_FOUND);
    }

    @Override
    public void failure(UnilinkError error) {
        heard.add(error);
    }

    /** The next result, waited for up to 30 seconds. */
    Object next() throws InterruptedException {
        Object result = heard.poll(30, TimeUnit.SECONDS);
        assertNotNull(result, "no result reached the listener in 30 seconds");
        return result;
    }

    DeepLink nextFound() throws InterruptedException {
        return assertInstanceOf(DeepLink.class, next());
    }

    UnilinkError nextFailure() throws InterruptedException {
        return assertInstanceOf(UnilinkError.class, next());
    }

    void nextNotFound() throws InterruptedException {
        assertEquals(NOT_FOUND, next());
    }

    /** What was heard and not yet taken (call after the core's work is idle). */
    List<Object> rest() {
        List<Object> rest = new ArrayList<>();
        heard.drainTo(rest);
        return rest;
    }
}
