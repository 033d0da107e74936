package dev.unilink.android;

import android.content.Context;
import com.android.installreferrer.api.InstallReferrerClient;
import com.android.installreferrer.api.InstallReferrerStateListener;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The Play Install Referrer string, read once through Google's library
 * ({@code com.android.installreferrer:installreferrer}) when the app includes it. This is
 * the only class that names the library: {@link Unilink} catches the
 * {@code NoClassDefFoundError} of an app without it and checks without a referrer.
 */
final class PlayInstallReferrer {
    /** Hears the referrer string, or {@code null} when there is none to be had; once. */
    interface Callback {
        void referrer(String referrer);
    }

    private PlayInstallReferrer() {}

    static void read(Context context, Callback callback) {
        InstallReferrerClient client = InstallReferrerClient.newBuilder(context).build();
        AtomicBoolean answered = new AtomicBoolean();
        client.startConnection(new InstallReferrerStateListener() {
            @Override
            public void onInstallReferrerSetupFinished(int responseCode) {
                String referrer = null;
                if (responseCode == InstallReferrerClient.InstallReferrerResponse.OK) {
                    try {
                        referrer = client.getInstallReferrer().getInstallReferrer();
                    } catch (Exception unavailable) {
                        // RemoteException (the Play Store went away) or anything else: no referrer.
                        referrer = null;
                    }
                }
                finish(referrer);
            }

            @Override
            public void onInstallReferrerServiceDisconnected() {
                finish(null);
            }

            private void finish(String referrer) {
                if (answered.compareAndSet(false, true)) {
                    try {
                        client.endConnection();
                    } catch (RuntimeException alreadyClosed) {
                        // Nothing held any more.
                    }
                    callback.referrer(referrer);
                }
            }
        });
    }
}
