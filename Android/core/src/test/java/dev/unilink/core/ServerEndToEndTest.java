package dev.unilink.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLDecoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The core against the real {@code unilink serve} and its demo app: an Android phone clicks,
 * Play gets the referrer, the app's first launch gets the link once; App Links resolve;
 * what is not the app's is left alone; the server's refusals arrive with their reason.
 * Every test that clicks consumes its click, so no test's install can match another's.
 */
class ServerEndToEndTest {
    private static RunningServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = RunningServer.start();
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    /** One launch of the app: the core over an install's storage, results heard as the app hears them. */
    static final class Launch {
        final TrackingExecutor work = new TrackingExecutor();
        final RecordingListener listener = new RecordingListener();
        final UnilinkCore core;

        /** The waits between attempts, in milliseconds. */
        final List<Long> waits = new java.util.concurrent.CopyOnWriteArrayList<>();

        Launch(UnilinkConfig config, KeyValueStorage storage) {
            this(config, storage, device());
        }

        Launch(UnilinkConfig config, KeyValueStorage storage, DeviceInfo device) {
            core = new UnilinkCore(config, storage, device, work, Runnable::run, waits::add);
            core.setListener(listener);
        }
    }

    static DeviceInfo device() {
        return new DeviceInfo("14", "Pixel 8", 412, 915, 2.625, List.of("de-DE", "en-US"), "Europe/Berlin");
    }

    /**
     * A tap on {@code path} of the short host in Chrome on Android without the app: the
     * preview page, its button to the alternate host, the intent whose fallback is Play.
     * Returns the referrer Play hands the app after install.
     */
    static String tapWithoutTheApp(String path) throws Exception {
        HttpResponse<String> page = server.get("go.localhost", path, RunningServer.ANDROID_CHROME);
        assertEquals(200, page.statusCode());
        Matcher open = Pattern.compile("id=\"open\" href=\"([^\"]+)\"").matcher(page.body());
        assertTrue(open.find(), "the preview page has an open button");
        String button = open.group(1).replace("&amp;", "&");
        String pathAndQuery = button.substring(button.indexOf('/', button.indexOf("//") + 2));
        HttpResponse<String> intent = server.get("open.localhost", pathAndQuery, RunningServer.ANDROID_CHROME);
        assertEquals(302, intent.statusCode());
        String location = intent.headers().firstValue("location").orElseThrow();
        assertTrue(location.startsWith("intent://"), location);
        assertTrue(location.contains(";package=" + RunningServer.DEMO_PACKAGE + ";"), location);
        Matcher fallback = Pattern.compile("S\\.browser_fallback_url=([^;]+)").matcher(location);
        assertTrue(fallback.find(), location);
        String play = URLDecoder.decode(fallback.group(1), StandardCharsets.UTF_8);
        String prefix = "https://play.google.com/store/apps/details?id=" + RunningServer.DEMO_PACKAGE + "&referrer=";
        assertTrue(play.startsWith(prefix), play);
        return URLDecoder.decode(play.substring(prefix.length()), StandardCharsets.UTF_8);
    }

    @Test
    void theFirstLaunchAfterAnAndroidClickGetsTheLinkDeterministicallyAndOnce() throws Exception {
        String referrer = tapWithoutTheApp("/welcome");
        String clickId = InstallReferrer.clickId(referrer);
        assertNotNull(clickId, "Play's referrer names the click: " + referrer);

        MemoryStorage install = new MemoryStorage();
        Launch first = new Launch(server.config().build(), install);
        assertTrue(first.core.checkDeferredDeepLink(referrer));
        DeepLink link = first.listener.nextFound();
        assertTrue(link.isDeferred());
        assertEquals(MatchType.DETERMINISTIC, link.getMatchType());
        assertEquals(1.0, link.getConfidence());
        assertEquals("/p/welcome", link.getPath());
        assertEquals("welcome", link.getDeepLinkValue());
        assertEquals(clickId, link.getClickId());
        assertNull(link.getClickEvent().get("ref"), "a new user's link carries its content only, never the campaign");
        assertEquals(FirstLaunch.State.DONE, first.core.getFirstLaunchState());

        // Asked again in this launch, and on the next launch: nothing is sent, nothing delivered.
        assertFalse(first.core.checkDeferredDeepLink(referrer));
        Launch second = new Launch(server.config().build(), install);
        assertFalse(second.core.checkDeferredDeepLink(referrer));
        first.work.awaitIdle();
        second.work.awaitIdle();
        assertEquals(1, first.work.submitted());
        assertEquals(0, second.work.submitted());
        assertEquals(List.of(), first.listener.rest());
        assertEquals(List.of(), second.listener.rest());

        // Another install with the same referrer: the click went to the first one.
        Launch stranger = new Launch(server.config().build(), new MemoryStorage());
        stranger.core.checkDeferredDeepLink(referrer);
        stranger.listener.nextNotFound();
    }

