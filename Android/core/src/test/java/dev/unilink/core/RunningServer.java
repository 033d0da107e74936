package dev.unilink.core;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real {@code unilink serve} (the binary {@code UNILINK_BINARY} names) on a loopback port
 * with its own SQLite file, started as the README starts it; the demo app's keys are read
 * from its banner as a newcomer reads them.
 */
final class RunningServer {
    static final String ANDROID_CHROME =
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Mobile Safari/537.36";
    static final String DEMO_PACKAGE = "com.example.unilinkdemo";

    final Process process;
    final Path directory;
    final int port;
    final String publishableKey;
    final String secretKey;
    final String demoLink;

    private RunningServer(Process process, Path directory, String banner) {
        this.process = process;
        this.directory = directory;
        port = Integer.parseInt(value(banner, "listening on http://127\\.0\\.0\\.1:(\\d+)"));
        publishableKey = value(banner, "publishable key:\\s+(pk_\\S+)");
        secretKey = value(banner, "secret key \\(shown once\\):\\s+(sk_\\S+)");
        demoLink = value(banner, "demo link:\\s+(\\S+)");
    }

    static RunningServer start() throws IOException, InterruptedException {
        String binary = System.getenv("UNILINK_BINARY");
        if (binary == null || !Files.isExecutable(Path.of(binary))) {
            throw new IllegalStateException("UNILINK_BINARY must name the built unilink executable (swift build: .build/debug/unilink), not " + binary);
        }
        Path directory = Files.createTempDirectory("unilink-android-");
        Path output = directory.resolve("stdout");
        ProcessBuilder builder = new ProcessBuilder(
                binary, "serve", "--port", "0", "--database-url", "sqlite://" + directory.resolve("unilink.sqlite"));
        // The tests make more first-launch checks from one address in a minute than the default limit lets through.
        builder.environment().put("UNILINK_RATE_LIMITS", "off");
        builder.redirectOutput(output.toFile());
        builder.redirectError(directory.resolve("stderr").toFile());
        Process process = builder.start();
        String banner = "";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            banner = Files.readString(output, StandardCharsets.UTF_8);
            if (banner.contains("Try it:") || !process.isAlive()) {
                break;
            }
            Thread.sleep(50);
        }
        if (!banner.contains("demo link:")) {
            process.destroy();
            throw new IllegalStateException("unilink serve did not start: " + banner + Files.readString(directory.resolve("stderr")));
        }
        return new RunningServer(process, directory, banner);
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** The demo app's configuration, as an app on these hosts would write it. */
    UnilinkConfig.Builder config() {
        return UnilinkConfig.builder(publishableKey, baseUrl())
                .linkHosts("link.localhost", "open.localhost", "go.localhost")
                .schemes("unilinkdemo")
                .retryDelayMillis(20);
    }

    /** A client of its own for each request: the server closes idle connections, which a shared pool would reuse. */
    private static HttpClient client() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    /** A browser's GET of {@code path} on {@code host}, redirects not followed. */
    HttpResponse<String> get(String host, String path, String userAgent) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl() + path))
                .header("Host", host)
                .header("User-Agent", userAgent)
                .timeout(Duration.ofSeconds(15))
                .GET()
                .build();
        return client().send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** A management API read with the demo app's secret key: the answer's JSON. */
    @SuppressWarnings("unchecked")
    java.util.Map<String, Object> read(String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl() + path))
                .header("Authorization", "Bearer " + secretKey)
                .timeout(Duration.ofSeconds(15))
                .GET()
                .build();
        HttpResponse<String> answer = client().send(request, HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IllegalStateException(path + " answered " + answer.statusCode() + ": " + answer.body());
        }
        return (java.util.Map<String, Object>) Json.parse(answer.body());
    }

    /** A management API call with the demo app's secret key. */
    HttpResponse<String> post(String path, String json) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl() + path))
                .header("Authorization", "Bearer " + secretKey)
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(15))
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build();
        return client().send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** SIGTERM, as a service manager stops it, and the directory removed. */
    void close() throws IOException, InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        try (var files = Files.walk(directory)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    private static String value(String banner, String pattern) {
        Matcher matcher = Pattern.compile(pattern).matcher(banner);
        if (!matcher.find()) {
            throw new IllegalStateException("the banner has no " + pattern + ":\n" + banner);
        }
        return matcher.group(1);
    }
}
