package io.lcjwt.bindings;

import io.lcjwt.bindings.libcrypto.libcrypto_h;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The libcrypto that is loaded, and every way in which aws-lc and OpenSSL 3 differ for the calls
 * lcjwt makes. Nothing outside this class may assume which of the two is live.
 *
 * <p>The differences, measured against both libraries' headers:
 * <ul>
 *   <li>{@code HMAC_Init_ex}'s and {@code HMAC}'s key lengths are {@code size_t} in aws-lc and
 *       {@code int} in OpenSSL;</li>
 *   <li>{@code ERR_get_error} returns {@code uint32_t} in aws-lc and {@code unsigned long} in
 *       OpenSSL, and {@code ERR_error_string_n} takes the same types;</li>
 *   <li>{@code EVP_PKEY_ED25519} (= {@code NID_ED25519}) is 949 in aws-lc and 1087 in OpenSSL, and
 *       {@code EVP_PKEY_X25519} (= {@code NID_X25519}) 948 and 1034;</li>
 *   <li>{@code RAND_bytes}, {@code PKCS5_PBKDF2_HMAC}, {@code AES_wrap_key} and
 *       {@code AES_unwrap_key} take {@code size_t} lengths in aws-lc and {@code int} (or
 *       {@code unsigned int}) in OpenSSL; the AES key-wrap calls fail with -1 in aws-lc and 0 in
 *       OpenSSL. This class calls them with each library's own types and reports -1 for both;</li>
 *   <li>{@code HMAC_CTX_copy_ex}, the {@code HMAC_*precomputed*} calls, {@code ED25519_verify} /
 *       {@code ED25519_sign} / {@code ED25519_keypair}, {@code X25519} / {@code X25519_keypair} /
 *       {@code X25519_public_from_private}, the {@code EVP_AEAD*} calls, {@code SSKDF_digest},
 *       {@code EVP_parse_public_key} and {@code awslc_api_version_num} exist only in aws-lc;
 *       OpenSSL reaches the same through {@code EVP_PKEY_derive} and {@code EVP_CIPHER};</li>
 *   <li>{@code EVP_PKEY_id}, {@code EVP_PKEY_bits} and {@code EVP_PKEY_size} are functions in
 *       aws-lc but macros in OpenSSL 3, whose exported names are {@code EVP_PKEY_get_id},
 *       {@code EVP_PKEY_get_bits} and {@code EVP_PKEY_get_size} ({@link #OPENSSL_RENAMED}).</li>
 *   <li>{@code EVP_MD_size} returns {@code size_t} in aws-lc; in OpenSSL 3 it is a macro for
 *       {@code EVP_MD_get_size}, which returns {@code int} ({@link #mdSize}).</li>
 *   <li>aws-lc's private-key parsers check that a key's members belong together (RSA: n = pq,
 *       d and the CRT values; EC: 0 &lt; d &lt; n and the public point is d·G); OpenSSL 3's
 *       {@code d2i_AutoPrivateKey} checks none of it and keeps the public half it is given.
 *       lcjwt therefore runs the same checks itself on both (the RSA relations in Java, the EC
 *       pair with {@code EC_KEY_check_key}), so both refuse the same keys with the same message;</li>
 *   <li>ML-DSA (FIPS 204) is a {@link Capability}: aws-lc has it from 1.40 through its
 *       {@code EVP_PKEY_pqdsa_*} calls and {@code NID_MLDSA44/65/87} (994 to 996); OpenSSL 3.0
 *       has none, and OpenSSL 3.5's (other calls, other NIDs) is not used. lcjwt refuses ML-DSA
 *       keys and algorithms on a library without it, naming what is needed ({@link #missing});</li>
 *   <li>OpenSSL 3.0 cannot read a version 2 (RFC 5958) PKCS#8 key carrying its public key;
 *       lcjwt hands both libraries the seed alone and compares the public key itself.</li>
 *   <li>OpenSSL 3.0's {@code d2i_PUBKEY} goes through its decoder framework, about six times the
 *       cost of {@code EVP_PKEY_fromdata}, and its {@code EVP_PKEY_derive_set_peer} checks the
 *       peer again with a scalar multiplication by the group order. On OpenSSL lcjwt makes EC
 *       public keys from a template per curve ({@link #ecPublicKeyFromPoint}) and RSA, Ed25519
 *       and X25519 public keys with {@code EVP_PKEY_fromdata} on pooled contexts
 *       ({@link #rsaPublicKey}, {@link #rawPublicKey}; a context made per key fetches the key
 *       type from the provider each time), with the same checks, and sets an imported peer with
 *       {@code EVP_PKEY_derive_set_peer_ex(..., 0)} ({@link #deriveSetCheckedPeer}); aws-lc has
 *       neither call and needs neither.</li>
 * </ul>
 * The generated bindings come from aws-lc's headers, so where OpenSSL's C type is narrower this
 * class builds its own downcall handle with OpenSSL's descriptor.
 */
@SuppressWarnings("restricted") // the one place in lcjwt that loads a library and links calls
public final class Backend {

    /** Which libcrypto family is live. */
    public enum Kind {
        /** Amazon's aws-lc. */
        AWS_LC("aws-lc"),
        /** OpenSSL 3.x, the fallback. */
        OPENSSL_3("OpenSSL 3");

        private final String displayName;

        Kind(String displayName) {
            this.displayName = displayName;
        }

        /** {@return a name for people: {@code aws-lc} or {@code OpenSSL 3}} */
        public String displayName() {
            return displayName;
        }
    }

    static final String NATIVE_ACCESS_MESSAGE = "lcjwt calls libcrypto through the FFM API and needs"
            + " native access: start the JVM with --enable-native-access=io.lcjwt.bindings (module"
            + " path) or --enable-native-access=ALL-UNNAMED (class path).";

    /** Functions generated from aws-lc's headers that OpenSSL 3 exports under another name. */
    public static final java.util.Map<String, String> OPENSSL_RENAMED = java.util.Map.of(
            "EVP_PKEY_id", "EVP_PKEY_get_id",
            "EVP_PKEY_bits", "EVP_PKEY_get_bits",
            "EVP_PKEY_size", "EVP_PKEY_get_size",
            "EVP_MD_size", "EVP_MD_get_size");

    private static final int AWS_LC_ED25519 = 949;
    private static final int OPENSSL_ED25519 = 1087;
    private static final int AWS_LC_X25519 = 948;
    private static final int OPENSSL_X25519 = 1034;
    /** aws-lc's {@code NID_MLDSA44}; 65 and 87 follow it (nid.h). */
    private static final int AWS_LC_MLDSA44 = 994;

    private final Kind kind;
    private final Path path;
    private final String source;
    private final int ed25519;
    private final int x25519;

    private Backend(Kind kind, Path path, String source) {
        this.kind = kind;
        this.path = path;
        this.source = source;
        this.ed25519 = kind == Kind.AWS_LC ? AWS_LC_ED25519 : OPENSSL_ED25519;
        this.x25519 = kind == Kind.AWS_LC ? AWS_LC_X25519 : OPENSSL_X25519;
    }

    // Every function is linked the first time it is needed, in a holder class of its group, and
    // never at load: a link costs milliseconds in a fresh JVM (the first one about 70 ms), and a
    // process that only verifies HS256 tokens should not link RSA, PBKDF2 or the version calls
    // (a start-up rule, docs/architecture.md). A holder's static finals are constants to the JIT once initialized.

    private static Kind live() {
        return get().kind;
    }

    /** The version calls, for {@link #version()} and the messages that name the library. */
    private static final class Version {
        static final String TEXT = libcrypto_h.OpenSSL_version(libcrypto_h.OPENSSL_VERSION())
                .reinterpret(256).getString(0, StandardCharsets.US_ASCII);
        static final long NUMBER = libcrypto_h.OpenSSL_version_num();
        static final long AWS_LC_API = live() == Kind.AWS_LC ? libcrypto_h.awslc_api_version_num() : 0L;
    }

    /** Either the loaded {@link Backend} or the {@link IllegalStateException} that explains why not. */
    private static final Object STATE = load();

    /**
     * The layouts of pointer-returning calls, in a holder: {@code withTargetLayout} is a
     * restricted method, so it must not run before {@link #load} has checked native access.
     */
    static final class Pointers {
        /**
         * The generated bindings' {@code C_POINTER} (an address whose target is unbounded bytes),
         * equal to it so that a handle linked here shares its stub with generated handles of the
         * same shape instead of spinning its own.
         */
        static final AddressLayout POINTER = ValueLayout.ADDRESS.withTargetLayout(
                MemoryLayout.sequenceLayout(Long.MAX_VALUE, ValueLayout.JAVA_BYTE));

        /** {@code void *f(void)}: the digest getters, {@code HMAC_CTX_new}, {@code EVP_MD_CTX_new}. */
        static final FunctionDescriptor OF_NOTHING = FunctionDescriptor.of(POINTER);

        private Pointers() {}
    }

    // The HMAC path's plain calls are linked here from the symbol, not through libcrypto_h: its
    // initializer (a 100 KB class, an automatic arena and the JDK's system lookup) costs tens of
    // milliseconds in a fresh JVM, and an HS256 verifier needs nothing else from it.

    /**
     * On OpenSSL 3 each {@code EVP_sha256()} call costs ~200 ns (a provider fetch): look each up
     * once, and each in its own holder, so that an HS256-only process links no other digest.
     */
    private static final class Sha256 {
        static final MemorySegment MD = digest("EVP_sha256");
    }

    private static final class Sha384 {
        static final MemorySegment MD = digest("EVP_sha384");
    }

    private static final class Sha512 {
        static final MemorySegment MD = digest("EVP_sha512");
    }

    private static MemorySegment digest(String getter) {
        try {
            return (MemorySegment) Linker.nativeLinker().downcallHandle(symbol(getter), Pointers.OF_NOTHING)
                    .invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static final class HmacCtxNew {
        static final MethodHandle H = Linker.nativeLinker().downcallHandle(symbol("HMAC_CTX_new"), Pointers.OF_NOTHING);
    }

    private static final class HmacCtxFree {
        static final MethodHandle H = Linker.nativeLinker().downcallHandle(symbol("HMAC_CTX_free"),
                FunctionDescriptor.ofVoid(Pointers.POINTER));
    }

    /**
     * {@code int f(const EVP_PKEY *)} in both; written out because the generated
     * {@code $descriptor()} would resolve the aws-lc name, which OpenSSL lacks.
     */
    private static final FunctionDescriptor INT_OF_POINTER = FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS);

    private static final class PkeyId {
        static final MethodHandle H = renamed(live(), "EVP_PKEY_id", INT_OF_POINTER);
    }

    private static final class PkeyBits {
        static final MethodHandle H = renamed(live(), "EVP_PKEY_bits", INT_OF_POINTER);
    }

    private static final class PkeySize {
        static final MethodHandle H = renamed(live(), "EVP_PKEY_size", INT_OF_POINTER);
    }

    /** A digest's size fits an int in both; aws-lc's size_t result is narrowed to match. */
    private static final class MdSize {
        static final MethodHandle H = live() == Kind.AWS_LC
                ? MethodHandles.explicitCastArguments(libcrypto_h.EVP_MD_size$handle(),
                        MethodType.methodType(int.class, MemorySegment.class))
                : renamed(live(), "EVP_MD_size", INT_OF_POINTER);
    }

    /** {@code HMAC_Init_ex}'s shapes, apart from the handles so that naming them links nothing. */
    private static final class HmacInitShape {
        static final MethodType TYPE = MethodType.methodType(int.class, MemorySegment.class,
                MemorySegment.class, long.class, MemorySegment.class, MemorySegment.class);
        static final FunctionDescriptor OPENSSL = FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS);
    }

    /** {@code HMAC_Init_ex}: {@code size_t} key length on aws-lc, {@code int} on OpenSSL, both called with a long. */
    private static final class HmacInit {
        static final MethodHandle H = live() == Kind.AWS_LC ? libcrypto_h.HMAC_Init_ex$handle()
                : MethodHandles.explicitCastArguments(Linker.nativeLinker().downcallHandle(
                        libcrypto_h.HMAC_Init_ex$address(), HmacInitShape.OPENSSL), HmacInitShape.TYPE);
    }

    /**
     * Linked from the symbol rather than the generated holder, whose initializer would link the
     * non-critical handle as well (a second link, milliseconds in a fresh JVM).
     */
    private static final class HmacInitCritical {
        static final MethodHandle H = live() == Kind.AWS_LC
                ? critical("HMAC_Init_ex", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                        ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.ADDRESS))
                : MethodHandles.explicitCastArguments(critical("HMAC_Init_ex", HmacInitShape.OPENSSL), HmacInitShape.TYPE);
    }

    private static final class HmacOneShot {
        static final MethodHandle H = live() == Kind.AWS_LC ? libcrypto_h.HMAC$handle()
                : MethodHandles.explicitCastArguments(Linker.nativeLinker().downcallHandle(
                        libcrypto_h.HMAC$address(), FunctionDescriptor.of(ValueLayout.ADDRESS,
                                ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT,
                                ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS,
                                ValueLayout.ADDRESS)), libcrypto_h.HMAC$handle().type());
    }

    /** The error queue: linked when lcjwt first reads it, which a process whose calls all succeed never does. */
    private static final class Err {
        static final MethodHandle GET = live() == Kind.AWS_LC
                ? MethodHandles.explicitCastArguments(libcrypto_h.ERR_get_error$handle(),
                        MethodType.methodType(long.class)) // zero-extended by errGetError
                : Linker.nativeLinker().downcallHandle(libcrypto_h.ERR_get_error$address(),
                        FunctionDescriptor.of(ValueLayout.JAVA_LONG));
        static final MethodHandle STRING_N = live() == Kind.AWS_LC
                ? MethodHandles.explicitCastArguments(libcrypto_h.ERR_error_string_n$handle(),
                        MethodType.methodType(MemorySegment.class, long.class, MemorySegment.class, long.class))
                : Linker.nativeLinker().downcallHandle(libcrypto_h.ERR_error_string_n$address(),
                        FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_LONG,
                                ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
    }

    // Lengths are range-checked by the public methods before OpenSSL's int forms narrow them.

    private static final class RandBytes {
        static final MethodHandle H = live() == Kind.AWS_LC ? libcrypto_h.RAND_bytes$handle()
                : narrowed(libcrypto_h.RAND_bytes$address(), libcrypto_h.RAND_bytes$handle(),
                        ValueLayout.ADDRESS, ValueLayout.JAVA_INT);
    }

    private static final class Pbkdf2 {
        static final MethodHandle H = live() == Kind.AWS_LC ? libcrypto_h.PKCS5_PBKDF2_HMAC$handle()
                : narrowed(libcrypto_h.PKCS5_PBKDF2_HMAC$address(), libcrypto_h.PKCS5_PBKDF2_HMAC$handle(),
                        ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS);
    }

    private static final class AesWrap {
        static final MethodHandle WRAP = live() == Kind.AWS_LC ? libcrypto_h.AES_wrap_key$handle()
                : narrowed(libcrypto_h.AES_wrap_key$address(), libcrypto_h.AES_wrap_key$handle(),
                        ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                        ValueLayout.JAVA_INT);
        static final MethodHandle UNWRAP = live() == Kind.AWS_LC ? libcrypto_h.AES_unwrap_key$handle()
                : narrowed(libcrypto_h.AES_unwrap_key$address(), libcrypto_h.AES_unwrap_key$handle(),
                        ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                        ValueLayout.JAVA_INT);
    }

    /**
     * A handle to an OpenSSL function with its own (narrower) argument layouts, typed like the
     * generated aws-lc handle so that both backends call it the same way (the generated handle
     * lends only its Java type and is never invoked on OpenSSL).
     */
    private static MethodHandle narrowed(MemorySegment address, MethodHandle awsLcShape,
            ValueLayout... openSslArgs) {
        MethodHandle h = Linker.nativeLinker().downcallHandle(address,
                FunctionDescriptor.of(ValueLayout.JAVA_INT, openSslArgs));
        return MethodHandles.explicitCastArguments(h, awsLcShape.type());
    }

    private static MethodHandle renamed(Kind kind, String awsLcName, FunctionDescriptor descriptor) {
        String name = kind == Kind.AWS_LC ? awsLcName : OPENSSL_RENAMED.get(awsLcName);
        MemorySegment address = SymbolLookup.loaderLookup().find(name).orElseThrow(
                () -> new IllegalStateException("libcrypto does not export " + name));
        return Linker.nativeLinker().downcallHandle(address, descriptor);
    }

    /**
     * The live backend, loading libcrypto on first use.
     *
     * @return the backend every binding call goes through, the same instance on every call
     * @throws IllegalStateException when no usable libcrypto could be loaded, or the JVM lacks
     *         native access; the message says what was searched and how to fix it
     */
    public static Backend get() {
        if (STATE instanceof Backend b) {
            return b;
        }
        IllegalStateException cause = (IllegalStateException) STATE;
        throw new IllegalStateException(cause.getMessage(), cause);
    }

    private static Object load() {
        try {
            if (!Backend.class.getModule().isNativeAccessEnabled()) {
                throw new IllegalStateException(NATIVE_ACCESS_MESSAGE);
            }
            LibCryptoLocator.Found found = LibCryptoLocator.locate();
            if (found.path() == null) {
                throw new IllegalStateException("lcjwt found no libcrypto: it looked for aws-lc and"
                        + " for OpenSSL 3's libcrypto.so.3 (tried " + String.join(", ", found.tried())
                        + "); install OpenSSL 3 or aws-lc, or set -D" + LibCryptoLocator.PROPERTY
                        + "=/path/to/libcrypto.so (or " + LibCryptoLocator.ENV + ").");
            }
            try {
                System.load(found.path().toString());
            } catch (UnsatisfiedLinkError e) {
                throw new IllegalStateException("lcjwt could not load " + found.path() + " ("
                        + found.source() + "): " + e.getMessage(), e);
            }
            // Told apart once loaded, not by opening the file a second time first: a private
            // SymbolLookup.libraryLookup (its classes, a dlopen and a dlclose) and a call shape
            // of its own cost OpenSSL 3's first HS256 decode about 5 ms (whole processes), and
            // the library is loaded for good a moment later anyway (a start-up rule, docs/architecture.md).
            Kind kind = found.awsLc() ? Kind.AWS_LC : identify(found.path());
            return new Backend(kind, found.path(), found.source());
        } catch (IllegalStateException e) {
            return e;
        } catch (IllegalCallerException e) {
            return new IllegalStateException(NATIVE_ACCESS_MESSAGE, e);
        } catch (RuntimeException | LinkageError e) {
            return new IllegalStateException("lcjwt could not bind to libcrypto: " + e, e);
        }
    }

    /**
     * Tells aws-lc from OpenSSL 3 by the exports of the library just loaded.
     *
     * <p>{@code OpenSSL_version_num} returns an {@code unsigned long}; it is linked with the
     * descriptor of the digest getters and {@code HMAC_CTX_new} ({@code void *f(void)}), read as
     * the address: on the LP64 platforms lcjwt runs on, both are one 64-bit register. So the check
     * links no shape that an HS256 verifier would not link anyway, where a {@code long f(void)}
     * cost about 5 ms at its first link in a fresh JVM (a start-up rule, docs/architecture.md).
     */
    private static Kind identify(Path lib) {
        SymbolLookup lookup = SymbolLookup.loaderLookup();
        if (lookup.find(LibCryptoLocator.AWS_LC_MARKER).isPresent()) {
            return Kind.AWS_LC;
        }
        MemorySegment versionNum = lookup.find("OpenSSL_version_num").orElse(null);
        if (versionNum != null && lookup.find("EVP_DigestVerify").isPresent()) {
            long v;
            try {
                v = ((MemorySegment) Linker.nativeLinker().downcallHandle(versionNum, Pointers.OF_NOTHING)
                        .invokeExact()).address();
            } catch (Throwable t) {
                throw new IllegalStateException("lcjwt could not read the version of " + lib, t);
            }
            if ((v >>> 28) == 3) {
                return Kind.OPENSSL_3;
            }
            throw new IllegalStateException(lib + " is libcrypto version 0x" + Long.toHexString(v)
                    + ", which lcjwt does not support: it needs aws-lc or OpenSSL 3 (point "
                    + LibCryptoLocator.ENV + " at one).");
        }
        throw new IllegalStateException(lib + " is neither aws-lc nor OpenSSL 3 (it exports"
                + " neither awslc_api_version_num nor OpenSSL_version_num); point "
                + LibCryptoLocator.ENV + " at aws-lc's libcrypto.so or OpenSSL 3's libcrypto.so.3.");
    }

    /**
     * A feature that only some libcryptos have. {@link #has} says whether the loaded one does;
     * {@link #missing} says, for a refusal, what is needed and what is loaded.
     */
    public enum Capability {
        /**
         * ML-DSA signatures (FIPS 204, RFC 9964) through aws-lc's {@code EVP_PKEY_pqdsa_*} calls,
         * which aws-lc has from version 1.40.
         */
        ML_DSA("ML-DSA", "aws-lc 1.40 or newer", "EVP_PKEY_pqdsa_new_raw_public_key",
                "EVP_PKEY_pqdsa_new_raw_private_key", "EVP_PKEY_CTX_pqdsa_set_params", "EVP_PKEY_get_private_seed");

        private final String displayName;
        private final String needs;
        private final java.util.List<String> symbols;

        Capability(String displayName, String needs, String... symbols) {
            this.displayName = displayName;
            this.needs = needs;
            this.symbols = java.util.List.of(symbols);
        }

        /** {@return a name for people, such as {@code ML-DSA}} */
        public String displayName() {
            return displayName;
        }

        /** {@return which libcrypto has it, such as {@code aws-lc 1.40 or newer}} */
        public String needs() {
            return needs;
        }
    }

    /** Whether the live library has each capability, looked up once (a symbol search, no link). */
    private static final class Capabilities {
        static final boolean ML_DSA = get().kind == Kind.AWS_LC && exportsAll(Capability.ML_DSA.symbols);

        private static boolean exportsAll(java.util.List<String> names) {
            for (String n : names) {
                if (SymbolLookup.loaderLookup().find(n).isEmpty()) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * Whether the loaded library has a capability.
     *
     * @param capability what is asked for
     * @return true when lcjwt can use it with this library
     */
    public boolean has(Capability capability) {
        return switch (capability) {
            case ML_DSA -> Capabilities.ML_DSA;
        };
    }

    /**
     * The sentence that refuses a use of a capability this library lacks: what is needed, what is
     * loaded, and how to point lcjwt at another library.
     *
     * @param capability the capability, which {@link #has} says is missing
     * @return for example {@code ML-DSA needs aws-lc 1.40 or newer; the loaded libcrypto is
     *         OpenSSL 3.0.19 27 Jan 2026 (/usr/lib/x86_64-linux-gnu/libcrypto.so.3). ...}
     */
    public String missing(Capability capability) {
        return capability.displayName + " needs " + capability.needs + "; the loaded libcrypto is " + Version.TEXT
                + " (" + path + "). Point " + LibCryptoLocator.ENV + " (or -D" + LibCryptoLocator.PROPERTY
                + ") at aws-lc's libcrypto.so to use it.";
    }

    /**
     * aws-lc's {@code NID_MLDSA44}, {@code NID_MLDSA65} or {@code NID_MLDSA87}: the ML-DSA
     * parameter set of {@code EVP_PKEY_pqdsa_new_raw_*} and {@code EVP_PKEY_CTX_pqdsa_set_params}.
     *
     * @param parameterSet 44, 65 or 87
     * @return 994, 995 or 996
     * @throws UnsupportedOperationException when the library lacks {@link Capability#ML_DSA}
     * @throws IllegalArgumentException for another parameter set
     */
    public int mlDsaNid(int parameterSet) {
        if (!has(Capability.ML_DSA)) {
            throw new UnsupportedOperationException(missing(Capability.ML_DSA));
        }
        return switch (parameterSet) {
            case 44 -> AWS_LC_MLDSA44;
            case 65 -> AWS_LC_MLDSA44 + 1;
            case 87 -> AWS_LC_MLDSA44 + 2;
            default -> throw new IllegalArgumentException("ML-DSA has parameter sets 44, 65 and 87, not " + parameterSet);
        };
    }

    /** {@return which family is live} */
    public Kind kind() {
        return kind;
    }

    /** {@return the file that was loaded} */
    public Path path() {
        return path;
    }

    /** {@return why this library was chosen (explicit setting, aws-lc found, OpenSSL fallback)} */
    public String source() {
        return source;
    }

    /** {@return the library's own version text, {@code OpenSSL_version(OPENSSL_VERSION)}} */
    public String version() {
        return Version.TEXT;
    }

    /** {@return {@code OpenSSL_version_num()} of the loaded library} */
    public long versionNumber() {
        return Version.NUMBER;
    }

    /** {@return {@code awslc_api_version_num()} on aws-lc, 0 on OpenSSL} */
    public long awsLcApiVersion() {
        return Version.AWS_LC_API;
    }

    /**
     * {@return {@code EVP_PKEY_ED25519}, which is also {@code NID_ED25519}: 949 in aws-lc, 1087 in OpenSSL}
     */
    public int evpPkeyEd25519() {
        return ed25519;
    }

    /**
     * {@return {@code EVP_PKEY_X25519}, which is also {@code NID_X25519}: 948 in aws-lc, 1034 in OpenSSL}
     */
    public int evpPkeyX25519() {
        return x25519;
    }

    /**
     * Whether the live library is aws-lc.
     *
     * @return true when {@code HMAC_CTX_copy_ex}, the precomputed-key calls and {@code ED25519_*}
     *         are callable (aws-lc); false on OpenSSL 3
     */
    public boolean isAwsLc() {
        return kind == Kind.AWS_LC;
    }

    /** {@return {@code EVP_sha256()}, looked up once} */
    public MemorySegment sha256() {
        return Sha256.MD;
    }

    /** {@return {@code EVP_sha384()}, looked up once} */
    public MemorySegment sha384() {
        return Sha384.MD;
    }

    /** {@return {@code EVP_sha512()}, looked up once} */
    public MemorySegment sha512() {
        return Sha512.MD;
    }

    /**
     * {@code EVP_PKEY_id} (OpenSSL 3: {@code EVP_PKEY_get_id}).
     *
     * @param pkey an {@code EVP_PKEY*}
     * @return the key's type, an {@code EVP_PKEY_*} constant
     */
    public int pkeyId(MemorySegment pkey) {
        try {
            return (int) PkeyId.H.invokeExact(pkey);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code EVP_PKEY_bits} (OpenSSL 3: {@code EVP_PKEY_get_bits}).
     *
     * @param pkey an {@code EVP_PKEY*}
     * @return the key's size in bits (the RSA modulus, the EC field)
     */
    public int pkeyBits(MemorySegment pkey) {
        try {
            return (int) PkeyBits.H.invokeExact(pkey);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code EVP_PKEY_size} (OpenSSL 3: {@code EVP_PKEY_get_size}).
     *
     * @param pkey an {@code EVP_PKEY*}
     * @return the largest signature the key can make, in bytes
     */
    public int pkeySize(MemorySegment pkey) {
        try {
            return (int) PkeySize.H.invokeExact(pkey);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code EVP_MD_size} (OpenSSL 3: {@code EVP_MD_get_size}).
     *
     * @param md an {@code EVP_MD*} ({@link #sha256()} etc.)
     * @return the digest's output length in bytes
     */
    public int mdSize(MemorySegment md) {
        try {
            return (int) MdSize.H.invokeExact(md);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code HMAC_Init_ex} with the key length type of the live library.
     *
     * @param ctx an {@code HMAC_CTX*}
     * @param key the key bytes, or NULL to restart with the key already absorbed
     * @param keyLen the key's length in bytes
     * @param md the digest ({@link #sha256()} etc.), or NULL to keep the one already set
     * @return 1 on success, 0 on failure (the reason is on the error queue)
     */
    public int hmacInitEx(MemorySegment ctx, MemorySegment key, long keyLen, MemorySegment md) {
        try {
            return (int) HmacInit.H.invokeExact(ctx, key, keyLen, md, MemorySegment.NULL);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * One-shot {@code HMAC} with the key length type of the live library.
     *
     * @param md the digest ({@link #sha256()} etc.)
     * @param key the key bytes
     * @param keyLen the key's length in bytes
     * @param data the bytes to authenticate
     * @param dataLen their length
     * @param out where the MAC is written, at least {@code EVP_MAX_MD_SIZE} bytes
     * @param outLen a 4-byte {@code unsigned int} that receives the MAC's length
     * @return the MAC's length, or -1 on failure
     */
    public int hmac(MemorySegment md, MemorySegment key, long keyLen, MemorySegment data, long dataLen,
            MemorySegment out, MemorySegment outLen) {
        try {
            MemorySegment r = (MemorySegment) HmacOneShot.H.invokeExact(md, key, keyLen, data, dataLen,
                    out, outLen);
            return r.equals(MemorySegment.NULL) ? -1 : outLen.get(ValueLayout.JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code HMAC_CTX_new}.
     *
     * @return a new {@code HMAC_CTX*}, or NULL when libcrypto is out of memory
     */
    public MemorySegment hmacCtxNew() {
        try {
            return (MemorySegment) HmacCtxNew.H.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code HMAC_CTX_free}.
     *
     * @param ctx an {@code HMAC_CTX*} from {@link #hmacCtxNew()}, or NULL
     */
    public void hmacCtxFree(MemorySegment ctx) {
        try {
            HmacCtxFree.H.invokeExact(ctx);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code HMAC_Init_ex}, as a critical downcall (short and non-blocking; heap segments allowed). */
    MethodHandle hmacInitExCritical() {
        return HmacInitCritical.H;
    }

    /**
     * {@code RAND_bytes} with the length type of the live library.
     *
     * @param buf where the random bytes are written
     * @param len how many, at most {@link Integer#MAX_VALUE}
     * @return 1 on success, 0 on failure (the reason is on the error queue)
     * @throws IllegalArgumentException when {@code len} is negative or above {@link Integer#MAX_VALUE}
     */
    public int randBytes(MemorySegment buf, long len) {
        checkLength("RAND_bytes length", len);
        try {
            return (int) RandBytes.H.invokeExact(buf, len);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code PKCS5_PBKDF2_HMAC} (RFC 8018 PBKDF2) with the length types of the live library.
     *
     * @param password the password bytes
     * @param passwordLen their length
     * @param salt the salt bytes
     * @param saltLen their length
     * @param iterations the iteration count, at least 1
     * @param md the PRF's digest ({@link #sha256()} etc.)
     * @param keyLen how many bytes to derive
     * @param out where the derived key is written, at least {@code keyLen} bytes
     * @return 1 on success, 0 on failure (the reason is on the error queue)
     * @throws IllegalArgumentException when a length or the count is negative or above
     *         {@link Integer#MAX_VALUE}
     */
    public int pbkdf2Hmac(MemorySegment password, long passwordLen, MemorySegment salt, long saltLen,
            int iterations, MemorySegment md, long keyLen, MemorySegment out) {
        checkLength("PBKDF2 password length", passwordLen);
        checkLength("PBKDF2 salt length", saltLen);
        checkLength("PBKDF2 iteration count", iterations);
        checkLength("PBKDF2 key length", keyLen);
        try {
            return (int) Pbkdf2.H.invokeExact(password, passwordLen, salt, saltLen, iterations, md,
                    keyLen, out);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code AES_wrap_key} (RFC 3394) with the length type of the live library.
     *
     * @param key an {@code AES_KEY} set up with {@code AES_set_encrypt_key}
     * @param iv the 8-byte initial value, or NULL for RFC 3394's default
     * @param out where {@code inLen + 8} bytes are written
     * @param in the key to wrap, a multiple of 8 bytes and at least 16
     * @param inLen its length
     * @return {@code inLen + 8}, or -1 on failure (both libraries)
     * @throws IllegalArgumentException when {@code inLen} is negative or above {@link Integer#MAX_VALUE}
     */
    public int aesWrapKey(MemorySegment key, MemorySegment iv, MemorySegment out, MemorySegment in,
            long inLen) {
        checkLength("AES key wrap input length", inLen);
        try {
            int r = (int) AesWrap.WRAP.invokeExact(key, iv, out, in, inLen);
            return r > 0 ? r : -1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code AES_unwrap_key} (RFC 3394) with the length type of the live library.
     *
     * @param key an {@code AES_KEY} set up with {@code AES_set_decrypt_key}
     * @param iv the 8-byte initial value, or NULL for RFC 3394's default
     * @param out where {@code inLen - 8} bytes are written
     * @param in the wrapped key, a multiple of 8 bytes and at least 24
     * @param inLen its length
     * @return {@code inLen - 8}, or -1 when the input is malformed or its integrity check fails
     *         (both libraries)
     * @throws IllegalArgumentException when {@code inLen} is negative or above {@link Integer#MAX_VALUE}
     */
    public int aesUnwrapKey(MemorySegment key, MemorySegment iv, MemorySegment out, MemorySegment in,
            long inLen) {
        checkLength("AES key unwrap input length", inLen);
        try {
            int r = (int) AesWrap.UNWRAP.invokeExact(key, iv, out, in, inLen);
            return r > 0 ? r : -1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * OpenSSL 3 only: an EC public key made from its uncompressed point. OpenSSL 3.0's
     * {@code d2i_PUBKEY} runs the decoder framework, and {@code EVP_PKEY_fromdata} builds the
     * curve's group afresh for every key (a modular inversion for its Montgomery context, most of
     * the cost). So the first key of a curve is made by {@code EVP_PKEY_fromdata} from the group's
     * name alone and kept as that curve's template; every key is then {@code EVP_PKEY_dup} of the
     * template (which copies the group) given its point by {@code EVP_PKEY_set1_encoded_public_key}.
     * The point is checked as {@code d2i_PUBKEY} and {@code EVP_PKEY_fromdata} check it (both
     * through {@code EC_POINT_oct2point}): coordinates below the field prime, on the curve.
     *
     * @param group OpenSSL's group name: {@code P-256}, {@code P-384}, {@code P-521} or {@code secp256k1}
     * @param point {@code 04 || x || y}
     * @param len its length
     * @return the new {@code EVP_PKEY}, the caller's to free, or NULL when OpenSSL refuses it
     * @throws UnsupportedOperationException on aws-lc, which has no {@code EVP_PKEY_fromdata}
     *         (its {@code d2i_PUBKEY} is fast)
     */
    public MemorySegment ecPublicKeyFromPoint(String group, MemorySegment point, long len) {
        if (kind == Kind.AWS_LC) {
            throw new UnsupportedOperationException("aws-lc has no EVP_PKEY_fromdata; use d2i_PUBKEY");
        }
        try {
            MemorySegment template = EcTemplates.of(group);
            if (template.equals(MemorySegment.NULL)) {
                return MemorySegment.NULL;
            }
            MemorySegment key = (MemorySegment) EcTemplates.DUP.invokeExact(template);
            if (key.equals(MemorySegment.NULL)) {
                return MemorySegment.NULL;
            }
            if ((int) EcTemplates.SET_POINT.invokeExact(key, point, len) != 1) {
                libcrypto_h.EVP_PKEY_free(key);
                return MemorySegment.NULL;
            }
            return key;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * OpenSSL 3 only: an RSA public key from its modulus and exponent with
     * {@code EVP_PKEY_fromdata}, instead of {@code d2i_PUBKEY}'s decoder framework (many times
     * the cost on OpenSSL 3.0). The values are read as {@code d2i_PUBKEY} reads them; lcjwt
     * has checked their sizes before.
     *
     * @param n the modulus, unsigned, in the platform's byte order (as OpenSSL reads an
     *        {@code OSSL_PARAM} integer)
     * @param nLen its length
     * @param e the public exponent, the same way
     * @param eLen its length
     * @return the new {@code EVP_PKEY}, the caller's to free, or NULL when OpenSSL refuses it
     * @throws UnsupportedOperationException on aws-lc, which has no {@code EVP_PKEY_fromdata}
     */
    public MemorySegment rsaPublicKey(MemorySegment n, long nLen, MemorySegment e, long eLen) {
        if (kind == Kind.AWS_LC) {
            throw new UnsupportedOperationException("aws-lc has no EVP_PKEY_fromdata; use d2i_PUBKEY");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment params = arena.allocate(FromData.PARAM, 3);
            FromData.param(params, 0, FromData.N, FromData.UNSIGNED_INTEGER, n, nLen);
            FromData.param(params, 1, FromData.E, FromData.UNSIGNED_INTEGER, e, eLen);
            // The third element stays zeroed: OSSL_PARAM_END.
            return FromData.RSA_KEYS.make(arena, params);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * An Ed25519 or X25519 public key from its 32 raw bytes: on aws-lc by
     * {@code EVP_PKEY_new_raw_public_key}, on OpenSSL 3 by {@code EVP_PKEY_fromdata} on a pooled
     * context (OpenSSL's {@code EVP_PKEY_new_raw_public_key} makes the same key but fetches the key
     * type from the provider every call, about twice the cost). Neither library checks the point;
     * lcjwt's Ed25519 checks run before.
     *
     * @param type {@link #evpPkeyEd25519()} or {@link #evpPkeyX25519()}
     * @param key the raw public key
     * @param len its length (32)
     * @return the new {@code EVP_PKEY}, the caller's to free, or NULL when the library refuses it
     */
    public MemorySegment rawPublicKey(int type, MemorySegment key, long len) {
        if (kind == Kind.AWS_LC) {
            return libcrypto_h.EVP_PKEY_new_raw_public_key(type, MemorySegment.NULL, key, len);
        }
        FromData.Pool pool = type == evpPkeyEd25519() ? FromData.ED25519_KEYS
                : type == evpPkeyX25519() ? FromData.X25519_KEYS : null;
        if (pool == null) {
            throw new IllegalArgumentException("not Ed25519 or X25519: " + type);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment params = arena.allocate(FromData.PARAM, 2);
            FromData.param(params, 0, FromData.PUB, FromData.OCTET_STRING, key, len);
            return pool.make(arena, params);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code EVP_PKEY_derive_set_peer} without the peer check OpenSSL 3 adds to it, for an EC
     * peer that was checked when it was imported. On a curve of cofactor 1 (all of lcjwt's), a
     * point on the curve other than infinity has the group's order, so the full check's extra
     * scalar multiplication (about 90 µs on P-256, as long as the agreement itself) proves
     * nothing more. aws-lc's {@code EVP_PKEY_derive_set_peer} never ran that multiplication.
     *
     * @param ctx a context set up with {@code EVP_PKEY_derive_init}
     * @param peer the peer's public key, checked at import
     * @return 1 on success (both libraries)
     */
    public int deriveSetCheckedPeer(MemorySegment ctx, MemorySegment peer) {
        if (kind == Kind.AWS_LC) {
            return libcrypto_h.EVP_PKEY_derive_set_peer(ctx, peer);
        }
        try {
            return (int) SetPeerEx.H.invokeExact(ctx, peer, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** OpenSSL 3's {@code EVP_PKEY_fromdata} and the {@code OSSL_PARAM} array it reads. */
    private static final class FromData {
        /** {@code struct ossl_param_st}: key, data_type, data, data_size, return_size. */
        static final MemoryLayout PARAM = MemoryLayout.structLayout(ValueLayout.ADDRESS.withName("key"),
                ValueLayout.JAVA_INT.withName("data_type"), MemoryLayout.paddingLayout(4),
                ValueLayout.ADDRESS.withName("data"), ValueLayout.JAVA_LONG.withName("data_size"),
                ValueLayout.JAVA_LONG.withName("return_size"));
        static final int UNSIGNED_INTEGER = 2;
        static final int UTF8_STRING = 4;
        static final int OCTET_STRING = 5;
        /** {@code EVP_PKEY_PUBLIC_KEY}: all parameters and the public key. */
        static final int SELECT_PUBLIC_KEY = 0x86;
        /** {@code EVP_PKEY_KEY_PARAMETERS}: the domain parameters alone (an EC key's group). */
        static final int SELECT_PARAMETERS = 0x84;
        static final MemorySegment EC = Arena.global().allocateFrom("EC");
        static final MemorySegment RSA = Arena.global().allocateFrom("RSA");
        static final MemorySegment GROUP = Arena.global().allocateFrom("group");
        static final MemorySegment N = Arena.global().allocateFrom("n");
        static final MemorySegment E = Arena.global().allocateFrom("e");
        static final MemorySegment PUB = Arena.global().allocateFrom("pub");
        static final Pool RSA_KEYS = new Pool(RSA);
        static final Pool ED25519_KEYS = new Pool(Arena.global().allocateFrom("ED25519"));
        static final Pool X25519_KEYS = new Pool(Arena.global().allocateFrom("X25519"));
        static final MethodHandle CTX_NEW_FROM_NAME = Linker.nativeLinker().downcallHandle(
                symbol("EVP_PKEY_CTX_new_from_name"),
                FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        static final MethodHandle INIT = Linker.nativeLinker().downcallHandle(symbol("EVP_PKEY_fromdata_init"),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        static final MethodHandle FROMDATA = Linker.nativeLinker().downcallHandle(symbol("EVP_PKEY_fromdata"),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                        ValueLayout.JAVA_INT, ValueLayout.ADDRESS));

        /** {@code EVP_PKEY_fromdata} of a key type's {@code params} on a context of its own: the new key, or NULL when refused. */
        static MemorySegment make(Arena arena, MemorySegment type, int selection, MemorySegment params) throws Throwable {
            MemorySegment ctx = newContext(type);
            if (ctx.equals(MemorySegment.NULL)) {
                return ctx;
            }
            try {
                return fromData(arena, ctx, selection, params);
            } finally {
                Evp.pkeyCtxFree(ctx);
            }
        }

        /** A context for {@code EVP_PKEY_fromdata} of keys of {@code type}, initialized; NULL when refused. */
        static MemorySegment newContext(MemorySegment type) throws Throwable {
            MemorySegment ctx = (MemorySegment) CTX_NEW_FROM_NAME.invokeExact(MemorySegment.NULL, type, MemorySegment.NULL);
            if (!ctx.equals(MemorySegment.NULL) && (int) INIT.invokeExact(ctx) != 1) {
                Evp.pkeyCtxFree(ctx);
                return MemorySegment.NULL;
            }
            return ctx;
        }

        /** {@code EVP_PKEY_fromdata} on an initialized context: the new key, or NULL when refused. */
        static MemorySegment fromData(Arena arena, MemorySegment ctx, int selection, MemorySegment params) throws Throwable {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            if ((int) FROMDATA.invokeExact(ctx, out, selection, params) != 1) {
                return MemorySegment.NULL;
            }
            return out.get(ValueLayout.ADDRESS, 0);
        }

        /**
         * Public keys of one type by {@code EVP_PKEY_fromdata} on contexts kept ready for it.
         * {@code EVP_PKEY_CTX_new_from_name} fetches the key type from the provider (a locked
         * lookup, several microseconds), as much as the import itself for a small key; a context
         * initialized once makes any number of keys, one thread at a time. Idle contexts wait in a
         * few slots, taken and put back by compare-and-set; a context beyond them, or one whose
         * import failed, is freed. They live as long as the process, like the EC templates.
         */
        static final class Pool {
            private final MemorySegment type;
            private final java.util.concurrent.atomic.AtomicReferenceArray<MemorySegment> idle =
                    new java.util.concurrent.atomic.AtomicReferenceArray<>(
                            Math.max(4, 2 * Runtime.getRuntime().availableProcessors()));

            Pool(MemorySegment type) {
                this.type = type;
            }

            /** A public key of this pool's type from {@code params}, or NULL when refused. */
            MemorySegment make(Arena arena, MemorySegment params) throws Throwable {
                MemorySegment ctx = take();
                if (ctx.equals(MemorySegment.NULL)) {
                    return ctx;
                }
                MemorySegment key = fromData(arena, ctx, SELECT_PUBLIC_KEY, params);
                if (key.equals(MemorySegment.NULL)) {
                    Evp.pkeyCtxFree(ctx);
                } else {
                    give(ctx);
                }
                return key;
            }

            private MemorySegment take() throws Throwable {
                for (int i = 0; i < idle.length(); i++) {
                    MemorySegment ctx = idle.getPlain(i);
                    if (ctx != null && idle.compareAndSet(i, ctx, null)) {
                        return ctx;
                    }
                }
                return newContext(type);
            }

            private void give(MemorySegment ctx) {
                for (int i = 0; i < idle.length(); i++) {
                    if (idle.getPlain(i) == null && idle.compareAndSet(i, null, ctx)) {
                        return;
                    }
                }
                Evp.pkeyCtxFree(ctx);
            }
        }

        static void param(MemorySegment array, int i, MemorySegment key, int type, MemorySegment data, long size) {
            long at = i * PARAM.byteSize();
            array.set(ValueLayout.ADDRESS, at, key);
            array.set(ValueLayout.JAVA_INT, at + 8, type);
            array.set(ValueLayout.ADDRESS, at + 16, data);
            array.set(ValueLayout.JAVA_LONG, at + 24, size);
            array.set(ValueLayout.JAVA_LONG, at + 32, -1L); // OSSL_PARAM_UNMODIFIED
        }
    }

    /**
     * OpenSSL 3's EC key templates, one per curve: a key holding the group and no point, made
     * once by {@code EVP_PKEY_fromdata} and kept for the life of the process (four at most), from
     * which {@link #ecPublicKeyFromPoint} duplicates every key. {@code EVP_PKEY_dup} only reads
     * the template, so threads share it.
     */
    private static final class EcTemplates {
        static final MethodHandle DUP = Linker.nativeLinker().downcallHandle(symbol("EVP_PKEY_dup"),
                FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        static final MethodHandle SET_POINT = Linker.nativeLinker().downcallHandle(
                symbol("EVP_PKEY_set1_encoded_public_key"),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
        private static final java.util.concurrent.ConcurrentHashMap<String, MemorySegment> BY_GROUP =
                new java.util.concurrent.ConcurrentHashMap<>();

        /** The curve's template, made on first use; NULL when OpenSSL does not know the group. */
        static MemorySegment of(String group) throws Throwable {
            MemorySegment t = BY_GROUP.get(group);
            if (t != null) {
                return t;
            }
            synchronized (BY_GROUP) {
                t = BY_GROUP.get(group);
                if (t == null) {
                    try (Arena arena = Arena.ofConfined()) {
                        MemorySegment groupName = arena.allocateFrom(group);
                        MemorySegment params = arena.allocate(FromData.PARAM, 2);
                        FromData.param(params, 0, FromData.GROUP, FromData.UTF8_STRING, groupName,
                                groupName.byteSize() - 1);
                        t = FromData.make(arena, FromData.EC, FromData.SELECT_PARAMETERS, params);
                    }
                    if (t.equals(MemorySegment.NULL)) {
                        return t; // not kept: a group OpenSSL lacks is refused each time it is asked for
                    }
                    BY_GROUP.put(group, t);
                }
                return t;
            }
        }
    }

    /**
     * The same native memory seen through {@code arena}'s scope, so that slices of it die with the
     * arena: a restricted operation, which only this module (the one granted native access) makes.
     *
     * @param segment native memory that outlives {@code arena}
     * @param arena the scope the view takes
     * @return the view
     */
    public static MemorySegment scopedTo(MemorySegment segment, Arena arena) {
        return segment.reinterpret(arena, null);
    }

    /**
     * Frees memory that libcrypto allocated for the caller, such as the buffer an {@code i2d_*}
     * function allocates when handed a NULL output pointer: {@code OPENSSL_free} on aws-lc, where it
     * is a function, and {@code CRYPTO_free(ptr, NULL, 0)} on OpenSSL 3, where it is a macro.
     *
     * @param ptr what libcrypto allocated, or NULL
     */
    public void freeCrypto(MemorySegment ptr) {
        try {
            if (kind == Kind.AWS_LC) {
                CryptoFree.AWS_LC.invokeExact(ptr);
            } else {
                CryptoFree.OPENSSL.invokeExact(ptr, MemorySegment.NULL, 0);
            }
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static final class CryptoFree {
        static final MethodHandle AWS_LC = live() == Kind.AWS_LC ? Linker.nativeLinker().downcallHandle(
                symbol("OPENSSL_free"), FunctionDescriptor.ofVoid(ValueLayout.ADDRESS)) : null;
        static final MethodHandle OPENSSL = live() == Kind.AWS_LC ? null : Linker.nativeLinker().downcallHandle(
                symbol("CRYPTO_free"), FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
    }

    private static final class SetPeerEx {
        static final MethodHandle H = Linker.nativeLinker().downcallHandle(symbol("EVP_PKEY_derive_set_peer_ex"),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
    }

    /** OpenSSL takes these as {@code int}; refusing the rest keeps aws-lc from accepting more. */
    private static void checkLength(String what, long value) {
        if (value < 0 || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(what + " must be between 0 and " + Integer.MAX_VALUE
                    + ", was " + value);
        }
    }

    /**
     * {@code ERR_get_error}, as an unsigned value.
     *
     * @return the oldest code on this thread's error queue (now removed from it), or 0 when empty
     */
    public long errGetError() {
        try {
            long code = (long) Err.GET.invokeExact();
            return kind == Kind.AWS_LC ? code & 0xFFFF_FFFFL : code;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code ERR_error_string_n} for one code.
     *
     * @param code a code from {@link #errGetError()}
     * @return libcrypto's text for it
     */
    public String errorString(long code) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(256);
            MemorySegment unused = (MemorySegment) Err.STRING_N.invokeExact(code, buf, 256L);
            Objects.requireNonNull(unused);
            return buf.getString(0, StandardCharsets.US_ASCII);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * Drains the thread's error queue into one line. Call {@link #clearErrors()} before the call
     * whose failure you will report.
     *
     * @return the queued errors as {@code "a; b"} (at most 16), or {@code ""} when the queue is empty
     */
    public String drainErrors() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 16; i++) {
            long code = errGetError();
            if (code == 0) {
                break;
            }
            if (!sb.isEmpty()) {
                sb.append("; ");
            }
            sb.append(errorString(code));
        }
        return sb.toString();
    }

    /** {@code ERR_clear_error}, linked from the symbol (see {@link Evp} for why not through libcrypto_h). */
    public void clearErrors() {
        try {
            ErrClear.H.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code n} bytes from the C library's {@code malloc}, zeroed, for native memory that one
     * object owns and frees at once with {@link #free}: a shared {@code Arena}'s close stops every
     * Java thread for a handshake, which a key closed after one use paid each time.
     *
     * @param n the size in bytes
     * @return the memory, {@code n} bytes long, aligned for any C type
     * @throws OutOfMemoryError when {@code malloc} fails
     */
    public static MemorySegment malloc(long n) {
        MemorySegment m;
        try {
            m = (MemorySegment) Heap.MALLOC.invokeExact(Math.max(1L, n));
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (m.equals(MemorySegment.NULL)) {
            throw new OutOfMemoryError("malloc could not allocate " + n + " bytes of native memory");
        }
        return m.reinterpret(n).fill((byte) 0);
    }

    /**
     * Gives back memory from {@link #malloc}; the segment must not be used again.
     *
     * @param m what {@link #malloc} returned
     */
    public static void free(MemorySegment m) {
        try {
            Heap.FREE.invokeExact(m);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static final class Heap {
        static final MethodHandle MALLOC = Linker.nativeLinker().downcallHandle(
                Linker.nativeLinker().defaultLookup().find("malloc").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
        static final MethodHandle FREE = Linker.nativeLinker().downcallHandle(
                Linker.nativeLinker().defaultLookup().find("free").orElseThrow(),
                FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
    }

    private static final class ErrClear {
        static final MethodHandle H = Linker.nativeLinker().downcallHandle(symbol("ERR_clear_error"),
                FunctionDescriptor.ofVoid());
    }

    /**
     * Whether a symbol is exported by the loaded library (for capability checks and tests).
     *
     * @param symbol the C name
     * @return true when the loaded library has it
     */
    public boolean exports(String symbol) {
        return SymbolLookup.loaderLookup().find(symbol).isPresent();
    }

    /**
     * A critical downcall handle for a short call on a hot path, linked from the loaded library's
     * symbol so that the generated holder (which links a handle of its own) stays untouched.
     */
    static MethodHandle critical(String symbol, FunctionDescriptor descriptor) {
        return Linker.nativeLinker().downcallHandle(symbol(symbol), descriptor, Linker.Option.critical(true));
    }

    /** A symbol of the loaded library. */
    static MemorySegment symbol(String name) {
        MemorySegment address = SymbolLookup.loaderLookup().find(name).orElse(null); // no lambda: each spins a class
        if (address == null) {
            throw new IllegalStateException(get().kind.displayName() + " does not export " + name);
        }
        return address;
    }

    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException re) {
            throw re;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException("libcrypto call failed", t);
    }

    @Override
    public String toString() {
        return kind.displayName() + " (" + Version.TEXT + ") from " + path;
    }
}
