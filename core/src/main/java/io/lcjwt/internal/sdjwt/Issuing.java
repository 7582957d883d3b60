package io.lcjwt.internal.sdjwt;

import io.lcjwt.ClaimNaming;
import io.lcjwt.internal.claims.ClaimsWriter;
import io.lcjwt.internal.claims.JsonOut;
import io.lcjwt.internal.codec.Base64Url;
import io.lcjwt.internal.codec.JsonCursor;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Issuing an SD-JWT (RFC 9901 sections 4.1 and 4.2): the claims, as JSON, are turned into the
 * payload of the Issuer-signed JWT, each selectively disclosable claim replaced by the digest of
 * a new disclosure ({@code _sd} for members, {@code {"...": digest}} for array elements,
 * recursively); digests sorted, decoys on request, salts of 128 bits from libcrypto. Immutable
 * and thread-safe; the signature is the caller's ({@code sign}).
 */
public final class Issuing {

    /** Salt and decoy entropy: 128 bits, as RFC 9901 section 9.3 recommends. */
    static final int SALT_BYTES = 16;

    /** What one issuance produced, before the caller signs {@code payload}. */
    public record Draft(Map<String, Object> payload, List<Held.Item> disclosures, Map<String, Object> claims) {}

    private final SdHash hash;
    private final List<List<Object>> patterns;
    /** The patterns as a trie, walked beside the claims: one lookup per claim, whatever the number of paths. */
    private final Trie trie = new Trie();
    private final int maxDecoys;
    private final ClaimNaming naming;
    private final Processor.Profile profile;

    /**
     * @param paths the claim paths to make selectively disclosable ({@link ClaimPaths})
     * @param maxDecoys decoys per object or array that has disclosable members, at most (0: none)
     * @param vc whether the SD-JWT VC profile's claims must stay in the clear and {@code vct} be present
     * @throws IllegalArgumentException for a malformed path, or one the VC profile keeps in the clear
     */
    public Issuing(SdHash hash, List<String> paths, int maxDecoys, ClaimNaming naming, boolean vc) {
        this.hash = hash;
        this.maxDecoys = maxDecoys;
        this.naming = naming;
        this.profile = vc ? SdEngine.VC : null;
        List<List<Object>> parsed = new ArrayList<>(paths.size());
        for (String p : paths) {
            List<Object> segments = ClaimPaths.parse(p);
            if (profile != null && profile.clearClaims().contains((String) segments.get(0))) {
                throw new IllegalArgumentException("claim path \"" + p + "\" is under \"" + segments.get(0)
                        + "\", which the SD-JWT VC profile keeps in the clear");
            }
            parsed.add(segments);
            trie.add(segments, parsed.size() - 1);
        }
        this.patterns = List.copyOf(parsed);
    }

    /** The hash of the digests. */
    public SdHash hash() {
        return hash;
    }

    /**
     * The payload and disclosures for {@code claims} (a Map, record or bean), with {@code cnf}
     * (a JWK as a map, or null) added.
     *
     * @throws IllegalArgumentException for claims the writer refuses, claims that use a name
     *         SD-JWT reserves, a path that names no claim, a {@code cnf} in both places, or (VC) no {@code vct}
     */
    public Draft draft(Object claims, Map<String, Object> cnfJwk) {
        Map<String, Object> tree = readTree(ClaimsWriter.toJson(claims, naming));
        checkReserved(tree, "claims");
        if (cnfJwk != null) {
            if (tree.containsKey("cnf")) {
                throw new IllegalArgumentException("claims has a cnf member, and a holder key was given too; give one");
            }
            tree.put("cnf", Map.of("jwk", cnfJwk));
        }
        if (profile != null && !(tree.get(profile.required()) instanceof String)) {
            throw new IllegalArgumentException("claims has no \"vct\" string, which the SD-JWT VC profile requires");
        }
        Run run = new Run();
        @SuppressWarnings("unchecked")
        Map<String, Object> payload = (Map<String, Object>) run.transform(tree, trie, -1, new StringBuilder());
        for (int i = 0; i < patterns.size(); i++) {
            if (!run.matched[i]) {
                throw new IllegalArgumentException("claim path \"" + ClaimPaths.format(patterns.get(i))
                        + "\" names no claim in claims");
            }
        }
        payload.put("_sd_alg", hash.ianaName());
        return new Draft(payload, run.items, tree);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> readTree(byte[] json) {
        JsonCursor c = new JsonCursor().openObject(json, 0, json.length, "claims");
        Map<String, Object> m = (Map<String, Object>) c.readNatural();
        c.endDocument();
        return m;
    }

    private static void checkReserved(Object v, String where) {
        if (v instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                String k = (String) e.getKey();
                if (k.equals("_sd") || k.equals("...") || k.equals("_sd_alg")) {
                    throw new IllegalArgumentException(where + " has a member named \"" + k + "\", which SD-JWT reserves");
                }
                checkReserved(e.getValue(), where + "." + k);
            }
        } else if (v instanceof List<?> l) {
            for (int i = 0; i < l.size(); i++) {
                checkReserved(l.get(i), where + "[" + i + "]");
            }
        }
    }

