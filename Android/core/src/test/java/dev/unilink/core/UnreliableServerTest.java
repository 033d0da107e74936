package dev.unilink.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the real server never does, played by a small local one: answers the core cannot
 * read, a server that is slow or briefly unwell. The listener always hears one
 * {@code failure} with a reason (or the link, once the server recovers), never a crash.
 */
class UnreliableServerTest {
    private HttpServer fake;
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final List<String> keys = new CopyOnWriteArrayList<>();
    private final List<Long> waits = new ArrayList<>();
    /** Sent as {@code Retry-After} with every 429 and 503, when set. */
    private volatile String retryAfter;

    @AfterEach
    void stop() {
        if (fake != null) {
            fake.stop(0);
        }
    }

    /** A server whose answers are {@code answers} in turn (status, body), the last one repeated. */
    private String serve(Object... answers) throws IOException {
        AtomicInteger count = new AtomicInteger();
        fake = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        fake.createContext("/", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                bodies.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
            keys.add(exchange.getRequestHeaders().getFirst("X-Unilink-Key") + " " + exchange.getRequestMethod() + " " + exchange.getRequestURI());
            int index = Math.min(count.getAndIncrement(), answers.length / 2 - 1);
            byte[] body = ((String) answers[index * 2 + 1]).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            int status = (Integer) answers[index * 2];
            if (retryAfter != null && (status == 429 || status == 503)) {
                exchange.getResponseHeaders().add("Retry-After", retryAfter);
            }
            exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        fake.start();
        return "http://127.0.0.1:" + fake.getAddress().getPort();
    }

    private UnilinkCore core(UnilinkConfig.Builder settings, KeyValueStorage storage, TrackingExecutor work, RecordingListener listener) {
        UnilinkConfig config = settings.build();
        UnilinkCore core = new UnilinkCore(config, storage, ServerEndToEndTest.device(), work, Runnable::run, millis -> {
            synchronized (waits) {
                waits.add(millis);
            }
        });
        core.setListener(listener);
        return core;
    }

    private static UnilinkConfig.Builder settings(String base) {
        return UnilinkConfig.builder("pk_test", base).linkHosts("link.example.com").schemes("shop").appVersion("520").retryDelayMillis(100);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "<html>Bad gateway</html>",
        "{\"status\": \"maybe\"}",
        "{\"status\": \"found\", \"deep_link\": {\"path\": 5}}",
        "{\"status\": \"found\", \"deep_link\": {\"path\": \"/p/1\", \"click_event\": {\"n\": 1}}}",
        "{\"status\": \"found\", \"deep_link\": {\"path\": \"/p/1\", \"match_type\": \"psychic\"}}",
        "{\"status\": \"found\", \"deep_link\": []}",
        "{\"status\": \"found\",}",
        "[\"status\", \"found\"]",
        "{\"status\": \"found\"} trailing",
    })
    void anAnswerTheCoreCannotReadIsAFailureWithItsReasonAndTheCheckIsAskedAgain(String answer) throws Exception {
        String base = serve(200, answer);
        TrackingExecutor work = new TrackingExecutor();
        RecordingListener listener = new RecordingListener();
        UnilinkCore core = core(settings(base), new MemoryStorage(), work, listener);
        core.checkDeferredDeepLink(null);
        UnilinkError error = listener.nextFailure();
        assertEquals(UnilinkError.Kind.UNDECODABLE_ANSWER, error.getKind(), error.toString());
        assertTrue(error.getMessage() != null && !error.getMessage().isEmpty());
        assertEquals(1, bodies.size(), "an unreadable answer is not asked again at once");
        assertEquals(FirstLaunch.State.NOT_YET_CHECKED, core.getFirstLaunchState());

        // A short link needs the server's answer; a scheme URI carries its content.
        assertTrue(core.handle("https://link.example.com/Ab3xK9p"));
        assertEquals(UnilinkError.Kind.UNDECODABLE_ANSWER, listener.nextFailure().getKind());
        assertTrue(core.handle("shop://p/1?deep_link_value=one"));
        DeepLink local = listener.nextFound();
        assertTrue(local.isProvisional());
        assertEquals("one", local.getDeepLinkValue());
    }

