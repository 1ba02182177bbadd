/*
 * slowclients: a real player's join and answer latency while `buzzer serve` is under a slow-client attack
 * (issue 10, "Slow clients"). Loopback only; single-threaded, Linux epoll, libc only, in the style of
 * Benchmarks/game/game.c (it shares Benchmarks/common/bench_util.h).
 *
 * What runs at once:
 *   host:     creates a room from a library pack (--pack) and plays it on a timer: each question is open
 *             --open-ms, then `reveal`, then --reveal-ms later `next`. Every question, reveal and result
 *             goes to every player of the room.
 *   sinks:    --sinks players join that room, then never read again. Their receive buffers fill and the
 *             server queues what it keeps broadcasting to them. Every --sink-pong-ms each sends an
 *             unsolicited Pong (RFC 6455 §5.5.3), as a client that still sends but no longer reads, so
 *             the server's idle timeout does not close them: only its per-connection outbound limit may.
 *   stalls:   --stalls TCP connections send an HTTP request head one byte every --stall-byte-ms and never
 *             finish it (slowloris). When the server drops one, it reconnects at once, so the attack
 *             holds --stalls handshakes for as long as it runs.
 *   real:     after --warmup-s, --tries real players, one after another (--try-gap-ms apart): each
 *             connects, upgrades, joins the same room (join latency: connect start -> `joined`), answers
 *             the open question, or the next one (answer latency: answer written -> `answer_ack`),
 *             then leaves.
 *
 * Build: cc -O2 -o slowclients slowclients.c      Run: ./slowclients --help
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static struct {
    const char *host;
    int port;
    const char *pack;
    const char *token;
    int sinks, stalls, tries;
    int warmup_s;
    int try_gap_ms, try_timeout_ms;
    int open_ms, reveal_ms;
    int stall_byte_ms, sink_pong_ms;
    int ramp_batch;
    int server_pid;
    int json, quiet;
    double timeout;
} cfg = {
    .host = "127.0.0.1",
    .pack = "slowclients",
    .token = "",
    .sinks = 2000,
    .stalls = 2000,
    .tries = 100,
    .warmup_s = 60,
    .try_gap_ms = 500,
    .try_timeout_ms = 10000,
    .open_ms = 300,
    .reveal_ms = 100,
    .stall_byte_ms = 1000,
    .sink_pong_ms = 15000,
    .ramp_batch = 100,
    .timeout = 600,
};

#define BENCH_NAME "slowclients"
#include "../common/bench_util.h"

/* ------------------------------------------------------------ connections */

enum kind { K_HOST, K_SINK, K_STALL, K_REAL };
enum cstate { C_IDLE, C_CONNECTING, C_HANDSHAKE, C_OPEN, C_STALLING, C_MUTED, C_CLOSED };

typedef struct {
    int fd, idx;
    enum kind kind;
    enum cstate state;
    uint32_t events;
    uint8_t *rb;
    size_t rlen, rcap;
    uint8_t *wb;
    size_t wlen, woff, wcap;
    char accept[29];
    uint64_t t_start;     /* connect() called */
    uint64_t t_next;      /* stall: next byte; sink: next pong */
    size_t sent;          /* stall: head bytes sent */
} conn_t;

static conn_t *conns;
static int n_conns, epfd;
static struct sockaddr_in server_addr;

static char code[16];
static int sinks_started, sinks_joined, sinks_dropped, stalls_started;
static int host_seq = -1, host_open;  /* question in flight, and whether it is still open */
static uint64_t host_timer;           /* when the host sends its next reveal or next; 0 = none */
static const char *host_pending;
static uint64_t questions_asked;
static uint64_t stall_drops, stall_sent_bytes;
static uint64_t errors, server_errors;
static char first_error[256];

static hist_t h_join, h_connect, h_upgrade, h_ack, h_stall_hold;
static int tries_done, tries_failed;

/* Each try as measured, with the longest gap between two turns of this client's own loop while it ran:
   a slow try during which the client itself did not run (a busy shared machine) says nothing about the
   server. */
typedef struct { double join, connect, upgrade, ack, loop_gap; uint64_t stall_drops; int ok; } try_t;
static try_t *try_log;
static uint64_t loop_gap_max;     /* during the current try */
static uint64_t try_stall_drops;  /* stall_drops when the current try began */

/* The real player of the try in progress. */
static struct {
    int idx;              /* -1 between tries */
    int joined, answered, acked, left;
    int seq;              /* question answered */
    uint64_t t0, t_connected, t_upgraded, t_joined, t_answer, t_acked, deadline;
} real = {.idx = -1};
static uint64_t next_try_at;

static void note_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void note_error(const char *fmt, ...) {
    if (errors++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(first_error, sizeof first_error, fmt, ap);
        va_end(ap);
        fprintf(stderr, "slowclients: warning: %s\n", first_error);
    }
}

static const char *who(const conn_t *c) {
    static char buf[48];
    static const char *names[] = {"host", "sink", "stall", "real player"};
    snprintf(buf, sizeof buf, "%s #%d", names[c->kind], c->idx);
    return buf;
}

static void set_events(conn_t *c, uint32_t ev) {
    if (c->events == ev) return;
    struct epoll_event e = {.events = ev, .data.u32 = (uint32_t)c->idx};
    if (epoll_ctl(epfd, EPOLL_CTL_MOD, c->fd, &e) < 0) die("epoll_ctl: %s", strerror(errno));
    c->events = ev;
}

