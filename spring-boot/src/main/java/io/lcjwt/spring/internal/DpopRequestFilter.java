package io.lcjwt.spring.internal;

import io.lcjwt.DpopException;
import io.lcjwt.DpopNonces;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Enumeration;

/**
 * What Spring Security's DPoP filter leaves out, done before it for requests with
 * {@code Authorization: DPoP}: more than one {@code DPoP} header is refused as RFC 9449 section
 * 4.3 says, with {@code invalid_dpop_proof} (Spring answers {@code invalid_request}, and its
 * provider never sees the request); and, when nonces are required, every answer carries the
 * current one in {@code DPoP-Nonce} (section 9), so a client refused with {@code use_dpop_nonce}
 * can retry at once and others keep up with the rotation.
 */
public final class DpopRequestFilter extends OncePerRequestFilter {
    private final DpopNonces nonces;
    private final String algs;

    /**
     * @param nonces the nonces to hand out, or null when none are required
     * @param algs the accepted proof algorithms, space-separated, for the challenge
     */
    public DpopRequestFilter(DpopNonces nonces, String algs) {
        this.nonces = nonces;
        this.algs = algs;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String authorization = request.getHeader("Authorization");
        return authorization == null || !authorization.regionMatches(true, 0, "DPoP ", 0, 5);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (nonces != null) {
            response.setHeader("DPoP-Nonce", nonces.current());
        }
        int proofs = 0;
        for (Enumeration<String> e = request.getHeaders("DPoP"); e.hasMoreElements(); e.nextElement()) {
            proofs++;
        }
        if (proofs > 1) {
            response.setHeader("WWW-Authenticate", "DPoP error=\"" + DpopException.INVALID_DPOP_PROOF
                    + "\", error_description=\"The request carries " + proofs + " DPoP headers; exactly one proof is"
                    + " allowed (RFC 9449 section 4.3, check 1).\", algs=\"" + algs + "\"");
            response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
            return;
        }
        chain.doFilter(request, response);
    }
}
