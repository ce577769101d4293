// libcrypto (OpenSSL) for Swift: HMAC-SHA256 and random bytes for session tokens.
#include <openssl/hmac.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