static void conn_close(conn_t *c) {
    if (c->state == C_CLOSED || c->state == C_IDLE) return;
    close(c->fd);
    c->fd = -1;
    c->state = C_CLOSED;
    c->rlen = c->wlen = c->woff = 0;
}

static void conn_flush(conn_t *c) {
    while (c->woff < c->wlen) {
        ssize_t n = send(c->fd, c->wb + c->woff, c->wlen - c->woff, MSG_NOSIGNAL);
        if (n > 0) { c->woff += (size_t)n; continue; }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (c->state != C_MUTED) set_events(c, EPOLLIN | EPOLLOUT);
            return;
        }
        if (c->kind == K_SINK) {
            /* The server gave up on this non-reading player (its outbound limit): that is its defence. */
            if (errno == ECONNRESET || errno == EPIPE) sinks_dropped++;
            else note_error("send on %s: %s", who(c), strerror(errno));
            conn_close(c);
            return;
        }
        die("send on %s: %s", who(c), strerror(errno));
    }
    c->woff = c->wlen = 0;
    if (c->state == C_HANDSHAKE || c->state == C_OPEN) set_events(c, EPOLLIN);
}

static uint8_t *wb_reserve(conn_t *c, size_t n) {
    if (c->woff > 0 && c->woff == c->wlen) c->woff = c->wlen = 0;
    if (c->wlen + n > c->wcap) {
        size_t cap = c->wcap ? c->wcap : 256;
        while (cap < c->wlen + n) cap *= 2;
        c->wb = xrealloc(c->wb, cap);
        c->wcap = cap;
    }
    uint8_t *p = c->wb + c->wlen;
    c->wlen += n;
    return p;
}

/* One masked client frame (RFC 6455 §5.3); payloads here are short. */
static void send_frame(conn_t *c, int opcode, const char *payload, size_t len) {
    if (len > 0xFFFF) die("internal: frame too long");
    uint8_t *p = wb_reserve(c, 2 + (len < 126 ? 0 : 2) + 4 + len);
    *p++ = (uint8_t)(0x80 | opcode);
    if (len < 126) {
        *p++ = (uint8_t)(0x80 | len);
    } else {
        *p++ = 0x80 | 126;
        *p++ = (uint8_t)(len >> 8);
        *p++ = (uint8_t)len;
    }
    uint32_t key = (uint32_t)rng_next();
    uint8_t mk[4];
    memcpy(mk, &key, 4);
    memcpy(p, mk, 4);
    p += 4;
    for (size_t i = 0; i < len; i++) p[i] = (uint8_t)payload[i] ^ mk[i & 3];
    conn_flush(c);
}

static void send_text(conn_t *c, const char *s) { send_frame(c, 0x1, s, strlen(s)); }

static void start_connect(conn_t *c) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) die("socket() for %s: %s%s", who(c), strerror(errno), errno == EMFILE ? " (raise ulimit -n)" : "");
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    c->fd = fd;
    c->t_start = now_ns();
    c->rlen = c->wlen = c->woff = 0;
    c->sent = 0;
    if (connect(fd, (struct sockaddr *)&server_addr, sizeof server_addr) < 0 && errno != EINPROGRESS)
        die("connect to %s:%d (%s): %s", cfg.host, cfg.port, who(c), strerror(errno));
    c->state = C_CONNECTING;
    c->events = EPOLLOUT;
    struct epoll_event e = {.events = EPOLLOUT, .data.u32 = (uint32_t)c->idx};
    if (epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &e) < 0) die("epoll_ctl: %s", strerror(errno));
}

/* ---------------------------------------------------------------- slowloris */

/* The head a stalled connection dribbles: a real upgrade request without its final empty line, then
   header lines forever. */
static const char stall_head[] =
    "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n";
static const char stall_more[] = "X-Wait: a\r\n";

static void stall_tick(conn_t *c, uint64_t t) {
    if (c->state != C_STALLING || t < c->t_next) return;
    size_t head = sizeof stall_head - 1;
    char byte = c->sent < head ? stall_head[c->sent] : stall_more[(c->sent - head) % (sizeof stall_more - 1)];
    ssize_t n = send(c->fd, &byte, 1, MSG_NOSIGNAL);
    if (n == 1) { c->sent++; stall_sent_bytes++; }
    c->t_next = t + (uint64_t)cfg.stall_byte_ms * 1000000ull;
    /* A failed send means the server dropped us: EPOLLIN/EPOLLRDHUP reports it and we reconnect. */
}

/* The server closed a stalled handshake: note how long it was held, and stall again at once. */
static void stall_dropped(conn_t *c) {
    hist_add(&h_stall_hold, now_ns() - c->t_start);
    stall_drops++;
    conn_close(c);
    start_connect(c);
}

/* ---------------------------------------------------------------- tiny JSON */
/* Depth-aware lookups in the server's compact JSON (keys are sorted, and nested objects reuse names). */

static const char *string_end(const char *p, const char *end) {
    for (; p < end; p++) {
        if (*p == '\\') { p++; continue; }
        if (*p == '"') return p;
    }
    return NULL;
}

