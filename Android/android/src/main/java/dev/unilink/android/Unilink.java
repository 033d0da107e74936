package dev.unilink.android;

import android.content.Context;
import android.content.Intent;
import android.net.Uri;
import android.os.Handler;
import android.os.Looper;
import dev.unilink.core.DeepLink;
import dev.unilink.core.DeepLinkListener;
import dev.unilink.core.FirstLaunch;
import dev.unilink.core.PlayReferrer;
import dev.unilink.core.UnilinkConfig;
import dev.unilink.core.UnilinkCore;
import dev.unilink.core.UnilinkEvent;

/**
 * The SDK for Android apps: App Links, the app's scheme and the deferred link after install
 * (the Play Install Referrer), each delivered once to one {@link DeepLinkListener} on the
 * main thread. A thin adapter: every decision is the core's ({@link UnilinkCore}).
 *
 * <pre>{@code
 * Unilink unilink = Unilink.start(this, config);   // Application.onCreate or the first Activity
 * unilink.setListener(listener);
 * unilink.handleIntent(getIntent());                // onCreate, and onNewIntent with its intent
 * }</pre>
 */
public final class Unilink {
    /** Marks an intent already handled, so an activity re-created with it (rotation) does not deliver its link again. */
    static final String HANDLED_EXTRA = "dev.unilink.handled";

    private static Unilink instance;

    private final Context context;
    private final UnilinkCore core;

    private Unilink(Context context, UnilinkCore core) {
        this.context = context;
        this.core = core;
    }

    /**
     * The SDK for this process, made on the first call (later calls return it, whatever
     * their configuration). On the first launch after install it reads the Play Install
     * Referrer and runs the deferred check, unless the configuration says otherwise.
     */
    public static synchronized Unilink start(Context context, UnilinkConfig config) {
        if (instance != null) {
            return instance;
        }
        Context application = context.getApplicationContext() != null ? context.getApplicationContext() : context;
        UnilinkConfig withVersion = config.getAppVersion() != null ? config : config.withAppVersion(AndroidDevice.versionCode(application));
        Handler main = new Handler(Looper.getMainLooper());
        UnilinkCore core = new UnilinkCore(
                withVersion, new SharedPreferencesStorage(application), AndroidDevice.describe(application),
                UnilinkCore.backgroundExecutor(), main::post);
        instance = new Unilink(application, core);
        if (withVersion.checksDeferredOnStart() && core.getFirstLaunchState() == FirstLaunch.State.NOT_YET_CHECKED) {
            instance.checkDeferredWithPlayReferrer(main);
        }
        return instance;
    }

    /** The SDK {@link #start} made, or {@code null} before it. */
    public static synchronized Unilink getInstance() {
        return instance;
    }

    /** Who hears results, on the main thread; results that came before it was set are handed to it now. */
    public void setListener(DeepLinkListener listener) {
        core.setListener(listener);
    }

    /**
     * The intent an activity was started or brought back with ({@code onCreate}'s
     * {@code getIntent()}, {@code onNewIntent}'s argument). Returns {@code true} when it
     * carries one of the app's links (its result goes to the listener), {@code false}
     * otherwise (not a VIEW intent, another host or scheme: an OAuth redirect), at once.
     */
    public boolean handleIntent(Intent intent) {
        if (intent == null || !Intent.ACTION_VIEW.equals(intent.getAction())) {
            return false;
        }
        Uri data = intent.getData();
        if (data == null) {
            return false;
        }
        String uri = data.toString();
        if (intent.getBooleanExtra(HANDLED_EXTRA, false)) {
            return core.isOwnLink(uri);
        }
        boolean ours = core.handle(uri);
        if (ours) {
            intent.putExtra(HANDLED_EXTRA, true);
        }
        return ours;
    }

    /**
     * Runs the first-launch check with a referrer the app read itself; for apps that set
     * {@code checksDeferredOnStart(false)}. Does nothing once the server has answered.
     */
    public void checkDeferredDeepLink(String installReferrer) {
        core.checkDeferredDeepLink(installReferrer);
    }

    /** The user agreed that the app may use the network: a waiting first-launch check goes on. */
    public void grantNetworkConsent() {
        core.grantNetworkConsent();
    }

    /** Reports an install, an open or a custom event, for the numbers of {@code link} (or {@code null}). */
    public void record(UnilinkEvent event, DeepLink link) {
        core.record(event, link, null);
    }

    /** As {@link #record(UnilinkEvent, DeepLink)}, telling {@code callback} on the main thread how it went. */
    public void record(UnilinkEvent event, DeepLink link, UnilinkCore.RecordCallback callback) {
        core.record(event, link, callback);
    }

    /** The link as its URI alone tells it, offline: a long link or scheme URI ({@code null} for a short link). */
    public DeepLink decodeLocally(String uri) {
        return core.decodeLocally(uri);
    }

    /** The random id of this install. */
    public String getInstallId() {
        return core.getInstallId();
    }

    /**
     * Reads the Play Install Referrer and runs the check with it. A service briefly away is
     * asked again; one that stays away leaves the check for the next start (the core
     * decides: {@link dev.unilink.core.PlayReferrer}).
     */
    private void checkDeferredWithPlayReferrer(Handler main) {
        try {
            PlayInstallReferrer.read(context, main, core::playReferrerAnswered);
        } catch (NoClassDefFoundError withoutGooglesLibrary) {
            // The app does not include com.android.installreferrer: the server matches without a referrer.
            core.checkDeferredDeepLink(null);
        } catch (RuntimeException playStoreMissing) {
            // No Play Store to bind to (an emulator image without it): the service cannot be read on this device.
            core.playReferrerAnswered(PlayReferrer.Answer.FEATURE_NOT_SUPPORTED, null, 1);
        }
    }
}
