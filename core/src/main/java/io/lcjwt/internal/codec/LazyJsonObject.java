package io.lcjwt.internal.codec;

import java.util.AbstractMap;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;

/**
 * A strict JSON object that is read only when first looked at, then unmodifiable at every depth.
 * An expired token's claims are one: the decode stopped reading them at {@code exp}, and most
 * callers that catch the refusal never look at the rest. A malformed rest surfaces on that first
 * look, as {@code MalformedJwtException}.
 */
public final class LazyJsonObject extends AbstractMap<String, Object> {
    private final byte[] json;
    private final String what;
    private volatile Map<String, Object> map;

    /**
     * @param buf holds the object's UTF-8 JSON; the range is copied
     * @param off where it starts
     * @param len its length in bytes
     * @param what what the object is, for error messages ("JWT claims set")
     */
    public LazyJsonObject(byte[] buf, int off, int len, String what) {
        this.json = Arrays.copyOfRange(buf, off, off + len);
        this.what = what;
    }

    private Map<String, Object> map() {
        Map<String, Object> m = map;
        if (m == null) {
            m = Frozen.map(JsonCursor.readObject(json, 0, json.length, what));
            map = m;
        }
        return m;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return map().entrySet();
    }

    @Override
    public Object get(Object key) {
        return map().get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return map().containsKey(key);
    }

    @Override
    public int size() {
        return map().size();
    }
}