/* The value of `key` among the members of the object at `p`, or NULL. */
static const char *member(const char *p, const char *end, const char *key) {
    size_t klen = strlen(key);
    if (p >= end || *p != '{') return NULL;
    int depth = 0, expect_key = 1;
    for (; p < end; p++) {
        char ch = *p;
        if (ch == '"') {
            const char *e = string_end(p + 1, end);
            if (!e) return NULL;
            if (depth == 1 && expect_key && e + 1 < end && e[1] == ':') {
                if ((size_t)(e - p - 1) == klen && memcmp(p + 1, key, klen) == 0) return e + 2;
                expect_key = 0;
            }
            p = e;
        } else if (ch == '{' || ch == '[') {
            depth++;
        } else if (ch == '}' || ch == ']') {
            if (--depth == 0) return NULL;
        } else if (ch == ',' && depth == 1) {
            expect_key = 1;
        }
    }
    return NULL;
}

static int is_string(const char *v, const char *end, const char *lit) {
    size_t n = strlen(lit);
    return v && v < end && *v == '"' && (size_t)(end - v) > n + 1 && memcmp(v + 1, lit, n) == 0 && v[n + 1] == '"';
}

static long long int_at(const char *v, const char *end) {
    if (!v) return -1;
    long long x = 0;
    int neg = v < end && *v == '-';
    if (neg) v++;
    if (v >= end || *v < '0' || *v > '9') return -1;
    while (v < end && *v >= '0' && *v <= '9') x = x * 10 + (*v++ - '0');
    return neg ? -x : x;
}

/* --------------------------------------------------------------- protocol */

static void send_handshake(conn_t *c) {
    uint8_t raw[16];
    fill_random(raw, sizeof raw);
    char key[32], req[512];
    base64(raw, sizeof raw, key);
    accept_for_key(key, c->accept);
    int n = snprintf(req, sizeof req,
                     "GET /ws HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: buzzer.v1\r\n\r\n",
                     cfg.host, cfg.port, key);
    memcpy(wb_reserve(c, (size_t)n), req, (size_t)n);
    c->state = C_HANDSHAKE;
    set_events(c, EPOLLIN);
    conn_flush(c);
}

static void host_command(const char *type) {
    char buf[64];
    snprintf(buf, sizeof buf, "{\"type\":\"%s\"}", type);
    send_text(&conns[0], buf);
}

static void on_open(conn_t *c) {
    char buf[512];
    switch (c->kind) {
    case K_HOST:
        /* A library pack needs the library's edit token (token_required otherwise). */
        snprintf(buf, sizeof buf,
                 "{\"type\":\"create\",\"pack\":\"%s\",\"token\":\"%s\",\"settings\":{\"readingTimeMs\":0,\"timeLimitSeconds\":300,"
                 "\"closeWhenAllAnswered\":false,\"autoAdvance\":false,\"lateJoin\":true}}",
                 cfg.pack, cfg.token);
        send_text(c, buf);
        break;
    case K_SINK:
        snprintf(buf, sizeof buf, "{\"type\":\"join\",\"code\":\"%s\",\"nickname\":\"sink%d\"}", code, c->idx);
        send_text(c, buf);
        break;
    case K_REAL:
        real.t_upgraded = now_ns();
        snprintf(buf, sizeof buf, "{\"type\":\"join\",\"code\":\"%s\",\"nickname\":\"real%d\"}", code, tries_done);
        send_text(c, buf);
        break;
    case K_STALL:
        break;
    }
}

/* Answers question `q` (the question object of `question` or `state`) with a valid answer of its kind. */
static void real_answer(conn_t *c, const char *q, const char *end) {
    if (real.answered || !q) return;
    int seq = (int)int_at(member(q, end, "sequence"), end);
    const char *kind = member(q, end, "kind");
    const char *answer = "{\"kind\":\"choice\",\"option\":0}";
    if (is_string(kind, end, "poll")) answer = "{\"kind\":\"poll\",\"option\":0}";
    else if (is_string(kind, end, "multi")) answer = "{\"kind\":\"multi\",\"options\":[0]}";
    else if (is_string(kind, end, "truefalse")) answer = "{\"kind\":\"truefalse\",\"value\":true}";
    else if (is_string(kind, end, "text")) answer = "{\"kind\":\"text\",\"text\":\"slow\"}";
    else if (is_string(kind, end, "number")) answer = "{\"kind\":\"number\",\"value\":1}";
    char buf[160];
    snprintf(buf, sizeof buf, "{\"type\":\"answer\",\"question\":%d,\"answer\":%s}", seq, answer);
    send_text(c, buf);
    real.t_answer = now_ns();
    real.answered = 1;
    real.seq = seq;
}

static void real_finish(int ok) {
    conn_t *c = &conns[real.idx];
    try_log[tries_done] = (try_t){
        .join = real.joined ? (real.t_joined - real.t0) / 1e6 : -1,
        .connect = real.t_connected ? (real.t_connected - real.t0) / 1e6 : -1,
        .upgrade = real.t_upgraded ? (real.t_upgraded - real.t_connected) / 1e6 : -1,
        .ack = real.acked ? (real.t_acked - real.t_answer) / 1e6 : -1,
        .loop_gap = loop_gap_max / 1e6, .stall_drops = stall_drops - try_stall_drops, .ok = ok};
    if (ok) {
        hist_add(&h_join, real.t_joined - real.t0);
        hist_add(&h_connect, real.t_connected - real.t0);
        hist_add(&h_upgrade, real.t_upgraded - real.t_connected);
    }
    if (c->state == C_OPEN) send_text(c, "{\"type\":\"leave\"}");
    conn_close(c);
    tries_done++;
    if (!ok) tries_failed++;
    real.idx = -1;
    next_try_at = now_ns() + (uint64_t)cfg.try_gap_ms * 1000000ull;
}