    @Test
    void theLinksNumbersCountTheMatchedInstallOpensAndCustomEvents() throws Exception {
        HttpResponse<String> created = server.post("/v1/links", "{\"path\": \"/p/counted\", \"alias\": \"counted\"}");
        assertEquals(201, created.statusCode(), created.body());
        String linkId = (String) ((Map<?, ?>) Json.parse(created.body())).get("id");
        String stats = "/v1/links/" + linkId + "/stats";

        Launch first = new Launch(server.config().build(), new MemoryStorage());
        first.core.checkDeferredDeepLink(tapWithoutTheApp("/counted"));
        DeepLink installed = first.listener.nextFound();
        assertEquals(1L, server.read(stats).get("installs"), "the server counts the install it matched");

        java.util.concurrent.LinkedBlockingQueue<Object> outcomes = new java.util.concurrent.LinkedBlockingQueue<>();
        first.core.record(UnilinkEvent.custom("purchase", Map.of("sku", "42")), installed, error -> outcomes.add(error == null ? "recorded" : error));
        assertEquals("recorded", outcomes.poll(30, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(first.core.handle("http://go.localhost/counted"));
        DeepLink opened = first.listener.nextFound();
        first.core.record(UnilinkEvent.open(), opened, error -> outcomes.add(error == null ? "recorded" : error));
        assertEquals("recorded", outcomes.poll(30, java.util.concurrent.TimeUnit.SECONDS));

        Map<String, Object> numbers = server.read(stats);
        assertEquals(1L, numbers.get("installs"));
        assertEquals(1L, numbers.get("opens"));
        assertEquals(Map.of("purchase", 1L), numbers.get("custom_events"));
    }

    @Test
    void aDeferredLinkNamesTheABVariantItsClickWasGiven() throws Exception {
        HttpResponse<String> created = server.post(
                "/v1/links",
                "{\"path\": \"/p/split\", \"alias\": \"split\", \"variants\": [{\"name\": \"blue\", \"weight\": 1},"
                        + " {\"name\": \"green\", \"weight\": 1}]}");
        assertEquals(201, created.statusCode(), created.body());
        String referrer = tapWithoutTheApp("/split");
        Launch launch = new Launch(server.config().build(), new MemoryStorage());
        assertTrue(launch.core.checkDeferredDeepLink(referrer));
        DeepLink link = launch.listener.nextFound();
        assertEquals("/p/split", link.getPath());
        assertTrue(List.of("blue", "green").contains(link.getVariant()), "variant: " + link.getVariant());
    }

    @Test
    void anOpenedAppLinkResolvesWithItsContentAndSubs() throws Exception {
        StringBuilder subs = new StringBuilder();
        for (int index = 1; index <= 10; index++) {
            subs.append(", \"deep_link_sub").append(index).append("\": \"s").append(index).append('"');
        }
        HttpResponse<String> created = server.post(
                "/v1/links",
                "{\"path\": \"/p/shoes\", \"deep_link_value\": \"shoes\"" + subs + ", \"ref\": \"mail\", \"alias\": \"shoes\"}");
        assertEquals(201, created.statusCode(), created.body());

        Launch launch = new Launch(server.config().appVersion("520").build(), new MemoryStorage());
        // The short link and the long link both open the app (App Links on every host).
        for (String uri : List.of("http://go.localhost:" + server.port + "/shoes", "https://link.localhost/p/shoes?deep_link_value=shoes")) {
            assertTrue(launch.core.handle(uri));
            DeepLink link = launch.listener.nextFound();
            assertFalse(link.isDeferred());
            assertEquals(MatchType.DIRECT, link.getMatchType());
            assertEquals("/p/shoes", link.getPath());
            assertEquals("shoes", link.getDeepLinkValue());
            assertFalse(link.requiresUpdate());
        }
        assertTrue(launch.core.handle("http://go.localhost:" + server.port + "/shoes?again"));
        DeepLink link = launch.listener.nextFound();
        assertEquals("s1", link.getDeepLinkSub1());
        assertEquals("s5", link.getDeepLinkSub5());
        assertEquals("s10", link.getDeepLinkSub10());
        assertEquals(10, link.getDeepLinkSubs().size());
        assertEquals("mail", link.getClickEvent().get("ref"), "the app that has the link gets its campaign data");
        assertNotNull(link.getClickEvent().get("link_id"));
        assertNull(link.getClickId());

        java.util.concurrent.LinkedBlockingQueue<Object> outcomes = new java.util.concurrent.LinkedBlockingQueue<>();
        launch.core.record(UnilinkEvent.open(), link, error -> outcomes.add(error == null ? "recorded" : error));
        assertEquals("recorded", outcomes.poll(30, java.util.concurrent.TimeUnit.SECONDS));
    }

    @Test
    void aLinkForANewerAppSaysSoWithThePlayPage() throws Exception {
        HttpResponse<String> created = server.post(
                "/v1/links", "{\"path\": \"/p/new\", \"alias\": \"new-feature\", \"min_app_version\": {\"android\": \"520\"}}");
        assertEquals(201, created.statusCode(), created.body());
        Launch old = new Launch(server.config().appVersion("510").build(), new MemoryStorage());
        assertTrue(old.core.handle("http://go.localhost/new-feature"));
        DeepLink link = old.listener.nextFound();
        assertTrue(link.requiresUpdate());
        assertEquals("520", link.getMinAppVersion());
        assertEquals("https://play.google.com/store/apps/details?id=" + RunningServer.DEMO_PACKAGE, link.getUpdateUrl());
    }

    @Test
    void ourHostWithAPathTheServerDoesNotKnowIsNotFound() throws Exception {
        Launch launch = new Launch(server.config().build(), new MemoryStorage());
        assertTrue(launch.core.handle("https://link.localhost/zzz/unknown"));
        launch.listener.nextNotFound();
        assertTrue(launch.core.handle("http://go.localhost/NoSuchCode"));
        launch.listener.nextNotFound();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "https://accounts.example.com/oauth/callback?code=1",
        "https://link.localhost.example.com/p/welcome",
        "otherapp://p/welcome",
        "mailto:someone@example.com",
        "file:///sdcard/Download/x.pdf",
        "not a uri at all",
        "",
    })
    void aUriThatIsNotTheAppsIsIgnoredWithoutTheNetwork(String uri) throws Exception {
        Launch launch = new Launch(server.config().build(), new MemoryStorage());
        assertFalse(launch.core.handle(uri));
        launch.work.awaitIdle();
        assertEquals(0, launch.work.submitted());
        assertEquals(List.of(), launch.listener.rest());
    }

    @Test
    void theSameTapHandedOverTwiceIsAnsweredOnce() throws Exception {
        Launch launch = new Launch(server.config().build(), new MemoryStorage());
        String uri = "https://link.localhost/p/welcome?deep_link_value=welcome";
        assertTrue(launch.core.handle(uri));
        assertTrue(launch.core.handle(uri), "still the app's link: the app must not hand it elsewhere");
        launch.listener.nextFound();
        launch.work.awaitIdle();
        assertEquals(1, launch.work.submitted());
        assertEquals(List.of(), launch.listener.rest());
    }

    @Test
    void theFirstLaunchCheckWaitsForConsent() throws Exception {
        String referrer = tapWithoutTheApp("/welcome");
        Launch launch = new Launch(server.config().waitsForConsent(true).build(), new MemoryStorage());
        assertFalse(launch.core.checkDeferredDeepLink(referrer));
        assertEquals(FirstLaunch.State.WAITING_FOR_CONSENT, launch.core.getFirstLaunchState());
        launch.work.awaitIdle();
        assertEquals(0, launch.work.submitted(), "nothing is sent before consent");
        assertEquals(List.of(), launch.listener.rest());

        launch.core.grantNetworkConsent();
        DeepLink link = launch.listener.nextFound();
        assertEquals(MatchType.DETERMINISTIC, link.getMatchType());
        assertEquals(InstallReferrer.clickId(referrer), link.getClickId());
    }

    @Test
    void theServersRefusalArrivesWithItsReasonAndIsNotRetried() throws Exception {
        Launch wrongKey = new Launch(
                UnilinkConfig.builder("pk_not_this_apps_key", server.baseUrl()).linkHosts("link.localhost").build(), new MemoryStorage());
        assertTrue(wrongKey.core.checkDeferredDeepLink(null));
        UnilinkError error = wrongKey.listener.nextFailure();
        assertEquals(UnilinkError.Kind.SERVER, error.getKind());
        assertEquals(401, error.getStatus());
        assertEquals("unauthorized", error.getCode());
        assertEquals("the publishable key is not valid", error.getMessage());
        assertFalse(error.isTransient());
        assertEquals(FirstLaunch.State.NOT_YET_CHECKED, wrongKey.core.getFirstLaunchState(), "asked again on the next start");

        Launch badKey = new Launch(
                UnilinkConfig.builder("pk_not_this_apps_key", server.baseUrl()).linkHosts("link.localhost").build(), new MemoryStorage());
        assertTrue(badKey.core.handle("https://link.localhost/p/welcome"));
        assertEquals(401, badKey.listener.nextFailure().getStatus(), "a refused link is a failure, not a guess");
    }

    @Test
    void aVersionTheServerWouldRefuseIsLeftOutAndTheLinkStillOpens() throws Exception {
        UnilinkConfig beta = server.config().appVersion("5.3.0-beta").build();
        assertNull(beta.getAppVersion());
        Launch launch = new Launch(beta, new MemoryStorage());
        assertTrue(launch.core.handle("https://link.localhost/p/welcome"));
        assertEquals("/p/welcome", launch.listener.nextFound().getPath());
    }

    @Test
    void aTenDigitVersionCodeIsComparedAsANumber() throws Exception {
        HttpResponse<String> created = server.post(
                "/v1/links", "{\"path\": \"/p/dated\", \"alias\": \"dated-release\", \"min_app_version\": {\"android\": \"2024061300\"}}");
        assertEquals(201, created.statusCode(), created.body());
        Launch older = new Launch(server.config().appVersion("2024061201").build(), new MemoryStorage());
        assertTrue(older.core.handle("http://go.localhost/dated-release"));
        assertTrue(older.listener.nextFound().requiresUpdate());
        Launch newer = new Launch(server.config().appVersion("2100000000").build(), new MemoryStorage());
        assertTrue(newer.core.handle("http://go.localhost/dated-release"));
        assertFalse(newer.listener.nextFound().requiresUpdate());
        Launch first = new Launch(server.config().appVersion("2024061201").build(), new MemoryStorage());
        assertTrue(first.core.checkDeferredDeepLink(null));
        first.listener.nextNotFound();
    }

    @Test
    void aDeviceTheServerWouldRefuseIsSentWithinItsLimitsAndAnswered() throws Exception {
        List<String> languages = new java.util.ArrayList<>();
        languages.add("en-US-u-fw-mon-mu-celsius-nu-latn-ca-gregory");
        for (int i = 0; i < 12; i++) {
            languages.add("de-DE");
        }
        DeviceInfo odd = new DeviceInfo("14".repeat(40), "Pixel \ud83d\ude00".repeat(20), 90_000, -5, 0.1, languages, "GMT+05:30");
        Launch launch = new Launch(server.config().build(), new MemoryStorage(), odd);
        assertTrue(launch.core.checkDeferredDeepLink(null));
        launch.listener.nextNotFound();
        assertEquals(FirstLaunch.State.DONE, launch.core.getFirstLaunchState());
    }

    @Test
    void aFirstLaunchThatCouldNotReachTheServerGetsItsLinkOnTheNextStart() throws Exception {
        String referrer = tapWithoutTheApp("/welcome");
        MemoryStorage install = new MemoryStorage();
        int closedPort;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        UnilinkConfig offline = UnilinkConfig.builder(server.publishableKey, "http://127.0.0.1:" + closedPort)
                .linkHosts("link.localhost").maxAttempts(3).retryDelayMillis(10).build();
        Launch first = new Launch(offline, install);
        first.core.checkDeferredDeepLink(referrer);
        UnilinkError error = first.listener.nextFailure();
        assertEquals(UnilinkError.Kind.NETWORK, error.getKind());
        assertTrue(error.getMessage().contains("ConnectException"), error.getMessage());
        assertEquals(List.of(10L, 20L), first.waits, "three attempts, the delay doubling");
        assertEquals(FirstLaunch.State.NOT_YET_CHECKED, first.core.getFirstLaunchState());

        Launch next = new Launch(server.config().build(), install);
        assertTrue(next.core.checkDeferredDeepLink(referrer));
        DeepLink link = next.listener.nextFound();
        assertEquals(InstallReferrer.clickId(referrer), link.getClickId());
        assertEquals(first.core.getInstallId(), next.core.getInstallId(), "the same install, remembered");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ul_click=%ZZ", "utm_source=google-play&utm_medium=organic", "ul_click=tooShort", "\u0000\uFFFF%", ""})
    void aReferrerThatNamesNoClickIsAnsweredWithoutOne(String referrer) throws Exception {
        Launch launch = new Launch(server.config().build(), new MemoryStorage());
        assertTrue(launch.core.checkDeferredDeepLink(referrer));
        launch.listener.nextNotFound();
        assertEquals(FirstLaunch.State.DONE, launch.core.getFirstLaunchState());
    }
}
