package dev.unilink.core;

import java.util.ArrayDeque;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The SDK without a platform: every decision and all networking. The Android layer gives
 * it storage, the device's description and a main-thread executor; the JVM tests give it
 * the same against the real server. Each link event gives the listener one result.
 */
public final class UnilinkCore {
    static final String INSTALL_ID_KEY = "unilink.install_id";
    /** The same URI again within this time is the same tap (onCreate and onNewIntent both saw it). */
    static final long REPEAT_WINDOW_NANOS = TimeUnit.SECONDS.toNanos(2);

    /** Told when an event was recorded ({@code error == null}) or why not. */
    public interface RecordCallback {
        void recorded(UnilinkError error);
    }

    private final UnilinkConfig config;
    private final KeyValueStorage storage;
    private final DeviceInfo device;
    private final Executor work;
    private final Executor delivery;
    private final ApiClient client;
    private final LinkDecoder decoder;

    private final Object lock = new Object();
    private final FirstLaunch firstLaunch;
    private boolean consentGranted;
    private DeepLinkListener listener;
    /**
     * Results not yet told, oldest first: one queue, so they are told in the order they
     * came whichever listener is set when {@link #drain()} runs.
     */
    private final ArrayDeque<Result> pending = new ArrayDeque<>();
    private String lastUri;
    private long lastUriNanos;

    /**
     * @param work where network calls run (never the main thread)
     * @param delivery where the listener is called (Android: the main thread)
     */
    public UnilinkCore(UnilinkConfig config, KeyValueStorage storage, DeviceInfo device, Executor work, Executor delivery) {
        this(config, storage, device, work, delivery, Thread::sleep);
    }

    UnilinkCore(UnilinkConfig config, KeyValueStorage storage, DeviceInfo device, Executor work, Executor delivery, ApiClient.Sleeper sleeper) {
        this.config = config;
        this.storage = storage;
        this.device = device;
        this.work = work;
        this.delivery = delivery;
        client = new ApiClient(config, sleeper);
        decoder = new LinkDecoder(config);
        firstLaunch = new FirstLaunch(storage);
    }

