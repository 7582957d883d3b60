package io.lcjwt.internal.jwks;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One GET of a JWKS document with the client's limits: no redirects, a connect deadline, an
 * overall deadline that covers the body too (a slow drip fails), a size cap enforced while the
 * body streams in, and only 200 accepted.
 */
public final class Fetcher {

    /** A fetched document and how long it may be cached, per Cache-Control max-age minus Age. */
    public record Result(String body, OptionalLong maxAgeSeconds) {}

    private final HttpClient http;
    private final URI uri;
    private final Duration timeout;
    private final int maxBytes;
    private final String userAgent;

    public Fetcher(HttpClient http, URI uri, Duration timeout, int maxBytes, String userAgent) {
        this.http = http;
        this.uri = uri;
        this.timeout = timeout;
        this.maxBytes = maxBytes;
        this.userAgent = userAgent;
    }

    public CompletableFuture<Result> fetch() {
        HttpRequest req = HttpRequest.newBuilder(uri).GET().timeout(timeout)
                .header("User-Agent", userAgent).header("Accept", "application/json").build();
        CompletableFuture<HttpResponse<String>> cf = http.sendAsync(req, info -> new CappedBody(maxBytes));
        return cf.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .handle((r, e) -> {
                    if (e == null) {
                        return check(r);
                    }
                    cf.cancel(true);
                    Throwable cause = unwrap(e);
                    // Both overall deadlines (ours over the body, the client's over the headers)
                    // say only "timed out", or nothing at all: name the deadline instead. The
                    // connect deadline's own message says what it is.
                    if (cause instanceof TimeoutException
                            || (cause instanceof HttpTimeoutException && !(cause instanceof HttpConnectTimeoutException))) {
                        cause = new HttpTimeoutException("timed out after " + seconds(timeout));
                    }
                    throw cause instanceof CompletionException ce ? ce : new CompletionException(cause);
                });
    }

    /** The failure inside the wrappers that futures put around it. */
    public static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /**
     * A failure in words for a message: its own message, else its type (and then its cause's
     * words), so that a message never ends in "null".
     */
    public static String describe(Throwable t) {
        t = unwrap(t);
        String m = t.getMessage();
        if (m != null && !m.isBlank()) {
            return m;
        }
        Throwable c = t.getCause();
        return t.getClass().getSimpleName() + (c != null && c != t ? " (" + describe(c) + ")" : "");
    }

    /** "2.5 s", "1 s", "0.25 s". */
    public static String seconds(Duration d) {
        return BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros().toPlainString() + " s";
    }

    private Result check(HttpResponse<String> r) {
        if (r.statusCode() != 200) {
            throw new IllegalStateException("the JWKS URL answered HTTP " + r.statusCode()
                    + (r.statusCode() / 100 == 3 ? " (redirects are not followed)" : ""));
        }
        return new Result(r.body(), maxAge(r.headers().allValues("Cache-Control"),
                r.headers().firstValueAsLong("Age")));
    }

    static OptionalLong maxAge(List<String> cacheControl, OptionalLong age) {
        for (String header : cacheControl) {
            for (String part : header.split(",")) {
                String p = part.trim().toLowerCase(Locale.ROOT);
                if (p.equals("no-store") || p.equals("no-cache")) {
                    return OptionalLong.of(0);
                }
                if (p.startsWith("max-age=")) {
                    try {
                        long v = Long.parseLong(p.substring(8).replace("\"", ""));
                        return OptionalLong.of(Math.max(0, v - age.orElse(0)));
                    } catch (NumberFormatException e) {
                        return OptionalLong.empty();
                    }
                }
            }
        }
        return OptionalLong.empty();
    }

    /** Collects the body, failing as soon as it passes the cap. */
    private static final class CappedBody implements HttpResponse.BodySubscriber<String> {
        private final int max;
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private final CompletableFuture<String> result = new CompletableFuture<>();
        private Flow.Subscription subscription;

        CappedBody(int max) {
            this.max = max;
        }

        @Override
        public CompletionStage<String> getBody() {
            return result;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            s.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> items) {
            for (ByteBuffer b : items) {
                if (out.size() + b.remaining() > max) {
                    subscription.cancel();
                    result.completeExceptionally(new IOException("the JWKS document is larger than " + max + " bytes"));
                    return;
                }
                byte[] chunk = new byte[b.remaining()];
                b.get(chunk);
                out.writeBytes(chunk);
            }
        }

        @Override
        public void onError(Throwable t) {
            result.completeExceptionally(t);
        }

        @Override
        public void onComplete() {
            result.complete(out.toString(StandardCharsets.UTF_8));
        }
    }
}