    @Test
    void aServerBrieflyUnwellIsAskedAgainWithADoublingDelay() throws Exception {
        String found = "{\"status\":\"found\",\"deep_link\":{\"url\":\"https://link.example.com/p/1\",\"path\":\"/p/1\","
                + "\"deep_link_value\":\"one\",\"is_deferred\":true,\"match_type\":\"probabilistic\",\"confidence\":0.91,"
                + "\"click_id\":\"AAAAAAAAAAAAAAAAAAAAAA\",\"click_event\":{\"deep_link_value\":\"one\"}},\"future_field\":[1,{\"x\":null}]}";
        String base = serve(503, "{\"error\":{\"code\":\"unavailable\",\"message\":\"the database is busy\"}}", 429, "", 200, found);
        TrackingExecutor work = new TrackingExecutor();
        RecordingListener listener = new RecordingListener();
        UnilinkCore core = core(settings(base), new MemoryStorage(), work, listener);
        core.checkDeferredDeepLink(null);
        DeepLink link = listener.nextFound();
        assertEquals(MatchType.PROBABILISTIC, link.getMatchType());
        assertEquals(0.91, link.getConfidence());
        assertEquals(3, bodies.size());
        assertEquals(List.of(100L, 200L), waits);
        assertEquals(bodies.get(0), bodies.get(2), "a retry asks the same question");
    }

    @Test
    void aServerThatStaysUnwellIsReportedAfterTheLastAttempt() throws Exception {
        String base = serve(503, "{\"error\":{\"code\":\"unavailable\",\"message\":\"the database is busy\"}}");
        RecordingListener listener = new RecordingListener();
        UnilinkCore core = core(settings(base).maxAttempts(3), new MemoryStorage(), new TrackingExecutor(), listener);
        core.checkDeferredDeepLink(null);
        UnilinkError error = listener.nextFailure();
        assertEquals(503, error.getStatus());
        assertEquals("the database is busy", error.getMessage());
        assertEquals(3, bodies.size());
        assertEquals(FirstLaunch.State.NOT_YET_CHECKED, core.getFirstLaunchState());
    }

    @ParameterizedTest
    @ValueSource(ints = {400, 401, 403, 404, 409, 422})
    void aRefusalIsReportedWithItsReasonAndNotRetried(int status) throws Exception {
        String base = serve(status, "{\"error\":{\"code\":\"refused_" + status + "\",\"message\":\"because " + status + "\"}}");
        RecordingListener listener = new RecordingListener();
        UnilinkCore core = core(settings(base), new MemoryStorage(), new TrackingExecutor(), listener);
        core.checkDeferredDeepLink(null);
        UnilinkError error = listener.nextFailure();
        assertEquals(UnilinkError.Kind.SERVER, error.getKind());
        assertEquals(status, error.getStatus());
        assertEquals("refused_" + status, error.getCode());
        assertEquals("because " + status, error.getMessage());
        assertEquals(1, bodies.size());
        assertEquals(List.of(), waits);
    }

    @Test
    void aFirstLaunchCheckRefusedOnThreeStartsIsNotAskedAgain() throws Exception {
        String base = serve(400, "{\"error\":{\"code\":\"bad_request\",\"message\":\"'device.time_zone' must be an IANA time zone name\"}}");
        MemoryStorage install = new MemoryStorage();
        for (int start = 1; start <= FirstLaunch.MAX_REFUSALS; start++) {
            RecordingListener listener = new RecordingListener();
            UnilinkCore core = core(settings(base), install, new TrackingExecutor(), listener);
            assertTrue(core.checkDeferredDeepLink(null), "start " + start + " asks");
            assertEquals(400, listener.nextFailure().getStatus());
        }
        TrackingExecutor work = new TrackingExecutor();
        UnilinkCore after = core(settings(base), install, work, new RecordingListener());
        assertEquals(FirstLaunch.State.DONE, after.getFirstLaunchState());
        assertFalse(after.checkDeferredDeepLink(null));
        assertEquals(0, work.submitted());
        assertEquals(FirstLaunch.MAX_REFUSALS, bodies.size());
    }

