package io.lcjwt.internal.keys;

import io.lcjwt.InvalidJwtKeyException;
import io.lcjwt.internal.Untrusted;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/** RFC 7468 PEM: labelled base64 blocks. Encrypted keys are recognised and refused. */
public final class Pem {
    private Pem() {}

    public record Block(String label, byte[] der) {}

    public static List<Block> parse(String text) {
        if (text == null) {
            throw new InvalidJwtKeyException("The PEM text is null.");
        }
        List<Block> out = new ArrayList<>();
        int pos = 0;
        while (true) {
            int begin = text.indexOf("-----BEGIN ", pos);
            if (begin < 0) {
                break;
            }
            int labelEnd = text.indexOf("-----", begin + 11);
            if (labelEnd < 0) {
                throw new InvalidJwtKeyException("The PEM text has an unterminated BEGIN line.");
            }
            String label = text.substring(begin + 11, labelEnd);
            String endLine = "-----END " + label + "-----";
            int end = text.indexOf(endLine, labelEnd + 5); // after the BEGIN line's own dashes
            if (end < 0) {
                throw new InvalidJwtKeyException("The PEM block " + Untrusted.quote(label) + " has no matching END line.");
            }
            String body = text.substring(labelEnd + 5, end);
            if (label.startsWith("ENCRYPTED") || body.contains("Proc-Type: 4,ENCRYPTED") || body.contains("DEK-Info:")) {
                throw new InvalidJwtKeyException("The PEM key is encrypted; lcjwt does not take passwords. Decrypt it"
                        + " first (for example: openssl pkey -in key.pem -out plain.pem).");
            }
            // The base64 text without its line breaks and blanks; any other character stays, for
            // the strict decoder to refuse (one outside ASCII as '?', not cut to its low byte).
            byte[] b64 = new byte[body.length()];
            int n = 0;
            for (int i = 0; i < body.length(); i++) {
                char c = body.charAt(i);
                if (c != '\r' && c != '\n' && c != '\t' && c != ' ') {
                    b64[n++] = c < 0x80 ? (byte) c : (byte) '?';
                }
            }
            try {
                out.add(new Block(label, Base64.getDecoder().decode(java.util.Arrays.copyOf(b64, n))));
            } catch (IllegalArgumentException e) {
                throw new InvalidJwtKeyException("The PEM block " + Untrusted.quote(label) + " is not valid base64.");
            }
            pos = end + endLine.length();
        }
        if (out.isEmpty()) {
            throw new InvalidJwtKeyException("No PEM block found (expected a line like -----BEGIN PUBLIC KEY-----).");
        }
        return out;
    }
}
