package io.lcjwt.internal.sdjwt;

import io.lcjwt.JwtHeader;
import io.lcjwt.internal.codec.JsonCursor;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An SD-JWT as a holder sees it, processed with every disclosure it carries: what the public
 * {@code SdJwt} is made from.
 *
 * @param issuerJwt the Issuer-signed JWT, compact
 * @param header its header
 * @param hash the {@code _sd_alg}
 * @param disclosures every disclosure, in the order sent
 * @param claims the payload processed with every disclosure
 * @param keyBindingJwt the KB-JWT after the last {@code ~}, or null
 */
public record Held(String issuerJwt, JwtHeader header, SdHash hash, List<Item> disclosures,
        Map<String, Object> claims, String keyBindingJwt) {

    /**
     * One disclosure.
     *
     * @param encoded its base64url text
     * @param path its claim path ({@link ClaimPaths})
     * @param name its claim name, or null for an array element
     * @param value its value as written in it (plain Java: maps, lists, strings, numbers, booleans, null)
     * @param digest its digest, base64url
     * @param parent the index of the disclosure whose value holds its digest, or -1 (the payload)
     */
    public record Item(String encoded, String path, String name, Object value, String digest, int parent) {}

    /** The disclosures of a recording {@link Processor#run}, whose texts are in {@code src}. */
    static List<Item> items(Processor proc, byte[] src) {
        Disclosures d = proc.disclosures;
        List<Item> items = new ArrayList<>(d.count);
        JsonCursor c = new JsonCursor();
        for (int i = 0; i < d.count; i++) {
            String encoded = new String(src, d.textStart(i), d.textLength(i), StandardCharsets.ISO_8859_1);
            String name = null;
            if (d.isProperty(i)) {
                name = d.escapedName(i) != null ? d.escapedName(i)
                        : new String(d.decoded, d.nameStart(i), d.nameLength(i), StandardCharsets.UTF_8);
            }
            c.reset(d.decoded, d.valueStart(i), d.valueEnd(i) - d.valueStart(i), "SD-JWT disclosure");
            Object value = c.readNatural();
            items.add(new Item(encoded, proc.path(i), name, value, d.digestText(i), d.parent(i)));
        }
        return items;
    }

    /** The processed payload of the last {@link Processor#run}, as plain Java. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> claims(Processor proc) {
        JsonCursor c = new JsonCursor().openObject(proc.out.buf, 0, proc.out.len, "processed SD-JWT payload");
        Map<String, Object> m = (Map<String, Object>) c.readNatural();
        c.endDocument();
        return m;
    }
}
