package io.lcjwt.internal.sdjwt;

import io.lcjwt.AlgorithmNotAllowedException;
import io.lcjwt.InvalidClaimException;
import io.lcjwt.MalformedJwtException;
import io.lcjwt.internal.Untrusted;
import io.lcjwt.internal.codec.JsonCursor;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;

/**
 * RFC 9901 section 7.1, step 3: the Issuer-signed JWT's payload and the disclosures in, the
 * processed payload out, as JSON copied in one pass. Objects and arrays are walked with lcjwt's
 * strict cursor; plain members are copied as written; each digest is looked up as its object or
 * array ends, and the disclosure it names is copied in its place, itself processed the same way.
 * Digests nobody disclosed vanish with their {@code _sd} arrays and {@code "..."} elements, and
 * {@code _sd_alg} goes too.
 *
 * <p>What it refuses: a digest seen twice; a disclosure no digest references; a disclosure of the
 * wrong kind for where its digest is; a disclosed name that is {@code _sd}, {@code ...} or
 * {@code _sd_alg}, or that the object already has; {@code _sd} that is not an array of digests;
 * {@code ...} anywhere but as the only member of an array element; {@code _sd_alg} below the top;
 * nesting deeper than {@link Json#MAX_DEPTH} (disclosures included); more than {@code maxDigests}
 * digests. The output is then read by the claims reader, which checks it as any claims set.
 *
 * <p>In recording mode it also writes down each disclosure's claim path and parent, for the
 * holder. Reused from call to call; not thread-safe.
 */
final class Processor {

    final Disclosures disclosures = new Disclosures();
    final Bytes out = new Bytes();
    private final DigestSet seen = new DigestSet();
    private JsonCursor[] cursors = new JsonCursor[4];

    /** The member names of the objects being written, for the clash checks. */
    private final NameStack names = new NameStack();

    /** Indices (in {@link #seen}) of the digests of the objects being written, each object's on top of its parent's. */
    private int[] pending = new int[64];
    private int pendingTop;

    private int maxDigests;
    private Profile profile;
    /** The top-level member being written, when the profile forbids disclosing anything below it; else null. */
    private String clearOnly;
    private boolean record;
    private final StringBuilder path = new StringBuilder();
    private String[] paths = new String[16];

    /** Where the top-level {@code cnf} value is in {@link #out}, or -1. */
    int cnfStart;
    int cnfEnd;
    /** The {@code _sd_alg} of the last {@link #run}. */
    SdHash hash;
    /** Whether a top-level {@code vct} string was seen in the clear. */
    boolean vctSeen;

    /** The rules of a profile beyond RFC 9901: claims that must stay in the clear. */
    record Profile(Set<String> clearClaims, String required) {}

    JsonCursor cursor(int level) {
        if (level >= cursors.length) {
            cursors = Arrays.copyOf(cursors, Math.max(level + 1, cursors.length * 2));
        }
        JsonCursor c = cursors[level];
        if (c == null) {
            c = cursors[level] = new JsonCursor();
        }
        return c;
    }

