/*
 * shootout: a WebSocket load generator for the "websocket-shootout" protocol.
 *
 * Single-threaded, Linux epoll, non-blocking sockets, libc only. One thread on
 * purpose: the benchmark host has two cores and the server under test needs them;
 * the client's per-message work is a read(), a memmem() and a clock read.
 *
 * Protocol (text JSON messages):
 *   {"type":"echo","payload":P}      -> sent back unchanged to the sender
 *   {"type":"broadcast","payload":P} -> {"type":"broadcast","payload":P} to every client,
 *                                       then {"type":"broadcastResult","payload":P,"listenerCount":N}
 *                                       to the sender
 *
 * Build: cc -O2 -o shootout shootout.c     Run: ./shootout --help
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------ config */

enum mode { MODE_BROADCAST, MODE_ECHO };

static struct {
    const char *host;
    int port;
    const char *path;
    int clients;
    enum mode mode;
    int rounds;
    int warmup_rounds;
    double duration;
    double warmup_seconds;
    int payload_size;
    int inflight;
    int json;
    double connect_timeout;
    double round_timeout;
    double timeout; /* whole run */
    int ramp_batch;
    int server_pid;
    int quiet;
} cfg = {
    .host = "127.0.0.1",
    .port = 0,
    .path = "/",
    .clients = 100,
    .mode = MODE_BROADCAST,
    .rounds = 100,
    .warmup_rounds = 5,
    .duration = 5,
    .warmup_seconds = 1,
    .payload_size = 32,
    .inflight = 1,
    .json = 0,
    .connect_timeout = 30,
    .round_timeout = 10,
    .timeout = 600,
    .ramp_batch = 100,
    .server_pid = 0,
    .quiet = 0,
};

/* ------------------------------------------------------------------- utils */

#define BENCH_NAME "shootout"
#include "../common/bench_util.h"

/* ------------------------------------------------------------- connections */

enum cstate { C_IDLE, C_CONNECTING, C_HANDSHAKE, C_OPEN, C_CLOSING, C_CLOSED };

typedef struct {
    int fd;
    int idx;
    enum cstate state;
    uint32_t events; /* currently registered epoll events */
    uint8_t *rb;     /* unparsed received bytes */
    size_t rlen, rcap;
    uint8_t *wb;     /* bytes not yet accepted by the socket */
    size_t wlen, woff, wcap;
    uint8_t *msg;    /* fragmented message being assembled */
    size_t mlen, mcap;
    int mop;         /* opcode of the message being assembled, 0 = none */
    uint64_t t_start;
    char accept[29];
    /* broadcast */
    uint64_t last_seq;
    /* echo */
    uint64_t send_seq, recv_seq;
    int outstanding;
} conn_t;

static conn_t *conns;
static int epfd;
static struct sockaddr_storage server_addr;
static socklen_t server_addr_len;
static int n_open, n_pending;
static int closing_phase;

/* results & counters */
static uint64_t errors;           /* protocol/correctness problems seen (not fatal) */
static char first_error[256];
static uint64_t pings_answered;

static void note_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void note_error(const char *fmt, ...) {
    if (errors++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(first_error, sizeof first_error, fmt, ap);
        va_end(ap);
        fprintf(stderr, "shootout: warning: %s\n", first_error);
    }
}

static void set_events(conn_t *c, uint32_t ev) {
    if (c->events == ev) return;
    struct epoll_event e = {.events = ev, .data.u32 = (uint32_t)c->idx};
    if (epoll_ctl(epfd, EPOLL_CTL_MOD, c->fd, &e) < 0) die("epoll_ctl: %s", strerror(errno));
    c->events = ev;
}

static void conn_close(conn_t *c) {
    if (c->state == C_CLOSED) return;
    if (c->state == C_OPEN || c->state == C_CLOSING) n_open--;
    if (c->state == C_CONNECTING || c->state == C_HANDSHAKE) n_pending--;
    close(c->fd);
    c->fd = -1;
    c->state = C_CLOSED;
}

/* Writes pending bytes; registers EPOLLOUT only while the socket pushes back. */
static void conn_flush(conn_t *c) {
    while (c->woff < c->wlen) {
        ssize_t n = send(c->fd, c->wb + c->woff, c->wlen - c->woff, MSG_NOSIGNAL);
        if (n > 0) { c->woff += (size_t)n; continue; }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            set_events(c, EPOLLIN | EPOLLOUT);
            return;
        }
        if (closing_phase) { conn_close(c); return; }
        die("send on connection #%d: %s", c->idx, strerror(errno));
    }
    c->woff = c->wlen = 0;
    if (c->state >= C_HANDSHAKE) set_events(c, EPOLLIN);
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

/* Appends one masked client frame (RFC 6455 section 5.3: clients must mask). */
static void conn_queue_frame(conn_t *c, int opcode, const uint8_t *payload, size_t len) {
    size_t hlen = 2 + (len < 126 ? 0 : len <= 0xFFFF ? 2 : 8) + 4;
    uint8_t *p = wb_reserve(c, hlen + len);
    *p++ = (uint8_t)(0x80 | opcode);
    if (len < 126) {
        *p++ = (uint8_t)(0x80 | len);
    } else if (len <= 0xFFFF) {
        *p++ = 0x80 | 126;
        *p++ = (uint8_t)(len >> 8);
        *p++ = (uint8_t)len;
    } else {
        *p++ = 0x80 | 127;
        for (int i = 7; i >= 0; i--) *p++ = (uint8_t)((uint64_t)len >> (8 * i));
    }
    uint32_t key = (uint32_t)rng_next();
    uint8_t mk[4];
    memcpy(mk, &key, 4);
    memcpy(p, mk, 4);
    p += 4;
    size_t i = 0;
    for (; i + 4 <= len; i += 4) {
        uint32_t w;
        memcpy(&w, payload + i, 4);
        w ^= key;
        memcpy(p + i, &w, 4);
    }
    for (; i < len; i++) p[i] = payload[i] ^ mk[i & 3];
}

