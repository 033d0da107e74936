package com.android.installreferrer.api;

/** Stub of Google's Play Install Referrer library. Never run. */
public interface InstallReferrerStateListener {
    void onInstallReferrerSetupFinished(int responseCode);

    void onInstallReferrerServiceDisconnected();
}