    /**
     * The {@code _sd_alg} of the payload {@code p[off, off+len)}, or {@code sha-256} when it has
     * none (RFC 9901 section 4.1.1); reads only the top level, skipping (and checking) the rest.
     *
     * @throws AlgorithmNotAllowedException if it names no hash lcjwt knows, by its exact
     *         registry name, or one {@code allowed} lacks
     */
    SdHash hashOf(byte[] p, int off, int len, Set<SdHash> allowed) {
        JsonCursor c = cursor(0).openObject(p, off, len, "SD-JWT payload");
        c.startObject();
        SdHash hash = SdHash.SHA_256;
        String named = null;
        while (c.nextName()) {
            if (NameStack.special(c) == NameStack.SD_ALG) {
                if (c.valueType() != '"') {
                    throw new MalformedJwtException("The SD-JWT's _sd_alg is not a string (RFC 9901 section 4.1.1).");
                }
                int start = c.position() + 1;
                int q = c.skipPlainString();
                hash = q >= 0 ? SdHash.byName(p, start, q - start) : SdHash.byName(named = c.readString());
                if (hash == null) {
                    named = named != null ? named : new String(p, start, q - start, StandardCharsets.US_ASCII);
                    throw new AlgorithmNotAllowedException("The SD-JWT's _sd_alg " + Untrusted.quote(named)
                            + " is not a hash lcjwt knows; it takes sha-256, sha-384 and sha-512, named exactly"
                            + " as the IANA registry names them (RFC 9901 section 4.1.1).");
                }
            } else {
                c.skipValue();
            }
        }
        c.endDocument();
        if (!allowed.contains(hash)) {
            throw new AlgorithmNotAllowedException("The SD-JWT's _sd_alg is " + hash.ianaName() + ", which this"
                    + " verifier does not allow (hashAlgorithms).");
        }
        return hash;
    }

    /**
     * Processes the payload {@code p[off, off+len)}; the disclosures are already read. The result
     * is {@code out.buf[0, out.len)}.
     *
     * @param record whether to write down each disclosure's path (see {@link #path(int)})
     */
    void run(byte[] p, int off, int len, SdHash hash, int maxDigests, Profile profile, boolean record) {
        this.maxDigests = maxDigests;
        this.profile = profile;
        this.record = record;
        this.hash = hash;
        this.clearOnly = null;
        out.clear();
        seen.reset(hash.bytes());
        names.truncate(0);
        pendingTop = 0;
        cnfStart = -1;
        cnfEnd = -1;
        vctSeen = false;
        if (record) {
            path.setLength(0);
            if (paths.length < disclosures.count) {
                paths = new String[disclosures.count];
            }
        }
        JsonCursor c = cursor(0).openObject(p, off, len, "SD-JWT payload");
        object(c, 0, 1, true, false, -1);
        c.endDocument();
        int unused = disclosures.firstUnused();
        if (unused >= 0) {
            throw new MalformedJwtException("Disclosure " + (unused + 1) + " of the SD-JWT is referenced by no digest"
                    + " in the Issuer-signed JWT or in the other disclosures; RFC 9901 section 7.1 (step 5)"
                    + " requires such an SD-JWT to be refused.");
        }
        if (profile != null && profile.required() != null && !vctSeen) {
            throw new io.lcjwt.MissingClaimException(profile.required(), "The SD-JWT VC has no \"" + profile.required()
                    + "\" string in the clear; the SD-JWT VC profile requires one.");
        }
    }

    /** The claim path of disclosure {@code i}, after a recording {@link #run}. */
    String path(int i) {
        return paths[i];
    }

    // ---- objects ----------------------------------------------------------------------------------