    /** One issuance's state: the disclosures made so far, randomness, which paths matched. */
    private final class Run {
        final List<Held.Item> items = new ArrayList<>();
        final boolean[] matched = new boolean[patterns.size()];
        private final Random random = new Random();
        private final JsonOut json = new JsonOut();

        Object transform(Object value, Trie at, int parent, StringBuilder path) {
            if (value instanceof Map<?, ?> m) {
                return object(m, at, parent, path);
            }
            if (value instanceof List<?> l) {
                return array(l, at, parent, path);
            }
            return value;
        }

        private Map<String, Object> object(Map<?, ?> m, Trie at, int parent, StringBuilder path) {
            Map<String, Object> plain = new LinkedHashMap<>();
            List<String> digests = null;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                String name = (String) e.getKey();
                Trie here = at == null ? null : at.member(name);
                int mark = path.length();
                ClaimPaths.appendName(path, name);
                if (disclosable(here)) {
                    if (digests == null) {
                        digests = new ArrayList<>();
                    }
                    digests.add(disclose(name, e.getValue(), here, parent, path));
                } else {
                    plain.put(name, transform(e.getValue(), here, parent, path));
                }
                path.setLength(mark);
            }
            if (digests == null) {
                return plain;
            }
            addDecoys(digests);
            digests.sort(null);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("_sd", digests);
            out.putAll(plain);
            return out;
        }

        private List<Object> array(List<?> l, Trie at, int parent, StringBuilder path) {
            List<Object> out = new ArrayList<>(l.size());
            boolean any = false;
            for (int i = 0; i < l.size(); i++) {
                Trie here = at == null ? null : at.element(i);
                int mark = path.length();
                ClaimPaths.appendIndex(path, i);
                if (disclosable(here)) {
                    out.add(Map.of("...", disclose(null, l.get(i), here, parent, path)));
                    any = true;
                } else {
                    out.add(transform(l.get(i), here, parent, path));
                }
                path.setLength(mark);
            }
            if (any && maxDecoys > 0) {
                int n = 1 + random.below(maxDecoys);
                for (int k = 0; k < n; k++) {
                    out.add(random.below(out.size() + 1), Map.of("...", decoy()));
                }
            }
            return out;
        }

        /** Makes the disclosure of {@code value} (under {@code name}, or an array element) and returns its digest. */
        private String disclose(String name, Object value, Trie at, int parent, StringBuilder path) {
            int index = items.size();
            items.add(null); // reserved: disclosures inside the value name this one as their parent
            String where = path.toString();
            Object inner = transform(value, at, index, path);
            String salt = random.salt();
            List<Object> array = name == null ? Arrays.asList(salt, inner) : Arrays.asList(salt, name, inner);
            ClaimsWriter.writeValue(json.reset("disclosure"), array);
            byte[] text = new byte[Base64Url.encodedLength(json.length())];
            Base64Url.encode(json.buffer(), 0, json.length(), text, 0);
            String digest = hash.digestText(text, 0, text.length);
            items.set(index, new Held.Item(new String(text, StandardCharsets.ISO_8859_1), where, name, inner, digest,
                    parent));
            return digest;
        }

        private void addDecoys(List<String> digests) {
            if (maxDecoys > 0) {
                int n = 1 + random.below(maxDecoys);
                for (int k = 0; k < n; k++) {
                    digests.add(decoy());
                }
            }
        }

        /** A decoy: the digest of 128 random bits (RFC 9901 section 4.2.5). */
        private String decoy() {
            byte[] r = random.bytes(SALT_BYTES);
            return hash.digestText(r, 0, r.length);
        }

