package dev.unilink.core;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;

/**
 * The three SDK calls of API.md over {@link HttpURLConnection}: a connect and a read
 * timeout on every attempt, and for the calls that may be repeated (resolve and the
 * deferred check: the server gives one install the same answer again) retries on
 * transient failures with a doubling delay. Events are sent once: a retried event could
 * count twice.
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
        post(EventRequest.PATH, request.toJson());
    }

    private String callWithRetries(String path, String body) throws UnilinkError {
        long delay = config.getRetryDelayMillis();
        for (int attempt = 1;; attempt++) {
            try {
                return post(path, body);
            } catch (UnilinkError error) {
                if (attempt >= config.getMaxAttempts() || !error.isTransient()) {
                    throw error;
                }
            }
            try {
                sleeper.sleep(delay);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw UnilinkError.network("interrupted while waiting to try again", interrupted);
            }
            delay *= 2;
        }
    }

    /** One attempt: the answer's body on 2xx, else the error the status and body say. */
    private String post(String path, String body) throws UnilinkError {
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
            connection.setConnectTimeout(config.getConnectTimeoutMillis());
            connection.setReadTimeout(config.getReadTimeoutMillis());
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
            throw UnilinkError.server(status, error == null ? null : error.code, error == null ? null : error.message);
        } catch (IOException e) {
            String what = e.getClass().getSimpleName() + (e.getMessage() != null ? ": " + e.getMessage() : "");
            throw UnilinkError.network("could not reach " + url.getHost() + " (" + what + ")", e);
        } finally {
            if (connection != null) {
                connection.disconnect();
            }
        }
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
                    throw new IOException("the answer is larger than " + MAX_ANSWER_BYTES + " bytes");
                }
                out.write(buffer, 0, count);
            }
            return new String(out.toByteArray(), StandardCharsets.UTF_8);
        }
    }
}
