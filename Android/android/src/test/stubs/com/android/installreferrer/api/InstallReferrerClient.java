package com.android.installreferrer.api;

import android.content.Context;
import android.os.RemoteException;

/** Stub of Google's Play Install Referrer library (com.android.installreferrer:installreferrer). Never run. */
public abstract class InstallReferrerClient {
    public static Builder newBuilder(Context context) {
        throw new RuntimeException("Stub!");
    }

    public abstract void startConnection(InstallReferrerStateListener listener);

    public abstract void endConnection();

    public abstract boolean isReady();

    public abstract ReferrerDetails getInstallReferrer() throws RemoteException;

    public static final class Builder {
        private Builder() {}

        public InstallReferrerClient build() {
            throw new RuntimeException("Stub!");
        }
    }

    /** The library's return codes (an annotation holding int constants, as in the library). */
    public @interface InstallReferrerResponse {
        int SERVICE_DISCONNECTED = -1;
        int OK = 0;
        int SERVICE_UNAVAILABLE = 1;
        int FEATURE_NOT_SUPPORTED = 2;
        int DEVELOPER_ERROR = 3;
    }
}