static void on_text(conn_t *c, const char *m, size_t len, uint64_t t) {
    const char *end = m + len;
    const char *type = member(m, end, "type");
    int shown = len < 160 ? (int)len : 160;
    if (!type) { note_error("%s: message without a type: %.*s", who(c), shown, m); return; }
    if (is_string(type, end, "error")) {
        /* The real player answers the instant it sees an open question, which may be the instant the
           host's timer closes it: that answer is refused, and the next question is tried instead. A race
           of the test's own making, not a server fault. */
        const char *code_v = member(m, end, "code");
        int raced = c->kind == K_REAL && real.answered && !real.acked &&
                    (is_string(code_v, end, "question_closed") || is_string(code_v, end, "late_answer") ||
                     is_string(code_v, end, "answers_not_open"));
        if (c->kind == K_REAL && real.answered && !real.acked) real.answered = 0;
        if (raced) return;
        server_errors++;
        note_error("%s got an error: %.*s", who(c), shown, m);
        return;
    }
    if (c->kind == K_HOST) {
        if (is_string(type, end, "created")) {
            const char *v = member(m, end, "code");
            const char *e = v && *v == '"' ? string_end(v + 1, end) : NULL;
            if (!e || e - v - 1 <= 0 || e - v - 1 >= (long)sizeof code) die("created without a code: %.*s", shown, m);
            memcpy(code, v + 1, (size_t)(e - v - 1));
            code[e - v - 1] = 0;
            info("room %s created", code);
        } else if (is_string(type, end, "question")) {
            long long seq = int_at(member(member(m, end, "question"), end, "sequence"), end);
            host_seq = (int)seq;
            host_open = 1;
            questions_asked++;
            host_pending = "reveal";
            host_timer = t + (uint64_t)cfg.open_ms * 1000000ull;
        } else if (is_string(type, end, "reveal") || is_string(type, end, "leaderboard")) {
            host_open = 0;
            host_pending = "next";
            host_timer = t + (uint64_t)cfg.reveal_ms * 1000000ull;
        } else if (is_string(type, end, "ended")) {
            die("the pack ran out of questions after %" PRIu64 "; use a longer --pack or shorter run", questions_asked);
        }
        return;
    }
    if (c->kind == K_SINK) {
        if (is_string(type, end, "joined")) {
            sinks_joined++;
            /* Stop reading for good: what the server sends from now on piles up in its buffers. */
            c->state = C_MUTED;
            if (epoll_ctl(epfd, EPOLL_CTL_DEL, c->fd, NULL) < 0) die("epoll_ctl: %s", strerror(errno));
            c->t_next = t + (uint64_t)cfg.sink_pong_ms * 1000000ull;
        }
        return;
    }
    /* The real player. */
    if (is_string(type, end, "joined")) {
        real.joined = 1;
        real.t_joined = t;
    } else if (is_string(type, end, "state")) {
        if (is_string(member(m, end, "phase"), end, "open")) real_answer(c, member(m, end, "question"), end);
    } else if (is_string(type, end, "question")) {
        real_answer(c, member(m, end, "question"), end);
    } else if (is_string(type, end, "answer_ack")) {
        long long q = int_at(member(m, end, "question"), end);
        if (!real.answered || q != real.seq) { note_error("real player: unexpected answer_ack %.*s", shown, m); return; }
        hist_add(&h_ack, t - real.t_answer);
        real.acked = 1;
        real.t_acked = t;
        real_finish(1);
    }
}

/* Parses the complete frames in c->rb (RFC 6455 §5.2): text messages, pings (answered), close. */
static void parse_frames(conn_t *c, uint64_t t) {
    size_t off = 0;
    while (c->state == C_OPEN) {
        uint8_t *p = c->rb + off;
        size_t avail = c->rlen - off;
        if (avail < 2) break;
        int fin = p[0] & 0x80, op = p[0] & 0x0F;
        uint64_t len = p[1] & 0x7F;
        size_t h = 2;
        if (p[0] & 0x70) die("%s: frame with RSV bits (no extension was offered)", who(c));
        if (p[1] & 0x80) die("%s: masked server frame", who(c));
        if (len == 126) {
            if (avail < 4) break;
            len = (uint64_t)p[2] << 8 | p[3];
            h = 4;
        } else if (len == 127) {
            if (avail < 10) break;
            len = 0;
            for (int i = 0; i < 8; i++) len = len << 8 | p[2 + i];
            h = 10;
        }
        if (len > (16u << 20)) die("%s: frame of %" PRIu64 " bytes", who(c), len);
        if (avail < h + len) {
            if (h + len > c->rcap) {
                memmove(c->rb, c->rb + off, avail);
                c->rlen = avail;
                off = 0;
                c->rcap = h + len + 4096;
                c->rb = xrealloc(c->rb, c->rcap);
            }
            break;
        }
        off += h + (size_t)len;
        if (!fin) die("%s: fragmented server message (not expected from buzzer)", who(c));
        if (op == 0x1) {
            on_text(c, (const char *)p + h, (size_t)len, t);
        } else if (op == 0x9) {
            send_frame(c, 0xA, (const char *)p + h, (size_t)len);
        } else if (op == 0x8) {
            int status = len >= 2 ? (p[h] << 8 | p[h + 1]) : 1005;
            if (c->kind == K_REAL && real.acked) { conn_close(c); return; }
            die("server closed %s with %d: %.*s", who(c), status, len > 2 ? (int)len - 2 : 0, (const char *)p + h + 2);
        }
        if (c->state == C_CLOSED) return;
    }
    if (c->state == C_CLOSED) return;
    memmove(c->rb, c->rb + off, c->rlen - off);
    c->rlen -= off;
}

