package io.lcjwt.cli;

import io.lcjwt.JwtKey;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code lcjwt thumbprint KEYFILE}: the RFC 7638 SHA-256 thumbprint of a key. */
@Command(name = "thumbprint", mixinStandardHelpOptions = true,
        description = "Print a key's RFC 7638 thumbprint (SHA-256, base64url). A private key's is its public key's.")
final class ThumbprintCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(paramLabel = "KEYFILE", description = "A PEM, DER or JWK file holding a public, private or secret key.")
    Path file;

    @Override
    public Integer call() throws Exception {
        JwtKey key = KeyFiles.read(file);
        try (key) {
            String tp = KeyFiles.thumbprint(key);
            if (main.json) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("thumbprint", tp);
                m.put("kid", key.keyId());
                Json.print(main.out, m);
            } else {
                main.out.println(tp);
            }
        }
        return Main.OK;
    }
}
