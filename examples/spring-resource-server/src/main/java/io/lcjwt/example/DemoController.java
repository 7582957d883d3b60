package io.lcjwt.example;

import io.lcjwt.LibCrypto;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/** The demo's endpoints. */
@RestController
public class DemoController {
    private static final Pattern SUBJECT = Pattern.compile("[A-Za-z0-9._@-]{1,64}");

    private final DemoIssuer issuer;
    private final JwtDecoder decoder;

    DemoController(DemoIssuer issuer, JwtDecoder decoder) {
        this.issuer = issuer;
        this.decoder = decoder;
    }

    /** The issuer's public key, where {@code jwk-set-uri} points. */
    @GetMapping(path = "/.well-known/jwks.json", produces = MediaType.APPLICATION_JSON_VALUE)
    String jwks() {
        return issuer.jwks();
    }

    /** A demo token for {@code sub}; anyone may have one, which is the point of a demo. */
    @RequestMapping(path = "/token", method = {RequestMethod.GET, RequestMethod.POST},
            produces = MediaType.TEXT_PLAIN_VALUE)
    String token(@RequestParam(name = "sub", defaultValue = "alice") String sub) {
        if (!SUBJECT.matcher(sub).matches()) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
                    "sub must be 1 to 64 letters, digits or ._@-");
        }
        return issuer.mint(sub) + "\n";
    }

    /** Protected: who the token says you are, and the Java types Spring's Jwt holds. */
    @GetMapping("/hello")
    Map<String, Object> hello(@AuthenticationPrincipal Jwt jwt) {
        Map<String, String> types = new TreeMap<>();
        jwt.getClaims().forEach((name, value) -> types.put(name, typeName(value)));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("message", "Hello, " + jwt.getSubject() + "!");
        out.put("sub", jwt.getSubject());
        out.put("aud", jwt.getAudience());
        out.put("expiresAt", jwt.getExpiresAt() == null ? null : jwt.getExpiresAt().toString()); // lcjwt.require-expiration=false
        out.put("claimTypes", types);
        out.put("decoder", decoder.getClass().getName());
        return out;
    }

    /** Collections by their interface: which List class holds {@code aud} is the decoder's business. */
    private static String typeName(Object value) {
        return switch (value) {
            case List<?> l -> List.class.getName();
            case Map<?, ?> m -> Map.class.getName();
            default -> value.getClass().getName();
        };
    }

    /**
     * The native objects lcjwt holds (keys, contexts), as a service would export them as a metric;
     * the soak (bin/soak-spring) checks that they come back to where they were.
     */
    @GetMapping(path = "/native-objects", produces = MediaType.TEXT_PLAIN_VALUE)
    String nativeObjects() {
        return LibCrypto.liveNativeObjects().total() + "\n";
    }

    /** Which JwtDecoder the auto-configuration chose (bench/spring-load.sh checks it). */
    @GetMapping(path = "/decoder", produces = MediaType.TEXT_PLAIN_VALUE)
    String decoder() {
        return decoder.getClass().getName() + "\n";
    }
}
