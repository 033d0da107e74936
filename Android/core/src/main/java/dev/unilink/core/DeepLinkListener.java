package dev.unilink.core;

/**
 * Told of every link event's result once: AppsFlyer's Unified Deep Linking shape, the
 * iOS SDK's {@code DeepLinkResult} statuses. On Android it is called on the main thread.
 */
public interface DeepLinkListener {
    /** The link the app was opened with, or installed from ({@link DeepLink#isDeferred()}). */
    void found(DeepLink deepLink);

    /** One of the app's links that the server does not know (or no link led to this install). */
    void notFound();

    /** The server could not be asked or its answer not read; {@link UnilinkError#getMessage()} says why. */
    void failure(UnilinkError error);
}