    /** A small pool of daemon threads named {@code unilink}, for {@code work}. */
    public static Executor backgroundExecutor() {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(
                2, 2, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<Runnable>(), runnable -> {
                    Thread thread = new Thread(runnable, "unilink");
                    thread.setDaemon(true);
                    return thread;
                });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    public UnilinkConfig getConfig() {
        return config;
    }

    /**
     * Who hears results; results that came before it was set are handed to it now, in order.
     * {@code null} holds new results, and any already on their way through the delivery
     * executor, until a listener is set: a result goes to the listener set when the
     * delivery executor runs it, never to one that was replaced or removed.
     */
    public void setListener(DeepLinkListener listener) {
        boolean waiting;
        synchronized (lock) {
            this.listener = listener;
            waiting = listener != null && !pending.isEmpty();
        }
        if (waiting) {
            delivery.execute(this::drain);
        }
    }

    /** The random id of this install, made once and kept in storage. */
    public String getInstallId() {
        synchronized (lock) {
            String id = storage.get(INSTALL_ID_KEY);
            if (id == null || !InstallIds.isValid(id)) {
                id = UUID.randomUUID().toString();
                storage.put(INSTALL_ID_KEY, id);
            }
            return id;
        }
    }

    /** Where the first-launch check stands. */
    public FirstLaunch.State getFirstLaunchState() {
        synchronized (lock) {
            return firstLaunch.state();
        }
    }

    /**
     * On the first launch after install: asks the server once for the link the user tapped
     * before installing, with the Play Install Referrer string ({@code null} without one).
     * Waits for {@link #grantNetworkConsent()} when the configuration says so. The answer
     * goes to the listener once; a failure goes to it as {@code failure} and the check is
     * asked again on the next start, unless the server refused it (a 4xx other than 408 and
     * 429) on {@link FirstLaunch#MAX_REFUSALS} starts: then it is given up for good. Once
     * the server has answered, later calls do nothing.
     *
     * @return {@code true} when a request was sent now
     */
    public boolean checkDeferredDeepLink(String installReferrer) {
        synchronized (lock) {
            boolean consent = consentGranted || !config.waitsForConsent();
            if (firstLaunch.ask(installReferrer, consent) != FirstLaunch.Action.SEND) {
                return false;
            }
            sendDeferredCheck(firstLaunch.referrer());
            return true;
        }
    }

    /**
     * One answer of the Play Install Referrer service on this start ({@code attempt} from 1;
     * {@code referrer} when {@code answer} is {@link PlayReferrer.Answer#READ}): runs the
     * first-launch check with or without the referrer, or returns
     * {@link PlayReferrer.Next#RETRY} (the caller asks the service again after
     * {@link PlayReferrer#retryDelayMillis(int)}) or {@link PlayReferrer.Next#WAIT_FOR_NEXT_START}
     * (the check stays not yet checked; the starts this happened on are counted in storage).
     */
    public PlayReferrer.Next playReferrerAnswered(PlayReferrer.Answer answer, String referrer, int attempt) {
        synchronized (lock) {
            String stored = storage.get(PlayReferrer.UNREAD_STARTS_KEY);
            int unreadStarts;
            try {
                unreadStarts = stored == null ? 0 : Math.max(0, Integer.parseInt(stored));
            } catch (NumberFormatException unreadable) {
                unreadStarts = 0;
            }
            PlayReferrer.Next next = PlayReferrer.decide(answer, attempt, unreadStarts);
            switch (next) {
                case CHECK_WITH_REFERRER:
                    checkDeferredDeepLink(referrer);
                    break;
                case CHECK_WITHOUT_REFERRER:
                    checkDeferredDeepLink(null);
                    break;
                case WAIT_FOR_NEXT_START:
                    storage.put(PlayReferrer.UNREAD_STARTS_KEY, Integer.toString(unreadStarts + 1));
                    break;
                default:
                    break;
            }
            return next;
        }
    }

    /** The user agreed that the app may use the network: a waiting first-launch check goes on. */
    public void grantNetworkConsent() {
        synchronized (lock) {
            consentGranted = true;
            if (firstLaunch.consentGranted() == FirstLaunch.Action.SEND) {
                sendDeferredCheck(firstLaunch.referrer());
            }
        }
    }

    /** Whether {@code uri} is one of the app's links: on one of its hosts (http or https), or with one of its schemes. */
    public boolean isOwnLink(String uri) {
        return decoder.kind(uri) != LinkDecoder.Kind.FOREIGN;
    }

    /**
     * The link as its URI alone tells it, at once and offline ({@link DeepLink#isProvisional()}):
     * a long link or scheme URI; {@code null} for a short link (the server knows it) or one
     * that is not the app's. {@code handle} delivers this when the server cannot be reached.
     */
    public DeepLink decodeLocally(String uri) {
        return decoder.decode(uri);
    }

    /**
     * A link the app was opened with ({@code intent.getData()}). A URI that is not one of
     * the app's (another host or scheme: an OAuth redirect) returns {@code false} at once,
     * without the network or the listener; the app handles it elsewhere. One of the app's
     * returns {@code true} and its result goes to the listener: {@code found},
     * {@code notFound} (our host, a path the server does not know) or {@code failure}.
     * When the server cannot be reached (or its answer read), a long link or scheme URI is
     * still {@code found}, decoded on the device and {@link DeepLink#isProvisional()}; a
     * refusal (4xx) is a {@code failure}.
     * The same URI again within two seconds is the same tap and is answered once.
     */
    public boolean handle(String uri) {
        if (!isOwnLink(uri)) {
            return false;
        }
        long now = System.nanoTime();
        synchronized (lock) {
            if (uri.equals(lastUri) && now - lastUriNanos < REPEAT_WINDOW_NANOS) {
                return true;
            }
            lastUri = uri;
            lastUriNanos = now;
        }
        work.execute(() -> {
            Result result;
            try {
                DeepLinkResultBody answer = client.resolve(new ResolveRequest(uri, config.getAppVersion()));
                result = answer.found && answer.deepLink != null ? Result.found(new DeepLink(answer.deepLink)) : Result.NOT_FOUND;
            } catch (UnilinkError error) {
                // A long link stays usable without the server: its content is in the URI.
                // A refusal (4xx) is the app's to see: a wrong key or version must not pass for a link.
                boolean refused = error.getKind() == UnilinkError.Kind.SERVER && !error.isTransient();
                DeepLink local = refused ? null : decoder.decode(uri);
                result = local != null ? Result.found(local) : Result.failure(error);
            } catch (RuntimeException unexpected) {
                result = Result.failure(UnilinkError.undecodable("the answer could not be read: " + unexpected, unexpected));
            }
            deliver(result);
        });
        return true;
    }

    /**
     * Reports an install, an open or a custom event for the numbers of {@code link} (the
     * link that led here, or {@code null}). Sent once, in the background; {@code callback}
     * (may be {@code null}) hears how it went, where the listener is called.
     */
    public void record(UnilinkEvent event, DeepLink link, RecordCallback callback) {
        String linkId = link == null ? null : link.getClickEvent().get("link_id");
        String clickId = link == null ? null : link.getClickId();
        work.execute(() -> {
            UnilinkError failure = null;
            try {
                // Read (and on the first call stored) here, off the caller's thread: storage may touch the disk.
                client.event(new EventRequest(getInstallId(), event, clickId, linkId));
            } catch (UnilinkError error) {
                failure = error;
            } catch (RuntimeException unexpected) {
                // The storage or the platform failed: the app hears it; a pool thread must not die of it.
                failure = UnilinkError.network("the event could not be sent (" + unexpected + ")", unexpected);
            }
            if (callback != null) {
                UnilinkError outcome = failure;
                delivery.execute(() -> callback.recorded(outcome));
            }
        });
    }

    private void sendDeferredCheck(String installReferrer) {
        String referrer = InstallReferrer.forServer(installReferrer);
        work.execute(() -> {
            Result result;
            boolean answered;
            try {
                DeferredRequest request =
                        new DeferredRequest(getInstallId(), config.getAppVersion(), device, referrer, config.acceptsWeakMatches());
                DeepLinkResultBody answer = client.deferred(request);
                answered = true;
                // An app that did not ask for weak matches never gets one, whatever the server answers.
                if (answer.found && answer.deepLink != null && (answer.deepLink.matchType != MatchType.WEAK || config.acceptsWeakMatches())) {
                    result = Result.found(new DeepLink(answer.deepLink));
                } else {
                    result = Result.NOT_FOUND;
                }
            } catch (UnilinkError error) {
                answered = false;
                result = Result.failure(error);
            } catch (RuntimeException unexpected) {
                answered = false;
                result = Result.failure(UnilinkError.undecodable("the answer could not be read: " + unexpected, unexpected));
            }
            boolean refused = result.error != null && result.error.getKind() == UnilinkError.Kind.SERVER && !result.error.isTransient();
            FirstLaunch.Action action;
            synchronized (lock) {
                action = answered ? firstLaunch.answered() : firstLaunch.failed(refused);
            }
            if (action == FirstLaunch.Action.DELIVER) {
                deliver(result);
            }
        });
    }

    private void deliver(Result result) {
        synchronized (lock) {
            pending.add(result);
            if (listener == null) {
                return;
            }
        }
        delivery.execute(this::drain);
    }

    /**
     * On the delivery executor: tells the current listener the pending results, oldest
     * first, each read from the queue and the listener read under the lock at that moment
     * (the listener is called outside it). Without a listener the results stay queued.
     */
    private void drain() {
        while (true) {
            Result result;
            DeepLinkListener target;
            synchronized (lock) {
                target = listener;
                if (target == null || pending.isEmpty()) {
                    return;
                }
                result = pending.poll();
            }
            result.tell(target);
        }
    }

    /** One result on its way to the listener. */
    private static final class Result {
        static final Result NOT_FOUND = new Result(null, null);

        final DeepLink link;
        final UnilinkError error;

        private Result(DeepLink link, UnilinkError error) {
            this.link = link;
            this.error = error;
        }

        static Result found(DeepLink link) {
            return new Result(link, null);
        }

        static Result failure(UnilinkError error) {
            return new Result(null, error);
        }

        void tell(DeepLinkListener listener) {
            if (link != null) {
                listener.found(link);
            } else if (error != null) {
                listener.failure(error);
            } else {
                listener.notFound();
            }
        }
    }

    /** The server takes 8 to 128 letters, digits, {@code -} or {@code _}; a stored id that is not is made anew. */
    private static final class InstallIds {
        static boolean isValid(String id) {
            if (id.length() < 8 || id.length() > 128) {
                return false;
            }
            for (int i = 0; i < id.length(); i++) {
                char c = id.charAt(i);
                if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) {
                    return false;
                }
            }
            return true;
        }
    }
}
