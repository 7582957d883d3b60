package io.lcjwt.spring.internal;

import io.lcjwt.JwksUnavailableException;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import java.io.IOException;

/**
 * Answers 503 Service Unavailable, with {@code Retry-After}, when a request failed because the
 * issuer's keys could not be had ({@link JwksUnavailableException} under Spring Security's
 * wrapping). Spring Security rethrows such a failure as a server error, which the container turns
 * into a 500, or into a 401 when its error page is itself secured; neither says "try again".
 * Registered outside Spring Security's filter chain, so it sees what that chain rethrows.
 */
public final class JwksUnavailableFilter implements Filter {
    private static final Log log = LogFactory.getLog(JwksUnavailableFilter.class);

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        try {
            chain.doFilter(request, response);
        } catch (IOException | ServletException | RuntimeException e) {
            JwksUnavailableException cause = JwksUnavailable.find(e);
            if (cause == null || response.isCommitted() || !(response instanceof HttpServletResponse http)) {
                throw e;
            }
            log.warn("503 for a token that could not be checked: " + cause.getMessage());
            http.resetBuffer();
            http.setStatus(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
            String retry = JwksUnavailable.retryAfter(cause);
            if (retry != null) {
                http.setHeader("Retry-After", retry);
            }
            http.setHeader("Cache-Control", "no-store");
        }
    }
}
