package com.android.installreferrer.api;

/** Stub of Google's Play Install Referrer library. Never run. */
public class ReferrerDetails {
    public String getInstallReferrer() {
        throw new RuntimeException("Stub!");
    }
}