        /** Whether the claim at {@code at} is named by a path; marks the paths that name it as used. */
        private boolean disclosable(Trie at) {
            if (at == null || at.paths == null) {
                return false;
            }
            for (int i : at.paths) {
                matched[i] = true;
            }
            return true;
        }
    }

    /**
     * The disclosable paths as a trie: members by name, elements by index, and every element. A
     * node that a path ends at knows which paths (by index) end there. A concrete element index
     * is served by its own node and the every-element node at once, so those two are merged on
     * the way down ({@link #element}).
     */
    private static final class Trie {
        final Map<String, Trie> members = new java.util.HashMap<>();
        final Map<Integer, Trie> elements = new java.util.HashMap<>();
        Trie anyElement;
        int[] paths;

        void add(List<Object> segments, int index) {
            Trie t = this;
            for (Object s : segments) {
                if (s instanceof String name) {
                    Trie next = t.members.get(name);
                    if (next == null) {
                        t.members.put(name, next = new Trie());
                    }
                    t = next;
                } else if (s == ClaimPaths.ANY_ELEMENT) {
                    t = t.anyElement != null ? t.anyElement : (t.anyElement = new Trie());
                } else {
                    Trie next = t.elements.get((Integer) s);
                    if (next == null) {
                        t.elements.put((Integer) s, next = new Trie());
                    }
                    t = next;
                }
            }
            t.paths = t.paths == null ? new int[] {index} : append(t.paths, index);
        }

        Trie member(String name) {
            return members.get(name);
        }

        /** Element {@code i}: its own node, the every-element node, or both merged. */
        Trie element(int i) {
            Trie own = elements.get(i);
            if (own == null || anyElement == null) {
                return own != null ? own : anyElement;
            }
            return merged(own, anyElement);
        }

        private static Trie merged(Trie a, Trie b) {
            if (a == null || b == null) {
                return a != null ? a : b;
            }
            Trie m = new Trie();
            for (Trie t : List.of(a, b)) {
                for (Map.Entry<String, Trie> e : t.members.entrySet()) {
                    m.members.put(e.getKey(), merged(m.members.get(e.getKey()), e.getValue()));
                }
                for (Map.Entry<Integer, Trie> e : t.elements.entrySet()) {
                    m.elements.put(e.getKey(), merged(m.elements.get(e.getKey()), e.getValue()));
                }
                m.anyElement = merged(m.anyElement, t.anyElement);
                if (t.paths != null) {
                    for (int p : t.paths) {
                        m.paths = m.paths == null ? new int[] {p} : append(m.paths, p);
                    }
                }
            }
            return m;
        }

        private static int[] append(int[] a, int v) {
            int[] b = java.util.Arrays.copyOf(a, a.length + 1);
            b[a.length] = v;
            return b;
        }
    }

    /** Random bytes from libcrypto's {@code RAND_bytes}, fetched a block at a time. */
    private static final class Random {
        private final byte[] block = new byte[256];
        private int used = block.length;

        byte[] bytes(int n) {
            if (used + n > block.length) {
                refill();
            }
            byte[] out = Arrays.copyOfRange(block, used, used + n);
            Arrays.fill(block, used, used + n, (byte) 0);
            used += n;
            return out;
        }

        String salt() {
            return new String(Base64Url.encode(bytes(SALT_BYTES)), StandardCharsets.ISO_8859_1);
        }

        /** Uniform in {@code [0, bound)}, by rejection. */
        int below(int bound) {
            int limit = (1 << 16) / bound * bound;
            while (true) {
                byte[] r = bytes(2);
                int v = (r[0] & 0xFF) << 8 | (r[1] & 0xFF);
                if (v < limit) {
                    return v % bound;
                }
            }
        }

        private void refill() {
            try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
                MemorySegment m = arena.allocate(block.length);
                io.lcjwt.bindings.Backend b = io.lcjwt.bindings.Backend.get();
                if (b.randBytes(m, block.length) != 1) {
                    throw new IllegalStateException("libcrypto's RAND_bytes failed: " + b.drainErrors());
                }
                MemorySegment.copy(m, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, block, 0, block.length);
                m.fill((byte) 0);
            }
            used = 0;
        }
    }

    /** The SD-JWT's compact form: the signed JWT, then each disclosure, each followed by {@code ~}. */
    public static String compact(String jwt, List<Held.Item> disclosures) {
        StringBuilder sb = new StringBuilder(jwt.length() + 64 * disclosures.size());
        sb.append(jwt).append('~');
        for (Held.Item d : disclosures) {
            sb.append(d.encoded()).append('~');
        }
        return sb.toString();
    }

}