/* ------------------------------------------------------------ tiny JSON scan */
/*
 * Finds "key" followed by optional whitespace and ':' and returns a pointer to the value.
 * Tolerant of re-serialisation by the server (whitespace, key order); payloads we send are
 * plain [A-Za-z0-9:] strings, so no escapes need handling.
 */
static const char *json_value(const char *buf, size_t len, const char *key, size_t keylen) {
    const char *end = buf + len;
    const char *p = buf;
    while (p < end) {
        const char *k = memmem(p, (size_t)(end - p), key, keylen);
        if (!k) return NULL;
        const char *q = k + keylen;
        while (q < end && (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n')) q++;
        if (q < end && *q == ':') {
            q++;
            while (q < end && (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n')) q++;
            return q < end ? q : NULL;
        }
        p = k + 1;
    }
    return NULL;
}

/* String value of key, without quotes. */
static int json_string(const char *buf, size_t len, const char *key, size_t keylen, const char **s, size_t *slen) {
    const char *v = json_value(buf, len, key, keylen);
    const char *end = buf + len;
    if (!v || *v != '"') return 0;
    v++;
    const char *q = memchr(v, '"', (size_t)(end - v));
    if (!q) return 0;
    *s = v;
    *slen = (size_t)(q - v);
    return 1;
}

static int json_int(const char *buf, size_t len, const char *key, size_t keylen, long long *out) {
    const char *v = json_value(buf, len, key, keylen);
    const char *end = buf + len;
    if (!v) return 0;
    int neg = 0;
    if (v < end && *v == '-') { neg = 1; v++; }
    if (v >= end || *v < '0' || *v > '9') return 0;
    long long x = 0;
    while (v < end && *v >= '0' && *v <= '9') x = x * 10 + (*v++ - '0');
    *out = neg ? -x : x;
    return 1;
}

#define KEY(s) s, sizeof(s) - 1

/* Our payloads are "<tag><seq>:<t_ns>:xxxx..." where tag is 'b' or 'e'. */
static int parse_payload(const char *s, size_t len, char tag, uint64_t *seq, uint64_t *t) {
    const char *end = s + len;
    if (len < 4 || *s != tag) return 0;
    s++;
    uint64_t a = 0, b = 0;
    if (s >= end || *s < '0' || *s > '9') return 0;
    while (s < end && *s >= '0' && *s <= '9') a = a * 10 + (uint64_t)(*s++ - '0');
    if (s >= end || *s != ':') return 0;
    s++;
    if (s >= end || *s < '0' || *s > '9') return 0;
    while (s < end && *s >= '0' && *s <= '9') b = b * 10 + (uint64_t)(*s++ - '0');
    if (s >= end || *s != ':') return 0;
    *seq = a;
    *t = b;
    return 1;
}

/* Builds {"type":"<type>","payload":"<tag><seq>:<t>:xxx"} with a payload of exactly `size` chars (or longer if the prefix needs it). */
static size_t build_message(char *out, size_t cap, const char *type, char tag, uint64_t seq, uint64_t t, int size) {
    char pl[64];
    int pn = snprintf(pl, sizeof pl, "%c%" PRIu64 ":%" PRIu64 ":", tag, seq, t);
    int pad = size > pn ? size - pn : 0;
    size_t need = (size_t)pn + (size_t)pad + strlen(type) + 32;
    if (need > cap) die("internal: message buffer too small");
    int n = snprintf(out, cap, "{\"type\":\"%s\",\"payload\":\"%s", type, pl);
    memset(out + n, 'x', (size_t)pad);
    n += pad;
    memcpy(out + n, "\"}", 2);
    return (size_t)n + 2;
}

static char *msgbuf; /* scratch for outgoing messages */
static size_t msgbuf_cap;

/* ---------------------------------------------------------------- run state */

static hist_t h_round, h_latency, h_echo;
static uint64_t cur_seq;        /* broadcast seq in flight, 0 = none */
static int cur_measured;        /* is the round in flight measured (not warmup)? */
static int round_received;      /* clients that got cur_seq */
static int round_result;        /* broadcastResult seen */
static long long round_listeners;
static uint64_t round_last_recv;
static uint64_t listener_mismatches;
static long long last_bad_listener_count = -1;

static uint64_t echo_measure_start, echo_end;
static int echo_sending;
static uint64_t echo_count;     /* echoes received inside the measurement window */
static uint64_t echo_total;
static uint64_t echo_outstanding_total;

static void echo_send(conn_t *c) {
    uint64_t t = now_ns();
    size_t n = build_message(msgbuf, msgbuf_cap, "echo", 'e', ++c->send_seq, t, cfg.payload_size);
    conn_queue_frame(c, 0x1, (const uint8_t *)msgbuf, n);
    c->outstanding++;
    echo_outstanding_total++;
}

static void on_text(conn_t *c, const char *m, size_t len, uint64_t t_recv) {
    const char *type;
    size_t tlen;
    if (!json_string(m, len, KEY("\"type\""), &type, &tlen)) {
        note_error("connection #%d: message without a \"type\" string: %.80s", c->idx, m);
        return;
    }
    const char *pl;
    size_t plen;
    int has_pl = json_string(m, len, KEY("\"payload\""), &pl, &plen);
    uint64_t seq = 0, t = 0;

    if (tlen == 9 && memcmp(type, "broadcast", 9) == 0) {
        if (!has_pl || !parse_payload(pl, plen, 'b', &seq, &t)) {
            note_error("connection #%d: broadcast with unexpected payload: %.80s", c->idx, m);
            return;
        }
        if (seq != cur_seq) {
            note_error("connection #%d: broadcast for round %" PRIu64 " while round %" PRIu64 " is in flight", c->idx, seq, cur_seq);
            return;
        }
        if (c->last_seq == seq) {
            note_error("connection #%d: duplicate broadcast for round %" PRIu64, c->idx, seq);
            return;
        }
        c->last_seq = seq;
        round_received++;
        round_last_recv = t_recv;
        if (cur_measured) hist_add(&h_latency, t_recv > t ? t_recv - t : 0);
    } else if (tlen == 15 && memcmp(type, "broadcastResult", 15) == 0) {
        long long lc = -1;
        if (!has_pl || !parse_payload(pl, plen, 'b', &seq, &t) || !json_int(m, len, KEY("\"listenerCount\""), &lc)) {
            note_error("connection #%d: malformed broadcastResult: %.80s", c->idx, m);
            return;
        }
        if (seq != cur_seq || round_result) {
            note_error("connection #%d: unexpected broadcastResult for round %" PRIu64, c->idx, seq);
            return;
        }
        round_result = 1;
        round_listeners = lc;
    } else if (tlen == 4 && memcmp(type, "echo", 4) == 0) {
        if (!has_pl || !parse_payload(pl, plen, 'e', &seq, &t)) {
            note_error("connection #%d: echo with unexpected payload: %.80s", c->idx, m);
            return;
        }
        if ((int)plen < cfg.payload_size) note_error("connection #%d: echo payload truncated (%zu < %d)", c->idx, plen, cfg.payload_size);
        if (seq != c->recv_seq + 1) note_error("connection #%d: echo %" PRIu64 " arrived, expected %" PRIu64, c->idx, seq, c->recv_seq + 1);
        c->recv_seq = seq;
        if (c->outstanding > 0) { c->outstanding--; echo_outstanding_total--; }
        echo_total++;
        if (t >= echo_measure_start && t_recv <= echo_end) {
            echo_count++;
            hist_add(&h_echo, t_recv - t);
        }
        if (echo_sending && t_recv < echo_end) echo_send(c);
    } else {
        note_error("connection #%d: unexpected message type %.*s", c->idx, (int)tlen, type);
    }
}

static void on_server_close(conn_t *c, const uint8_t *p, size_t len) {
    if (c->state == C_CLOSING || closing_phase) {
        conn_close(c);
        return;
    }
    int code = len >= 2 ? (p[0] << 8 | p[1]) : 1005;
    die("server closed connection #%d (close code %d%s%.*s)", c->idx, code, len > 2 ? ", reason: " : "",
        len > 2 ? (int)(len - 2) : 0, len > 2 ? (const char *)p + 2 : "");
}

/* Parses every complete frame in c->rb (RFC 6455 section 5.2). */
static void parse_frames(conn_t *c, uint64_t t_recv) {
    size_t off = 0;
    while (c->state >= C_OPEN && c->state != C_CLOSED) {
        uint8_t *p = c->rb + off;
        size_t avail = c->rlen - off;
        if (avail < 2) break;
        int fin = p[0] & 0x80, rsv = p[0] & 0x70, op = p[0] & 0x0F;
        int masked = p[1] & 0x80;
        uint64_t len = p[1] & 0x7F;
        size_t h = 2;
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
        if (rsv) die("connection #%d: frame with RSV bits set (no extension was negotiated)", c->idx);
        if (masked) die("connection #%d: server sent a masked frame (RFC 6455 section 5.1)", c->idx);
        if (len > (64u << 20)) die("connection #%d: frame of %" PRIu64 " bytes is larger than 64 MiB", c->idx, len);
        if (avail < h + len) {
            if (h + len > c->rcap) { /* make room for the whole frame */
                c->rcap = h + len + 1024;
                if (off) { memmove(c->rb, c->rb + off, avail); c->rlen = avail; off = 0; }
                c->rb = xrealloc(c->rb, c->rcap);
            }
            break;
        }
        uint8_t *pl = p + h;
        size_t plen = (size_t)len;
        off += h + plen;
        if (op >= 0x8) {
            if (!fin || plen > 125) die("connection #%d: invalid control frame (RFC 6455 section 5.5)", c->idx);
            if (op == 0x9) { /* ping -> pong with the same payload */
                conn_queue_frame(c, 0xA, pl, plen);
                pings_answered++;
            } else if (op == 0x8) {
                on_server_close(c, pl, plen);
                return;
            } else if (op != 0xA) {
                die("connection #%d: unknown control opcode %d", c->idx, op);
            }
            continue;
        }
        if (op == 0x0) {
            if (!c->mop) die("connection #%d: continuation frame without a message", c->idx);
        } else if (op == 0x1 || op == 0x2) {
            if (c->mop) die("connection #%d: new message inside a fragmented one", c->idx);
            if (fin) {
                if (op == 0x1) on_text(c, (const char *)pl, plen, t_recv);
                else note_error("connection #%d: unexpected binary message", c->idx);
                continue;
            }
            c->mop = op;
            c->mlen = 0;
        } else {
            die("connection #%d: unknown data opcode %d", c->idx, op);
        }
        if (c->mlen + plen > c->mcap) {
            c->mcap = (c->mlen + plen) * 2;
            c->msg = xrealloc(c->msg, c->mcap);
        }
        memcpy(c->msg + c->mlen, pl, plen);
        c->mlen += plen;
        if (fin) {
            if (c->mop == 0x1) on_text(c, (const char *)c->msg, c->mlen, t_recv);
            else note_error("connection #%d: unexpected binary message", c->idx);
            c->mop = 0;
        }
    }
    if (c->state == C_CLOSED) return;
    if (off) {
        memmove(c->rb, c->rb + off, c->rlen - off);
        c->rlen -= off;
    }
}

/* ---------------------------------------------------------------- handshake */

static void start_connect(conn_t *c) {
    int fd = socket(server_addr.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) die("socket() for connection #%d: %s%s", c->idx, strerror(errno),
                    errno == EMFILE ? " (raise the open-files limit: ulimit -n)" : "");
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    c->fd = fd;
    c->t_start = now_ns();
    int r = connect(fd, (struct sockaddr *)&server_addr, server_addr_len);
    if (r < 0 && errno != EINPROGRESS)
        die("connect to %s:%d (connection #%d): %s", cfg.host, cfg.port, c->idx, strerror(errno));
    c->state = C_CONNECTING;
    n_pending++;
    c->events = EPOLLOUT;
    struct epoll_event e = {.events = EPOLLOUT, .data.u32 = (uint32_t)c->idx};
    if (epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &e) < 0) die("epoll_ctl: %s", strerror(errno));
}

static void send_handshake(conn_t *c) {
    int err = 0;
    socklen_t el = sizeof err;
    getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &el);
    if (err) die("connect to %s:%d (connection #%d): %s", cfg.host, cfg.port, c->idx, strerror(err));
    uint8_t raw[16];
    fill_random(raw, sizeof raw);
    char key[32];
    base64(raw, sizeof raw, key);
    accept_for_key(key, c->accept);
    char req[512];
    int n = snprintf(req, sizeof req,
                     "GET %s HTTP/1.1\r\n"
                     "Host: %s:%d\r\n"
                     "Upgrade: websocket\r\n"
                     "Connection: Upgrade\r\n"
                     "Sec-WebSocket-Key: %s\r\n"
                     "Sec-WebSocket-Version: 13\r\n"
                     "\r\n",
                     cfg.path, cfg.host, cfg.port, key);
    memcpy(wb_reserve(c, (size_t)n), req, (size_t)n);
    c->state = C_HANDSHAKE;
    set_events(c, EPOLLIN);
    conn_flush(c);
}

/* Case-insensitive header lookup in the response head; returns value and its length. */
static const char *header_value(const char *head, const char *name, size_t *vlen) {
    size_t nl = strlen(name);
    const char *line = strstr(head, "\r\n");
    while (line) {
        line += 2;
        if (strncasecmp(line, name, nl) == 0 && line[nl] == ':') {
            const char *v = line + nl + 1;
            while (*v == ' ' || *v == '\t') v++;
            const char *e = strstr(v, "\r\n");
            if (!e) e = v + strlen(v);
            while (e > v && (e[-1] == ' ' || e[-1] == '\t')) e--;
            *vlen = (size_t)(e - v);
            return v;
        }
        line = strstr(line, "\r\n");
    }
    return NULL;
}

static void finish_handshake(conn_t *c) {
    uint8_t *end = memmem(c->rb, c->rlen, "\r\n\r\n", 4);
    if (!end) {
        if (c->rlen > 16384) die("connection #%d: handshake response head larger than 16 KiB", c->idx);
        return;
    }
    size_t hlen = (size_t)(end - c->rb) + 4;
    char *head = malloc(hlen + 1);
    if (!head) die("out of memory");
    memcpy(head, c->rb, hlen);
    head[hlen] = 0;
    char *eol = strstr(head, "\r\n");
    int status_len = (int)(eol - head);
    if (strncmp(head, "HTTP/1.1 101", 12) != 0)
        die("handshake rejected on connection #%d: \"%.*s\"", c->idx, status_len, head);
    size_t vl;
    const char *v = header_value(head, "Sec-WebSocket-Accept", &vl);
    if (!v || vl != 28 || memcmp(v, c->accept, 28) != 0)
        die("handshake on connection #%d: Sec-WebSocket-Accept is %s%.*s%s, expected %s", c->idx,
            v ? "\"" : "missing", v ? (int)vl : 0, v ? v : "", v ? "\"" : "", c->accept);
    v = header_value(head, "Upgrade", &vl);
    if (!v || vl != 9 || strncasecmp(v, "websocket", 9) != 0)
        die("handshake on connection #%d: missing \"Upgrade: websocket\"", c->idx);
    v = header_value(head, "Sec-WebSocket-Extensions", &vl);
    if (v) die("handshake on connection #%d: server selected extensions \"%.*s\" that were not offered", c->idx, (int)vl, v);
    free(head);
    memmove(c->rb, c->rb + hlen, c->rlen - hlen);
    c->rlen -= hlen;
    c->state = C_OPEN;
    n_pending--;
    n_open++;
}

/* ---------------------------------------------------------------- event loop */

static void on_readable(conn_t *c) {
    for (int iter = 0; iter < 4; iter++) {
        if (c->rcap - c->rlen < 1024) {
            c->rcap = c->rcap * 2;
            c->rb = xrealloc(c->rb, c->rcap);
        }
        ssize_t n = recv(c->fd, c->rb + c->rlen, c->rcap - c->rlen, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) break;
            if (closing_phase || c->state == C_CLOSING) { conn_close(c); return; }
            die("recv on connection #%d: %s", c->idx, strerror(errno));
        }
        if (n == 0) {
            if (closing_phase || c->state == C_CLOSING) { conn_close(c); return; }
            if (c->state == C_HANDSHAKE)
                die("connection #%d: server closed the connection during the handshake", c->idx);
            die("connection #%d: server closed the TCP connection without a close frame", c->idx);
        }
        uint64_t t = now_ns();
        c->rlen += (size_t)n;
        if (c->state == C_HANDSHAKE) {
            finish_handshake(c);
            if (c->state != C_OPEN) continue;
        }
        parse_frames(c, t);
        if (c->state == C_CLOSED) return;
        if ((size_t)n < 1024) break; /* drained, most likely */
    }
    if (c->wlen > c->woff) conn_flush(c);
}

static struct epoll_event events[1024];

static void poll_once(int timeout_ms) {
    int n = epoll_wait(epfd, events, 1024, timeout_ms);
    if (n < 0) {
        if (errno == EINTR) return;
        die("epoll_wait: %s", strerror(errno));
    }
    for (int i = 0; i < n; i++) {
        conn_t *c = &conns[events[i].data.u32];
        uint32_t ev = events[i].events;
        if (c->state == C_CLOSED) continue;
        if (c->state == C_CONNECTING) {
            send_handshake(c);
            continue;
        }
        if (ev & (EPOLLIN | EPOLLERR | EPOLLHUP)) on_readable(c);
        if (c->state != C_CLOSED && (ev & EPOLLOUT)) conn_flush(c);
    }
}

static uint64_t run_deadline;

static void check_run_deadline(void) {
    if (now_ns() > run_deadline) die("run exceeded --timeout %.0f s", cfg.timeout);
}

/* ----------------------------------------------------------------- phases */

static long read_rss_kb(void) {
    if (cfg.server_pid <= 0) return -1;
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/status", cfg.server_pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char line[256];
    long kb = -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0) { kb = strtol(line + 6, NULL, 10); break; }
    fclose(f);
    return kb;
}