    /**
     * Copies the object at the cursor. In an array ({@code inArray}), an object whose one member
     * is {@code "..."} is a digest, not an object: nothing is written and the digest's index in
     * {@link #seen} is returned; otherwise -1.
     */
    private int object(JsonCursor c, int level, int depth, boolean top, boolean inArray, int parent) {
        checkDepth(depth);
        c.startObject();
        int outMark = out.len;
        int namesMark = names.size();
        int pendingMark = pendingTop;
        boolean first = true;
        boolean any = false;
        out.put((byte) '{');
        while (c.nextName()) {
            int kind = NameStack.special(c);
            if (kind == NameStack.DOTS) {
                if (!inArray || !first) {
                    throw misplaced("\"...\" is a member of an object that is not an array element {\"...\": digest}");
                }
                if (c.valueType() != '"') {
                    throw misplaced("an array element's \"...\" is not a digest string");
                }
                int digest = addDigest(c, "an array element {\"...\": digest}");
                if (c.nextName()) {
                    throw misplaced("an array element {\"...\": digest} has another member beside \"...\"");
                }
                out.len = outMark;
                return digest;
            }
            first = false;
            if (kind == NameStack.SD) {
                readSd(c);
                continue;
            }
            if (kind == NameStack.SD_ALG) {
                if (!top || level > 0) {
                    throw misplaced("_sd_alg appears below the payload's top level");
                }
                c.skipValue(); // read by hashOf
                continue;
            }
            names.push(c.buffer(), c.nameStart(), c.nameLength(), c.nameEscaped() ? c.name() : null);
            if (any) {
                out.put((byte) ',');
            }
            any = true;
            out.put(c.buffer(), c.nameStart() - 1, c.nameLength() + 2);
            out.put((byte) ':');
            member(c, level, depth, top, names.size() - 1, parent);
        }
        int found = pendingTop - pendingMark;
        Set<String> known = found > 0 && (long) (names.size() - namesMark) * found > 256 ? names.set(namesMark) : null;
        for (int k = pendingMark; k < pendingTop; k++) {
            int d = disclosures.find(seenStore(), pending[k] * seen.width());
            if (d < 0) {
                continue; // a decoy, or a claim the holder did not disclose
            }
            if (!disclosures.isProperty(d)) {
                throw misplaced("a digest in _sd names an array-element disclosure [salt, value]");
            }
            if (clearOnly != null) {
                throw profileRefusal();
            }
            disclosures.use(d, parent);
            byte[] dec = disclosures.decoded;
            String text = disclosures.escapedName(d);
            int ns = disclosures.nameStart(d);
            int nl = disclosures.nameLength(d);
            names.checkDisclosed(d, dec, ns, nl, text, namesMark, known);
            names.push(dec, ns, nl, text);
            if (known != null) {
                known.add(names.text(names.size() - 1));
            }
            if (any) {
                out.put((byte) ',');
            }
            any = true;
            out.put(dec, ns - 1, nl + 2); // as written, escapes and all
            out.put((byte) ':');
            JsonCursor dc = cursor(level + 1);
            dc.reset(dec, disclosures.valueStart(d), disclosures.valueEnd(d) - disclosures.valueStart(d), "SD-JWT disclosure");
            disclosed(dc, level + 1, depth, top, names.size() - 1, d);
        }
        pendingTop = pendingMark;
        names.truncate(namesMark);
        out.put((byte) '}');
        return -1;
    }

    /** Copies the value of the plain member just named (name entry {@code nameIndex}). */
    private void member(JsonCursor c, int level, int depth, boolean top, int nameIndex, int parent) {
        String saved = clearOnly;
        int pathMark = path.length();
        if (top && level == 0) {
            String name = names.text(nameIndex);
            if (profile != null && profile.clearClaims().contains(name)) {
                clearOnly = name;
            }
            if (profile != null && name.equals(profile.required())) {
                if (c.valueType() != '"') {
                    throw new InvalidClaimException(name, "The SD-JWT VC's \"" + name + "\" is not a string.");
                }
                vctSeen = true;
            }
        }
        if (record) {
            ClaimPaths.appendName(path, names.text(nameIndex));
        }
        boolean cnf = top && level == 0 && names.isCnf(nameIndex);
        int start = out.len;
        value(c, level, depth, parent);
        if (cnf) {
            cnfStart = start;
            cnfEnd = out.len;
        }
        path.setLength(pathMark);
        clearOnly = saved;
    }

    /** Copies the value of disclosure {@code d}, a member whose name is entry {@code nameIndex}. */
    private void disclosed(JsonCursor dc, int level, int depth, boolean top, int nameIndex, int d) {
        int pathMark = path.length();
        if (record) {
            ClaimPaths.appendName(path, names.text(nameIndex));
            paths[d] = path.toString();
        }
        String name = top ? names.text(nameIndex) : null;
        if (name != null && profile != null && profile.clearClaims().contains(name)) {
            clearOnly = name;
            throw profileRefusal();
        }
        int start = out.len;
        value(dc, level, depth, d);
        dc.endDocument();
        if (top && names.isCnf(nameIndex)) {
            cnfStart = start;
            cnfEnd = out.len;
        }
        path.setLength(pathMark);
    }

