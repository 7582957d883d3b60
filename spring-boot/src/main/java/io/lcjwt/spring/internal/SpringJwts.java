package io.lcjwt.spring.internal;

import io.lcjwt.VerifiedJwt;
import org.springframework.core.convert.converter.Converter;
import org.springframework.security.oauth2.jwt.Jwt;

import java.time.Instant;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * Spring's {@link Jwt} from one lcjwt decode, with the claim types Spring's default
 * {@code MappedJwtClaimSetConverter} gives: {@code Instant} for {@code exp}, {@code iat} and
 * {@code nbf}; {@code List<String>} for {@code aud}; and, as there, an {@code iat} of one second
 * before {@code exp} when the token has none. lcjwt has already checked every registered
 * claim's type, so the conversion cannot fail.
 *
 * <p>The default path builds no map of its own: {@code Jwt}'s constructor copies the claims once
 * into its own map, and what it copies is a view that converts the few registered claims as it
 * is read.
 */
public final class SpringJwts {
    private SpringJwts() {}

    public static Jwt create(String token, VerifiedJwt<Map<String, Object>> decoded,
            Converter<Map<String, Object>, Map<String, Object>> custom) {
        Map<String, Object> raw = decoded.claims();
        if (custom == null) {
            Converted c = new Converted(raw);
            return new Jwt(token, c.iat, c.exp, decoded.header().parameters(), c);
        }
        Map<String, Object> claims = custom.convert(raw);
        Instant iat = claims.get("iat") instanceof Instant i ? i : null;
        Instant exp = claims.get("exp") instanceof Instant i ? i : null;
        return new Jwt(token, iat, exp, decoded.header().parameters(), claims);
    }

    static Instant instant(Object v) {
        // As Spring's converter: whole seconds, a fraction dropped.
        return v instanceof Number n ? Instant.ofEpochSecond(n.longValue()) : null;
    }

    /** The claims as Spring's default converter would have them, computed on read. */
    static final class Converted extends AbstractMap<String, Object> {
        private final Map<String, Object> raw;
        /** Made once: Jwt's constructor and its copy of this map both want them. */
        final Instant exp;
        final Instant iat;
        /** Whether iat is Spring's addition (exp - 1 s) for a token that has exp and no iat. */
        private final boolean addedIat;

        Converted(Map<String, Object> raw) {
            this.raw = raw;
            this.exp = instant(raw.get("exp"));
            Object rawIat = raw.get("iat");
            this.addedIat = exp != null && rawIat == null && !raw.containsKey("iat");
            this.iat = addedIat ? exp.minusSeconds(1) : instant(rawIat);
        }

        @Override
        public Object get(Object key) {
            if ("exp".equals(key)) {
                return exp;
            }
            if ("iat".equals(key) && (addedIat || iat != null)) {
                return iat;
            }
            Object v = raw.get(key);
            return v == null ? null : convert((String) key, v);
        }

        @Override
        public boolean containsKey(Object key) {
            return raw.containsKey(key) || (addedIat && "iat".equals(key));
        }

        @Override
        public int size() {
            return raw.size() + (addedIat ? 1 : 0);
        }

        Object convert(String name, Object v) {
            if (name.length() != 3) {
                return v;
            }
            return switch (name) {
                case "exp" -> exp;
                case "iat" -> iat;
                case "nbf" -> instant(v);
                case "aud" -> v instanceof String s ? List.of(s) : v;
                default -> v;
            };
        }

        @Override
        public Set<Entry<String, Object>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public int size() {
                    return Converted.this.size();
                }

                @Override
                public Iterator<Entry<String, Object>> iterator() {
                    Iterator<Entry<String, Object>> it = raw.entrySet().iterator();
                    return new Iterator<>() {
                        boolean addedDone = !addedIat;

                        @Override
                        public boolean hasNext() {
                            return it.hasNext() || !addedDone;
                        }

                        @Override
                        public Entry<String, Object> next() {
                            if (it.hasNext()) {
                                Entry<String, Object> e = it.next();
                                Object v = e.getValue();
                                return new SimpleImmutableEntry<>(e.getKey(),
                                        v == null ? null : convert(e.getKey(), v));
                            }
                            if (!addedDone) {
                                addedDone = true;
                                return new SimpleImmutableEntry<>("iat", iat);
                            }
                            throw new NoSuchElementException();
                        }
                    };
                }
            };
        }
    }
}