static double connect_seconds;

static void connect_all(void) {
    uint64_t t0 = now_ns();
    uint64_t timeout = (uint64_t)(cfg.connect_timeout * 1e9);
    int started = 0;
    uint64_t last_scan = t0;
    while (n_open < cfg.clients) {
        while (n_pending < cfg.ramp_batch && started < cfg.clients) start_connect(&conns[started++]);
        poll_once(5);
        uint64_t t = now_ns();
        if (t - last_scan > 100000000ull) { /* per-connection timeout, checked every 100 ms */
            last_scan = t;
            for (int i = 0; i < started; i++) {
                conn_t *c = &conns[i];
                if ((c->state == C_CONNECTING || c->state == C_HANDSHAKE) && t - c->t_start > timeout)
                    die("connection #%d: %s did not complete within --connect-timeout %.1f s (%d of %d open)", i,
                        c->state == C_CONNECTING ? "TCP connect" : "WebSocket handshake", cfg.connect_timeout,
                        n_open, cfg.clients);
            }
        }
        check_run_deadline();
    }
    connect_seconds = (double)(now_ns() - t0) / 1e9;
}

/* Lets the server settle (its handshake bookkeeping, our buffered ACKs) before sampling RSS. */
static void idle_for(int ms) {
    uint64_t until = now_ns() + (uint64_t)ms * 1000000ull;
    while (now_ns() < until) poll_once(5);
}

