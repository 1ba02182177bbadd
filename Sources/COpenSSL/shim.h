#include <openssl/sha.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/rand.h>

/* TLS for `buzzer serve` (Sources/BuzzerTransport/TLSContext.swift): macros Swift cannot import. */
static inline int buzzer_ssl_ctx_limit_versions(SSL_CTX *ctx) {
    return SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION) && SSL_CTX_set_max_proto_version(ctx, TLS1_3_VERSION);
}
static inline long buzzer_ssl_ctx_set_options(SSL_CTX *ctx) {
    /* No renegotiation, fresh ephemeral keys, and the server's cipher preference. */
    return SSL_CTX_set_options(ctx, SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE | SSL_OP_NO_COMPRESSION);
}
static inline long buzzer_ssl_set_partial_writes(SSL *ssl) {
    return SSL_set_mode(ssl, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
}
