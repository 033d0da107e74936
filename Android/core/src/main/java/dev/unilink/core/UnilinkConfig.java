package dev.unilink.core;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * How the app reaches its Unilink server and which links are its own: the iOS SDK's
 * {@code UnilinkConfiguration}. Made with {@link #builder(String, String)}.
 *
 * <pre>{@code
 * UnilinkConfig config = UnilinkConfig.builder("pk_...", "https://link.example.com")
 *     .linkHosts("link.example.com", "open.example.com", "exm.pl")
 *     .schemes("shop")
 *     .build();
 * }</pre>
 */
public final class UnilinkConfig {
    private final String publishableKey;
    private final URI apiBaseUrl;
    private final Set<String> linkHosts;
    private final Set<String> schemes;
    private final boolean waitsForConsent;
    private final boolean acceptsWeakMatches;
    private final boolean checksDeferredOnStart;
    private final int maxAttempts;
    private final long retryDelayMillis;
    private final int connectTimeoutMillis;
    private final int readTimeoutMillis;
    private final long totalTimeoutMillis;
    private final String appVersion;

    private UnilinkConfig(Builder builder) {
        publishableKey = builder.publishableKey;
        apiBaseUrl = builder.apiBaseUrl;
        linkHosts = Collections.unmodifiableSet(new LinkedHashSet<>(builder.linkHosts));
        schemes = Collections.unmodifiableSet(new LinkedHashSet<>(builder.schemes));
        waitsForConsent = builder.waitsForConsent;
        acceptsWeakMatches = builder.acceptsWeakMatches;
        checksDeferredOnStart = builder.checksDeferredOnStart;
        maxAttempts = builder.maxAttempts;
        retryDelayMillis = builder.retryDelayMillis;
        connectTimeoutMillis = builder.connectTimeoutMillis;
        readTimeoutMillis = builder.readTimeoutMillis;
        totalTimeoutMillis = builder.totalTimeoutMillis;
        appVersion = builder.appVersion;
    }

    /**
     * @param publishableKey the app's publishable key ({@code pk_...}), sent as {@code X-Unilink-Key}
     * @param apiBaseUrl {@code https://link.example.com}: any of the app's hosts serves the API
     */
    public static Builder builder(String publishableKey, String apiBaseUrl) {
        return new Builder(publishableKey, apiBaseUrl);
    }

    public String getPublishableKey() {
        return publishableKey;
    }

    public URI getApiBaseUrl() {
        return apiBaseUrl;
    }

    /** Every host the app claims in its intent filter (primary, alternate, short), lowercased. */
    public Set<String> getLinkHosts() {
        return linkHosts;
    }

    /** The app's own schemes ({@code shop}), lowercased. */
    public Set<String> getSchemes() {
        return schemes;
    }

    /** The first-launch check waits for {@code grantNetworkConsent()}. */
    public boolean waitsForConsent() {
        return waitsForConsent;
    }

    /** Deferred matches below the app's threshold are delivered too, as {@link MatchType#WEAK}. */
    public boolean acceptsWeakMatches() {
        return acceptsWeakMatches;
    }

    /** {@code start} runs the first-launch check (else the app calls {@code checkDeferredDeepLink}). */
    public boolean checksDeferredOnStart() {
        return checksDeferredOnStart;
    }

    /** Attempts of one resolve or deferred call on transient failures (network, 408, 429, 5xx). */
    public int getMaxAttempts() {
        return maxAttempts;
    }

    /** The first retry's delay; each next one doubles. */
    public long getRetryDelayMillis() {
        return retryDelayMillis;
    }

    public int getConnectTimeoutMillis() {
        return connectTimeoutMillis;
    }

    /** How long one attempt waits for the server's answer once connected. */
    public int getReadTimeoutMillis() {
        return readTimeoutMillis;
    }

    /**
     * How long one resolve or deferred call may take in all, its attempts and the waits
     * between them: an attempt's timeouts are cut to what is left, and no attempt starts
     * (nor a wait, a {@code Retry-After} included) that would end after it.
     */
    public long getTotalTimeoutMillis() {
        return totalTimeoutMillis;
    }

    /** The app version sent to the server, or {@code null} to let the platform layer tell it. */
    public String getAppVersion() {
        return appVersion;
    }

    /** The same configuration with another app version (the platform layer fills it in). */
    public UnilinkConfig withAppVersion(String version) {
        Builder builder = toBuilder();
        builder.appVersion = version;
        return builder.build();
    }

    private Builder toBuilder() {
        Builder builder = new Builder(publishableKey, apiBaseUrl.toString());
        builder.linkHosts.addAll(linkHosts);
        builder.schemes.addAll(schemes);
        builder.waitsForConsent = waitsForConsent;
        builder.acceptsWeakMatches = acceptsWeakMatches;
        builder.checksDeferredOnStart = checksDeferredOnStart;
        builder.maxAttempts = maxAttempts;
        builder.retryDelayMillis = retryDelayMillis;
        builder.connectTimeoutMillis = connectTimeoutMillis;
        builder.readTimeoutMillis = readTimeoutMillis;
        builder.totalTimeoutMillis = totalTimeoutMillis;
        builder.appVersion = appVersion;
        return builder;
    }

    /** Collects the settings; {@link #build()} checks them. */
    public static final class Builder {
        private final String publishableKey;
        private final URI apiBaseUrl;
        private final Set<String> linkHosts = new LinkedHashSet<>();
        private final Set<String> schemes = new LinkedHashSet<>();
        private boolean waitsForConsent;
        private boolean acceptsWeakMatches;
        private boolean checksDeferredOnStart = true;
        private int maxAttempts = 4;
        private long retryDelayMillis = 500;
        private int connectTimeoutMillis = 10_000;
        private int readTimeoutMillis = 15_000;
        private long totalTimeoutMillis = 30_000;
        private String appVersion;

        private Builder(String publishableKey, String apiBaseUrl) {
            if (publishableKey == null || publishableKey.trim().isEmpty()) {
                throw new IllegalArgumentException("the publishable key (pk_...) is missing");
            }
            this.publishableKey = publishableKey.trim();
            URI url;
            try {
                url = new URI(apiBaseUrl == null ? "" : apiBaseUrl.trim());
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException("the API base URL is not a URL: " + apiBaseUrl, e);
            }
            String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("https") || scheme.equals("http")) || url.getHost() == null) {
                throw new IllegalArgumentException("the API base URL must be https://<one of the app's hosts>: " + apiBaseUrl);
            }
            this.apiBaseUrl = url;
        }

        public Builder linkHosts(String... hosts) {
            for (String host : hosts) {
                linkHosts.add(host.trim().toLowerCase(Locale.ROOT));
            }
            return this;
        }

        public Builder schemes(String... names) {
            for (String name : names) {
                schemes.add(name.trim().toLowerCase(Locale.ROOT));
            }
            return this;
        }

        public Builder waitsForConsent(boolean value) {
            waitsForConsent = value;
            return this;
        }

        public Builder acceptsWeakMatches(boolean value) {
            acceptsWeakMatches = value;
            return this;
        }

        public Builder checksDeferredOnStart(boolean value) {
            checksDeferredOnStart = value;
            return this;
        }

        public Builder maxAttempts(int value) {
            maxAttempts = Math.max(1, value);
            return this;
        }

        public Builder retryDelayMillis(long value) {
            retryDelayMillis = Math.max(0, value);
            return this;
        }

        public Builder timeoutsMillis(int connect, int read) {
            connectTimeoutMillis = Math.max(1, connect);
            readTimeoutMillis = Math.max(1, read);
            return this;
        }

        /** The most one resolve or deferred call may take, all attempts together (default 30 s). */
        public Builder totalTimeoutMillis(long value) {
            totalTimeoutMillis = Math.max(1, value);
            return this;
        }

        /**
         * The version links' {@code min_app_version.android} is compared with (default: the
         * version code). The server takes numbers of 1 to 10 digits separated by dots, up to
         * 64 characters ({@code 520}, {@code 2024061201}, {@code 5.3.0}); {@link #build()}
         * leaves out any other ({@code 5.3.0-beta}), which the server would refuse with every
         * call: links are then opened without the {@code min_app_version} check.
         */
        public Builder appVersion(String value) {
            appVersion = value;
            return this;
        }

        public UnilinkConfig build() {
            if (linkHosts.isEmpty() && schemes.isEmpty()) {
                throw new IllegalArgumentException("name the app's link hosts (linkHosts) or schemes: no link would be the app's");
            }
            if (appVersion != null && !WireLimits.isAppVersion(appVersion)) {
                appVersion = null;
            }
            return new UnilinkConfig(this);
        }
    }
}
