package io.lcjwt.bindings;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The {@code EVP} calls of an RSA, EC, Ed25519 or ML-DSA key's import, verification and signing, linked
 * from the loaded library's symbols in holders of the calls that run together (parse and encode,
 * digest context, verify, sign, RSA padding), the way {@link Critical} links the HMAC calls. The generated {@code libcrypto_h}
 * offers the same functions, but touching any of them initializes that class (100 KB of
 * bytecode, an automatic arena and the JDK's system lookup: 10 to 15 ms in a fresh JVM), which
 * a process whose first token is RS256, ES256 or EdDSA then paid before its first decode (issue
 * #17, start-up). The signatures are the same in aws-lc and OpenSSL 3.
 */
public final class Evp {

    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;
    private static final ValueLayout.OfLong SIZE = ValueLayout.JAVA_LONG;

    /** {@code int f(EVP_MD_CTX *, EVP_PKEY_CTX **, const EVP_MD *, ENGINE *, EVP_PKEY *)}. */
    private static final FunctionDescriptor DIGEST_INIT = FunctionDescriptor.of(INT, ValueLayout.ADDRESS,
            ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS);

    private Evp() {}

    private static MethodHandle link(String name, FunctionDescriptor descriptor) {
        return Linker.nativeLinker().downcallHandle(Backend.symbol(name), descriptor);
    }

    // One holder per set of calls that run together, so that a first decode links only what it
    // calls: the frees, the streamed finals and the PSS controls wait for their first use.

    /** {@code d2i_PUBKEY} and {@code d2i_AutoPrivateKey}: {@code EVP_PKEY *f(EVP_PKEY **, const uint8_t **, long)}. */
    private static final FunctionDescriptor D2I = FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS,
            ValueLayout.ADDRESS, SIZE);

    private static final class ParsePublic {
        static final MethodHandle H = link("d2i_PUBKEY", D2I);
    }

    private static final class ParsePrivate {
        static final MethodHandle H = link("d2i_AutoPrivateKey", D2I);
    }

    private static final class EncodePublic {
        static final MethodHandle H = link("i2d_PUBKEY", FunctionDescriptor.of(INT, ValueLayout.ADDRESS,
                ValueLayout.ADDRESS));
    }

    private static final class PkeyFree {
        static final MethodHandle H = link("EVP_PKEY_free", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
    }

    private static final class MdCtx {
        static final MethodHandle NEW = link("EVP_MD_CTX_new", Backend.Pointers.OF_NOTHING);
        static final MethodHandle RESET = link("EVP_MD_CTX_reset", FunctionDescriptor.of(INT, ValueLayout.ADDRESS));
    }

    private static final class MdCtxFree {
        static final MethodHandle H = link("EVP_MD_CTX_free", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
    }

    private static final class Verify {
        static final MethodHandle INIT = link("EVP_DigestVerifyInit", DIGEST_INIT);
        static final MethodHandle ONE_SHOT = link("EVP_DigestVerify", FunctionDescriptor.of(INT, ValueLayout.ADDRESS,
                ValueLayout.ADDRESS, SIZE, ValueLayout.ADDRESS, SIZE));
    }

    private static final class VerifyFinal {
        static final MethodHandle H = link("EVP_DigestVerifyFinal", FunctionDescriptor.of(INT,
                ValueLayout.ADDRESS, ValueLayout.ADDRESS, SIZE));
    }

    private static final class Sign {
        static final MethodHandle INIT = link("EVP_DigestSignInit", DIGEST_INIT);
        static final MethodHandle ONE_SHOT = link("EVP_DigestSign", FunctionDescriptor.of(INT, ValueLayout.ADDRESS,
                ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, SIZE));
    }

    private static final class SignFinal {
        static final MethodHandle H = link("EVP_DigestSignFinal", FunctionDescriptor.of(INT, ValueLayout.ADDRESS,
                ValueLayout.ADDRESS, ValueLayout.ADDRESS));
    }

    /** The RSA padding controls, functions in both libraries (macros over EVP_PKEY_CTX_ctrl in OpenSSL 1.1). */
    private static final FunctionDescriptor CTX_INT = FunctionDescriptor.of(INT, ValueLayout.ADDRESS, INT);

    private static final class RsaPadding {
        static final MethodHandle H = link("EVP_PKEY_CTX_set_rsa_padding", CTX_INT);
    }

    private static final class PssParameters {
        static final MethodHandle SALTLEN = link("EVP_PKEY_CTX_set_rsa_pss_saltlen", CTX_INT);
        static final MethodHandle MGF1_MD = link("EVP_PKEY_CTX_set_rsa_mgf1_md", FunctionDescriptor.of(INT,
                ValueLayout.ADDRESS, ValueLayout.ADDRESS));
    }

    private static final class PkeyCtxFree {
        static final MethodHandle H = link("EVP_PKEY_CTX_free", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
    }

    /** aws-lc's {@code int ED25519_verify(const uint8_t *msg, size_t len, const uint8_t sig[64], const uint8_t pub[32])}. */
    private static final class Ed25519Verify {
        static final MethodHandle H = link("ED25519_verify", FunctionDescriptor.of(INT, ValueLayout.ADDRESS, SIZE,
                ValueLayout.ADDRESS, ValueLayout.ADDRESS));
    }

    /**
     * aws-lc's {@code int ED25519_sign(uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t priv[64])},
     * critical so that the signing input and the signature are read and written where they lie
     * on the heap. One signature takes about 7 us, a short wait for a safepoint, and calls back
     * into nothing.
     */
    private static final class Ed25519Sign {
        static final MethodHandle H = Backend.critical("ED25519_sign", FunctionDescriptor.of(INT, ValueLayout.ADDRESS,
                ValueLayout.ADDRESS, SIZE, ValueLayout.ADDRESS));
    }

    /**
     * aws-lc's {@code int ED25519_check_public_key(const uint8_t pub[32])}: 1 when the bytes decode
     * to a point of the curve (RFC 8032 section 5.1.3). Critical: it reads 32 bytes where they lie
     * and takes a few microseconds.
     */
    private static final class Ed25519Check {
        static final MethodHandle H = Backend.critical("ED25519_check_public_key",
                FunctionDescriptor.of(INT, ValueLayout.ADDRESS));
    }

    /** {@code int f(const EVP_PKEY *, uint8_t *, size_t *)}: the raw key getters and aws-lc's seed getter. */
    private static final FunctionDescriptor RAW_KEY = FunctionDescriptor.of(INT, ValueLayout.ADDRESS,
            ValueLayout.ADDRESS, ValueLayout.ADDRESS);

    /** {@code EVP_PKEY_get_raw_private_key} and {@code _public_key}. */
    private static final class RawKey {
        static final MethodHandle PRIVATE = link("EVP_PKEY_get_raw_private_key", RAW_KEY);
        static final MethodHandle PUBLIC = link("EVP_PKEY_get_raw_public_key", RAW_KEY);
    }

    /**
     * aws-lc's ML-DSA key constructors, {@code EVP_PKEY *f(int nid, const uint8_t *in, size_t len)}:
     * {@code EVP_PKEY_pqdsa_new_raw_public_key} and {@code EVP_PKEY_pqdsa_new_raw_private_key}.
     */
    private static final class MlDsaKey {
        private static final FunctionDescriptor SHAPE = FunctionDescriptor.of(ValueLayout.ADDRESS, INT,
                ValueLayout.ADDRESS, SIZE);
        static final MethodHandle PUBLIC = link("EVP_PKEY_pqdsa_new_raw_public_key", SHAPE);
        static final MethodHandle PRIVATE = link("EVP_PKEY_pqdsa_new_raw_private_key", SHAPE);
    }

    /** aws-lc's {@code int EVP_PKEY_get_private_seed(const EVP_PKEY *, uint8_t *, size_t *)}. */
    private static final class PrivateSeed {
        static final MethodHandle H = link("EVP_PKEY_get_private_seed", RAW_KEY);
    }

    /** Key generation by parameter set: the context, aws-lc's ML-DSA parameters, keygen. */
    private static final class MlDsaKeygen {
        static final MethodHandle CTX_NEW_ID = link("EVP_PKEY_CTX_new_id", FunctionDescriptor.of(ValueLayout.ADDRESS,
                INT, ValueLayout.ADDRESS));
        static final MethodHandle SET_PARAMS = link("EVP_PKEY_CTX_pqdsa_set_params", CTX_INT);
        static final MethodHandle INIT = link("EVP_PKEY_keygen_init", FunctionDescriptor.of(INT, ValueLayout.ADDRESS));
        static final MethodHandle KEYGEN = link("EVP_PKEY_keygen", FunctionDescriptor.of(INT, ValueLayout.ADDRESS,
                ValueLayout.ADDRESS));
    }

    /** aws-lc's {@code EVP_PKEY_PQDSA} (= {@code NID_PQDSA}), the key type of every ML-DSA key. */
    static final int EVP_PKEY_PQDSA = 993;

    /**
     * aws-lc's {@code EVP_PKEY_pqdsa_new_raw_public_key(nid, in, len)}; OpenSSL 3 has no such
     * function (see {@link Backend.Capability#ML_DSA}).
     *
     * @param nid the parameter set, {@link Backend#mlDsaNid}
     * @param in the encoded public key (FIPS 204 pkEncode)
     * @param len its length, which must be the parameter set's
     * @return the new {@code EVP_PKEY*}, the caller's to free, or NULL when aws-lc refused it
     */
    public static MemorySegment mlDsaPublicKey(int nid, MemorySegment in, long len) {
        try {
            return (MemorySegment) MlDsaKey.PUBLIC.invokeExact(nid, in, len);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * aws-lc's {@code EVP_PKEY_pqdsa_new_raw_private_key(nid, seed, 32)}: the key pair that
     * ML-DSA.KeyGen_internal expands from the seed, which the key keeps for export.
     *
     * @param nid the parameter set, {@link Backend#mlDsaNid}
     * @param seed the 32-byte seed (aws-lc would also take an expanded private key here, by its
     *        length; lcjwt never passes one)
     * @return the new {@code EVP_PKEY*}, the caller's to free, or NULL when aws-lc refused it
     */
    public static MemorySegment mlDsaPrivateKey(int nid, MemorySegment seed) {
        try {
            return (MemorySegment) MlDsaKey.PRIVATE.invokeExact(nid, seed, 32L);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * A fresh ML-DSA key pair from aws-lc's generator (its seed from aws-lc's RNG, kept with the
     * key): {@code EVP_PKEY_CTX_new_id(EVP_PKEY_PQDSA)}, {@code EVP_PKEY_CTX_pqdsa_set_params},
     * {@code EVP_PKEY_keygen}.
     *
     * @param nid the parameter set, {@link Backend#mlDsaNid}
     * @return the new {@code EVP_PKEY*}, the caller's to free, or NULL on failure (the reason is on
     *         the error queue)
     */
    public static MemorySegment mlDsaGenerate(int nid) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ctx = (MemorySegment) MlDsaKeygen.CTX_NEW_ID.invokeExact(EVP_PKEY_PQDSA, MemorySegment.NULL);
            if (ctx.equals(MemorySegment.NULL)) {
                return MemorySegment.NULL;
            }
            try {
                MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
                boolean ok = (int) MlDsaKeygen.SET_PARAMS.invokeExact(ctx, nid) == 1
                        && (int) MlDsaKeygen.INIT.invokeExact(ctx) == 1
                        && (int) MlDsaKeygen.KEYGEN.invokeExact(ctx, out) == 1;
                return ok ? out.get(ValueLayout.ADDRESS, 0) : MemorySegment.NULL;
            } finally {
                pkeyCtxFree(ctx);
            }
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * aws-lc's {@code EVP_PKEY_get_private_seed(pkey, out, len)}: the 32-byte seed an ML-DSA key
     * was made from.
     *
     * @param pkey an ML-DSA {@code EVP_PKEY*} made from a seed or generated
     * @param out where the seed goes
     * @param len in: {@code out}'s size; out: how many bytes were written (a {@code size_t})
     * @return 1 on success, 0 when the key has no seed (one made from an expanded key)
     */
    public static int mlDsaSeed(MemorySegment pkey, MemorySegment out, MemorySegment len) {
        try {
            return (int) PrivateSeed.H.invokeExact(pkey, out, len);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code EVP_PKEY_CTX_free(ctx)}.
     *
     * @param ctx an {@code EVP_PKEY_CTX*}, or NULL
     */
    public static void pkeyCtxFree(MemorySegment ctx) {
        try {
            PkeyCtxFree.H.invokeExact(ctx);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * aws-lc's {@code ED25519_check_public_key(pub)}, where the loaded aws-lc exports it (see
     * {@link Backend#exports}); OpenSSL 3 has no such function. lcjwt's Ed25519 import decides
     * the same question in Java, faster; its tests use this call as an oracle.
     *
     * @param pub the 32-byte encoded public key, heap or native
     * @return 1 when it decodes to a point of the curve
     */
    public static int ed25519CheckPublicKey(MemorySegment pub) {
        try {
            return (int) Ed25519Check.H.invokeExact(pub);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * aws-lc's {@code ED25519_verify(msg, len, sig, pub)}; OpenSSL 3 has no such function.
     *
     * @param msg the signed bytes
     * @param len their length
     * @param sig the 64-byte signature
     * @param pub the 32-byte public key
     * @return 1 only when the signature is valid
     */
    public static int ed25519Verify(MemorySegment msg, long len, MemorySegment sig, MemorySegment pub) {
        try {
            return (int) Ed25519Verify.H.invokeExact(msg, len, sig, pub);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * aws-lc's {@code ED25519_sign(sig, msg, len, priv)}; OpenSSL 3 has no such function. A heap
     * segment may be passed for {@code sig} and {@code msg}.
     *
     * @param sig where the 64-byte signature goes
     * @param msg the bytes to sign
     * @param len their length
     * @param priv the 64-byte private key, seed then public key, in native memory
     * @return 1 on success
     */
    public static int ed25519Sign(MemorySegment sig, MemorySegment msg, long len, MemorySegment priv) {
        try {
            return (int) Ed25519Sign.H.invokeExact(sig, msg, len, priv);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code EVP_PKEY_get_raw_private_key(pkey, out, len)} (an Ed25519 key's 32-byte seed, an
     * ML-DSA key's expanded private key) or, with {@code publicHalf},
     * {@code EVP_PKEY_get_raw_public_key}.
     *
     * @param pkey an Ed25519, X25519 or ML-DSA {@code EVP_PKEY*}
     * @param out where the key's bytes go
     * @param len in: {@code out}'s size; out: how many bytes were written (a {@code size_t})
     * @param publicHalf the public key rather than the private one
     * @return 1 on success
     */
    public static int rawKey(MemorySegment pkey, MemorySegment out, MemorySegment len, boolean publicHalf) {
        try {
            return (int) (publicHalf ? RawKey.PUBLIC : RawKey.PRIVATE).invokeExact(pkey, out, len);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code d2i_PUBKEY(NULL, inp, len)}.
     *
     * @param inp a pointer to the DER bytes, advanced past what was read
     * @param len how many bytes may be read
     * @return the new {@code EVP_PKEY*}, or NULL when libcrypto refused the bytes
     */
    public static MemorySegment d2iPublicKey(MemorySegment inp, long len) {
        try {
            return (MemorySegment) ParsePublic.H.invokeExact(MemorySegment.NULL, inp, len);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code d2i_AutoPrivateKey(NULL, inp, len)}.
     *
     * @param inp a pointer to the DER bytes, advanced past what was read
     * @param len how many bytes may be read
     * @return the new {@code EVP_PKEY*}, or NULL when libcrypto refused the bytes
     */
    public static MemorySegment d2iPrivateKey(MemorySegment inp, long len) {
        try {
            return (MemorySegment) ParsePrivate.H.invokeExact(MemorySegment.NULL, inp, len);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code i2d_PUBKEY} into a buffer libcrypto allocates (one call: each runs OpenSSL 3's encoder,
     * so asking for the length first costs a second encoding), copied out and freed.
     *
     * @param pkey an {@code EVP_PKEY*}
     * @return the DER SubjectPublicKeyInfo, or null when libcrypto could not encode the key (its
     *         reasons are on the error queue)
     */
    public static byte[] i2dPublicKey(MemorySegment pkey) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pp = arena.allocate(ValueLayout.ADDRESS); // zeroed: *pp == NULL asks for a new buffer
            int len = (int) EncodePublic.H.invokeExact(pkey, pp);
            MemorySegment der = pp.get(ValueLayout.ADDRESS, 0);
            try {
                return len <= 0 || der.equals(MemorySegment.NULL) ? null
                        : der.reinterpret(len).toArray(ValueLayout.JAVA_BYTE);
            } finally {
                Backend.get().freeCrypto(der);
            }
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code EVP_PKEY_free(pkey)}.
     *
     * @param pkey an {@code EVP_PKEY*}, or NULL
     */
    public static void pkeyFree(MemorySegment pkey) {
        try {
            PkeyFree.H.invokeExact(pkey);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /** {@return a new {@code EVP_MD_CTX*}, or NULL when libcrypto could not allocate one} */
    public static MemorySegment mdCtxNew() {
        try {
            return (MemorySegment) MdCtx.NEW.invokeExact();
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code EVP_MD_CTX_reset(ctx)}.
     *
     * @param ctx an {@code EVP_MD_CTX*}
     * @return 1
     */
    public static int mdCtxReset(MemorySegment ctx) {
        try {
            return (int) MdCtx.RESET.invokeExact(ctx);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code EVP_MD_CTX_free(ctx)}.
     *
     * @param ctx an {@code EVP_MD_CTX*}, or NULL
     */
    public static void mdCtxFree(MemorySegment ctx) {
        try {
            MdCtxFree.H.invokeExact(ctx);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code EVP_DigestVerifyInit(ctx, pctx, md, NULL, pkey)}.
     *
     * @param ctx an {@code EVP_MD_CTX*}
     * @param pctx where the {@code EVP_PKEY_CTX*} is written
     * @param md the digest, or NULL (Ed25519)
     * @param pkey the key
     * @return 1 on success
     */
    public static int digestVerifyInit(MemorySegment ctx, MemorySegment pctx, MemorySegment md, MemorySegment pkey) {
        try {
            return (int) Verify.INIT.invokeExact(ctx, pctx, md, MemorySegment.NULL, pkey);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code EVP_DigestVerify(ctx, sig, sigLen, data, len)}.
     *
     * @param ctx an initialized {@code EVP_MD_CTX*}
     * @param sig the signature
     * @param sigLen its length
     * @param data the signed bytes
     * @param len their length
     * @return 1 only when the signature is valid
     */
    public static int digestVerify(MemorySegment ctx, MemorySegment sig, long sigLen, MemorySegment data, long len) {
        try {
            return (int) Verify.ONE_SHOT.invokeExact(ctx, sig, sigLen, data, len);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code EVP_DigestVerifyFinal(ctx, sig, sigLen)}, after the updates.
     *
     * @param ctx an {@code EVP_MD_CTX*} fed with the signed bytes
     * @param sig the signature
     * @param sigLen its length
     * @return 1 only when the signature is valid
     */
    public static int digestVerifyFinal(MemorySegment ctx, MemorySegment sig, long sigLen) {
        try {
            return (int) VerifyFinal.H.invokeExact(ctx, sig, sigLen);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code EVP_DigestSignInit(ctx, pctx, md, NULL, pkey)}.
     *
     * @param ctx an {@code EVP_MD_CTX*}
     * @param pctx where the {@code EVP_PKEY_CTX*} is written
     * @param md the digest, or NULL (Ed25519)
     * @param pkey the private key
     * @return 1 on success
     */
    public static int digestSignInit(MemorySegment ctx, MemorySegment pctx, MemorySegment md, MemorySegment pkey) {
        try {
            return (int) Sign.INIT.invokeExact(ctx, pctx, md, MemorySegment.NULL, pkey);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code EVP_DigestSign(ctx, sig, sigLen, data, len)}.
     *
     * @param ctx an initialized {@code EVP_MD_CTX*}
     * @param sig where the signature goes
     * @param sigLen in: {@code sig}'s size; out: the signature's length (a {@code size_t})
     * @param data the bytes to sign
     * @param len their length
     * @return 1 on success
     */
    public static int digestSign(MemorySegment ctx, MemorySegment sig, MemorySegment sigLen, MemorySegment data, long len) {
        try {
            return (int) Sign.ONE_SHOT.invokeExact(ctx, sig, sigLen, data, len);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code EVP_DigestSignFinal(ctx, sig, sigLen)}, after the updates.
     *
     * @param ctx an {@code EVP_MD_CTX*} fed with the bytes to sign
     * @param sig where the signature goes
     * @param sigLen in: {@code sig}'s size; out: the signature's length (a {@code size_t})
     * @return 1 on success
     */
    public static int digestSignFinal(MemorySegment ctx, MemorySegment sig, MemorySegment sigLen) {
        try {
            return (int) SignFinal.H.invokeExact(ctx, sig, sigLen);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code EVP_PKEY_CTX_set_rsa_padding(pctx, padding)}.
     *
     * @param pctx an RSA {@code EVP_PKEY_CTX*}
     * @param padding {@code RSA_PKCS1_PADDING} (1) or {@code RSA_PKCS1_PSS_PADDING} (6)
     * @return 1 on success
     */
    public static int setRsaPadding(MemorySegment pctx, int padding) {
        try {
            return (int) RsaPadding.H.invokeExact(pctx, padding);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code EVP_PKEY_CTX_set_rsa_pss_saltlen(pctx, saltLen)}.
     *
     * @param pctx an RSA {@code EVP_PKEY_CTX*} set to PSS
     * @param saltLen the salt length, or {@code RSA_PSS_SALTLEN_DIGEST} (-1)
     * @return 1 on success
     */
    public static int setRsaPssSaltLength(MemorySegment pctx, int saltLen) {
        try {
            return (int) PssParameters.SALTLEN.invokeExact(pctx, saltLen);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }

    /**
     * {@code EVP_PKEY_CTX_set_rsa_mgf1_md(pctx, md)}.
     *
     * @param pctx an RSA {@code EVP_PKEY_CTX*} set to PSS or OAEP
     * @param md the MGF1 digest
     * @return 1 on success
     */
    public static int setRsaMgf1Digest(MemorySegment pctx, MemorySegment md) {
        try {
            return (int) PssParameters.MGF1_MD.invokeExact(pctx, md);
        } catch (Throwable t) {
            throw Backend.rethrow(t);
        }
    }
}
