package io.lcjwt.internal.jwks;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * How the JWKS client reaches the network: one GET per call. Production uses the JDK's HTTP
 * client ({@link HttpTransport}); the state machine's tests and the fleet simulation use one in
 * memory, which is what lets them run the production refresh logic on a virtual clock.
 */
public interface Transport extends AutoCloseable {

    /**
     * One GET of {@code uri}. Every answer completes normally, whatever its status (so that a 429
     * or a 503 can be read for its {@code Retry-After}); the future fails only when no answer
     * came (connection refused, a deadline passed, the body exceeded the size cap).
     */
    CompletableFuture<Response> get(URI uri);

    /** Stops the transport; later calls fail. Idempotent. */
    @Override
    default void close() {
    }

    /**
     * An HTTP answer.
     *
     * @param uri the URL that answered
     * @param status the status code
     * @param body the body for a 200, else null (it is not read)
     * @param headers the headers, names in lower case
     */
    record Response(URI uri, int status, String body, Map<String, List<String>> headers) {

        public Response {
            headers = Map.copyOf(headers);
        }

        /** A 200 with {@code body} and the given headers as name, value, name, value... */
        public static Response ok(URI uri, String body, String... headerPairs) {
            return of(uri, 200, body, headerPairs);
        }

        /** An answer with the given headers as name, value, name, value... */
        public static Response of(URI uri, int status, String body, String... headerPairs) {
            Map<String, List<String>> h = new java.util.HashMap<>();
            for (int i = 0; i + 1 < headerPairs.length; i += 2) {
                h.computeIfAbsent(headerPairs[i].toLowerCase(Locale.ROOT), k -> new java.util.ArrayList<>())
                        .add(headerPairs[i + 1]);
            }
            return new Response(uri, status, status == 200 ? body : null, h);
        }

        /** Every value of the header {@code name} (any case). */
        public List<String> all(String name) {
            return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
        }

        /** The first value of the header {@code name} (any case). */
        public Optional<String> first(String name) {
            List<String> v = all(name);
            return v.isEmpty() ? Optional.empty() : Optional.of(v.get(0));
        }
    }
}
