package io.lcjwt.internal.jwks;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLContext;

/**
 * GETs with the JWKS client's limits, over the JDK's HTTP client: no redirects, a connect
 * deadline, an overall deadline that covers the body too (a slow drip fails), and a size cap
 * enforced while a 200's body streams in. The body of any other status is not read.
 */
public final class HttpTransport implements Transport {

    private final HttpClient http;
    private final Duration timeout;
    private final int maxBytes;
    private final String userAgent;

    public HttpTransport(Duration connectTimeout, Duration timeout, int maxBytes, String userAgent, SSLContext ssl) {
        HttpClient.Builder b = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(connectTimeout);
        if (ssl != null) {
            b.sslContext(ssl);
        }
        this.http = b.build();
        this.timeout = timeout;
        this.maxBytes = maxBytes;
        this.userAgent = userAgent;
    }

    @Override
    public CompletableFuture<Response> get(URI uri) {
        HttpRequest req = HttpRequest.newBuilder(uri).GET().timeout(timeout)
                .header("User-Agent", userAgent).header("Accept", "application/json").build();
        CompletableFuture<HttpResponse<String>> cf;
        try {
            cf = http.sendAsync(req, info -> info.statusCode() == 200 ? new CappedBody(maxBytes)
                    : HttpResponse.BodySubscribers.replacing(null));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e); // a client shut down by close()
        }
        return cf.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .handle((r, e) -> {
                    if (e == null) {
                        return response(r);
                    }
                    cf.cancel(true);
                    Throwable cause = Reasons.unwrap(e);
                    // Both overall deadlines (ours over the body, the client's over the headers)
                    // say only "timed out", or nothing at all: name the deadline instead. The
                    // connect deadline's own message says what it is.
                    if (cause instanceof TimeoutException
                            || (cause instanceof HttpTimeoutException && !(cause instanceof HttpConnectTimeoutException))) {
                        cause = new HttpTimeoutException("timed out after " + Reasons.seconds(timeout));
                    }
                    throw cause instanceof CompletionException ce ? ce : new CompletionException(cause);
                });
    }

    private static Response response(HttpResponse<String> r) {
        Map<String, List<String>> headers = new HashMap<>();
        r.headers().map().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values));
        return new Response(r.request().uri(), r.statusCode(), r.statusCode() == 200 ? r.body() : null, headers);
    }

    @Override
    public void close() {
        http.shutdownNow();
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
                    result.completeExceptionally(new IOException("the document is larger than " + max + " bytes"));
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
