package io.lcjwt.internal.sdjwt;

import io.lcjwt.MalformedJwtException;
import io.lcjwt.internal.claims.ClaimsWriter;
import io.lcjwt.internal.codec.JsonCursor;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JWS JSON serialization of an SD-JWT (RFC 9901 section 8): flattened or general, the
 * disclosures and the KB-JWT in the unprotected header members {@code disclosures} and
 * {@code kb_jwt} (of the first signature only, in the general form). Read into the compact form
 * that {@code sd_hash} covers (section 8.1), which the compact path then processes; the
 * signatures themselves are verified on the JSON by lcjwt's JWS JSON verifier.
 */
public final class SdJwtJson {
    private SdJwtJson() {}

    /**
     * The compact form of the JSON SD-JWT: {@code protected.payload.signature~d1~...~dn~kb}, with
     * the first signature. Refuses anything but a JSON object of either form.
     */
    public static String toCompact(CharSequence json) {
        byte[] b = json.toString().getBytes(StandardCharsets.UTF_8);
        JsonCursor c = new JsonCursor();
        int i = 0;
        while (i < b.length && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r')) {
            i++;
        }
        if (i == b.length || b[i] != '{') {
            throw new MalformedJwtException("The SD-JWT is not a JWS JSON serialization (it does not start with '{');"
                    + " a compact SD-JWT (jwt~disclosure~...~) is verified with verify, not verifyJson.");
        }
        c.openObject(b, 0, b.length, "SD-JWT JSON serialization");
        c.startObject();
        String payload = null;
        Signature flat = new Signature();
        boolean flatSeen = false;
        List<Signature> general = null;
        while (c.nextName()) {
            String name = c.name();
            switch (name) {
                case "payload" -> payload = text(c, "payload", false);
                case "signatures" -> {
                    if (c.valueType() != '[') {
                        throw malformed("its \"signatures\" is not an array");
                    }
                    general = new ArrayList<>();
                    c.startArray();
                    while (c.nextElement()) {
                        if (c.valueType() != '{') {
                            throw malformed("an entry of \"signatures\" is not an object");
                        }
                        Signature sig = new Signature();
                        c.startObject();
                        while (c.nextName()) {
                            if (!sig.member(c, c.name(), general.isEmpty())) {
                                c.skipValue();
                            }
                        }
                        general.add(sig);
                    }
                }
                default -> {
                    if (flat.member(c, name, true)) {
                        flatSeen = true;
                    } else {
                        c.skipValue();
                    }
                }
            }
        }
        c.endDocument();
        if (general != null && flatSeen) {
            throw malformed("it mixes the general and flattened forms");
        }
        Signature first = general != null ? (general.isEmpty() ? null : general.get(0)) : flatSeen ? flat : null;
        if (first == null || first.protectedHeader == null || first.signature == null) {
            throw malformed("it has no signature with a \"protected\" header and a \"signature\"");
        }
        if (payload == null) {
            throw malformed("it has no \"payload\"");
        }
        StringBuilder sb = new StringBuilder(b.length);
        sb.append(first.protectedHeader).append('.').append(payload).append('.').append(first.signature).append('~');
        for (String d : first.disclosures) {
            sb.append(d).append('~');
        }
        if (first.kbJwt != null) {
            sb.append(first.kbJwt);
        }
        return sb.toString();
    }

    /** The members of one signature that the compact form needs. */
    private static final class Signature {
        String protectedHeader;
        String signature;
        List<String> disclosures = List.of();
        String kbJwt;

        /** Reads member {@code name} if it is one of a signature's; false if it is not. */
        boolean member(JsonCursor c, String name, boolean first) {
            switch (name) {
                case "protected" -> protectedHeader = text(c, "protected", false);
                case "signature" -> signature = text(c, "signature", false);
                case "header" -> header(c, first);
                default -> {
                    return false;
                }
            }
            return true;
        }

        private void header(JsonCursor c, boolean first) {
            if (c.valueType() != '{') {
                throw malformed("a \"header\" is not an object");
            }
            c.startObject();
            while (c.nextName()) {
                String name = c.name();
                if (name.equals("disclosures") || name.equals("kb_jwt")) {
                    if (!first) {
                        throw malformed("\"" + name + "\" is in the header of a signature other than the first"
                                + " (RFC 9901 section 8.3)");
                    }
                    if (name.equals("kb_jwt")) {
                        kbJwt = text(c, "kb_jwt", true);
                    } else {
                        disclosures = disclosures(c);
                    }
                } else {
                    c.skipValue();
                }
            }
        }
    }

    private static List<String> disclosures(JsonCursor c) {
        if (c.valueType() != '[') {
            throw malformed("\"disclosures\" is not an array of strings");
        }
        List<String> out = new ArrayList<>();
        c.startArray();
        while (c.nextElement()) {
            out.add(text(c, "disclosures", false));
        }
        return out;
    }

    /** A string member that must be base64url (or, with {@code dots}, a compact JWS). */
    private static String text(JsonCursor c, String what, boolean dots) {
        if (c.valueType() != '"') {
            throw malformed("its \"" + what + "\" is not a string");
        }
        String s = c.readString();
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (!(ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9' || ch == '-' || ch == '_'
                    || dots && ch == '.')) {
                throw malformed("its \"" + what + "\" is not base64url text");
            }
        }
        return s;
    }

    private static MalformedJwtException malformed(String why) {
        return new MalformedJwtException("The SD-JWT JSON serialization is malformed: " + why + " (RFC 9901 section 8).");
    }

    /** Writes an SD-JWT (or SD-JWT+KB, with {@code kbJwt}) in the flattened or general JSON serialization. */
    public static String write(String issuerJwt, List<String> disclosures, String kbJwt, boolean general) {
        int dot1 = issuerJwt.indexOf('.');
        int dot2 = issuerJwt.lastIndexOf('.');
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("disclosures", disclosures);
        if (kbJwt != null) {
            header.put("kb_jwt", kbJwt);
        }
        Map<String, Object> sig = new LinkedHashMap<>();
        sig.put("protected", issuerJwt.substring(0, dot1));
        sig.put("header", header);
        sig.put("signature", issuerJwt.substring(dot2 + 1));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("payload", issuerJwt.substring(dot1 + 1, dot2));
        if (general) {
            out.put("signatures", List.of(sig));
        } else {
            out.putAll(sig);
        }
        return new String(ClaimsWriter.toJson(out), StandardCharsets.UTF_8);
    }
}
