package dev.unilink.android;

import android.content.Context;
import android.os.Handler;
import com.android.installreferrer.api.InstallReferrerClient;
import com.android.installreferrer.api.InstallReferrerStateListener;
import dev.unilink.core.PlayReferrer;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The Play Install Referrer string, read through Google's library
 * ({@code com.android.installreferrer:installreferrer}) when the app includes it. This is
 * the only class that names the library: {@link Unilink} catches the
 * {@code NoClassDefFoundError} of an app without it and checks without a referrer. What an
 * answer leads to (the check, another attempt, or the next start) is the core's decision
 * ({@link PlayReferrer}); this class only asks the service and waits between attempts.
 */
final class PlayInstallReferrer {
    /** Hears each attempt's answer, and the referrer string when it was read; returns what to do next. */
    interface Callback {
        PlayReferrer.Next answered(PlayReferrer.Answer answer, String referrer, int attempt);
    }

    private PlayInstallReferrer() {}

    static void read(Context context, Handler handler, Callback callback) {
        attempt(context, handler, callback, 1);
    }

    private static void attempt(Context context, Handler handler, Callback callback, int attempt) {
        InstallReferrerClient client = InstallReferrerClient.newBuilder(context).build();
        AtomicBoolean answered = new AtomicBoolean();
        client.startConnection(new InstallReferrerStateListener() {
            @Override
            public void onInstallReferrerSetupFinished(int responseCode) {
                String referrer = null;
                PlayReferrer.Answer answer;
                switch (responseCode) {
                    case InstallReferrerClient.InstallReferrerResponse.OK:
                        try {
                            referrer = client.getInstallReferrer().getInstallReferrer();
                            answer = PlayReferrer.Answer.READ;
                        } catch (Exception unavailable) {
                            // RemoteException (the Play Store went away) or anything else.
                            answer = PlayReferrer.Answer.READ_FAILED;
                        }
                        break;
                    case InstallReferrerClient.InstallReferrerResponse.SERVICE_UNAVAILABLE:
                        answer = PlayReferrer.Answer.SERVICE_UNAVAILABLE;
                        break;
                    case InstallReferrerClient.InstallReferrerResponse.SERVICE_DISCONNECTED:
                        answer = PlayReferrer.Answer.DISCONNECTED;
                        break;
                    case InstallReferrerClient.InstallReferrerResponse.FEATURE_NOT_SUPPORTED:
                        answer = PlayReferrer.Answer.FEATURE_NOT_SUPPORTED;
                        break;
                    default:
                        answer = PlayReferrer.Answer.OTHER_ERROR;
                        break;
                }
                finish(answer, referrer);
            }

            @Override
            public void onInstallReferrerServiceDisconnected() {
                finish(PlayReferrer.Answer.DISCONNECTED, null);
            }

            private void finish(PlayReferrer.Answer answer, String referrer) {
                if (!answered.compareAndSet(false, true)) {
                    return;
                }
                try {
                    client.endConnection();
                } catch (RuntimeException alreadyClosed) {
                    // Nothing held any more.
                }
                answered(context, handler, callback, answer, referrer, attempt);
            }
        });
    }

    /** Tells the core; when it says so, asks the service again after the delay it gives. */
    private static void answered(
            Context context, Handler handler, Callback callback, PlayReferrer.Answer answer, String referrer, int attempt) {
        if (callback.answered(answer, referrer, attempt) != PlayReferrer.Next.RETRY) {
            return;
        }
        handler.postDelayed(() -> {
            try {
                attempt(context, handler, callback, attempt + 1);
            } catch (RuntimeException playStoreGone) {
                answered(context, handler, callback, PlayReferrer.Answer.DISCONNECTED, null, attempt + 1);
            }
        }, PlayReferrer.retryDelayMillis(attempt));
    }
}