static void finish_handshake(conn_t *c) {
    uint8_t *end = memmem(c->rb, c->rlen, "\r\n\r\n", 4);
    if (!end) return;
    size_t hlen = (size_t)(end - c->rb) + 4;
    if (hlen < 12 || memcmp(c->rb, "HTTP/1.1 101", 12) != 0) die("handshake of %s refused: %.*s", who(c), (int)(hlen < 40 ? hlen : 40), (char *)c->rb);
    char *acc = memmem(c->rb, hlen, "Sec-WebSocket-Accept: ", 22);
    if (!acc || memcmp(acc + 22, c->accept, 28) != 0) die("handshake of %s: bad Sec-WebSocket-Accept", who(c));
    memmove(c->rb, c->rb + hlen, c->rlen - hlen);
    c->rlen -= hlen;
    c->state = C_OPEN;
    on_open(c);
}

static void on_event(conn_t *c, uint32_t ev) {
    if (c->state == C_CONNECTING) {
        int err = 0;
        socklen_t el = sizeof err;
        getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &el);
        if (err) die("connect (%s): %s", who(c), strerror(err));
        if (c->kind == K_REAL) real.t_connected = now_ns();
        if (c->kind == K_STALL) {
            c->state = C_STALLING;
            set_events(c, EPOLLIN | EPOLLRDHUP);
            c->t_next = 0;
            stall_tick(c, now_ns());
            return;
        }
        send_handshake(c);
        return;
    }
    if (c->state == C_STALLING) {
        char buf[512];
        ssize_t n = recv(c->fd, buf, sizeof buf, 0);
        if (n > 0) { note_error("%s: the server answered an unfinished head: %.*s", who(c), (int)(n < 60 ? n : 60), buf); return; }
        if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
        stall_dropped(c);
        return;
    }
    if (ev & EPOLLOUT) conn_flush(c);
    if (!(ev & (EPOLLIN | EPOLLHUP | EPOLLERR)) || c->state == C_CLOSED) return;
    for (int round = 0; round < 8; round++) {
        if (c->rcap - c->rlen < 4096) {
            c->rcap = c->rcap ? c->rcap * 2 : 16384;
            c->rb = xrealloc(c->rb, c->rcap);
        }
        ssize_t n = recv(c->fd, c->rb + c->rlen, c->rcap - c->rlen, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
        if (n <= 0) {
            if (c->kind == K_REAL && real.acked) { conn_close(c); return; }
            die("%s: the server closed the connection (%s)", who(c), n == 0 ? "EOF" : strerror(errno));
        }
        uint64_t t = now_ns();
        c->rlen += (size_t)n;
        if (c->state == C_HANDSHAKE) finish_handshake(c);
        if (c->state == C_OPEN) parse_frames(c, t);
        if (c->state == C_CLOSED || c->state == C_MUTED) return;
    }
}

/* ------------------------------------------------------------ server probes */

static long proc_status_kb(const char *field) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", cfg.server_pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    long v = -1;
    size_t fl = strlen(field);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, field, fl) == 0 && line[fl] == ':') { v = strtol(line + fl + 1, NULL, 10); break; }
    fclose(f);
    return v;
}

static int proc_fd_count(void) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/fd", cfg.server_pid);
    DIR *d = opendir(path);
    if (!d) return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) if (e->d_name[0] != '.') n++;
    closedir(d);
    return n;
}

