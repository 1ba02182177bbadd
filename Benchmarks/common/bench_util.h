/*
 * Shared by the benchmark clients (shootout/shootout.c, game/game.c): a PRNG for delays and mask
 * keys, SHA-1 and base64 to check Sec-WebSocket-Accept, and a log-linear latency histogram.
 * Static functions in a header on purpose: each client stays one translation unit, built with one
 * `cc` line. The includer defines BENCH_NAME (the prefix of its messages) and a `cfg` with `json`
 * and `quiet` fields before including it.
 */
#ifndef BUZZER_BENCH_UTIL_H
#define BUZZER_BENCH_UTIL_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static inline uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void json_escape_print(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
        else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
        else fputc(ch, f);
    }
    fputc('"', f);
}

/* Fatal error: clear message on stderr (and a JSON object on stdout with --json), exit 1. */
static void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
static void die(const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, BENCH_NAME ": error: %s\n", msg);
    if (cfg.json) {
        printf("{\"ok\":false,\"error\":");
        json_escape_print(stdout, msg);
        printf("}\n");
    }
    fflush(stdout);
    exit(1);
}

static void info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void info(const char *fmt, ...) {
    if (cfg.quiet) return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, BENCH_NAME ": ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}


static uint64_t rng_state;
static inline uint64_t rng_next(void) { /* xorshift64*: delays and mask keys, not security */
    uint64_t x = rng_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng_state = x;
    return x * 0x2545F4914F6CDD1Dull;
}

static void fill_random(void *buf, size_t n) {
    size_t got = 0;
    while (got < n) {
        ssize_t r = getrandom((char *)buf + got, n - got, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            die("getrandom: %s", strerror(errno));
        }
        got += (size_t)r;
    }
}

static void *xrealloc(void *p, size_t n) {
    void *q = realloc(p, n);
    if (!q) die("out of memory (%zu bytes)", n);
    return q;
}

/* ------------------------------------------------------------ SHA-1/base64 */
/* Only to verify Sec-WebSocket-Accept (RFC 6455 section 4.2.2). */

static inline uint32_t rol32(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

static void sha1(const uint8_t *data, size_t len, uint8_t out[20]) {
    uint32_t h[5] = {0x67452301u, 0xEFCDAB89u, 0x98BADCFEu, 0x10325476u, 0xC3D2E1F0u};
    size_t total = ((len + 8) / 64 + 1) * 64;
    uint8_t *m = calloc(total, 1);
    if (!m) die("out of memory");
    memcpy(m, data, len);
    m[len] = 0x80;
    uint64_t bits = (uint64_t)len * 8;
    for (int i = 0; i < 8; i++) m[total - 1 - i] = (uint8_t)(bits >> (8 * i));
    for (size_t off = 0; off < total; off += 64) {
        uint32_t w[80];
        for (int i = 0; i < 16; i++)
            w[i] = (uint32_t)m[off + 4 * i] << 24 | (uint32_t)m[off + 4 * i + 1] << 16 |
                   (uint32_t)m[off + 4 * i + 2] << 8 | (uint32_t)m[off + 4 * i + 3];
        for (int i = 16; i < 80; i++) w[i] = rol32(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
        uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
        for (int i = 0; i < 80; i++) {
            uint32_t f, k;
            if (i < 20) { f = (b & c) | (~b & d); k = 0x5A827999u; }
            else if (i < 40) { f = b ^ c ^ d; k = 0x6ED9EBA1u; }
            else if (i < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8F1BBCDCu; }
            else { f = b ^ c ^ d; k = 0xCA62C1D6u; }
            uint32_t t = rol32(a, 5) + f + e + k + w[i];
            e = d; d = c; c = rol32(b, 30); b = a; a = t;
        }
        h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e;
    }
    free(m);
    for (int i = 0; i < 5; i++) {
        out[4 * i] = (uint8_t)(h[i] >> 24);
        out[4 * i + 1] = (uint8_t)(h[i] >> 16);
        out[4 * i + 2] = (uint8_t)(h[i] >> 8);
        out[4 * i + 3] = (uint8_t)h[i];
    }
}

static void base64(const uint8_t *in, size_t n, char *out) {
    static const char tbl[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16;
        if (i + 1 < n) v |= (uint32_t)in[i + 1] << 8;
        if (i + 2 < n) v |= in[i + 2];
        out[o++] = tbl[(v >> 18) & 63];
        out[o++] = tbl[(v >> 12) & 63];
        out[o++] = i + 1 < n ? tbl[(v >> 6) & 63] : '=';
        out[o++] = i + 2 < n ? tbl[v & 63] : '=';
    }
    out[o] = 0;
}

static void accept_for_key(const char *key, char out[29]) {
    char buf[128];
    int n = snprintf(buf, sizeof buf, "%s258EAFA5-E914-47DA-95CA-C5AB0DC85B11", key);
    uint8_t dig[20];
    sha1((const uint8_t *)buf, (size_t)n, dig);
    base64(dig, 20, out);
}

/* --------------------------------------------------------------- histogram */
/*
 * Log-linear histogram of nanosecond values: exact below 2048 ns, then 1024 sub-buckets
 * per power of two (relative error < 0.1%). Bounded memory whatever the sample count;
 * min, max and mean are exact.
 */
#define H_SUB 1024
#define H_BUCKETS (2 * H_SUB + 53 * H_SUB)
typedef struct {
    uint64_t *counts;
    uint64_t n, min, max;
    double sum;
} hist_t;

static void hist_init(hist_t *h) {
    h->counts = calloc(H_BUCKETS, sizeof(uint64_t));
    if (!h->counts) die("out of memory");
    h->n = 0; h->min = UINT64_MAX; h->max = 0; h->sum = 0;
}

static inline int hist_index(uint64_t v) {
    if (v < 2 * H_SUB) return (int)v;
    int e = 63 - __builtin_clzll(v); /* >= 11 */
    int shift = e - 10;
    return 2 * H_SUB + (e - 11) * H_SUB + (int)((v >> shift) - H_SUB);
}

static inline uint64_t hist_value(int idx) { /* midpoint of the bucket */
    if (idx < 2 * H_SUB) return (uint64_t)idx;
    int e = (idx - 2 * H_SUB) / H_SUB + 11;
    int shift = e - 10;
    uint64_t sub = (uint64_t)((idx - 2 * H_SUB) % H_SUB + H_SUB);
    return (sub << shift) + ((1ull << shift) >> 1);
}

static inline void hist_add(hist_t *h, uint64_t v) {
    h->counts[hist_index(v)]++;
    h->n++;
    h->sum += (double)v;
    if (v < h->min) h->min = v;
    if (v > h->max) h->max = v;
}

static uint64_t hist_pct(const hist_t *h, double p) {
    if (h->n == 0) return 0;
    uint64_t rank = (uint64_t)(p / 100.0 * (double)h->n + 0.5);
    if (rank < 1) rank = 1;
    if (rank > h->n) rank = h->n;
    uint64_t acc = 0;
    for (int i = 0; i < H_BUCKETS; i++) {
        acc += h->counts[i];
        if (acc >= rank) {
            uint64_t v = hist_value(i);
            if (v > h->max) v = h->max;
            if (v < h->min) v = h->min;
            return v;
        }
    }
    return h->max;
}

#endif
