package io.lcjwt.bindings;

import io.lcjwt.bindings.libcrypto.libcrypto_h;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jextract skips a misspelled {@code --include-function} without a word, and a function can be in
 * aws-lc's headers yet missing from the library that is loaded. This test reads the committed
 * argfile and checks both, so a binding cannot silently disappear.
 */
class BindingsCompletenessTest {

    /** Exported by aws-lc only; Backend never calls them on OpenSSL. */
    static final Set<String> AWS_LC_ONLY = Set.of("awslc_api_version_num", "HMAC_CTX_copy_ex",
            "HMAC_set_precomputed_key_export", "HMAC_get_precomputed_key",
            "HMAC_Init_from_precomputed_key", "EVP_parse_public_key", "ED25519_keypair",
            "ED25519_sign", "ED25519_verify", "X25519", "X25519_keypair", "X25519_public_from_private",
            "EVP_aead_aes_128_gcm", "EVP_aead_aes_192_gcm", "EVP_aead_aes_256_gcm",
            "EVP_AEAD_key_length", "EVP_AEAD_nonce_length", "EVP_AEAD_max_overhead",
            "EVP_AEAD_CTX_new", "EVP_AEAD_CTX_free", "EVP_AEAD_CTX_seal", "EVP_AEAD_CTX_open",
            "EVP_AEAD_CTX_seal_scatter", "EVP_AEAD_CTX_open_gather", "SSKDF_digest",
            "EVP_PKEY_pqdsa_new_raw_public_key", "EVP_PKEY_pqdsa_new_raw_private_key",
            "EVP_PKEY_CTX_pqdsa_set_params", "EVP_PKEY_get_private_seed");

    private static List<String[]> argfile() throws IOException {
        Path argfile = Path.of("src/main/jextract/lcjwt.argfile");
        List<String[]> out = new ArrayList<>();
        for (String line : Files.readAllLines(argfile)) {
            String[] parts = line.trim().split("\\s+");
            if (parts.length == 2 && parts[0].startsWith("--include-")) {
                out.add(parts);
            }
        }
        return out;
    }

    @Test
    void everyListedNameIsGenerated() throws IOException {
        Set<String> generated = Arrays.stream(libcrypto_h.class.getMethods())
                .filter(m -> Modifier.isStatic(m.getModifiers()))
                .map(Method::getName)
                .collect(Collectors.toSet());
        List<String[]> entries = argfile();
        assertTrue(entries.size() > 100, "the argfile lists the functions and constants");
        List<String> missing = new ArrayList<>();
        for (String[] e : entries) {
            if (e[0].equals("--include-struct")) {
                // A struct becomes a class of its own next to libcrypto_h.
                try {
                    Class.forName(libcrypto_h.class.getPackageName() + "." + e[1]);
                } catch (ClassNotFoundException notGenerated) {
                    missing.add(e[0] + " " + e[1]);
                }
            } else if (!generated.contains(e[1])) {
                missing.add(e[0] + " " + e[1]);
            }
        }
        assertEquals(List.of(), missing, "listed in lcjwt.argfile but not generated");
    }

    @Test
    void everyListedFunctionIsExportedByTheLoadedLibrary() throws IOException {
        Backend backend = Backend.get();
        List<String> missing = new ArrayList<>();
        for (String[] e : argfile()) {
            if (!e[0].equals("--include-function")) {
                continue;
            }
            String name = backend.isAwsLc() ? e[1] : Backend.OPENSSL_RENAMED.getOrDefault(e[1], e[1]);
            boolean exported = backend.exports(name);
            if (backend.isAwsLc() || !AWS_LC_ONLY.contains(e[1])) {
                if (!exported) {
                    missing.add(name);
                }
            } else {
                assertFalse(exported, e[1] + " is listed as aws-lc only but OpenSSL exports it;"
                        + " move it out of AWS_LC_ONLY and Backend");
            }
        }
        assertEquals(List.of(), missing, "functions the bindings list but " + backend + " lacks");
    }
}