static double bench_seconds;
static int rounds_done;

static double cpu_seconds(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static void run_broadcast(void) {
    int total = cfg.warmup_rounds + cfg.rounds;
    uint64_t bench_start = 0;
    uint64_t rtimeout = (uint64_t)(cfg.round_timeout * 1e9);
    for (int r = 0; r < total; r++) {
        if (r == cfg.warmup_rounds) bench_start = now_ns();
        conn_t *sender = &conns[r % cfg.clients];
        cur_seq = (uint64_t)r + 1;
        cur_measured = r >= cfg.warmup_rounds;
        round_received = 0;
        round_result = 0;
        round_listeners = -1;
        uint64_t t0 = now_ns();
        size_t n = build_message(msgbuf, msgbuf_cap, "broadcast", 'b', cur_seq, t0, cfg.payload_size);
        conn_queue_frame(sender, 0x1, (const uint8_t *)msgbuf, n);
        conn_flush(sender);
        while (round_received < cfg.clients || !round_result) {
            poll_once(10);
            if (now_ns() - t0 > rtimeout)
                die("round %d timed out after %.1f s: %d of %d clients received the broadcast, broadcastResult %s",
                    r + 1, cfg.round_timeout, round_received, cfg.clients, round_result ? "received" : "missing");
            check_run_deadline();
        }
        if (cur_measured) {
            hist_add(&h_round, round_last_recv - t0);
            rounds_done++;
        }
        if (round_listeners != cfg.clients) {
            listener_mismatches++;
            last_bad_listener_count = round_listeners;
        }
    }
    bench_seconds = (double)(now_ns() - bench_start) / 1e9;
    cur_seq = 0;
}

static void run_echo(void) {
    uint64_t t0 = now_ns();
    echo_measure_start = t0 + (uint64_t)(cfg.warmup_seconds * 1e9);
    echo_end = echo_measure_start + (uint64_t)(cfg.duration * 1e9);
    echo_sending = 1;
    for (int i = 0; i < cfg.clients; i++) {
        conn_t *c = &conns[i];
        for (int k = 0; k < cfg.inflight; k++) echo_send(c);
        conn_flush(c);
    }
    while (now_ns() < echo_end) {
        poll_once(5);
        check_run_deadline();
    }
    echo_sending = 0;
    uint64_t drain_until = now_ns() + (uint64_t)(cfg.round_timeout * 1e9);
    while (echo_outstanding_total > 0) {
        if (now_ns() > drain_until)
            die("%" PRIu64 " echo messages still unanswered %.1f s after the run ended", echo_outstanding_total, cfg.round_timeout);
        poll_once(5);
    }
    bench_seconds = cfg.duration;
}

/* Client-initiated close handshake (RFC 6455 section 7.1.2): the server closes TCP first. */
static void close_all(void) {
    closing_phase = 1;
    static const uint8_t normal[2] = {0x03, 0xE8}; /* 1000 */
    for (int i = 0; i < cfg.clients; i++) {
        conn_t *c = &conns[i];
        if (c->state != C_OPEN) continue;
        conn_queue_frame(c, 0x8, normal, 2);
        c->state = C_CLOSING;
        conn_flush(c);
    }
    uint64_t until = now_ns() + 3000000000ull;
    while (n_open > 0 && now_ns() < until) poll_once(10);
    for (int i = 0; i < cfg.clients; i++) if (conns[i].state != C_CLOSED && conns[i].state != C_IDLE) conn_close(&conns[i]);
}

/* ------------------------------------------------------------------ output */

static void print_hist_json(const char *name, const hist_t *h) {
    printf("\"%s\":{\"count\":%" PRIu64 ",\"p50\":%.3f,\"p95\":%.3f,\"p99\":%.3f,\"max\":%.3f,\"min\":%.3f,\"mean\":%.3f}",
           name, h->n, hist_pct(h, 50) / 1e6, hist_pct(h, 95) / 1e6, hist_pct(h, 99) / 1e6, h->max / 1e6,
           h->n ? h->min / 1e6 : 0.0, h->n ? h->sum / (double)h->n / 1e6 : 0.0);
}

static void print_hist_text(const char *name, const hist_t *h) {
    printf("  %-22s p50 %9.3f  p95 %9.3f  p99 %9.3f  max %9.3f  mean %9.3f  (n=%" PRIu64 ")\n", name,
           hist_pct(h, 50) / 1e6, hist_pct(h, 95) / 1e6, hist_pct(h, 99) / 1e6, h->max / 1e6,
           h->n ? h->sum / (double)h->n / 1e6 : 0.0, h->n);
}

static void usage(FILE *f) {
    fprintf(f,
            "usage: shootout --port N [options]\n"
            "  --host H             server address, loopback only (default 127.0.0.1)\n"
            "  --port N             server port (required)\n"
            "  --path P             request path (default /)\n"
            "  --clients N          WebSocket connections to open (default 100)\n"
            "  --mode M             broadcast | echo (default broadcast)\n"
            "  --rounds R           broadcast: measured rounds (default 100)\n"
            "  --warmup-rounds W    broadcast: unmeasured rounds first (default 5)\n"
            "  --duration D         echo: measured seconds (default 5)\n"
            "  --warmup D           echo: unmeasured seconds first (default 1)\n"
            "  --payload-size S     payload string length in bytes (default 32)\n"
            "  --inflight K         echo: messages in flight per client (default 1 = send-and-wait)\n"
            "  --connect-timeout T  seconds for one connection's TCP connect + handshake (default 30)\n"
            "  --round-timeout T    seconds for one broadcast round / the echo drain (default 10)\n"
            "  --timeout T          seconds for the whole run (default 600)\n"
            "  --ramp-batch B       connections with a handshake in progress at once (default 100)\n"
            "  --server-pid PID     sample the server's VmRSS before/after connecting\n"
            "  --json               one JSON object on stdout instead of the text report\n"
            "  --quiet              no progress lines on stderr\n"
            "  --self-test          check SHA-1/base64 against RFC 6455's example and exit\n");
}

static double arg_double(const char *flag, const char *v, double lo, double hi) {
    char *end;
    double d = strtod(v, &end);
    if (*v == 0 || *end != 0 || !(d >= lo && d <= hi)) die("%s: expected a number in [%g, %g], got \"%s\"", flag, lo, hi, v);
    return d;
}

static int arg_int(const char *flag, const char *v, long lo, long hi) {
    char *end;
    long x = strtol(v, &end, 10);
    if (*v == 0 || *end != 0 || x < lo || x > hi) die("%s: expected an integer in [%ld, %ld], got \"%s\"", flag, lo, hi, v);
    return (int)x;
}

static void resolve_loopback(void) {
    const char *h = cfg.host;
    if (strcmp(h, "localhost") == 0) h = "127.0.0.1";
    struct sockaddr_in *a4 = (struct sockaddr_in *)&server_addr;
    struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&server_addr;
    memset(&server_addr, 0, sizeof server_addr);
    if (inet_pton(AF_INET, h, &a4->sin_addr) == 1) {
        if ((ntohl(a4->sin_addr.s_addr) >> 24) != 127) die("--host %s is not a loopback address (127.0.0.0/8 or ::1)", cfg.host);
        a4->sin_family = AF_INET;
        a4->sin_port = htons((uint16_t)cfg.port);
        server_addr_len = sizeof *a4;
    } else if (inet_pton(AF_INET6, h, &a6->sin6_addr) == 1) {
        if (!IN6_IS_ADDR_LOOPBACK(&a6->sin6_addr)) die("--host %s is not a loopback address (127.0.0.0/8 or ::1)", cfg.host);
        a6->sin6_family = AF_INET6;
        a6->sin6_port = htons((uint16_t)cfg.port);
        server_addr_len = sizeof *a6;
    } else {
        die("--host %s: expected localhost, a 127.x.y.z address or ::1", cfg.host);
    }
}

static int self_test(void) {
    char acc[29];
    accept_for_key("dGhlIHNhbXBsZSBub25jZQ==", acc); /* RFC 6455 section 1.3 */
    int ok = strcmp(acc, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=") == 0;
    uint8_t dig[20];
    char b64[32];
    sha1((const uint8_t *)"abc", 3, dig); /* FIPS 180 example: a9993e36... */
    base64(dig, 20, b64);
    ok = ok && strcmp(b64, "qZk+NkcGgWq6PiVxeFDCbJzQ2J0=") == 0;
    hist_t h;
    hist_init(&h);
    for (uint64_t v = 1; v < 100000000; v = v * 3 + 1) {
        uint64_t back = hist_value(hist_index(v));
        double rel = (double)(back > v ? back - v : v - back) / (double)v;
        if (rel > 0.001) ok = 0;
    }
    printf("self-test %s\n", ok ? "passed" : "FAILED");
    return ok ? 0 : 1;
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return 0; }
        if (!strcmp(a, "--json")) { cfg.json = 1; continue; }
        if (!strcmp(a, "--quiet")) { cfg.quiet = 1; continue; }
        if (!strcmp(a, "--self-test")) return self_test();
        if (i + 1 >= argc) { usage(stderr); die("%s needs a value (or is unknown)", a); }
        const char *v = argv[++i];
        if (!strcmp(a, "--host")) cfg.host = v;
        else if (!strcmp(a, "--port")) cfg.port = arg_int(a, v, 1, 65535);
        else if (!strcmp(a, "--path")) cfg.path = v;
        else if (!strcmp(a, "--clients")) cfg.clients = arg_int(a, v, 1, 1000000);
        else if (!strcmp(a, "--mode")) {
            if (!strcmp(v, "broadcast")) cfg.mode = MODE_BROADCAST;
            else if (!strcmp(v, "echo")) cfg.mode = MODE_ECHO;
            else die("--mode: expected broadcast or echo, got \"%s\"", v);
        }
        else if (!strcmp(a, "--rounds")) cfg.rounds = arg_int(a, v, 1, 10000000);
        else if (!strcmp(a, "--warmup-rounds")) cfg.warmup_rounds = arg_int(a, v, 0, 10000000);
        else if (!strcmp(a, "--duration")) cfg.duration = arg_double(a, v, 0.01, 3600);
        else if (!strcmp(a, "--warmup")) cfg.warmup_seconds = arg_double(a, v, 0, 3600);
        else if (!strcmp(a, "--payload-size")) cfg.payload_size = arg_int(a, v, 0, 16 << 20);
        else if (!strcmp(a, "--inflight")) cfg.inflight = arg_int(a, v, 1, 100000);
        else if (!strcmp(a, "--connect-timeout")) cfg.connect_timeout = arg_double(a, v, 0.01, 3600);
        else if (!strcmp(a, "--round-timeout")) cfg.round_timeout = arg_double(a, v, 0.01, 3600);
        else if (!strcmp(a, "--timeout")) cfg.timeout = arg_double(a, v, 0.1, 86400);
        else if (!strcmp(a, "--ramp-batch")) cfg.ramp_batch = arg_int(a, v, 1, 1000000);
        else if (!strcmp(a, "--server-pid")) cfg.server_pid = arg_int(a, v, 1, 1 << 30);
        else { usage(stderr); die("unknown option %s", a); }
    }
    if (cfg.port == 0) { usage(stderr); die("--port is required"); }
    resolve_loopback();
    signal(SIGPIPE, SIG_IGN);
    fill_random(&rng_state, sizeof rng_state);
    rng_state |= 1;
    run_deadline = now_ns() + (uint64_t)(cfg.timeout * 1e9);

    /* Each connection needs one fd; raise the soft limit to the hard limit. */
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
        getrlimit(RLIMIT_NOFILE, &rl);
    }
    if (rl.rlim_cur != RLIM_INFINITY && (rlim_t)cfg.clients + 16 > rl.rlim_cur)
        die("%d clients need %d file descriptors but the limit is %lu (hard limit); raise it with ulimit -Hn / -n",
            cfg.clients, cfg.clients + 16, (unsigned long)rl.rlim_cur);

    msgbuf_cap = (size_t)cfg.payload_size + 256;
    msgbuf = malloc(msgbuf_cap);
    conns = calloc((size_t)cfg.clients, sizeof(conn_t));
    if (!msgbuf || !conns) die("out of memory");
    for (int i = 0; i < cfg.clients; i++) {
        conns[i].idx = i;
        conns[i].fd = -1;
        conns[i].rcap = 2048 + (size_t)cfg.payload_size;
        conns[i].rb = malloc(conns[i].rcap);
        if (!conns[i].rb) die("out of memory");
    }
    epfd = epoll_create1(EPOLL_CLOEXEC);
    if (epfd < 0) die("epoll_create1: %s", strerror(errno));
    hist_init(&h_round);
    hist_init(&h_latency);
    hist_init(&h_echo);

    long rss_before = read_rss_kb();
    info("connecting %d clients to %s:%d (ramp batch %d)", cfg.clients, cfg.host, cfg.port, cfg.ramp_batch);
    connect_all();
    info("%d clients connected in %.3f s", n_open, connect_seconds);
    idle_for(300);
    long rss_connected = read_rss_kb();

    double cpu0 = cpu_seconds();
    uint64_t wall0 = now_ns();
    if (cfg.mode == MODE_BROADCAST) {
        info("broadcast: %d warmup + %d measured rounds, payload %d bytes", cfg.warmup_rounds, cfg.rounds, cfg.payload_size);
        run_broadcast();
    } else {
        info("echo: %.1f s warmup + %.1f s measured, %d in flight per client, payload %d bytes", cfg.warmup_seconds,
             cfg.duration, cfg.inflight, cfg.payload_size);
        run_echo();
    }
    /* Share of one core the client used during the measured phase: near 100% means the
       client, not the server, set the pace. */
    double client_cpu = (cpu_seconds() - cpu0) / ((double)(now_ns() - wall0) / 1e9) * 100.0;
    long rss_after = read_rss_kb();
    close_all();

    double per_conn = (rss_before >= 0 && rss_connected >= 0) ? (double)(rss_connected - rss_before) * 1024.0 / cfg.clients : -1;
    const char *mode = cfg.mode == MODE_BROADCAST ? "broadcast" : "echo";
    int ok = errors == 0 && listener_mismatches == 0;
    if (cfg.json) {
        printf("{\"ok\":%s,\"mode\":\"%s\",\"clients\":%d,\"payload_size\":%d,\"connect_seconds\":%.6f,", ok ? "true" : "false",
               mode, cfg.clients, cfg.payload_size, connect_seconds);
        if (cfg.mode == MODE_BROADCAST) {
            printf("\"rounds\":%d,\"seconds\":%.6f,\"rounds_per_second\":%.3f,", rounds_done, bench_seconds,
                   bench_seconds > 0 ? rounds_done / bench_seconds : 0.0);
            print_hist_json("round_ms", &h_round);
            putchar(',');
            print_hist_json("latency_ms", &h_latency);
            printf(",\"listener_count_mismatches\":%" PRIu64 ",", listener_mismatches);
        } else {
            printf("\"inflight\":%d,\"seconds\":%.6f,\"messages\":%" PRIu64 ",\"messages_per_second\":%.1f,", cfg.inflight,
                   bench_seconds, echo_count, echo_count / bench_seconds);
            print_hist_json("latency_ms", &h_echo);
            putchar(',');
        }
        printf("\"errors\":%" PRIu64 ",\"first_error\":", errors);
        json_escape_print(stdout, first_error);
        printf(",\"client_cpu_percent\":%.1f", client_cpu);
        printf(",\"pings_answered\":%" PRIu64 ",\"server_pid\":%d,\"rss_kb\":{\"before\":%ld,\"connected\":%ld,\"after\":%ld},"
               "\"rss_bytes_per_connection\":%.1f}\n",
               pings_answered, cfg.server_pid, rss_before, rss_connected, rss_after, per_conn);
    } else {
        printf("shootout %s: %d clients -> %s:%d, payload %d bytes\n", mode, cfg.clients, cfg.host, cfg.port, cfg.payload_size);
        printf("  connect                %.3f s (%.0f connections/s)\n", connect_seconds, cfg.clients / connect_seconds);
        if (cfg.mode == MODE_BROADCAST) {
            printf("  rounds                 %d in %.3f s = %.1f rounds/s\n", rounds_done, bench_seconds,
                   bench_seconds > 0 ? rounds_done / bench_seconds : 0.0);
            printf("  times in ms:\n");
            print_hist_text("round (all received)", &h_round);
            print_hist_text("per-client latency", &h_latency);
            printf("  listenerCount          %s", listener_mismatches ? "MISMATCH" : "ok (== clients every round)");
            if (listener_mismatches) printf(" in %" PRIu64 " rounds, last %lld", listener_mismatches, last_bad_listener_count);
            putchar('\n');
        } else {
            printf("  echo                   %" PRIu64 " messages in %.3f s = %.0f messages/s (%d in flight per client)\n",
                   echo_count, bench_seconds, echo_count / bench_seconds, cfg.inflight);
            printf("  times in ms:\n");
            print_hist_text("echo round trip", &h_echo);
        }
        if (rss_before >= 0)
            printf("  server RSS             before %ld kB, connected %ld kB, after run %ld kB = %.0f bytes per connection\n",
                   rss_before, rss_connected, rss_after, per_conn);
        printf("  client CPU             %.1f%% of one core during the run%s\n", client_cpu,
               client_cpu > 85 ? " (client-bound: figures understate the server)" : "");
        printf("  errors                 %" PRIu64 "%s%s\n", errors, errors ? ", first: " : "", errors ? first_error : "");
    }
    fflush(stdout);
    return ok ? 0 : 3;
}