/* utime + stime of the server, in clock ticks. */
static long long proc_cpu_ticks(void) {
    char path[64], buf[2048];
    snprintf(path, sizeof path, "/proc/%d/stat", cfg.server_pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    if (!p) return -1;
    long long ut = 0, st = 0;
    /* fields after the name: state(3) ... utime(14) stime(15) */
    if (sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lld %lld", &ut, &st) != 2) return -1;
    return ut + st;
}

/* Bytes the kernel still holds to send on the server's established sockets (tx_queue in /proc/net/tcp):
   what the server has written to its non-reading players that their full receive windows refuse. */
typedef struct { int sockets, with_queue; long long p50, max, total; } txq_t;

static int cmp_ll(const void *a, const void *b) { return (*(const long long *)a > *(const long long *)b) - (*(const long long *)a < *(const long long *)b); }

static txq_t server_send_queues(void) {
    txq_t r = {0};
    FILE *f = fopen("/proc/net/tcp", "r");
    if (!f) return r;
    char line[512];
    long long *q = NULL;
    size_t n = 0, cap = 0;
    while (fgets(line, sizeof line, f)) {
        unsigned lport, st;
        unsigned long long tx;
        if (sscanf(line, " %*d: %*8X:%4X %*8X:%*4X %2X %8llX", &lport, &st, &tx) != 3) continue;
        if ((int)lport != cfg.port || st != 1) continue;
        r.sockets++;
        if (tx == 0) continue;
        if (n == cap) { cap = cap ? cap * 2 : 1024; q = xrealloc(q, cap * sizeof *q); }
        q[n++] = (long long)tx;
        r.total += (long long)tx;
    }
    fclose(f);
    r.with_queue = (int)n;
    if (n) {
        qsort(q, n, sizeof *q, cmp_ll);
        r.p50 = q[n / 2];
        r.max = q[n - 1];
    }
    free(q);
    return r;
}

/* ------------------------------------------------------------------- main */

static void usage(void) {
    fprintf(stderr,
            "usage: slowclients --port N [options]\n"
            "  --host A            server address, loopback only (default 127.0.0.1)\n"
            "  --pack NAME         library pack the host plays (default slowclients; enough questions for the run)\n"
            "  --token T           the library's edit token, which a library pack needs (library.editToken)\n"
            "  --sinks N           players that join and stop reading (default 2000)\n"
            "  --stalls N          slowloris connections held at once (default 2000)\n"
            "  --tries N           real players measured, one after another (default 100)\n"
            "  --warmup-s S        attack time before the first try (default 60)\n"
            "  --try-gap-ms MS     pause between tries (default 500)\n"
            "  --try-timeout-ms MS a try that has not joined and been acked by then fails (default 10000)\n"
            "  --open-ms MS        how long each question stays open before the host reveals it (default 300)\n"
            "  --reveal-ms MS      from a reveal to the host's next (default 100)\n"
            "  --stall-byte-ms MS  one byte of the unfinished head per stalled connection this often (default 1000)\n"
            "  --sink-pong-ms MS   each sink sends an unsolicited pong this often (default 15000)\n"
            "  --ramp-batch N      connections opening at once while the sinks join (default 100)\n"
            "  --server-pid PID    sample the server's RSS, fds and CPU from /proc\n"
            "  --timeout S         bound on the whole run (default 600)\n"
            "  --json              one JSON object on stdout\n"
            "  --quiet             no progress on stderr\n");
    exit(2);
}

static void print_hist(const char *name, const hist_t *h, int last) {
    if (cfg.json) {
        printf("\"%s\":{\"count\":%" PRIu64 ",\"p50\":%.3f,\"p99\":%.3f,\"max\":%.3f,\"min\":%.3f,\"mean\":%.3f}%s", name, h->n,
               hist_pct(h, 50) / 1e6, hist_pct(h, 99) / 1e6, h->n ? h->max / 1e6 : 0, h->n ? h->min / 1e6 : 0,
               h->n ? h->sum / (double)h->n / 1e6 : 0, last ? "" : ",");
    } else {
        fprintf(stderr, "  %-22s n=%-5" PRIu64 " p50 %8.2f ms  p99 %8.2f ms  max %8.2f ms\n", name, h->n, hist_pct(h, 50) / 1e6,
                hist_pct(h, 99) / 1e6, h->n ? h->max / 1e6 : 0);
    }
}

static int cmp_int(const void *a, const void *b) { return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b); }

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define OPT_INT(name, field) if (strcmp(a, name) == 0 && v) { cfg.field = atoi(v); i++; continue; }
        OPT_INT("--port", port) OPT_INT("--sinks", sinks) OPT_INT("--stalls", stalls) OPT_INT("--tries", tries)
        OPT_INT("--warmup-s", warmup_s) OPT_INT("--try-gap-ms", try_gap_ms) OPT_INT("--try-timeout-ms", try_timeout_ms)
        OPT_INT("--open-ms", open_ms) OPT_INT("--reveal-ms", reveal_ms) OPT_INT("--stall-byte-ms", stall_byte_ms)
        OPT_INT("--sink-pong-ms", sink_pong_ms) OPT_INT("--ramp-batch", ramp_batch) OPT_INT("--server-pid", server_pid)
        if (strcmp(a, "--host") == 0 && v) { cfg.host = v; i++; continue; }
        if (strcmp(a, "--pack") == 0 && v) { cfg.pack = v; i++; continue; }
        if (strcmp(a, "--token") == 0 && v) { cfg.token = v; i++; continue; }
        if (strcmp(a, "--timeout") == 0 && v) { cfg.timeout = atof(v); i++; continue; }
        if (strcmp(a, "--json") == 0) { cfg.json = 1; continue; }
        if (strcmp(a, "--quiet") == 0) { cfg.quiet = 1; continue; }
        usage();
    }
    if (cfg.port <= 0 || cfg.sinks < 0 || cfg.stalls < 0 || cfg.tries <= 0 || cfg.stall_byte_ms <= 0 || cfg.ramp_batch <= 0) usage();
    server_addr.sin_family = AF_INET;
    server_addr.sin_port = htons((uint16_t)cfg.port);
    if (inet_pton(AF_INET, cfg.host, &server_addr.sin_addr) != 1) die("--host must be an IPv4 address");
    if ((ntohl(server_addr.sin_addr.s_addr) >> 24) != 127) die("--host must be a loopback address (127.0.0.0/8)");
    signal(SIGPIPE, SIG_IGN);
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) { rl.rlim_cur = rl.rlim_max; setrlimit(RLIMIT_NOFILE, &rl); }
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < (rlim_t)(cfg.sinks + cfg.stalls + 64))
        die("open-files limit %llu is below the %d connections (ulimit -n)", (unsigned long long)rl.rlim_cur, cfg.sinks + cfg.stalls + 2);
    fill_random(&rng_state, sizeof rng_state);
    rng_state |= 1;
    try_log = calloc((size_t)cfg.tries, sizeof *try_log);
    if (!try_log) die("out of memory");
    hist_init(&h_join); hist_init(&h_connect); hist_init(&h_upgrade); hist_init(&h_ack); hist_init(&h_stall_hold);

    /* conns: [0] host, [1..sinks] sinks, then stalls, then the real player's slot. */
    n_conns = 1 + cfg.sinks + cfg.stalls + 1;
    conns = calloc((size_t)n_conns, sizeof *conns);
    if (!conns) die("out of memory");
    for (int i = 0; i < n_conns; i++) {
        conns[i].idx = i;
        conns[i].fd = -1;
        conns[i].kind = i == 0 ? K_HOST : i <= cfg.sinks ? K_SINK : i < n_conns - 1 ? K_STALL : K_REAL;
    }
    epfd = epoll_create1(EPOLL_CLOEXEC);
    if (epfd < 0) die("epoll_create1: %s", strerror(errno));

    long rss_before = proc_status_kb("VmRSS"), rss_sinks = -1, rss_warm = -1, rss_peak = -1, rss_end = -1;
    uint64_t t_begin = now_ns(), t_deadline = t_begin + (uint64_t)(cfg.timeout * 1e9);
    uint64_t t_attack = 0, t_measure = 0, t_sample = 0;
    long long cpu_measure = -1;
    int attack_on = 0;
    start_connect(&conns[0]);

    struct epoll_event evs[512];
    uint64_t last_turn = 0;
    while (tries_done < cfg.tries) {
        uint64_t t = now_ns();
        if (last_turn && real.idx >= 0 && t - last_turn > loop_gap_max) loop_gap_max = t - last_turn;
        last_turn = t;
        if (t > t_deadline) die("the run did not finish within --timeout %.0f s (%d of %d tries)", cfg.timeout, tries_done, cfg.tries);

        /* Sinks join in a sliding window once the room exists. */
        while (code[0] && sinks_started < cfg.sinks && sinks_started - sinks_joined < cfg.ramp_batch)
            start_connect(&conns[1 + sinks_started++]);
        /* Everyone in: the game starts, and so does the slowloris. */
        if (!attack_on && code[0] && sinks_joined == cfg.sinks) {
            attack_on = 1;
            t_attack = t;
            rss_sinks = proc_status_kb("VmRSS");
            host_command("start");
            info("%d sinks joined room %s and stopped reading; game started; %d stalled handshakes opening",
                 sinks_joined, code, cfg.stalls);
        }
        if (attack_on && stalls_started < cfg.stalls) {
            /* Open the stalls in batches, so the listen backlog is never the bottleneck. */
            for (int k = 0; k < cfg.ramp_batch && stalls_started < cfg.stalls; k++) start_connect(&conns[1 + cfg.sinks + stalls_started++]);
        }
        /* The host's timer. */
        if (host_timer && t >= host_timer) {
            host_timer = 0;
            host_command(host_pending);
        }
        /* Slowloris bytes and sink pongs. */
        if (attack_on) {
            for (int i = 1; i < n_conns - 1; i++) {
                conn_t *c = &conns[i];
                if (c->state == C_STALLING) stall_tick(c, t);
                else if (c->state == C_MUTED && t >= c->t_next) {
                    send_frame(c, 0xA, "", 0);
                    c->t_next = t + (uint64_t)cfg.sink_pong_ms * 1000000ull;
                }
            }
        }
        /* Tries. */
        if (attack_on && !t_measure && t >= t_attack + (uint64_t)cfg.warmup_s * 1000000000ull) {
            t_measure = t;
            next_try_at = t;
            rss_warm = proc_status_kb("VmRSS");
            cpu_measure = proc_cpu_ticks();
            info("warm-up done: %" PRIu64 " questions asked, %" PRIu64 " stalled handshakes dropped by the server so far; measuring",
                 questions_asked, stall_drops);
        }
        if (t_measure && real.idx < 0 && t >= next_try_at) {
            memset(&real, 0, sizeof real);
            loop_gap_max = 0;
            try_stall_drops = stall_drops;
            real.idx = n_conns - 1;
            real.t0 = t;
            real.deadline = t + (uint64_t)cfg.try_timeout_ms * 1000000ull;
            start_connect(&conns[real.idx]);
        } else if (real.idx >= 0 && t >= real.deadline) {
            note_error("try %d timed out (joined %d, answered %d)", tries_done, real.joined, real.answered);
            real_finish(0);
        }
        if (t >= t_sample) {
            long rss = proc_status_kb("VmRSS");
            if (rss > rss_peak) rss_peak = rss;
            t_sample = t + 500000000ull;
        }

        int n = epoll_wait(epfd, evs, 512, 5);
        if (n < 0) {
            if (errno == EINTR) continue;
            die("epoll_wait: %s", strerror(errno));
        }
        for (int i = 0; i < n; i++) {
            conn_t *c = &conns[evs[i].data.u32];
            if (c->state == C_CLOSED || c->state == C_IDLE || c->state == C_MUTED) continue;
            on_event(c, evs[i].events);
        }
    }
    uint64_t t_done = now_ns();
    long long cpu_end = proc_cpu_ticks();
    rss_end = proc_status_kb("VmRSS");
    long hwm = proc_status_kb("VmHWM");
    int fds = proc_fd_count();
    txq_t txq = server_send_queues();

    /* How full the sinks' receive buffers are, and how many the server still holds open. */
    int *unread = calloc((size_t)(cfg.sinks ? cfg.sinks : 1), sizeof(int));
    int open_sinks = 0;
    for (int i = 1; i <= cfg.sinks; i++) {
        struct tcp_info ti;
        socklen_t tl = sizeof ti;
        if (conns[i].fd < 0 || getsockopt(conns[i].fd, IPPROTO_TCP, TCP_INFO, &ti, &tl) != 0 || ti.tcpi_state != TCP_ESTABLISHED) continue;
        int q = 0;
        ioctl(conns[i].fd, FIONREAD, &q);
        unread[open_sinks++] = q;
    }
    qsort(unread, (size_t)open_sinks, sizeof(int), cmp_int);
    int stalling = 0;
    for (int i = 1 + cfg.sinks; i < n_conns - 1; i++) stalling += conns[i].state == C_STALLING;
    double measure_s = (double)(t_done - t_measure) / 1e9;
    double server_cores = cpu_measure >= 0 && cpu_end >= 0 ? (double)(cpu_end - cpu_measure) / (double)sysconf(_SC_CLK_TCK) / measure_s : -1;
    int ok = tries_failed == 0 && errors == 0;

    if (cfg.json) {
        printf("{\"ok\":%s,\"sinks\":%d,\"stalls\":%d,\"tries\":%d,\"failed\":%d,", ok ? "true" : "false", cfg.sinks, cfg.stalls, tries_done, tries_failed);
        print_hist("join_ms", &h_join, 0);
        print_hist("connect_ms", &h_connect, 0);
        print_hist("upgrade_ms", &h_upgrade, 0);
        print_hist("ack_ms", &h_ack, 0);
        print_hist("stall_hold_ms", &h_stall_hold, 0);
        printf("\"questions\":%" PRIu64 ",\"stall_drops\":%" PRIu64 ",\"stall_bytes\":%" PRIu64 ",\"stalling_at_end\":%d,"
               "\"sinks_dropped\":%d,\"sinks_established_at_end\":%d,\"sink_unread_bytes\":{\"min\":%d,\"p50\":%d,\"max\":%d},"
               "\"rss_kb\":{\"before\":%ld,\"sinks_joined\":%ld,\"warm\":%ld,\"peak\":%ld,\"end\":%ld,\"hwm\":%ld},"
               "\"server_send_queue\":{\"established\":%d,\"with_bytes\":%d,\"p50\":%lld,\"max\":%lld,\"total\":%lld},"
               "\"server_fds\":%d,\"server_cores\":%.2f,\"warmup_s\":%d,\"measure_s\":%.1f,\"errors\":%" PRIu64 ",\"server_errors\":%" PRIu64 ",\"first_error\":",
               questions_asked, stall_drops, stall_sent_bytes, stalling, sinks_dropped, open_sinks, open_sinks ? unread[0] : 0,
               open_sinks ? unread[open_sinks / 2] : 0, open_sinks ? unread[open_sinks - 1] : 0, rss_before, rss_sinks, rss_warm,
               rss_peak, rss_end, hwm, txq.sockets, txq.with_queue, txq.p50, txq.max, txq.total, fds, server_cores, cfg.warmup_s, measure_s, errors, server_errors);
        json_escape_print(stdout, first_error);
        printf(",\"try_log\":[");
        for (int i = 0; i < tries_done; i++)
            printf("%s{\"join\":%.3f,\"connect\":%.3f,\"upgrade\":%.3f,\"ack\":%.3f,\"client_loop_gap\":%.3f,\"stall_drops\":%" PRIu64 ",\"ok\":%s}",
                   i ? "," : "", try_log[i].join, try_log[i].connect, try_log[i].upgrade, try_log[i].ack, try_log[i].loop_gap,
                   try_log[i].stall_drops, try_log[i].ok ? "true" : "false");
        printf("]}\n");
    } else {
        fprintf(stderr, "slow clients: %d sinks, %d stalled handshakes, %d tries (%d failed), %" PRIu64 " questions\n", cfg.sinks, cfg.stalls,
                tries_done, tries_failed, questions_asked);
        print_hist("join (connect->joined)", &h_join, 0);
        print_hist("  connect", &h_connect, 0);
        print_hist("  upgrade", &h_upgrade, 0);
        print_hist("answer -> answer_ack", &h_ack, 0);
        print_hist("stalled head held", &h_stall_hold, 1);
        fprintf(stderr, "  stalls dropped by the server %" PRIu64 ", stalling at the end %d; sinks dropped %d, established %d, unread bytes min %d p50 %d max %d\n",
                stall_drops, stalling, sinks_dropped, open_sinks, open_sinks ? unread[0] : 0, open_sinks ? unread[open_sinks / 2] : 0,
                open_sinks ? unread[open_sinks - 1] : 0);
        fprintf(stderr, "  server send queues: %d of %d established sockets hold bytes, p50 %lld max %lld total %lld\n",
                txq.with_queue, txq.sockets, txq.p50, txq.max, txq.total);
        fprintf(stderr, "  server RSS before %ld kB, sinks joined %ld, after warm-up %ld, peak %ld, end %ld, HWM %ld; fds %d; %.2f cores\n",
                rss_before, rss_sinks, rss_warm, rss_peak, rss_end, hwm, fds, server_cores);
        if (errors) fprintf(stderr, "  errors %" PRIu64 " (server %" PRIu64 "); first: %s\n", errors, server_errors, first_error);
    }
    return ok ? 0 : 3;
}
