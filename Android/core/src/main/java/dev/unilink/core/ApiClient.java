package dev.unilink.core;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The three SDK calls of API.md over {@link HttpURLConnection}: a connect and a read
 * timeout on every attempt, and for the calls that may be repeated (resolve and the
 * deferred check: the server gives one install the same answer again) retries on
 * transient failures with a doubling delay (or the wait a 429's or 503's
 * {@code Retry-After} asks for), all within {@link UnilinkConfig#getTotalTimeoutMillis()}.
 * Events are sent once: a retried event could count twice. Every failure, a
 * {@code RuntimeException} of the platform's HTTP stack included, is a {@link UnilinkError}.
 */
final class ApiClient {
    /** Answers larger than this are not read: no SDK answer comes near it. */
    private static final int MAX_ANSWER_BYTES = 1 << 20;

    private final UnilinkConfig config;
    private final Sleeper sleeper;

    /** Waits between attempts; tests may count the waits. */
    interface Sleeper {
        void sleep(long millis) throws InterruptedException;
    }

    /** An answer over {@link #MAX_ANSWER_BYTES}: not the API's, and no better when asked again. */
    private static final class AnswerTooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        AnswerTooLarge() {
            super("the answer is larger than " + MAX_ANSWER_BYTES + " bytes");
        }
    }

    ApiClient(UnilinkConfig config, Sleeper sleeper) {
        this.config = config;
        this.sleeper = sleeper;
    }

    DeepLinkResultBody resolve(ResolveRequest request) throws UnilinkError {
        return DeepLinkResultBody.decode(callWithRetries(ResolveRequest.PATH, request.toJson()));
    }

    DeepLinkResultBody deferred(DeferredRequest request) throws UnilinkError {
        return DeepLinkResultBody.decode(callWithRetries(DeferredRequest.PATH, request.toJson()));
    }

    void event(EventRequest request) throws UnilinkError {
        post(EventRequest.PATH, request.toJson(), config.getConnectTimeoutMillis(), config.getReadTimeoutMillis());
    }

    private String callWithRetries(String path, String body) throws UnilinkError {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(config.getTotalTimeoutMillis());
        long delay = config.getRetryDelayMillis();
        for (int attempt = 1;; attempt++) {
            long wait;
            try {
                long left = millisLeft(deadline);
                return post(path, body, (int) Math.min(config.getConnectTimeoutMillis(), left), (int) Math.min(config.getReadTimeoutMillis(), left));
            } catch (UnilinkError error) {
                if (attempt >= config.getMaxAttempts() || !error.isTransient()) {
                    throw error;
                }
                wait = error.retryAfterMillis() >= 0 ? Math.max(delay, error.retryAfterMillis()) : delay;
                // No time left for the wait and another attempt (of at least a second): the last error stands.
                if (wait + MIN_ATTEMPT_MILLIS > millisLeft(deadline)) {
                    throw error;
                }
            }
            try {
                sleeper.sleep(wait);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw UnilinkError.network("interrupted while waiting to try again", interrupted);
            }
            delay *= 2;
        }
    }

    /** The least time left worth another attempt. */
    private static final long MIN_ATTEMPT_MILLIS = 1_000;

    private static long millisLeft(long deadline) {
        return Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
    }

    /**
     * One attempt: the answer's body on 2xx, else the error the status and body say. Never
     * throws anything else: a {@code RuntimeException} of the HTTP stack (Android's throws
     * some for what the JDK's reports as {@code IOException}) is a network error.
     */
    private String post(String path, String body, int connectTimeoutMillis, int readTimeoutMillis) throws UnilinkError {
        try {
            return attempt(path, body, connectTimeoutMillis, readTimeoutMillis);
        } catch (RuntimeException unexpected) {
            throw UnilinkError.network("the request failed (" + unexpected + ")", unexpected);
        }
    }

    private String attempt(String path, String body, int connectTimeoutMillis, int readTimeoutMillis) throws UnilinkError {
        URL url;
        try {
            String base = config.getApiBaseUrl().toString();
            url = new URL((base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + path);
        } catch (IOException | IllegalArgumentException e) {
            throw UnilinkError.network("the API base URL cannot be used: " + e.getMessage(), e);
        }
        HttpURLConnection connection = null;
        try {
            connection = (HttpURLConnection) url.openConnection();
            connection.setConnectTimeout(Math.max(1, connectTimeoutMillis));
            connection.setReadTimeout(Math.max(1, readTimeoutMillis));
            connection.setInstanceFollowRedirects(false);
            connection.setUseCaches(false);
            connection.setRequestMethod("POST");
            connection.setRequestProperty("Content-Type", "application/json");
            connection.setRequestProperty("Accept", "application/json");
            connection.setRequestProperty("X-Unilink-Key", config.getPublishableKey());
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            // Not streamed: the JDK's HttpURLConnection hides a 401's body (the reason) from a streamed request.
            connection.setDoOutput(true);
            try (OutputStream out = connection.getOutputStream()) {
                out.write(bytes);
            }
            int status = connection.getResponseCode();
            InputStream stream = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
            String answer = read(stream);
            if (status >= 200 && status < 300) {
                return answer;
            }
            ErrorBody error = ErrorBody.decode(answer);
            long retryAfter = status == 429 || status == 503 ? retryAfterMillis(connection.getHeaderField("Retry-After")) : -1;
            throw UnilinkError.server(status, error == null ? null : error.code, error == null ? null : error.message, retryAfter);
        } catch (AnswerTooLarge e) {
            throw UnilinkError.undecodable(e.getMessage(), e);
        } catch (IOException e) {
            String what = e.getClass().getSimpleName() + (e.getMessage() != null ? ": " + e.getMessage() : "");
            throw UnilinkError.network("could not reach " + url.getHost() + " (" + what + ")", e);
        } finally {
            if (connection != null) {
                connection.disconnect();
            }
        }
    }

    /** Longer waits than this (a day) are all the same: longer than any call's time. */
    private static final long LONGEST_RETRY_AFTER_MILLIS = TimeUnit.DAYS.toMillis(1);

    /**
     * {@code Retry-After} in delay-seconds ({@code 120}) as milliseconds, at most a day;
     * -1 when absent or not a number (an HTTP date is not honoured: the usual delay applies).
     */
    static long retryAfterMillis(String header) {
        String text = header == null ? "" : header.trim();
        if (text.isEmpty()) {
            return -1;
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return -1;
            }
        }
        // Many digits are many seconds: no need to read them all.
        return text.length() > 6 ? LONGEST_RETRY_AFTER_MILLIS : Math.min(LONGEST_RETRY_AFTER_MILLIS, Long.parseLong(text) * 1000);
    }

    private static String read(InputStream stream) throws IOException {
        if (stream == null) {
            return "";
        }
        try (InputStream in = stream) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            int count;
            while ((count = in.read(buffer)) != -1) {
                if (out.size() + count > MAX_ANSWER_BYTES) {
                    throw new AnswerTooLarge();
                }
                out.write(buffer, 0, count);
            }
            return new String(out.toByteArray(), StandardCharsets.UTF_8);
        }
    }
}