    private void readSd(JsonCursor c) {
        if (c.valueType() != '[') {
            throw misplaced("_sd is not an array of digest strings");
        }
        c.startArray();
        while (c.nextElement()) {
            if (c.valueType() != '"') {
                throw misplaced("_sd holds something other than a digest string");
            }
            int d = addDigest(c, "an _sd array");
            if (pendingTop == pending.length) {
                pending = Arrays.copyOf(pending, pending.length * 2);
            }
            pending[pendingTop++] = d;
        }
    }

    /** Adds the digest string at the cursor to {@link #seen}; returns its index. */
    private int addDigest(JsonCursor c, String where) {
        int start = c.position() + 1;
        int q = c.skipPlainString();
        if (q < 0) {
            throw new MalformedJwtException("A digest in " + where + " of the SD-JWT is not plain base64url text.");
        }
        return seen.add(c.buffer(), start, q - start, maxDigests, where);
    }

    private byte[] seenStore() {
        return seen.store;
    }

    // ---- arrays and values -----------------------------------------------------------------------

    private void value(JsonCursor c, int level, int depth, int parent) {
        int t = c.valueType();
        if (t == '{') {
            object(c, level, depth + 1, false, false, parent);
        } else if (t == '[') {
            array(c, level, depth + 1, parent);
        } else {
            int start = c.position();
            c.skipValue();
            out.put(c.buffer(), start, c.position() - start);
        }
    }

    private void array(JsonCursor c, int level, int depth, int parent) {
        checkDepth(depth);
        c.startArray();
        out.put((byte) '[');
        int index = 0;
        while (c.nextElement()) {
            int mark = out.len;
            if (index > 0) {
                out.put((byte) ',');
            }
            int pathMark = path.length();
            if (record) {
                ClaimPaths.appendIndex(path, index);
            }
            if (c.valueType() == '{') {
                int digest = object(c, level, depth + 1, false, true, parent);
                if (digest >= 0 && !element(digest, level, depth, parent)) {
                    out.len = mark; // undisclosed: the element is left out
                    path.setLength(pathMark);
                    continue;
                }
            } else {
                value(c, level, depth, parent);
            }
            path.setLength(pathMark);
            index++;
        }
        out.put((byte) ']');
    }

    /** Writes the element the digest stands for, if it was disclosed; false if not. */
    private boolean element(int digest, int level, int depth, int parent) {
        int d = disclosures.find(seenStore(), digest * seen.width());
        if (d < 0) {
            return false;
        }
        if (disclosures.isProperty(d)) {
            throw misplaced("an array element {\"...\": digest} names an object-property disclosure [salt, name, value]");
        }
        if (clearOnly != null) {
            throw profileRefusal();
        }
        disclosures.use(d, parent);
        if (record) {
            paths[d] = path.toString();
        }
        JsonCursor dc = cursor(level + 1);
        dc.reset(disclosures.decoded, disclosures.valueStart(d), disclosures.valueEnd(d) - disclosures.valueStart(d),
                "SD-JWT disclosure");
        value(dc, level + 1, depth, d);
        dc.endDocument();
        return true;
    }

    // ---- refusals ---------------------------------------------------------------------------------

    private static void checkDepth(int depth) {
        if (depth > JsonCursor.MAX_DEPTH) {
            throw new MalformedJwtException("The SD-JWT's processed payload nests deeper than " + JsonCursor.MAX_DEPTH
                    + " levels (disclosures included); lcjwt refuses it.");
        }
    }

    private static MalformedJwtException misplaced(String what) {
        return new MalformedJwtException("The SD-JWT is malformed: " + what + " (RFC 9901 section 4.2.4).");
    }

    private InvalidClaimException profileRefusal() {
        return new InvalidClaimException(clearOnly, "The SD-JWT VC discloses \"" + clearOnly + "\" (or a member of it)"
                + " selectively; the SD-JWT VC profile requires it in the clear.");
    }
}
