package io.lcjwt.spring.internal;

import io.lcjwt.JwksUnavailableException;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;

/**
 * The reactive twin of {@link JwksUnavailableFilter}: 503 with {@code Retry-After} for a request
 * that failed because the issuer's keys could not be had. Ordered before Boot's error handler.
 */
public final class JwksUnavailableWebExceptionHandler implements WebExceptionHandler, Ordered {
    private static final Log log = LogFactory.getLog(JwksUnavailableWebExceptionHandler.class);

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable ex) {
        JwksUnavailableException cause = JwksUnavailable.find(ex);
        ServerHttpResponse response = exchange.getResponse();
        if (cause == null || response.isCommitted()) {
            return Mono.error(ex);
        }
        log.warn("503 for a token that could not be checked: " + cause.getMessage());
        response.setStatusCode(HttpStatus.SERVICE_UNAVAILABLE);
        String retry = JwksUnavailable.retryAfter(cause);
        if (retry != null) {
            response.getHeaders().set("Retry-After", retry);
        }
        response.getHeaders().set("Cache-Control", "no-store");
        return response.setComplete();
    }

    /** Before Boot's {@code DefaultErrorWebExceptionHandler} (-1). */
    @Override
    public int getOrder() {
        return -2;
    }
}
