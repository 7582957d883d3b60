/*
 * The libcrypto surface lcjwt calls, as jextract sees it. Generated from aws-lc's headers; the
 * functions are selected one by one in lcjwt.argfile. Functions that exist only in aws-lc are
 * generated too: io.lcjwt.bindings.Backend decides at run time whether they may be called.
 */
#include <openssl/base.h>
#include <openssl/crypto.h>
#include <openssl/mem.h>
#include <openssl/err.h>
#include <openssl/digest.h>
#include <openssl/sha.h>
#include <openssl/hmac.h>
#include <openssl/evp.h>
#include <openssl/bn.h>
#include <openssl/rsa.h>
#include <openssl/ec.h>
#include <openssl/ec_key.h>
#include <openssl/ecdsa.h>
#include <openssl/x509.h>
#include <openssl/curve25519.h>
#include <openssl/nid.h>
#include <openssl/aead.h>
#include <openssl/cipher.h>
#include <openssl/aes.h>
#include <openssl/ecdh.h>
#include <openssl/kdf.h>
#include <openssl/rand.h>