    @Test
    void anAnswerOverAMegabyteIsUnreadableAndNotAskedAgain() throws Exception {
        String base = serve(200, "{\"status\":\"not_found\",\"padding\":\"" + "x".repeat((1 << 20) + 10) + "\"}");
        RecordingListener listener = new RecordingListener();
        UnilinkCore core = core(settings(base), new MemoryStorage(), new TrackingExecutor(), listener);
        core.checkDeferredDeepLink(null);
        UnilinkError error = listener.nextFailure();
        assertEquals(UnilinkError.Kind.UNDECODABLE_ANSWER, error.getKind(), error.toString());
        assertEquals(1, bodies.size());
        assertEquals(List.of(), waits);
    }

    @Test
    void aRetryAfterIsWaitedFor() throws Exception {
        retryAfter = "3";
        String base = serve(429, "", 200, "{\"status\":\"not_found\"}");
        RecordingListener listener = new RecordingListener();
        UnilinkCore core = core(settings(base), new MemoryStorage(), new TrackingExecutor(), listener);
        core.checkDeferredDeepLink(null);
        listener.nextNotFound();
        assertEquals(List.of(3000L), waits);
        assertEquals(2, bodies.size());
    }

    @ParameterizedTest
    @ValueSource(strings = {"60", "99999999999999", "29"})
    void aRetryAfterBeyondTheCallsTimeIsNotWaitedFor(String seconds) throws Exception {
        retryAfter = seconds;
        String base = serve(429, "{\"error\":{\"code\":\"rate_limited\",\"message\":\"slow down\"}}");
        RecordingListener listener = new RecordingListener();
        UnilinkCore core = core(settings(base), new MemoryStorage(), new TrackingExecutor(), listener);
        core.checkDeferredDeepLink(null);
        UnilinkError error = listener.nextFailure();
        assertEquals(429, error.getStatus());
        assertEquals(1, bodies.size(), "given up at once: the wait would outlast the 30 seconds");
        assertEquals(List.of(), waits);
    }

    @Test
    void aRetryAfterDateIsTheUsualDelay() throws Exception {
        retryAfter = "Wed, 21 Oct 2015 07:28:00 GMT";
        String base = serve(503, "", 200, "{\"status\":\"not_found\"}");
        RecordingListener listener = new RecordingListener();
        UnilinkCore core = core(settings(base), new MemoryStorage(), new TrackingExecutor(), listener);
        core.checkDeferredDeepLink(null);
        listener.nextNotFound();
        assertEquals(List.of(100L), waits);
    }

