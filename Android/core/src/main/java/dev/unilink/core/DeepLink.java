package dev.unilink.core;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One link the app was opened with, or installed from: the iOS SDK's {@code DeepLink} and
 * AppsFlyer UDL's {@code DeepLink}. Immutable.
 */
public final class DeepLink {
    private final String url;
    private final String path;
    private final String deepLinkValue;
    private final Map<Integer, String> deepLinkSubs;
    private final Map<String, String> clickEvent;
    private final boolean deferred;
    private final MatchType matchType;
    private final String clickId;
    private final Double confidence;
    private final boolean requiresUpdate;
    private final String minAppVersion;
    private final String updateUrl;
    private final String fallbackUrl;
    private final String variant;
    private final boolean provisional;

    DeepLink(DeepLinkResultBody.Link body) {
        this(body, false);
    }

    DeepLink(DeepLinkResultBody.Link body, boolean provisional) {
        this.provisional = provisional;
        url = body.url;
        path = body.path;
        deepLinkValue = body.deepLinkValue;
        deepLinkSubs = Collections.unmodifiableMap(new TreeMap<>(body.deepLinkSubs));
        clickEvent = Json.frozen(body.clickEvent);
        deferred = body.isDeferred;
        matchType = body.matchType;
        clickId = body.clickId;
        confidence = body.confidence;
        requiresUpdate = Boolean.TRUE.equals(body.requiresUpdate);
        minAppVersion = body.minAppVersion;
        updateUrl = body.storeUrl;
        fallbackUrl = body.fallbackUrl;
        variant = body.variant;
    }

    /** The link on the app's primary host. */
    public String getUrl() {
        return url;
    }

    /** The content's path, {@code /u/1234567}: route on it. */
    public String getPath() {
        return path;
    }

    public String getDeepLinkValue() {
        return deepLinkValue;
    }

    /** {@code deep_link_sub1} ... {@code deep_link_sub10} by number (1 to 10), or {@code null}. */
    public String getDeepLinkSub(int index) {
        return deepLinkSubs.get(index);
    }

    /** The subs the link has, by number. */
    public Map<Integer, String> getDeepLinkSubs() {
        return deepLinkSubs;
    }

    public String getDeepLinkSub1() {
        return deepLinkSubs.get(1);
    }

    public String getDeepLinkSub2() {
        return deepLinkSubs.get(2);
    }

    public String getDeepLinkSub3() {
        return deepLinkSubs.get(3);
    }

    public String getDeepLinkSub4() {
        return deepLinkSubs.get(4);
    }

    public String getDeepLinkSub5() {
        return deepLinkSubs.get(5);
    }

    public String getDeepLinkSub6() {
        return deepLinkSubs.get(6);
    }

    public String getDeepLinkSub7() {
        return deepLinkSubs.get(7);
    }

    public String getDeepLinkSub8() {
        return deepLinkSubs.get(8);
    }

    public String getDeepLinkSub9() {
        return deepLinkSubs.get(9);
    }

    public String getDeepLinkSub10() {
        return deepLinkSubs.get(10);
    }

    /**
     * Everything else the link carried: its data and campaign for a link the app was opened
     * with, the content parameters only for a deferred link (the server's privacy rule).
     */
    public Map<String, String> getClickEvent() {
        return clickEvent;
    }

    /** {@code true} for the link a new install came from (the first launch's check). */
    public boolean isDeferred() {
        return deferred;
    }

    public MatchType getMatchType() {
        return matchType;
    }

    /** The A/B variant of the link a deferred link's click was given; {@code null} without an A/B test. */
    public String getVariant() {
        return variant;
    }

    /** The click a deferred link was matched to (for {@code record}); {@code null} otherwise. */
    public String getClickId() {
        return clickId;
    }

    /** How sure the server is that a deferred link is this install's (1 for deterministic); {@code null} for direct links. */
    public Double getConfidence() {
        return confidence;
    }

    /** The link needs a newer app than the running one: offer {@link #getUpdateUrl()} (the Play page). */
    public boolean requiresUpdate() {
        return requiresUpdate;
    }

    public String getMinAppVersion() {
        return minAppVersion;
    }

    public String getUpdateUrl() {
        return updateUrl;
    }

    /** The link's web page, for a user who will not update now. */
    public String getFallbackUrl() {
        return fallbackUrl;
    }

    /**
     * {@code true} when only read on the device: the server could not be reached to confirm
     * a long link or scheme URI, so the link is what its URI says ({@link #getClickEvent()}
     * holds its other parameters; a stored link's data and campaign are missing).
     */
    public boolean isProvisional() {
        return provisional;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof DeepLink)) {
            return false;
        }
        DeepLink link = (DeepLink) other;
        return url.equals(link.url) && path.equals(link.path) && Objects.equals(deepLinkValue, link.deepLinkValue)
                && deepLinkSubs.equals(link.deepLinkSubs) && clickEvent.equals(link.clickEvent) && deferred == link.deferred
                && matchType == link.matchType && Objects.equals(clickId, link.clickId) && Objects.equals(confidence, link.confidence)
                && requiresUpdate == link.requiresUpdate && Objects.equals(minAppVersion, link.minAppVersion)
                && Objects.equals(updateUrl, link.updateUrl) && Objects.equals(fallbackUrl, link.fallbackUrl)
                && provisional == link.provisional;
    }

    @Override
    public int hashCode() {
        return Objects.hash(url, path, deepLinkValue, clickId, deferred);
    }

    @Override
    public String toString() {
        return "DeepLink(" + path + (deepLinkValue != null ? ", " + deepLinkValue : "") + (deferred ? ", deferred " + matchType : "") + ")";
    }
}