    @Test
    void aRuntimeExceptionOfTheHttpStackIsANetworkFailure() throws Exception {
        String base = serve(200, "{\"status\":\"not_found\"}");
        // The JDK refuses a header value with a line break by throwing IllegalArgumentException.
        UnilinkConfig.Builder broken = UnilinkConfig.builder("pk_a\nb", base).linkHosts("link.example.com").maxAttempts(2).retryDelayMillis(100);
        RecordingListener listener = new RecordingListener();
        UnilinkCore core = core(broken, new MemoryStorage(), new TrackingExecutor(), listener);
        core.checkDeferredDeepLink(null);
        UnilinkError error = listener.nextFailure();
        assertEquals(UnilinkError.Kind.NETWORK, error.getKind(), error.toString());
        assertInstanceOf(IllegalArgumentException.class, error.getCause());
        assertEquals(FirstLaunch.State.NOT_YET_CHECKED, core.getFirstLaunchState());

        java.util.concurrent.LinkedBlockingQueue<Object> outcomes = new java.util.concurrent.LinkedBlockingQueue<>();
        core.record(UnilinkEvent.open(), null, outcome -> outcomes.add(outcome == null ? "recorded" : outcome));
        UnilinkError recorded = assertInstanceOf(UnilinkError.class, outcomes.poll(30, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(UnilinkError.Kind.NETWORK, recorded.getKind());
    }

    @Test
    void aStorageThatFailsIsReportedToTheEventsCallback() throws Exception {
        String base = serve(202, "");
        KeyValueStorage failing = new KeyValueStorage() {
            @Override
            public String get(String key) {
                if (key.equals(UnilinkCore.INSTALL_ID_KEY)) {
                    throw new IllegalStateException("the disk is gone");
                }
                return null;
            }

            @Override
            public void put(String key, String value) {
                throw new IllegalStateException("the disk is gone");
            }
        };
        TrackingExecutor work = new TrackingExecutor();
        UnilinkCore core = core(settings(base), failing, work, new RecordingListener());
        java.util.concurrent.LinkedBlockingQueue<Object> outcomes = new java.util.concurrent.LinkedBlockingQueue<>();
        core.record(UnilinkEvent.open(), null, outcome -> outcomes.add(outcome == null ? "recorded" : outcome));
        UnilinkError error = assertInstanceOf(UnilinkError.class, outcomes.poll(30, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(error.getMessage().contains("the disk is gone"), error.getMessage());
        assertEquals(0, bodies.size());
    }

    @Test
    void aRefusalWithoutAnErrorBodyStillSaysItsStatus() throws Exception {
        String base = serve(404, "<html>Not Found</html>");
        RecordingListener listener = new RecordingListener();
        UnilinkCore core = core(settings(base), new MemoryStorage(), new TrackingExecutor(), listener);
        assertTrue(core.handle("https://link.example.com/p/1"));
        UnilinkError error = listener.nextFailure();
        assertEquals(404, error.getStatus());
        assertEquals("the server answered 404", error.getMessage());
    }

    @Test
    void withoutTheServerALongLinkStillOpensAndAShortOneIsAFailure() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        String base = "http://127.0.0.1:" + closedPort;
        RecordingListener listener = new RecordingListener();
        UnilinkCore core = core(settings(base).maxAttempts(2), new MemoryStorage(), new TrackingExecutor(), listener);
        assertTrue(core.handle("https://link.example.com/p/shoes?deep_link_value=shoes&deep_link_sub1=red"));
        DeepLink local = listener.nextFound();
        assertTrue(local.isProvisional());
        assertEquals("/p/shoes", local.getPath());
        assertEquals("red", local.getDeepLinkSub1());
        assertTrue(core.handle("https://link.example.com/Ab3xK9p"));
        assertEquals(UnilinkError.Kind.NETWORK, listener.nextFailure().getKind());
    }

    @Test
    void aRefusedLongLinkIsAFailureNotAGuess() throws Exception {
        String base = serve(401, "{\"error\":{\"code\":\"unauthorized\",\"message\":\"the publishable key is not valid\"}}");
        RecordingListener listener = new RecordingListener();
        UnilinkCore core = core(settings(base), new MemoryStorage(), new TrackingExecutor(), listener);
        assertTrue(core.handle("https://link.example.com/p/shoes?deep_link_value=shoes"));
        assertEquals(401, listener.nextFailure().getStatus());
    }

    @Test
    void aServerThatNeverAnswersTimesOutOnEachAttempt() throws Exception {
        AtomicInteger connections = new AtomicInteger();
        List<Socket> held = new CopyOnWriteArrayList<>();
        try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                while (!silent.isClosed()) {
                    try {
                        held.add(silent.accept());
                        connections.incrementAndGet();
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            String base = "http://127.0.0.1:" + silent.getLocalPort();
            RecordingListener listener = new RecordingListener();
            UnilinkCore core = core(settings(base).maxAttempts(2).timeoutsMillis(1000, 300), new MemoryStorage(), new TrackingExecutor(), listener);
            core.checkDeferredDeepLink(null);
            UnilinkError error = listener.nextFailure();
            assertEquals(UnilinkError.Kind.NETWORK, error.getKind());
            assertTrue(error.getMessage().contains("SocketTimeoutException"), error.getMessage());
            assertEquals(2, connections.get());
            assertEquals(FirstLaunch.State.NOT_YET_CHECKED, core.getFirstLaunchState());

            // Ten attempts of 1.5 s each, within 2.8 s in all: the second is cut short and no third starts.
            RecordingListener capped = new RecordingListener();
            UnilinkCore hurried = core(
                    settings(base).maxAttempts(10).timeoutsMillis(1000, 1500).totalTimeoutMillis(2800), new MemoryStorage(), new TrackingExecutor(),
                    capped);
            long started = System.nanoTime();
            hurried.checkDeferredDeepLink(null);
            assertEquals(UnilinkError.Kind.NETWORK, capped.nextFailure().getKind());
            long tookMillis = java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            assertEquals(4, connections.get(), "two attempts of the ten");
            assertTrue(tookMillis < 4000, tookMillis + " ms");
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
    }

    /** Runs what it was given only when told: the main thread's queue, held still. */
    private static final class ManualExecutor implements java.util.concurrent.Executor {
        private final java.util.ArrayDeque<Runnable> queued = new java.util.ArrayDeque<>();

        @Override
        public synchronized void execute(Runnable task) {
            queued.add(task);
        }

        void runAll() {
            while (true) {
                Runnable next;
                synchronized (this) {
                    next = queued.poll();
                }
                if (next == null) {
                    return;
                }
                next.run();
            }
        }
    }

    private UnilinkCore coreDeliveringTo(ManualExecutor main, String base) {
        return new UnilinkCore(settings(base).build(), new MemoryStorage(), ServerEndToEndTest.device(), Runnable::run, main, millis -> {});
    }

    @Test
    void aResultQueuedForAListenerThatWasRemovedWaitsForTheNextOne() throws Exception {
        String base = serve(200, "{\"status\":\"not_found\"}");
        ManualExecutor main = new ManualExecutor();
        UnilinkCore core = coreDeliveringTo(main, base);
        RecordingListener gone = new RecordingListener();
        core.setListener(gone);
        assertTrue(core.handle("https://link.example.com/Ab3xK9p"));
        core.setListener(null); // the activity was destroyed before the main thread ran the result
        main.runAll();
        assertEquals(List.of(), gone.rest(), "not told to a listener that was removed");
        RecordingListener next = new RecordingListener();
        core.setListener(next);
        main.runAll();
        next.nextNotFound();
        assertEquals(List.of(), next.rest());
    }

    @Test
    void aResultGoesToTheListenerSetWhenItRuns() throws Exception {
        String base = serve(200, "{\"status\":\"not_found\"}");
        ManualExecutor main = new ManualExecutor();
        UnilinkCore core = coreDeliveringTo(main, base);
        RecordingListener old = new RecordingListener();
        RecordingListener current = new RecordingListener();
        core.setListener(old);
        assertTrue(core.handle("https://link.example.com/Ab3xK9p"));
        core.setListener(current); // a re-created activity
        main.runAll();
        current.nextNotFound();
        assertEquals(List.of(), old.rest());
        assertEquals(List.of(), current.rest());
    }

    @Test
    void resultsAreToldInTheOrderTheyCameAcrossListeners() throws Exception {
        String found = "{\"status\":\"found\",\"deep_link\":{\"url\":\"https://link.example.com/p/2\",\"path\":\"/p/2\",\"is_deferred\":false,"
                + "\"click_event\":{}}}";
        String base = serve(200, "{\"status\":\"not_found\"}", 200, found);
        ManualExecutor main = new ManualExecutor();
        UnilinkCore core = coreDeliveringTo(main, base);
        assertTrue(core.handle("https://link.example.com/first1"));
        RecordingListener listener = new RecordingListener();
        core.setListener(listener);
        assertTrue(core.handle("https://link.example.com/second"));
        main.runAll();
        listener.nextNotFound();
        assertEquals("/p/2", listener.nextFound().getPath());
        assertEquals(List.of(), listener.rest());
    }

    @Test
    void theRequestsAreTheWireTypesJSONExactly() throws Exception {
        String base = serve(200, "{\"status\":\"not_found\"}", 200, "{\"status\":\"not_found\"}", 202, "");
        RecordingListener listener = new RecordingListener();
        MemoryStorage storage = new MemoryStorage();
        storage.put("unilink.install_id", "0f8c1d2e-1111-2222-3333-444455556666");
        UnilinkCore core = core(settings(base).acceptsWeakMatches(true), storage, new TrackingExecutor(), listener);
        core.checkDeferredDeepLink("utm_source=unilink&ul_click=AbCdEfGhIjKlMnOpQrStUv");
        listener.nextNotFound();
        assertTrue(core.handle("https://LINK.example.com/u/42?deep_link_value=user"));
        listener.nextNotFound();
        java.util.concurrent.LinkedBlockingQueue<Object> outcomes = new java.util.concurrent.LinkedBlockingQueue<>();
        core.record(UnilinkEvent.custom("purchase", java.util.Map.of("sku", "42")), null, error -> outcomes.add(error == null ? "recorded" : error));
        assertEquals("recorded", outcomes.poll(30, java.util.concurrent.TimeUnit.SECONDS));

        assertEquals(
                List.of(
                        "{\"install_id\":\"0f8c1d2e-1111-2222-3333-444455556666\",\"app_version\":\"520\",\"device\":{\"os\":\"android\","
                                + "\"os_version\":\"14\",\"model\":\"Pixel 8\",\"screen_width\":412,\"screen_height\":915,\"screen_scale\":2.625,"
                                + "\"languages\":[\"de-DE\",\"en-US\"],\"time_zone\":\"Europe/Berlin\"},"
                                + "\"install_referrer\":\"ul_click=AbCdEfGhIjKlMnOpQrStUv\",\"allow_weak_match\":true}",
                        "{\"url\":\"https://LINK.example.com/u/42?deep_link_value=user\",\"app_version\":\"520\",\"os\":\"android\"}",
                        "{\"install_id\":\"0f8c1d2e-1111-2222-3333-444455556666\",\"type\":\"custom\",\"name\":\"purchase\","
                                + "\"properties\":{\"sku\":\"42\"}}"),
                bodies);
        assertEquals(
                List.of("pk_test POST /v1/sdk/deferred", "pk_test POST /v1/sdk/resolve", "pk_test POST /v1/sdk/events"), keys);
    }

    @Test
    void aWeakMatchTheAppDidNotAskForIsNotFound() throws Exception {
        String weak = "{\"status\":\"found\",\"deep_link\":{\"url\":\"https://link.example.com/p/1\",\"path\":\"/p/1\","
                + "\"is_deferred\":true,\"match_type\":\"weak\",\"confidence\":0.4,\"click_event\":{}}}";
        String base = serve(200, weak);
        RecordingListener listener = new RecordingListener();
        UnilinkCore core = core(settings(base), new MemoryStorage(), new TrackingExecutor(), listener);
        core.checkDeferredDeepLink(null);
        listener.nextNotFound();
        assertEquals(FirstLaunch.State.DONE, core.getFirstLaunchState());
    }

    @Test
    void resultsBeforeTheListenerIsSetWaitForIt() throws Exception {
        String base = serve(200, "{\"status\":\"not_found\"}");
        TrackingExecutor work = new TrackingExecutor();
        UnilinkCore core = new UnilinkCore(settings(base).build(), new MemoryStorage(), ServerEndToEndTest.device(), work, Runnable::run);
        core.checkDeferredDeepLink(null);
        work.awaitIdle();
        RecordingListener late = new RecordingListener();
        core.setListener(late);
        late.nextNotFound();
        assertEquals(List.of(), late.rest());
    }
}
