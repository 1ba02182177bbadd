/*
 * game: a bar-night load client for `buzzer serve` (WebSocket /ws, subprotocol buzzer.v1).
 *
 * Single-threaded, Linux epoll, non-blocking sockets, libc only, in the style of
 * Benchmarks/shootout/shootout.c (whose SHA-1, base64, histogram and frame code it reuses).
 * One thread on purpose: the benchmark host has two cores and the server needs them.
 *
 * What it plays, per room (all rooms at once):
 *   host:    create (inline pack of --questions choice questions, one round, readingTimeMs --reading-ms)
 *   players: join with the code, nickname p<N>
 *   host:    start -> every player receives `question`            (fan-out latency measured)
 *   players: answer after a random delay in [--answer-min-ms, --answer-max-ms]
 *            -> answer_ack                                        (ack latency measured)
 *   room:    answers_closed once everyone answered
 *   host:    reveal (--reveal-delay-ms after answers_closed, default at once)
 *            -> every player receives `reveal` and its own `result` (reveal latency measured)
 *   host:    --gap-ms after every player has its result and its ack: next (-> question) ...
 *   host:    end after the last question -> `ended` to everyone; then a client-initiated close.
 *
 * Scale-out (docs/scale-out.md): players open /ws?room=CODE, as the web clients do, so HAProxy can
 * route them by code. --ports A,B,C plays directly on several instances (room r on the r % n-th);
 * --rooms-spec 3x2000,150x20 mixes room sizes; results are also split by instance (the code's first
 * letter). With --resume a connection the server drops comes back with backoff and `resume`s (a
 * host with `host` and its token), as a phone does: the kill-one-instance benchmark.
 *
 * Build: cc -O2 -o game game.c     Run: ./game --help
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
#include <stddef.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------ config */

static struct {
    const char *host;
    int port;
    int rooms;
    int players; /* per room */
    int questions;
    int warmup_questions;
    int answer_min_ms, answer_max_ms;
    int gap_ms;
    int reveal_delay_ms; /* host's pause between answers_closed and reveal (0: at once, the scenarios' definition) */
    int start_spread_ms;
    int time_limit_s;
    int reading_ms;
    int json;
    double connect_timeout;
    double stall_timeout; /* a room that makes no progress for this long ends the run */
    double timeout;       /* whole run */
    int ramp_batch;
    int server_pid;
    int quiet;
    uint64_t seed;
    int resume;            /* reconnect and resume a dropped connection instead of failing */
    int create_in_order;   /* one create at a time, so a round-robin proxy deals rooms in turn */
    double resume_timeout; /* seconds a dropped connection may take to resume */
} cfg = {
    .host = "127.0.0.1",
    .rooms = 1,
    .players = 60,
    .questions = 10,
    .warmup_questions = 1,
    .answer_min_ms = 100,
    .answer_max_ms = 2000,
    .gap_ms = 250,
    .time_limit_s = 30,
    .reading_ms = 0,
    .connect_timeout = 30,
    .stall_timeout = 30,
    .timeout = 900,
    .ramp_batch = 100,
    .resume_timeout = 60,
};

/* ------------------------------------------------------------------- utils */

#define BENCH_NAME "game"
#include "../common/bench_util.h"

/* ------------------------------------------------------------ game state */

/* C_LOST: dropped by the server, waiting to reconnect (--resume). */
enum cstate { C_IDLE, C_LOST, C_CONNECTING, C_HANDSHAKE, C_OPEN, C_CLOSING, C_CLOSED };

typedef struct {
    int fd;
    int idx;
    int room;
    int is_host;
    enum cstate state;
    uint32_t events;
    uint8_t *rb;
    size_t rlen, rcap;
    uint8_t *wb;
    size_t wlen, woff, wcap;
    uint8_t *msg;
    size_t mlen, mcap;
    int mop;
    uint64_t t_start;
    char accept[29];
    /* player */
    int joined;
    int q_seen;        /* last question sequence received, -1 = none */
    int q_acked;       /* last question acknowledged, -1 = none */
    int q_result;      /* last question with a result, -1 = none */
    int ended;
    uint64_t t_answer; /* when the answer was sent */
    uint64_t t_join;   /* when the join was queued (written with the handshake's flush) */
    uint64_t timer_at; /* pending timer (answer, or the host's next command), 0 = none */
    uint64_t t_read;   /* when poll_once's first pass read this connection's bytes */
    uint64_t t_wire;   /* when the kernel received them (SO_TIMESTAMPNS), 0 = unknown */
    ssize_t pre_read;  /* bytes that pass read, 0 = none */
    int target;        /* index into targets[] */
    /* --resume */
    char token[160];   /* the host's hostToken, or the player's latest resumeToken */
    int resuming;      /* dropped; reconnecting until `hosting` / `joined` with resumed */
    int resynced;      /* the next `state` after a resume re-syncs this connection */
    uint64_t t_lost;   /* when it was dropped */
    int backoff_ms;
} conn_t;

enum rstate { R_CREATING, R_LOBBY, R_ASKING, R_CLOSED, R_REVEALING, R_GAP, R_ENDING, R_DONE };

typedef struct {
    char code[16];
    enum rstate state;
    int joined;
    int seq;             /* question in flight (sequence), -1 before start */
    uint64_t t_sent;     /* host's start/next written to the socket */
    uint64_t t_reveal;   /* host's reveal written to the socket */
    uint64_t reveal_min, reveal_max; /* fastest and slowest `result` of this reveal so far */
    int received;        /* players that got `question` seq */
    int acks, results, ended;
    int closed;          /* answers_closed seen by the host */
    uint64_t last_recv;
    uint64_t first_recv;
    uint64_t t_progress; /* last time anything happened in this room (stall detection) */
    int np;              /* players in this room */
    int first;           /* index of its first player in conns[] */
    int inst;            /* instance slot (by the code's first letter), -1 before created */
    int disrupted;       /* a connection of this room was dropped: measured apart from here on */
    int host_ended;
    uint64_t acked, resulted; /* answer_acks and results over the whole game (while not disrupted) */
} room_t;

static conn_t *conns;
static room_t *rooms;
static int n_conns;
static int epfd;
/* Where connections go: one address (a server or the proxy), or one per instance (--ports). */
#define MAX_TARGETS 8
static struct sockaddr_storage targets[MAX_TARGETS];
static socklen_t target_len[MAX_TARGETS];
static int target_port[MAX_TARGETS];
static int n_targets;
static int total_players;

/* Instances, told apart by the first letter of the codes they deal. */
#define MAX_INSTANCES 8
static char inst_name[MAX_INSTANCES];
static int n_inst;
static hist_t h_inst_fanout[MAX_INSTANCES], h_inst_ack[MAX_INSTANCES];

/* The same latencies timed by the kernel's arrival of the bytes (SO_TIMESTAMPNS) instead of by this
   loop reading them, and the gap between the two (the client's own lag). A slow server shows in
   both; a busy client only in the loop's figures and in the lag. */
static hist_t h_fanout_wire, h_ack_wire, h_lag;
static hist_t h_inst_fanout_wire[MAX_INSTANCES], h_inst_ack_wire[MAX_INSTANCES];
static int64_t real_minus_mono; /* CLOCK_REALTIME (the kernel's stamps) minus CLOCK_MONOTONIC */
static uint64_t cur_wire;       /* kernel arrival of the bytes being parsed, monotonic; 0 = unknown */
static FILE *samples;           /* --samples FILE: one CSV line per measured sample and event */
static int inst_rooms[MAX_INSTANCES], inst_players[MAX_INSTANCES];

/* --resume */
static hist_t h_resume;           /* dropped -> resumed (`hosting`, or `joined` with resumed) */
static hist_t h_disrupted_ack;    /* answer -> answer_ack in a disrupted room, after the drop */
static uint64_t drops, resumes, reconnect_attempts, disrupted_errors, acks_disrupted;
static int rooms_disrupted;

/* Processes to sample (--watch-pid NAME=PID): each instance and the proxy. */
typedef struct { char name[16]; int pid; double cpu0, cpu1; long rss_peak; char pidfile[256]; } watch_t;
static watch_t watched[MAX_TARGETS + 2];
static int n_watched;
static int n_open, n_pending;
static int closing_phase;

static uint64_t errors;            /* correctness problems and server `error` messages */
static uint64_t server_errors;     /* of which `error` messages */
static char first_error[256];
static uint64_t pings_answered;
static uint64_t not_durable;       /* answer_ack with durable false */
static uint64_t answers_sent, acks_total, results_total;
static int rooms_created, players_joined, rooms_done;

static hist_t h_fanout;   /* host's start/next sent -> each player received `question` */
static hist_t h_round;    /* host's start/next sent -> last player of the room received it */
static hist_t h_ack;      /* answer sent -> answer_ack */
static hist_t h_first;    /* host's start/next sent -> first player of the room received it */
/* The reveal, like the question fan-out, but each player's `result` is its own payload (its score
   and rank), encoded per player, where the question is one frame shared by the whole room. */
static hist_t h_reveal;       /* host's reveal sent -> each player received its `result` */
static hist_t h_reveal_all;   /* host's reveal sent -> last player of the room received its `result` */
static hist_t h_reveal_first; /* host's reveal sent -> first player of the room received its `result` */
static hist_t h_join;         /* player's join written -> its `joined` received */

/* Per question index, across rooms: fan-out mean and max, to see whether a long night holds steady. */
typedef struct { uint64_t n, max; double sum; uint64_t ack_n, ack_max; double ack_sum; uint64_t rev_n, rev_max; double rev_sum; } qstat_t;
static qstat_t *qstats;

/* answers acknowledged per wall-clock second of the game */
#define MAX_SECONDS 3600
static uint32_t acks_per_second[MAX_SECONDS];
static uint64_t game_start, game_end, last_ack_at;

/* --samples: `kind,instance,t_ms,ms,wire_ms`, t_ms from the game's start. Kinds: fanout and ack
   (ms timed by this loop, wire_ms by the kernel's arrival), drop and resume (ms = time away). */
static void sample_line(const char *kind, int room, uint64_t t, uint64_t ms_ns, uint64_t wire_ns) {
    if (!samples || !game_start) return;
    int inst = rooms[room].inst;
    fprintf(samples, "%s,%c,%.3f,%.3f,%.3f\n", kind, inst >= 0 ? inst_name[inst] : '?',
            t > game_start ? (double)(t - game_start) / 1e6 : 0.0, ms_ns / 1e6, wire_ns / 1e6);
}
static void sample_event(const char *kind, const conn_t *c, uint64_t t, uint64_t took_ns) {
    sample_line(kind, c->room, t, took_ns, 0);
}

/* The kernel's arrival time of what `t_read` read, on the monotonic clock; `t_read` when unknown. */
static uint64_t wire_or(uint64_t t_read) { return cur_wire && cur_wire <= t_read ? cur_wire : t_read; }

/* recv, plus when the kernel received the last packet read (SCM_TIMESTAMPNS), on the monotonic clock. */
static ssize_t recv_stamped(int fd, void *buf, size_t len, uint64_t *wire) {
    struct iovec iov = {buf, len};
    union { char b[CMSG_SPACE(sizeof(struct timespec))]; struct cmsghdr align; } ctl;
    struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.b, .msg_controllen = sizeof ctl.b};
    ssize_t n = recvmsg(fd, &mh, 0);
    *wire = 0;
    if (n <= 0) return n;
    for (struct cmsghdr *cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm)) {
        if (cm->cmsg_level != SOL_SOCKET || cm->cmsg_type != SCM_TIMESTAMPNS) continue;
        struct timespec ts;
        memcpy(&ts, CMSG_DATA(cm), sizeof ts);
        int64_t mono = (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec - real_minus_mono;
        if (mono > 0) *wire = (uint64_t)mono;
    }
    return n;
}

/* The loop's lag behind the kernel for one read, while the game plays (not the closing handshakes). */
static void note_lag(uint64_t t_read, uint64_t wire) {
    if (wire && wire <= t_read && game_start && !game_end) hist_add(&h_lag, t_read - wire);
}

static void note_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void note_error(const char *fmt, ...) {
    if (errors++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(first_error, sizeof first_error, fmt, ap);
        va_end(ap);
        fprintf(stderr, "game: warning: %s\n", first_error);
    }
}

/* ------------------------------------------------------------- timer heap */
/* Min-heap of (time, connection): players' pending answers and hosts' delayed commands. */

typedef struct { uint64_t t; int idx; } tev_t;
static tev_t *heap;
static int heap_n, heap_cap;

static void heap_push(uint64_t t, int idx) {
    if (heap_n == heap_cap) {
        heap_cap = heap_cap ? heap_cap * 2 : 1024;
        heap = xrealloc(heap, (size_t)heap_cap * sizeof *heap);
    }
    int i = heap_n++;
    while (i > 0) {
        int p = (i - 1) / 2;
        if (heap[p].t <= t) break;
        heap[i] = heap[p];
        i = p;
    }
    heap[i] = (tev_t){t, idx};
}

static tev_t heap_pop(void) {
    tev_t top = heap[0];
    tev_t last = heap[--heap_n];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        uint64_t mt = last.t;
        if (l < heap_n && heap[l].t < mt) { m = l; mt = heap[l].t; }
        if (r < heap_n && heap[r].t < mt) m = r;
        if (m == i) break;
        heap[i] = heap[m];
        i = m;
    }
    if (heap_n > 0) heap[i] = last;
    return top;
}

/* ------------------------------------------------------------ connections */

static void set_events(conn_t *c, uint32_t ev) {
    if (c->events == ev) return;
    struct epoll_event e = {.events = ev, .data.u32 = (uint32_t)c->idx};
    if (epoll_ctl(epfd, EPOLL_CTL_MOD, c->fd, &e) < 0) die("epoll_ctl: %s", strerror(errno));
    c->events = ev;
}

static void conn_close(conn_t *c) {
    if (c->state == C_CLOSED || c->state == C_IDLE) return;
    if (c->state == C_OPEN || c->state == C_CLOSING) n_open--;
    if (c->state == C_CONNECTING || c->state == C_HANDSHAKE) n_pending--;
    if (c->fd >= 0) close(c->fd);
    c->fd = -1;
    c->state = C_CLOSED;
}

static const char *who(const conn_t *c) {
    static char buf[64];
    if (c->is_host) snprintf(buf, sizeof buf, "host of room #%d", c->room);
    else snprintf(buf, sizeof buf, "player #%d (room #%d)", c->idx - cfg.rooms, c->room);
    return buf;
}

/* With --resume, a connection the server dropped (the instance was killed, or the proxy answered 503
   while it was down) closes and comes back after a backoff of 250 ms doubling to 2 s, with jitter,
   as a phone does. Its room is "disrupted" from then on and measured apart. Returns 0 without
   --resume (or before the room exists): the caller then fails the run as before. */
static int conn_lost(conn_t *c, const char *why) {
    room_t *rm = &rooms[c->room];
    if (!cfg.resume || closing_phase || rm->code[0] == 0 || c->state == C_CLOSING) return 0;
    conn_close(c);
    c->state = C_LOST;
    c->rlen = c->wlen = c->woff = c->mlen = 0;
    c->mop = 0;
    c->pre_read = 0;
    uint64_t t = now_ns();
    if (!rm->disrupted) {
        rm->disrupted = 1;
        rooms_disrupted++;
        info("room #%d (%s) disrupted: %s %s", c->room, rm->code, who(c), why);
    }
    if (!c->resuming) {
        c->resuming = 1;
        c->t_lost = t;
        c->backoff_ms = 250;
        drops++;
        sample_event("drop", c, t, 0);
    } else {
        c->backoff_ms = c->backoff_ms * 2 > 2000 ? 2000 : c->backoff_ms * 2;
    }
    /* A room waiting for every result will not get them from players who are away. */
    if (rm->state == R_REVEALING && !c->is_host && conns[c->room].state == C_OPEN) {
        conns[c->room].timer_at = t + 1000000000ull;
        heap_push(conns[c->room].timer_at, c->room);
    }
    uint64_t jitter = rng_next() % (uint64_t)(c->backoff_ms / 2 + 1);
    c->timer_at = t + ((uint64_t)c->backoff_ms + jitter) * 1000000ull;
    heap_push(c->timer_at, c->idx);
    rm->t_progress = t;
    return 1;
}

static void start_connect(conn_t *c);

static int gone(const conn_t *c) { return c->state == C_CLOSED || c->state == C_LOST; }

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
        if (conn_lost(c, strerror(errno))) return;
        die("send on %s: %s", who(c), strerror(errno));
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

/* One masked client frame (RFC 6455 section 5.3). */
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
    for (size_t i = 0; i < len; i++) p[i] = payload[i] ^ mk[i & 3];
}

static void send_text(conn_t *c, const char *s, size_t len) {
    conn_queue_frame(c, 0x1, (const uint8_t *)s, len);
    conn_flush(c);
}

/* ------------------------------------------------------------ tiny JSON scan */
/*
 * The server writes compact JSON with sorted keys, but nested objects may reuse key names
 * ("question" is both a top-level number in answer_ack and an object in question), so lookups
 * are depth-aware. One pass indexes the members of an object (obj_index); lookups then compare
 * keys only. Strings are skipped with memchr: a question message is mostly string bytes, and the
 * client reads 2,000 of them in a burst, so scanning each several times byte by byte (as the
 * first version did, once per key looked up) delayed the reads it is there to timestamp.
 */
#define MAX_MEMBERS 32

typedef struct {
    const char *key;
    size_t klen;
    const char *value;
} member_t;

typedef struct {
    member_t m[MAX_MEMBERS];
    int n;
} members_t;

static const char *skip_ws(const char *p, const char *end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) p++;
    return p;
}

/* `p` is just past an opening quote; returns the closing quote, or NULL. */
static const char *string_end(const char *p, const char *end) {
    while (p < end) {
        const char *q = memchr(p, '"', (size_t)(end - p));
        if (!q) return NULL;
        size_t backslashes = 0;
        while (q - backslashes > p && q[-1 - (ptrdiff_t)backslashes] == '\\') backslashes++;
        if (backslashes % 2 == 0) return q;
        p = q + 1;
    }
    return NULL;
}

/* Indexes the members of the object starting at `p`. 0 if `p` is not a whole object or it has
   more than MAX_MEMBERS members (the server's largest, `state`, has about 20). */
static int obj_index(const char *p, const char *end, members_t *out) {
    out->n = 0;
    p = skip_ws(p, end);
    if (p >= end || *p != '{') return 0;
    p++;
    int depth = 1;
    int expect_key = 1;
    while (p < end) {
        char ch = *p;
        if (ch == '"') {
            const char *s = p + 1;
            const char *e = string_end(s, end);
            if (!e) return 0;
            p = e + 1;
            if (depth == 1 && expect_key) {
                const char *q = skip_ws(p, end);
                if (q < end && *q == ':') {
                    if (out->n == MAX_MEMBERS) return 0;
                    out->m[out->n++] = (member_t){s, (size_t)(e - s), skip_ws(q + 1, end)};
                    expect_key = 0;
                    p = q + 1;
                }
            }
            continue;
        }
        if (ch == '{' || ch == '[') depth++;
        else if (ch == '}' || ch == ']') { if (--depth == 0) return 1; }
        else if (ch == ',' && depth == 1) expect_key = 1;
        p++;
    }
    return 0;
}

static const char *member(const members_t *ms, const char *key) {
    size_t klen = strlen(key);
    for (int i = 0; i < ms->n; i++)
        if (ms->m[i].klen == klen && memcmp(ms->m[i].key, key, klen) == 0) return ms->m[i].value;
    return NULL;
}

static int member_string(const members_t *ms, const char *end, const char *key, const char **s, size_t *slen) {
    const char *v = member(ms, key);
    if (!v || *v != '"') return 0;
    const char *q = string_end(v + 1, end);
    if (!q) return 0;
    *s = v + 1;
    *slen = (size_t)(q - v - 1);
    return 1;
}

static int member_int(const members_t *ms, const char *end, const char *key, long long *out) {
    const char *v = member(ms, key);
    if (!v) return 0;
    int neg = 0;
    if (v < end && *v == '-') { neg = 1; v++; }
    if (v >= end || *v < '0' || *v > '9') return 0;
    long long x = 0;
    while (v < end && *v >= '0' && *v <= '9') x = x * 10 + (*v++ - '0');
    *out = neg ? -x : x;
    return 1;
}

static int member_bool(const members_t *ms, const char *end, const char *key, int *out) {
    const char *v = member(ms, key);
    if (!v) return 0;
    if ((size_t)(end - v) >= 4 && memcmp(v, "true", 4) == 0) { *out = 1; return 1; }
    if ((size_t)(end - v) >= 5 && memcmp(v, "false", 5) == 0) { *out = 0; return 1; }
    return 0;
}

#define IS(type, tlen, lit) ((tlen) == sizeof(lit) - 1 && memcmp((type), lit, sizeof(lit) - 1) == 0)

/* ------------------------------------------------------------------ game */

static char *create_msg;
static size_t create_len;

/* The host's create: one untitled round of --questions choice questions, answers open at once.
   The text has a lone quote and ends in a backslash, as real packs may: the server escapes both,
   and the client's string scanning must step over them (an odd quote count throws a scanner that
   ignores escapes off for the rest of the message). */
static void build_create(void) {
    size_t cap = 512 + (size_t)cfg.questions * 200;
    create_msg = malloc(cap);
    if (!create_msg) die("out of memory");
    size_t n = (size_t)snprintf(create_msg, cap,
        "{\"type\":\"create\",\"settings\":{\"readingTimeMs\":%d,\"timeLimitSeconds\":%d,\"closeWhenAllAnswered\":true,"
        "\"autoAdvance\":false,\"lateJoin\":true},\"questions\":{\"title\":\"Bench night\",\"questions\":[",
        cfg.reading_ms, cfg.time_limit_s);
    for (int q = 0; q < cfg.questions; q++) {
        n += (size_t)snprintf(create_msg + n, cap - n,
            "%s{\"kind\":\"choice\",\"category\":\"Bench\",\"text\":\"Question %d: which 12\\\" single is number %d? C:\\\\\","
            "\"options\":[\"one\",\"two\",\"three\",\"four\"],\"answer\":%d}",
            q ? "," : "", q + 1, q % 4 + 1, q % 4);
    }
    n += (size_t)snprintf(create_msg + n, cap - n, "]}}");
    if (n >= cap) die("internal: create message buffer too small");
    create_len = n;
}

static void host_send(conn_t *host, const char *type) {
    char buf[64];
    int n = snprintf(buf, sizeof buf, "{\"type\":\"%s\"}", type);
    send_text(host, buf, (size_t)n);
}

static int measured(int seq) { return seq >= cfg.warmup_questions; }

/* The host's `start` or `next`: the fan-out clock starts when it is written to the socket. */
static void room_ask(int r) {
    room_t *rm = &rooms[r];
    conn_t *host = &conns[r];
    rm->seq++;
    rm->received = rm->acks = rm->results = 0;
    rm->reveal_min = UINT64_MAX;
    rm->reveal_max = 0;
    rm->closed = 0;
    rm->state = R_ASKING;
    host_send(host, rm->seq == 0 ? "start" : "next");
    rm->t_sent = now_ns();
    rm->t_progress = rm->t_sent;
}

/* The host reveals: the reveal clock starts once the command is written, as for start/next. */
static void room_reveal(conn_t *host) {
    room_t *rm = &rooms[host->room];
    rm->state = R_REVEALING;
    host_send(host, "reveal");
    rm->t_reveal = now_ns();
    if (rm->disrupted) {
        host->timer_at = rm->t_reveal + (uint64_t)(cfg.gap_ms > 1000 ? cfg.gap_ms : 1000) * 1000000ull;
        heap_push(host->timer_at, host->idx);
    }
}

/* After a reveal: next question (or the end) once every player has its result and its ack. */
static void room_maybe_advance(int r, uint64_t t) {
    room_t *rm = &rooms[r];
    if (rm->state != R_REVEALING || rm->disrupted || rm->results < rm->np || rm->acks < rm->np) return;
    rm->state = R_GAP;
    conn_t *host = &conns[r];
    host->timer_at = t + (uint64_t)cfg.gap_ms * 1000000ull;
    heap_push(host->timer_at, host->idx);
}

static void on_timer(conn_t *c, uint64_t t) {
    if (c->state == C_LOST && c->timer_at != 0) {
        c->timer_at = 0;
        if (t - c->t_lost > (uint64_t)(cfg.resume_timeout * 1e9))
            die("%s did not resume within --resume-timeout %.0f s", who(c), cfg.resume_timeout);
        start_connect(c);
        return;
    }
    if (c->state != C_OPEN || c->timer_at == 0) return;
    c->timer_at = 0;
    room_t *rm = &rooms[c->room];
    if (c->is_host) {
        if (rm->state == R_CLOSED) {
            room_reveal(c);
            return;
        }
        /* A disrupted room does not wait for every result (some players are still away). */
        if (rm->state == R_REVEALING && rm->disrupted) rm->state = R_GAP;
        if (rm->state != R_GAP) return;
        if (rm->seq + 1 < cfg.questions) {
            room_ask(c->room);
        } else {
            rm->state = R_ENDING;
            rm->t_progress = t;
            host_send(c, "end");
        }
        return;
    }
    char buf[128];
    int n = snprintf(buf, sizeof buf, "{\"type\":\"answer\",\"question\":%d,\"answer\":{\"kind\":\"choice\",\"option\":%d}}",
                     c->q_seen, (int)(rng_next() % 4));
    send_text(c, buf, (size_t)n);
    c->t_answer = now_ns();
    answers_sent++;
}

static void on_error_message(conn_t *c, const members_t *ms, const char *m, const char *end) {
    const char *code = "?", *req = "?";
    size_t clen = 1, rlen = 1;
    member_string(ms, end, "code", &code, &clen);
    member_string(ms, end, "request", &req, &rlen);
    /* Around a drop, an answer may cross the restart (already answered, or answers closed meanwhile).
       A refused `resume` or `host` is a real failure, though. */
    if (rooms[c->room].disrupted && !c->resuming) {
        if (disrupted_errors++ == 0) info("%s got error %.*s in a disrupted room (counted apart)", who(c), (int)clen, code);
        return;
    }
    server_errors++;
    note_error("%s got error %.*s (request %.*s): %.120s", who(c), (int)clen, code, (int)rlen, req, m);
}

static int inst_slot(char letter) {
    for (int i = 0; i < n_inst; i++) if (inst_name[i] == letter) return i;
    if (n_inst == MAX_INSTANCES) return MAX_INSTANCES - 1;
    inst_name[n_inst] = letter;
    hist_init(&h_inst_fanout[n_inst]);
    hist_init(&h_inst_ack[n_inst]);
    hist_init(&h_inst_fanout_wire[n_inst]);
    hist_init(&h_inst_ack_wire[n_inst]);
    return n_inst++;
}

static void save_token(conn_t *c, const members_t *ms, const char *end, const char *key) {
    const char *tok;
    size_t tl;
    if (member_string(ms, end, key, &tok, &tl) && tl < sizeof c->token) {
        memcpy(c->token, tok, tl);
        c->token[tl] = 0;
    }
}

static void resumed(conn_t *c, uint64_t t) {
    c->resuming = 0;
    c->resynced = 1;
    resumes++;
    hist_add(&h_resume, t - c->t_lost);
    sample_event("resume", c, t, t - c->t_lost);
    rooms[c->room].t_progress = t;
}

static void player_ended(conn_t *c, uint64_t t) {
    room_t *rm = &rooms[c->room];
    if (c->ended) { if (!rm->disrupted) note_error("%s: ended twice", who(c)); return; }
    c->ended = 1;
    rm->ended++;
    rm->t_progress = t;
    if (rm->ended == rm->np && rm->state == R_ENDING) {
        rm->state = R_DONE;
        rooms_done++;
    }
}

/* The `state` after a resume: pick the game up where the room is (phase, question, answered). */
static void resync(conn_t *c, const members_t *ms, const char *end, uint64_t t) {
    room_t *rm = &rooms[c->room];
    const char *phase = "";
    size_t plen = 0;
    long long seq = -1;
    int answered = 0;
    member_string(ms, end, "phase", &phase, &plen);
    const char *qv = member(ms, "question");
    members_t qm;
    if (qv && obj_index(qv, end, &qm)) member_int(&qm, end, "sequence", &seq);
    member_bool(ms, end, "answered", &answered);
    int asking = IS(phase, plen, "open") || IS(phase, plen, "reading");
    if (c->is_host) {
        if (seq >= 0) rm->seq = (int)seq;
        if (IS(phase, plen, "lobby")) rm->seq = -1; /* the start never reached the log: start again */
        if (asking) {
            rm->state = R_ASKING; /* answers_closed comes when everyone answered, or at the deadline */
        } else if (IS(phase, plen, "closed")) {
            room_reveal(c);
        } else if (IS(phase, plen, "revealed") || IS(phase, plen, "leaderboard") || IS(phase, plen, "lobby")) {
            rm->state = R_GAP;
            c->timer_at = t + (uint64_t)cfg.gap_ms * 1000000ull + 1;
            heap_push(c->timer_at, c->idx);
        } else if (IS(phase, plen, "ended")) {
            rm->host_ended = 1;
            if (rm->state != R_DONE) rm->state = rm->ended == rm->np ? R_DONE : R_ENDING;
            if (rm->state == R_DONE) rooms_done++;
        }
        return;
    }
    if (IS(phase, plen, "ended")) { player_ended(c, t); return; }
    /* The log may hold less than this player saw: what was sent but not yet durable died with the
       server. Back in the lobby, the host starts again and the first question comes again. */
    c->q_seen = (int)seq;
    if (seq < 0) { c->q_acked = c->q_result = -1; return; }
    c->t_answer = 0;
    if (asking && !answered) {
        uint64_t span = (uint64_t)(cfg.answer_max_ms - cfg.answer_min_ms);
        uint64_t delay_ms = (uint64_t)cfg.answer_min_ms + (span ? rng_next() % (span + 1) : 0);
        c->timer_at = t + delay_ms * 1000000ull;
        heap_push(c->timer_at, c->idx);
    } else {
        c->q_acked = (int)seq;
    }
}

static void on_text(conn_t *c, const char *m, size_t len, uint64_t t) {
    const char *end = m + len;
    const char *type;
    size_t tlen;
    members_t ms;
    if (!obj_index(m, end, &ms)) {
        note_error("%s: not a JSON object of at most %d members: %.80s", who(c), MAX_MEMBERS, m);
        return;
    }
    if (!member_string(&ms, end, "type", &type, &tlen)) {
        note_error("%s: message without a \"type\" string: %.80s", who(c), m);
        return;
    }
    room_t *rm = &rooms[c->room];
    if (IS(type, tlen, "error")) { on_error_message(c, &ms, m, end); return; }

    if (c->is_host) {
        if (IS(type, tlen, "created")) {
            const char *code;
            size_t clen;
            if (!member_string(&ms, end, "code", &code, &clen) || clen == 0 || clen >= sizeof rm->code)
                die("%s: created without a usable code: %.120s", who(c), m);
            memcpy(rm->code, code, clen);
            rm->code[clen] = 0;
            rm->inst = inst_slot(code[0]);
            inst_rooms[rm->inst]++;
            inst_players[rm->inst] += rm->np;
            save_token(c, &ms, end, "hostToken");
            rm->state = R_LOBBY;
            rm->t_progress = t;
            rooms_created++;
        } else if (IS(type, tlen, "answers_closed")) {
            long long q = -1;
            member_int(&ms, end, "question", &q);
            if (rm->disrupted) {
                if (rm->state != R_ASKING) return;
                rm->seq = (int)q;
            } else if (rm->state != R_ASKING || q != rm->seq) {
                note_error("%s: answers_closed for question %lld while question %d is in flight", who(c), q, rm->seq);
                return;
            }
            rm->closed = 1;
            rm->t_progress = t;
            if (cfg.reveal_delay_ms > 0) {
                rm->state = R_CLOSED;
                c->timer_at = t + (uint64_t)cfg.reveal_delay_ms * 1000000ull;
                heap_push(c->timer_at, c->idx);
            } else {
                room_reveal(c);
            }
        } else if (IS(type, tlen, "question")) {
            /* The host's copy carries the answer; players' copies must not (checked below). */
            if (!member(&ms, "correct")) note_error("%s: host question without \"correct\"", who(c));
        } else if (IS(type, tlen, "ended")) {
            rm->t_progress = t;
            rm->host_ended = 1;
        } else if (IS(type, tlen, "hosting")) {
            if (c->resuming) resumed(c, t);
        } else if (IS(type, tlen, "state")) {
            if (c->resynced) { c->resynced = 0; resync(c, &ms, end, t); }
        }
        /* state, lobby, players, answers_open, answer_count, reveal, leaderboard, standing: not needed */
        return;
    }

    if (IS(type, tlen, "joined")) {
        save_token(c, &ms, end, "resumeToken");
        if (c->resuming) {
            int was_resumed = 0;
            member_bool(&ms, end, "resumed", &was_resumed);
            if (!was_resumed) note_error("%s: a resume answered joined without resumed:true", who(c));
            resumed(c, t);
            return;
        }
        if (c->joined) { note_error("%s: joined twice", who(c)); return; }
        c->joined = 1;
        if (c->t_join && t > c->t_join) hist_add(&h_join, t - c->t_join);
        rm->joined++;
        rm->t_progress = t;
        players_joined++;
    } else if (IS(type, tlen, "question")) {
        const char *qv = member(&ms, "question");
        members_t qm;
        long long seq = -1;
        if (!qv || !obj_index(qv, end, &qm) || !member_int(&qm, end, "sequence", &seq)) { note_error("%s: question without question.sequence: %.100s", who(c), m); return; }
        if (member(&ms, "correct") || member(&qm, "answer") || member(&qm, "correct"))
            note_error("%s: the answer reached a player before the reveal: %.120s", who(c), m);
        if (rm->disrupted) {
            /* Not measured: the room's clocks and counts restarted with the drop. */
            if (seq <= c->q_seen) return;
            c->q_seen = (int)seq;
            uint64_t span = (uint64_t)(cfg.answer_max_ms - cfg.answer_min_ms);
            uint64_t delay_ms = (uint64_t)cfg.reading_ms + (uint64_t)cfg.answer_min_ms + (span ? rng_next() % (span + 1) : 0);
            c->timer_at = t + delay_ms * 1000000ull;
            heap_push(c->timer_at, c->idx);
            rm->t_progress = t;
            return;
        }
        if (seq != rm->seq || rm->state != R_ASKING) {
            note_error("%s: question %lld arrived while question %d is in flight", who(c), seq, rm->seq);
            return;
        }
        if (c->q_seen == seq) { note_error("%s: question %lld arrived twice", who(c), seq); return; }
        c->q_seen = (int)seq;
        uint64_t lat = t > rm->t_sent ? t - rm->t_sent : 0;
        rm->received++;
        rm->last_recv = t;
        if (rm->received == 1) rm->first_recv = t;
        rm->t_progress = t;
        if (measured((int)seq)) {
            hist_add(&h_fanout, lat);
            qstat_t *qs = &qstats[seq];
            qs->n++;
            qs->sum += (double)lat;
            if (lat > qs->max) qs->max = lat;
            if (rm->received == 1) hist_add(&h_first, lat);
            if (rm->received == rm->np) hist_add(&h_round, rm->last_recv - rm->t_sent);
            hist_add(&h_inst_fanout[rm->inst], lat);
            uint64_t w = wire_or(t), wlat = w > rm->t_sent ? w - rm->t_sent : 0;
            hist_add(&h_fanout_wire, wlat);
            hist_add(&h_inst_fanout_wire[rm->inst], wlat);
            sample_line("fanout", c->room, t, lat, wlat);
        }
        /* Answers open after the reading time (--reading-ms): answer a random think time after that. */
        uint64_t span = (uint64_t)(cfg.answer_max_ms - cfg.answer_min_ms);
        uint64_t delay_ms = (uint64_t)cfg.reading_ms + (uint64_t)cfg.answer_min_ms + (span ? rng_next() % (span + 1) : 0);
        c->timer_at = t + delay_ms * 1000000ull;
        heap_push(c->timer_at, c->idx);
    } else if (IS(type, tlen, "answer_ack")) {
        long long q = -1;
        int durable = 1;
        member_int(&ms, end, "question", &q);
        member_bool(&ms, end, "durable", &durable);
        if (rm->disrupted) {
            if (c->t_answer && q == c->q_seen) hist_add(&h_disrupted_ack, t - c->t_answer);
            c->t_answer = 0;
            c->q_acked = (int)q;
            acks_disrupted++;
            rm->t_progress = t;
            return;
        }
        if (q != c->q_seen || c->t_answer == 0 || c->q_acked == q) {
            note_error("%s: unexpected answer_ack for question %lld", who(c), q);
            return;
        }
        if (!durable) not_durable++;
        c->q_acked = (int)q;
        uint64_t t_answer = c->t_answer, lat = t - t_answer;
        c->t_answer = 0;
        acks_total++;
        last_ack_at = t;
        uint64_t sec = (t - game_start) / 1000000000ull;
        if (sec < MAX_SECONDS) acks_per_second[sec]++;
        if (measured((int)q)) {
            hist_add(&h_ack, lat);
            hist_add(&h_inst_ack[rm->inst], lat);
            uint64_t w = wire_or(t), wlat = w > t_answer ? w - t_answer : 0;
            hist_add(&h_ack_wire, wlat);
            hist_add(&h_inst_ack_wire[rm->inst], wlat);
            sample_line("ack", c->room, t, lat, wlat);
            qstat_t *qs = &qstats[q];
            qs->ack_n++;
            qs->ack_sum += (double)lat;
            if (lat > qs->ack_max) qs->ack_max = lat;
        }
        rm->acks++;
        rm->acked++;
        rm->t_progress = t;
        room_maybe_advance(c->room, t);
    } else if (IS(type, tlen, "result")) {
        const char *rv = member(&ms, "result");
        members_t rsm;
        long long seq = -1;
        if (!rv || !obj_index(rv, end, &rsm) || !member_int(&rsm, end, "sequence", &seq)) { note_error("%s: result without result.sequence: %.100s", who(c), m); return; }
        if (rm->disrupted) { c->q_result = (int)seq; rm->t_progress = t; return; }
        if (seq != rm->seq || seq != c->q_seen || rm->state != R_REVEALING) {
            note_error("%s: result for question %lld while question %d is being revealed", who(c), seq, rm->seq);
            return;
        }
        if (c->q_result == seq) { note_error("%s: two results for question %lld", who(c), seq); return; }
        c->q_result = (int)seq;
        uint64_t lat = t > rm->t_reveal ? t - rm->t_reveal : 0;
        results_total++;
        rm->results++;
        rm->resulted++;
        rm->t_progress = t;
        if (lat < rm->reveal_min) rm->reveal_min = lat;
        if (lat > rm->reveal_max) rm->reveal_max = lat;
        if (measured((int)seq)) {
            hist_add(&h_reveal, lat);
            qstat_t *qs = &qstats[seq];
            qs->rev_n++;
            qs->rev_sum += (double)lat;
            if (lat > qs->rev_max) qs->rev_max = lat;
            /* The room's first and last by receive time, not by the order this loop parsed them in
               (a socket read again after a full first read is parsed with a later time). */
            if (rm->results == rm->np) {
                hist_add(&h_reveal_first, rm->reveal_min);
                hist_add(&h_reveal_all, rm->reveal_max);
            }
        }
        room_maybe_advance(c->room, t);
    } else if (IS(type, tlen, "ended")) {
        player_ended(c, t);
    } else if (IS(type, tlen, "state")) {
        if (c->resynced) { c->resynced = 0; resync(c, &ms, end, t); }
    }
    /* state, lobby, answers_open, answers_closed, reveal, standing, host_status: not needed */
}

static void on_server_close(conn_t *c, const uint8_t *p, size_t len) {
    if (c->state == C_CLOSING || closing_phase) {
        conn_close(c);
        return;
    }
    int code = len >= 2 ? (p[0] << 8 | p[1]) : 1005;
    char why[32];
    snprintf(why, sizeof why, "close code %d", code);
    if (conn_lost(c, why)) return;
    die("server closed %s (close code %d%s%.*s)", who(c), code, len > 2 ? ", reason: " : "",
        len > 2 ? (int)(len - 2) : 0, len > 2 ? (const char *)p + 2 : "");
}

/* Parses every complete frame in c->rb (RFC 6455 section 5.2). Same rules as shootout.c. */
static void parse_frames(conn_t *c, uint64_t t_recv) {
    size_t off = 0;
    while (c->state == C_OPEN || c->state == C_CLOSING) {
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
        if (rsv) die("%s: frame with RSV bits set (no extension was negotiated)", who(c));
        if (masked) die("%s: server sent a masked frame", who(c));
        if (len > (64u << 20)) die("%s: frame of %" PRIu64 " bytes is larger than 64 MiB", who(c), len);
        if (avail < h + len) {
            if (h + len > c->rcap) {
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
            if (!fin || plen > 125) die("%s: invalid control frame", who(c));
            if (op == 0x9) {
                conn_queue_frame(c, 0xA, pl, plen);
                pings_answered++;
            } else if (op == 0x8) {
                on_server_close(c, pl, plen);
                return;
            } else if (op != 0xA) {
                die("%s: unknown control opcode %d", who(c), op);
            }
            continue;
        }
        if (op == 0x0) {
            if (!c->mop) die("%s: continuation frame without a message", who(c));
        } else if (op == 0x1 || op == 0x2) {
            if (c->mop) die("%s: new message inside a fragmented one", who(c));
            if (fin) {
                if (op == 0x1) on_text(c, (const char *)pl, plen, t_recv);
                else note_error("%s: unexpected binary message", who(c));
                continue;
            }
            c->mop = op;
            c->mlen = 0;
        } else {
            die("%s: unknown data opcode %d", who(c), op);
        }
        if (c->mlen + plen > c->mcap) {
            c->mcap = (c->mlen + plen) * 2;
            c->msg = xrealloc(c->msg, c->mcap);
        }
        memcpy(c->msg + c->mlen, pl, plen);
        c->mlen += plen;
        if (fin) {
            if (c->mop == 0x1) on_text(c, (const char *)c->msg, c->mlen, t_recv);
            else note_error("%s: unexpected binary message", who(c));
            c->mop = 0;
        }
    }
    if (gone(c)) return;
    if (off) {
        memmove(c->rb, c->rb + off, c->rlen - off);
        c->rlen -= off;
    }
}

/* ---------------------------------------------------------------- handshake */

static void start_connect(conn_t *c) {
    const struct sockaddr_storage *to = &targets[c->target];
    int fd = socket(to->ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) die("socket() for %s: %s%s", who(c), strerror(errno), errno == EMFILE ? " (raise the open-files limit: ulimit -n)" : "");
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof one);
    c->fd = fd;
    c->t_start = now_ns();
    if (c->resuming) reconnect_attempts++;
    int r = connect(fd, (const struct sockaddr *)to, target_len[c->target]);
    c->state = C_CONNECTING;
    n_pending++;
    if (r < 0 && errno != EINPROGRESS) {
        int err = errno;
        if (conn_lost(c, strerror(err))) return;
        die("connect to %s:%d (%s): %s", cfg.host, target_port[c->target], who(c), strerror(err));
    }
    c->events = EPOLLOUT;
    struct epoll_event e = {.events = EPOLLOUT, .data.u32 = (uint32_t)c->idx};
    if (epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &e) < 0) die("epoll_ctl: %s", strerror(errno));
}

static void send_handshake(conn_t *c) {
    int err = 0;
    socklen_t el = sizeof err;
    getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &el);
    if (err) {
        if (conn_lost(c, strerror(err))) return;
        die("connect to %s:%d (%s): %s", cfg.host, target_port[c->target], who(c), strerror(err));
    }
    uint8_t raw[16];
    fill_random(raw, sizeof raw);
    char key[32];
    base64(raw, sizeof raw, key);
    accept_for_key(key, c->accept);
    /* A connection that knows its room says so, as the web clients do (HAProxy routes on it). */
    char path[64] = "/ws";
    if (rooms[c->room].code[0] && (!c->is_host || c->resuming)) snprintf(path, sizeof path, "/ws?room=%s", rooms[c->room].code);
    char req[512];
    int n = snprintf(req, sizeof req,
                     "GET %s HTTP/1.1\r\n"
                     "Host: %s:%d\r\n"
                     "Upgrade: websocket\r\n"
                     "Connection: Upgrade\r\n"
                     "Sec-WebSocket-Key: %s\r\n"
                     "Sec-WebSocket-Version: 13\r\n"
                     "Sec-WebSocket-Protocol: buzzer.v1\r\n"
                     "\r\n",
                     path, cfg.host, target_port[c->target], key);
    memcpy(wb_reserve(c, (size_t)n), req, (size_t)n);
    c->state = C_HANDSHAKE;
    set_events(c, EPOLLIN);
    conn_flush(c);
}

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

static void on_open(conn_t *c);

static void finish_handshake(conn_t *c) {
    uint8_t *end = memmem(c->rb, c->rlen, "\r\n\r\n", 4);
    if (!end) {
        if (c->rlen > 16384) die("%s: handshake response head larger than 16 KiB", who(c));
        return;
    }
    size_t hlen = (size_t)(end - c->rb) + 4;
    char *head = malloc(hlen + 1);
    if (!head) die("out of memory");
    memcpy(head, c->rb, hlen);
    head[hlen] = 0;
    char *eol = strstr(head, "\r\n");
    int status_len = (int)(eol - head);
    if (strncmp(head, "HTTP/1.1 101", 12) != 0) {
        char status[64];
        snprintf(status, sizeof status, "handshake answered \"%.*s\"", status_len < 40 ? status_len : 40, head);
        free(head);
        if (conn_lost(c, status)) return;
        die("handshake rejected for %s: %s", who(c), status);
    }
    size_t vl;
    const char *v = header_value(head, "Sec-WebSocket-Accept", &vl);
    if (!v || vl != 28 || memcmp(v, c->accept, 28) != 0) die("handshake for %s: bad Sec-WebSocket-Accept", who(c));
    v = header_value(head, "Sec-WebSocket-Protocol", &vl);
    if (!v || vl != 9 || memcmp(v, "buzzer.v1", 9) != 0) die("handshake for %s: the server did not select buzzer.v1", who(c));
    v = header_value(head, "Sec-WebSocket-Extensions", &vl);
    if (v) die("handshake for %s: server selected extensions \"%.*s\" that were not offered", who(c), (int)vl, v);
    free(head);
    memmove(c->rb, c->rb + hlen, c->rlen - hlen);
    c->rlen -= hlen;
    c->state = C_OPEN;
    n_pending--;
    n_open++;
    on_open(c);
}

/* A host creates its room; a player joins its room (whose code is known by then). Coming back after a
   drop, a host sends `host` with its token and a player `resume` with its latest one. */
static void on_open(conn_t *c) {
    if (c->resuming) {
        char buf[256];
        int n = snprintf(buf, sizeof buf, "{\"type\":\"%s\",\"code\":\"%s\",\"token\":\"%s\"}", c->is_host ? "host" : "resume",
                         rooms[c->room].code, c->token);
        conn_queue_frame(c, 0x1, (const uint8_t *)buf, (size_t)n);
        return;
    }
    if (c->is_host) {
        conn_queue_frame(c, 0x1, (const uint8_t *)create_msg, create_len);
        return; /* flushed by on_readable */
    }
    char buf[128];
    int n = snprintf(buf, sizeof buf, "{\"type\":\"join\",\"code\":\"%s\",\"nickname\":\"p%d\"}", rooms[c->room].code, c->idx - cfg.rooms);
    conn_queue_frame(c, 0x1, (const uint8_t *)buf, (size_t)n);
    c->t_join = now_ns();
}

/* ---------------------------------------------------------------- event loop */

static void on_readable(conn_t *c) {
    for (int iter = 0; iter < 4; iter++) {
        if (c->rcap - c->rlen < 1024) {
            c->rcap = c->rcap * 2;
            c->rb = xrealloc(c->rb, c->rcap);
        }
        uint64_t wire;
        ssize_t n = recv_stamped(c->fd, c->rb + c->rlen, c->rcap - c->rlen, &wire);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) break;
            if (closing_phase || c->state == C_CLOSING) { conn_close(c); return; }
            if (conn_lost(c, strerror(errno))) return;
            die("recv on %s: %s", who(c), strerror(errno));
        }
        if (n == 0) {
            if (closing_phase || c->state == C_CLOSING) { conn_close(c); return; }
            if (conn_lost(c, "closed by the server")) return;
            if (c->state == C_HANDSHAKE) die("%s: server closed the connection during the handshake", who(c));
            die("%s: server closed the TCP connection without a close frame", who(c));
        }
        uint64_t t = now_ns();
        note_lag(t, wire);
        cur_wire = wire;
        c->rlen += (size_t)n;
        if (c->state == C_HANDSHAKE) {
            finish_handshake(c);
            if (gone(c)) return;
            if (c->state != C_OPEN) continue;
        }
        parse_frames(c, t);
        if (gone(c)) return;
        if ((size_t)n < 1024) break;
    }
    if (c->wlen > c->woff) conn_flush(c);
}

static struct epoll_event events[1024];

/*
 * First pass over a batch of ready sockets: one recv each, timestamped, nothing parsed. When a
 * question reaches 2,000 sockets at once, the last socket's timestamp then waits for 2,000
 * recv calls, not for 2,000 recv calls plus the parsing of every message before it.
 */
static void pre_read(conn_t *c) {
    c->pre_read = 0;
    if (c->rcap - c->rlen < 1024) {
        c->rcap = c->rcap * 2;
        c->rb = xrealloc(c->rb, c->rcap);
    }
    ssize_t n = recv_stamped(c->fd, c->rb + c->rlen, c->rcap - c->rlen, &c->t_wire);
    if (n > 0) {
        c->t_read = now_ns();
        note_lag(c->t_read, c->t_wire);
        c->rlen += (size_t)n;
        c->pre_read = n;
    } else if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
        int err = n == 0 ? 0 : errno;
        if (closing_phase || c->state == C_CLOSING) { conn_close(c); return; }
        if (conn_lost(c, n == 0 ? "closed by the server" : strerror(err))) return;
        if (n == 0) die("%s: server closed the TCP connection without a close frame", who(c));
        die("recv on %s: %s", who(c), strerror(err));
    }
}

static void run_timers(void) {
    uint64_t t = now_ns();
    while (heap_n > 0 && heap[0].t <= t) {
        tev_t e = heap_pop();
        conn_t *c = &conns[e.idx];
        if (c->timer_at == e.t) on_timer(c, t);
    }
}

static void poll_once(int max_timeout_ms) {
    int timeout = max_timeout_ms;
    if (heap_n > 0) {
        uint64_t t = now_ns();
        if (heap[0].t <= t) timeout = 0;
        else {
            /* Round up: a timer less than 1 ms away must not turn this into a busy loop that
               takes a core from the server (think times are uniform, so one is nearly always due soon). */
            uint64_t ms = (heap[0].t - t + 999999ull) / 1000000ull;
            if ((int)ms < timeout) timeout = (int)ms;
        }
    }
    int n = epoll_wait(epfd, events, 1024, timeout);
    if (n < 0) {
        if (errno == EINTR) return;
        die("epoll_wait: %s", strerror(errno));
    }
    for (int i = 0; i < n; i++) {
        conn_t *c = &conns[events[i].data.u32];
        if ((c->state == C_OPEN || c->state == C_CLOSING) && (events[i].events & (EPOLLIN | EPOLLERR | EPOLLHUP))) pre_read(c);
    }
    for (int i = 0; i < n; i++) {
        conn_t *c = &conns[events[i].data.u32];
        uint32_t ev = events[i].events;
        if (gone(c) || c->state == C_IDLE) continue;
        if (c->state == C_CONNECTING) {
            send_handshake(c);
            continue;
        }
        if (c->pre_read > 0) {
            ssize_t got = c->pre_read;
            c->pre_read = 0;
            cur_wire = c->t_wire;
            parse_frames(c, c->t_read);
            if (gone(c)) continue;
            if (got >= 1024) on_readable(c); /* maybe more waiting */
            else if (c->wlen > c->woff) conn_flush(c);
        } else if (ev & (EPOLLIN | EPOLLERR | EPOLLHUP)) {
            on_readable(c);
        }
        if (!gone(c) && (ev & EPOLLOUT)) conn_flush(c);
    }
    run_timers();
}

static uint64_t run_deadline;

static void check_run_deadline(void) {
    if (now_ns() > run_deadline) die("run exceeded --timeout %.0f s", cfg.timeout);
}

/* ----------------------------------------------------------------- phases */

static long pid_status_kb(int pid, const char *field) {
    if (pid <= 0) return -1;
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char line[256];
    long kb = -1;
    size_t fl = strlen(field);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, field, fl) == 0) { kb = strtol(line + fl, NULL, 10); break; }
    fclose(f);
    return kb;
}

static long read_status_kb(const char *field) { return pid_status_kb(cfg.server_pid, field); }
static long read_rss_kb(void) { return read_status_kb("VmRSS:"); }

/* CPU seconds the whole machine spent busy (not idle, not iowait), from /proc/stat. */
static double machine_busy_seconds(void) {
    FILE *f = fopen("/proc/stat", "r");
    if (!f) return -1;
    unsigned long long v[8] = {0};
    int n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]);
    fclose(f);
    if (n < 8) return -1;
    return (double)(v[0] + v[1] + v[2] + v[5] + v[6] + v[7]) / (double)sysconf(_SC_CLK_TCK);
}

/* A process's CPU seconds (utime + stime), from /proc/PID/stat; -1 once it is gone. */
static double pid_cpu_seconds(int pid) {
    if (pid <= 0) return -1;
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')'); /* the command name may hold spaces */
    if (!p) return -1;
    unsigned long long ut = 0, st = 0;
    /* after ") ": state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime */
    if (sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) != 2) return -1;
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

static double server_cpu_seconds(void) { return pid_cpu_seconds(cfg.server_pid); }

/* A process watched through a pid file (--watch-pid NAME=@FILE) may be restarted: read it again. */
static int watched_pid(watch_t *w) {
    if (w->pidfile[0] == 0) return w->pid;
    FILE *f = fopen(w->pidfile, "r");
    int pid = 0;
    if (f) { if (fscanf(f, "%d", &pid) != 1) pid = 0; fclose(f); }
    return pid > 0 ? pid : w->pid;
}

static void sample_watched_rss(void) {
    for (int i = 0; i < n_watched; i++) {
        long kb = pid_status_kb(watched[i].pid, "VmRSS:");
        if (kb > watched[i].rss_peak) watched[i].rss_peak = kb;
    }
}

/* Opens connections [from, to) with a sliding window of --ramp-batch handshakes, then waits for `done()`. */
static void connect_range(int from, int to, int (*done)(void), const char *what) {
    uint64_t timeout = (uint64_t)(cfg.connect_timeout * 1e9);
    int started = from;
    uint64_t last_scan = now_ns();
    while (!done()) {
        while (n_pending < cfg.ramp_batch && started < to) start_connect(&conns[started++]);
        poll_once(5);
        uint64_t t = now_ns();
        if (t - last_scan > 100000000ull) {
            last_scan = t;
            for (int i = from; i < started; i++) {
                conn_t *c = &conns[i];
                if ((c->state == C_CONNECTING || c->state == C_HANDSHAKE) && t - c->t_start > timeout)
                    die("%s: %s did not complete within --connect-timeout %.1f s", who(c),
                        c->state == C_CONNECTING ? "TCP connect" : "WebSocket handshake", cfg.connect_timeout);
                if (c->state == C_OPEN && t - c->t_start > timeout + (uint64_t)10e9 &&
                    (c->is_host ? rooms[c->room].state == R_CREATING : !c->joined))
                    die("%s: no %s within %.1f s of connecting (%s)", who(c), c->is_host ? "created" : "joined",
                        cfg.connect_timeout + 10, what);
            }
        }
        check_run_deadline();
    }
}

static int all_created(void) { return rooms_created == cfg.rooms; }
static int all_joined(void) { return players_joined == total_players; }

static void idle_for(int ms) {
    uint64_t until = now_ns() + (uint64_t)ms * 1000000ull;
    while (now_ns() < until) poll_once(5);
}

static double cpu_seconds(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static long rss_peak_kb = -1;

static void run_game(void) {
    game_start = now_ns();
    for (int r = 0; r < cfg.rooms; r++) {
        if (cfg.start_spread_ms == 0) { room_ask(r); continue; }
        /* Staggered starts: room r's host sends start r/rooms of the spread later. */
        rooms[r].state = R_GAP;
        rooms[r].t_progress = game_start;
        conns[r].timer_at = game_start + (uint64_t)cfg.start_spread_ms * 1000000ull * (uint64_t)r / (uint64_t)cfg.rooms + 1;
        heap_push(conns[r].timer_at, r);
    }
    uint64_t last_check = game_start, last_cpu = game_start;
    uint64_t stall = (uint64_t)(cfg.stall_timeout * 1e9);
    double cpu_then[MAX_TARGETS + 2];
    int pid_then[MAX_TARGETS + 2];
    for (int i = 0; i < n_watched; i++) { pid_then[i] = watched_pid(&watched[i]); cpu_then[i] = pid_cpu_seconds(pid_then[i]); }
    while (rooms_done < cfg.rooms) {
        poll_once(5);
        uint64_t t = now_ns();
        if (samples && t - last_cpu >= 200000000ull) {
            /* Who used the cores, 200 ms at a time: `cpu,NAME,t_ms,cores,` (NAME: the watched name). */
            double dt = (double)(t - last_cpu) / 1e9;
            last_cpu = t;
            for (int i = 0; i < n_watched; i++) {
                int pid = watched_pid(&watched[i]);
                if (pid != pid_then[i]) { pid_then[i] = pid; cpu_then[i] = 0; } /* restarted: all its CPU is new */
                double now_cpu = pid_cpu_seconds(pid);
                if (now_cpu >= 0 && cpu_then[i] >= 0)
                    fprintf(samples, "cpu,%s,%.3f,%.3f,0\n", watched[i].name, (double)(t - game_start) / 1e6, (now_cpu - cpu_then[i]) / dt);
                cpu_then[i] = now_cpu;
            }
            double self = cpu_seconds();
            static double self_then = -1;
            if (self_then >= 0) fprintf(samples, "cpu,client,%.3f,%.3f,0\n", (double)(t - game_start) / 1e6, (self - self_then) / dt);
            self_then = self;
        }
        if (t - last_check > 500000000ull) {
            last_check = t;
            long rss = read_rss_kb();
            if (rss > rss_peak_kb) rss_peak_kb = rss;
            sample_watched_rss();
            if (cfg.resume)
                for (int i = cfg.rooms; i < n_conns; i++)
                    if (conns[i].resuming && t - conns[i].t_lost > (uint64_t)(cfg.resume_timeout * 1e9))
                        die("%s did not resume within --resume-timeout %.0f s", who(&conns[i]), cfg.resume_timeout);
            for (int r = 0; r < cfg.rooms; r++) {
                room_t *rm = &rooms[r];
                if (rm->state == R_DONE || t - rm->t_progress < stall) continue;
                die("room #%d stalled for %.0f s at question %d (state %d: %d/%d received, %d acks, %d results, "
                    "answers_closed %s, %d ended); %" PRIu64 " error(s), first: %s",
                    r, cfg.stall_timeout, rm->seq, rm->state, rm->received, rm->np, rm->acks, rm->results,
                    rm->closed ? "yes" : "no", rm->ended, errors, errors ? first_error : "none");
            }
        }
        check_run_deadline();
    }
    game_end = now_ns();
}

/* Client-initiated close handshake: the server closes TCP first. */
static void close_all(void) {
    closing_phase = 1;
    static const uint8_t normal[2] = {0x03, 0xE8};
    for (int i = 0; i < n_conns; i++) {
        conn_t *c = &conns[i];
        if (c->state != C_OPEN) continue;
        conn_queue_frame(c, 0x8, normal, 2);
        c->state = C_CLOSING;
        conn_flush(c);
    }
    uint64_t until = now_ns() + 5000000000ull;
    while (n_open > 0 && now_ns() < until) poll_once(10);
    for (int i = 0; i < n_conns; i++) if (conns[i].state != C_CLOSED && conns[i].state != C_IDLE) conn_close(&conns[i]);
}

/* ------------------------------------------------------------------ output */

static void print_hist_json(const char *name, const hist_t *h) {
    printf("\"%s\":{\"count\":%" PRIu64 ",\"p50\":%.3f,\"p95\":%.3f,\"p99\":%.3f,\"max\":%.3f,\"min\":%.3f,\"mean\":%.3f}",
           name, h->n, hist_pct(h, 50) / 1e6, hist_pct(h, 95) / 1e6, hist_pct(h, 99) / 1e6, h->max / 1e6,
           h->n ? h->min / 1e6 : 0.0, h->n ? h->sum / (double)h->n / 1e6 : 0.0);
}

static void print_hist_text(const char *name, const hist_t *h) {
    printf("  %-26s p50 %9.3f  p95 %9.3f  p99 %9.3f  max %9.3f  mean %9.3f  (n=%" PRIu64 ")\n", name,
           hist_pct(h, 50) / 1e6, hist_pct(h, 95) / 1e6, hist_pct(h, 99) / 1e6, h->max / 1e6,
           h->n ? h->sum / (double)h->n / 1e6 : 0.0, h->n);
}

static void usage(FILE *f) {
    fprintf(f,
            "usage: game --port N [options]\n"
            "  --host H              server address, loopback only (default 127.0.0.1)\n"
            "  --port N              port of `buzzer serve`, or of the proxy in front of several (this or --ports)\n"
            "  --ports N,N,...       play directly on several instances: room r on the (r mod n)-th (at most 8)\n"
            "  --rooms-spec RxP,...  rooms of mixed sizes, e.g. 3x2000,150x20 (instead of --rooms and --players)\n"
            "  --resume              a connection the server drops reconnects with backoff and resumes (host: `host`)\n"
            "  --create-in-order     one create at a time, in room order (a round-robin proxy then deals rooms in turn)\n"
            "  --resume-timeout T    seconds a dropped connection may take to resume (default 60)\n"
            "  --watch-pid NAME=PID  report this process's CPU and peak RSS during the game (repeatable, at most 10)\n"
            "  --watch-pid NAME=@F   the same, the pid read from file F (again at every sample: a restart is followed)\n"
            "  --rooms R             rooms, each with its own host connection (default 1)\n"
            "  --players P           players per room (default 60)\n"
            "  --questions Q         questions per game, one round of choice questions (default 10)\n"
            "  --warmup-questions W  first questions not measured (default 1)\n"
            "  --answer-min-ms A     shortest think time before answering (default 100)\n"
            "  --answer-max-ms B     longest think time; delays are uniform in [A, B] (default 2000)\n"
            "  --gap-ms G            host's pause after every result and ack arrived, before next (default 250)\n"
            "  --reveal-delay-ms D   host's pause between answers_closed and reveal (default 0: at once)\n"
"  --start-spread-ms S   spread the rooms' starts evenly over S ms (default 0: all at once)\n"
            "  --time-limit S        the room's timeLimitSeconds (default 30)\n"
            "  --reading-ms MS       the room's readingTimeMs: answers open this long after the question (default 0)\n"
            "  --connect-timeout T   seconds for one connection's connect + handshake (default 30)\n"
            "  --stall-timeout T     seconds a room may make no progress before the run fails (default 30)\n"
            "  --timeout T           seconds for the whole run (default 900)\n"
            "  --ramp-batch B        handshakes in progress at once (default 100)\n"
            "  --server-pid PID      sample the server's VmRSS from /proc/PID/status\n"
            "  --seed N              seed for think times and options (default random)\n"
            "  --json                one JSON object on stdout instead of the text report\n"
            "  --samples FILE        every measured fan-out and ack, and every drop and resume, as CSV\n"
            "                        (kind,instance,t_ms,ms,wire_ms; Benchmarks/scaleout/timeline.py reads it)\n"
            "  --quiet               no progress lines on stderr\n");
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

static void resolve_loopback(int i) {
    const char *h = cfg.host;
    if (strcmp(h, "localhost") == 0) h = "127.0.0.1";
    struct sockaddr_in *a4 = (struct sockaddr_in *)&targets[i];
    struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&targets[i];
    memset(&targets[i], 0, sizeof targets[i]);
    if (inet_pton(AF_INET, h, &a4->sin_addr) == 1) {
        if ((ntohl(a4->sin_addr.s_addr) >> 24) != 127) die("--host %s is not a loopback address", cfg.host);
        a4->sin_family = AF_INET;
        a4->sin_port = htons((uint16_t)target_port[i]);
        target_len[i] = sizeof *a4;
    } else if (inet_pton(AF_INET6, h, &a6->sin6_addr) == 1) {
        if (!IN6_IS_ADDR_LOOPBACK(&a6->sin6_addr)) die("--host %s is not a loopback address", cfg.host);
        a6->sin6_family = AF_INET6;
        a6->sin6_port = htons((uint16_t)target_port[i]);
        target_len[i] = sizeof *a6;
    } else {
        die("--host %s: expected localhost, a 127.x.y.z address or ::1", cfg.host);
    }
}

int main(int argc, char **argv) {
    int seed_given = 0;
    const char *ports_arg = NULL, *spec_arg = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return 0; }
        if (!strcmp(a, "--json")) { cfg.json = 1; continue; }
        if (!strcmp(a, "--quiet")) { cfg.quiet = 1; continue; }
        if (!strcmp(a, "--resume")) { cfg.resume = 1; continue; }
        if (!strcmp(a, "--create-in-order")) { cfg.create_in_order = 1; continue; }
        if (i + 1 >= argc) { usage(stderr); die("%s needs a value (or is unknown)", a); }
        const char *v = argv[++i];
        if (!strcmp(a, "--host")) cfg.host = v;
        else if (!strcmp(a, "--port")) cfg.port = arg_int(a, v, 1, 65535);
        else if (!strcmp(a, "--ports")) ports_arg = v;
        else if (!strcmp(a, "--rooms-spec")) spec_arg = v;
        else if (!strcmp(a, "--samples")) {
            if (!(samples = fopen(v, "w"))) die("--samples %s: %s", v, strerror(errno));
            setvbuf(samples, NULL, _IOFBF, 1 << 20);
            fputs("kind,instance,t_ms,ms,wire_ms\n", samples);
        }
        else if (!strcmp(a, "--resume-timeout")) cfg.resume_timeout = arg_double(a, v, 1, 3600);
        else if (!strcmp(a, "--watch-pid")) {
            const char *eq = strchr(v, '=');
            if (!eq || eq == v || eq - v >= 16 || n_watched == (int)(sizeof watched / sizeof watched[0])) die("--watch-pid: expected NAME=PID or NAME=@PIDFILE (at most 10), got \"%s\"", v);
            watch_t *w = &watched[n_watched++];
            memcpy(w->name, v, (size_t)(eq - v));
            if (eq[1] == '@') {
                if (strlen(eq + 2) >= sizeof w->pidfile) die("--watch-pid: pid file path too long");
                strcpy(w->pidfile, eq + 2);
                w->pid = watched_pid(w);
                if (w->pid <= 0) die("--watch-pid %s: no pid in %s", w->name, w->pidfile);
            } else {
                w->pid = arg_int(a, eq + 1, 1, 1 << 30);
            }
        }
        else if (!strcmp(a, "--rooms")) cfg.rooms = arg_int(a, v, 1, 100000);
        else if (!strcmp(a, "--players")) cfg.players = arg_int(a, v, 1, 100000);
        else if (!strcmp(a, "--questions")) cfg.questions = arg_int(a, v, 1, 1000);
        else if (!strcmp(a, "--warmup-questions")) cfg.warmup_questions = arg_int(a, v, 0, 999);
        else if (!strcmp(a, "--answer-min-ms")) cfg.answer_min_ms = arg_int(a, v, 0, 600000);
        else if (!strcmp(a, "--answer-max-ms")) cfg.answer_max_ms = arg_int(a, v, 0, 600000);
        else if (!strcmp(a, "--gap-ms")) cfg.gap_ms = arg_int(a, v, 0, 600000);
        else if (!strcmp(a, "--reveal-delay-ms")) cfg.reveal_delay_ms = arg_int(a, v, 0, 600000);
        else if (!strcmp(a, "--start-spread-ms")) cfg.start_spread_ms = arg_int(a, v, 0, 600000);
        else if (!strcmp(a, "--time-limit")) cfg.time_limit_s = arg_int(a, v, 5, 300);
        else if (!strcmp(a, "--reading-ms")) cfg.reading_ms = arg_int(a, v, 0, 60000);
        else if (!strcmp(a, "--connect-timeout")) cfg.connect_timeout = arg_double(a, v, 0.01, 3600);
        else if (!strcmp(a, "--stall-timeout")) cfg.stall_timeout = arg_double(a, v, 0.1, 3600);
        else if (!strcmp(a, "--timeout")) cfg.timeout = arg_double(a, v, 0.1, 86400);
        else if (!strcmp(a, "--ramp-batch")) cfg.ramp_batch = arg_int(a, v, 1, 1000000);
        else if (!strcmp(a, "--server-pid")) cfg.server_pid = arg_int(a, v, 1, 1 << 30);
        else if (!strcmp(a, "--seed")) { cfg.seed = strtoull(v, NULL, 10); seed_given = 1; }
        else { usage(stderr); die("unknown option %s", a); }
    }
    if (ports_arg) {
        if (cfg.port) die("give --port or --ports, not both");
        for (const char *p = ports_arg; *p;) {
            char *e;
            long x = strtol(p, &e, 10);
            if (e == p || x < 1 || x > 65535 || (*e && *e != ',') || n_targets == MAX_TARGETS) die("--ports: expected up to %d ports separated by commas, got \"%s\"", MAX_TARGETS, ports_arg);
            target_port[n_targets++] = (int)x;
            p = *e ? e + 1 : e;
        }
    } else {
        if (cfg.port == 0) { usage(stderr); die("--port or --ports is required"); }
        target_port[n_targets++] = cfg.port;
    }
    /* Room sizes: --rooms-spec, or --rooms rooms of --players. */
    int spec_rooms[64], spec_players[64], n_spec = 0;
    if (spec_arg) {
        for (const char *p = spec_arg; *p;) {
            int r, pl, used;
            if (n_spec == 64 || sscanf(p, "%dx%d%n", &r, &pl, &used) != 2 || r < 1 || pl < 1 || r > 100000 || pl > 100000 || (p[used] && p[used] != ','))
                die("--rooms-spec: expected ROOMSxPLAYERS[,ROOMSxPLAYERS...], got \"%s\"", spec_arg);
            spec_rooms[n_spec] = r;
            spec_players[n_spec++] = pl;
            p += used;
            if (*p == ',') p++;
        }
    } else {
        spec_rooms[0] = cfg.rooms;
        spec_players[0] = cfg.players;
        n_spec = 1;
    }
    cfg.rooms = 0;
    long long all_players = 0;
    for (int i = 0; i < n_spec; i++) { cfg.rooms += spec_rooms[i]; all_players += (long long)spec_rooms[i] * spec_players[i]; }
    if (cfg.rooms > 100000 || all_players > 1000000) die("at most 100,000 rooms and 1,000,000 players");
    total_players = (int)all_players;
    if (cfg.answer_max_ms < cfg.answer_min_ms) die("--answer-max-ms must be at least --answer-min-ms");
    if (cfg.warmup_questions >= cfg.questions) die("--warmup-questions must be less than --questions");
    if ((uint64_t)cfg.answer_max_ms >= (uint64_t)cfg.time_limit_s * 1000) die("--answer-max-ms must be below --time-limit");
    for (int i = 0; i < n_targets; i++) resolve_loopback(i);
    signal(SIGPIPE, SIG_IGN);
    if (!seed_given) fill_random(&cfg.seed, sizeof cfg.seed);
    rng_state = cfg.seed | 1;
    run_deadline = now_ns() + (uint64_t)(cfg.timeout * 1e9);
    n_conns = cfg.rooms + total_players;

    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
        getrlimit(RLIMIT_NOFILE, &rl);
    }
    if (rl.rlim_cur != RLIM_INFINITY && (rlim_t)n_conns + 16 > rl.rlim_cur)
        die("%d connections need %d file descriptors but the limit is %lu; raise it with ulimit -n", n_conns, n_conns + 16,
            (unsigned long)rl.rlim_cur);

    build_create();
    conns = calloc((size_t)n_conns, sizeof(conn_t));
    rooms = calloc((size_t)cfg.rooms, sizeof(room_t));
    qstats = calloc((size_t)cfg.questions, sizeof(qstat_t));
    if (!conns || !rooms || !qstats) die("out of memory");
    {
        int r = 0, next = cfg.rooms;
        for (int i = 0; i < n_spec; i++)
            for (int k = 0; k < spec_rooms[i]; k++, r++) {
                rooms[r].np = spec_players[i];
                rooms[r].first = next;
                next += spec_players[i];
            }
    }
    for (int i = 0, room = 0; i < n_conns; i++) {
        conn_t *c = &conns[i];
        c->idx = i;
        c->fd = -1;
        c->is_host = i < cfg.rooms;
        if (!c->is_host) {
            while (room + 1 < cfg.rooms && i >= rooms[room + 1].first) room++;
        }
        c->room = c->is_host ? i : room;
        c->target = c->room % n_targets;
        c->q_seen = c->q_acked = c->q_result = -1;
        c->rcap = 4096;
        c->rb = malloc(c->rcap);
        if (!c->rb) die("out of memory");
    }
    for (int r = 0; r < cfg.rooms; r++) rooms[r].seq = -1;
    epfd = epoll_create1(EPOLL_CLOEXEC);
    if (epfd < 0) die("epoll_create1: %s", strerror(errno));
    hist_init(&h_fanout);
    hist_init(&h_round);
    hist_init(&h_ack);
    hist_init(&h_fanout_wire);
    hist_init(&h_ack_wire);
    hist_init(&h_lag);
    {
        struct timespec r, m;
        clock_gettime(CLOCK_REALTIME, &r);
        clock_gettime(CLOCK_MONOTONIC, &m);
        real_minus_mono = ((int64_t)r.tv_sec - (int64_t)m.tv_sec) * 1000000000ll + (r.tv_nsec - m.tv_nsec);
    }
    hist_init(&h_first);
    hist_init(&h_reveal);
    hist_init(&h_reveal_all);
    hist_init(&h_reveal_first);
    hist_init(&h_join);
    hist_init(&h_resume);
    hist_init(&h_disrupted_ack);

    long rss_before = read_rss_kb();
    uint64_t t0 = now_ns();
    info("creating %d room(s) on %s:%d%s (seed %" PRIu64 ")", cfg.rooms, cfg.host, target_port[0], n_targets > 1 ? " and more" : "", cfg.seed);
    if (cfg.create_in_order) {
        int batch = cfg.ramp_batch;
        cfg.ramp_batch = 1;
        for (int r = 0; r < cfg.rooms; r++) {
            int want = r + 1;
            while (rooms_created < want) {
                if (conns[r].state == C_IDLE) start_connect(&conns[r]);
                poll_once(5);
                check_run_deadline();
            }
        }
        cfg.ramp_batch = batch;
    } else {
        connect_range(0, cfg.rooms, all_created, "creating rooms");
    }
    double create_seconds = (double)(now_ns() - t0) / 1e9;
    long rss_rooms = read_rss_kb();
    t0 = now_ns();
    info("%d room(s) created in %.3f s; joining %d players", cfg.rooms, create_seconds, total_players);
    connect_range(cfg.rooms, n_conns, all_joined, "joining");
    double join_seconds = (double)(now_ns() - t0) / 1e9;
    info("%d players joined in %.3f s", players_joined, join_seconds);
    idle_for(600); /* lobby updates are coalesced (rooms.lobbyUpdateMilliseconds); let them settle */
    long rss_joined = read_rss_kb();
    rss_peak_kb = rss_joined;

    info("playing %d question(s) (%d warmup), think time %d-%d ms, gap %d ms", cfg.questions, cfg.warmup_questions,
         cfg.answer_min_ms, cfg.answer_max_ms, cfg.gap_ms);
    double cpu0 = cpu_seconds();
    double busy0 = machine_busy_seconds(), server0 = server_cpu_seconds();
    for (int i = 0; i < n_watched; i++) { watched[i].cpu0 = pid_cpu_seconds(watched[i].pid); watched[i].rss_peak = -1; }
    sample_watched_rss();
    run_game();
    double busy1 = machine_busy_seconds(), server1 = server_cpu_seconds();
    for (int i = 0; i < n_watched; i++) watched[i].cpu1 = pid_cpu_seconds(watched[i].pid);
    double game_seconds = (double)(game_end - game_start) / 1e9;
    double client_cpu = (cpu_seconds() - cpu0) / game_seconds * 100.0;
    /* Cores' worth of CPU the server and everything else on the machine used during the game:
       the benchmark host is shared, and other work there slows the server down. */
    double server_cores = server0 >= 0 && server1 >= 0 ? (server1 - server0) / game_seconds : -1;
    double other_cores = busy0 >= 0 && busy1 >= 0 && server_cores >= 0
                             ? ((busy1 - busy0) - (server1 - server0)) / game_seconds - client_cpu / 100.0 : -1;
    if (other_cores < 0 && other_cores > -0.2) other_cores = 0;
    long rss_after = read_rss_kb();
    if (rss_after > rss_peak_kb) rss_peak_kb = rss_after;
    long hwm = read_status_kb("VmHWM:");
    close_all();

    double ack_window = last_ack_at > game_start ? (double)(last_ack_at - game_start) / 1e9 : 0;
    double answers_per_second = ack_window > 0 ? (double)acks_total / ack_window : 0;
    uint32_t peak_aps = 0;
    for (int s = 0; s < MAX_SECONDS && (uint64_t)s * 1000000000ull < game_end - game_start; s++)
        if (acks_per_second[s] > peak_aps) peak_aps = acks_per_second[s];
    /* Every player of every room that was not disrupted answered every question. */
    uint64_t expected_acks = 0, acked = 0, resulted = 0;
    int players_disrupted = 0;
    for (int r = 0; r < cfg.rooms; r++) {
        if (rooms[r].disrupted) { players_disrupted += rooms[r].np; continue; }
        expected_acks += (uint64_t)rooms[r].np * (uint64_t)cfg.questions;
        acked += rooms[r].acked;
        resulted += rooms[r].resulted;
    }
    if (acked != expected_acks) note_error("%" PRIu64 " answers acknowledged in rooms never dropped, expected %" PRIu64, acked, expected_acks);
    if (resulted != expected_acks) note_error("%" PRIu64 " results received in rooms never dropped, expected %" PRIu64, resulted, expected_acks);
    int ok = errors == 0;
    if (cfg.resume && resumes != drops) note_error("%" PRIu64 " connections dropped, %" PRIu64 " resumed", drops, resumes);
    double per_player = (rss_before >= 0 && rss_joined >= 0) ? (double)(rss_joined - rss_before) * 1024.0 / (cfg.rooms + total_players) : -1;

    if (cfg.json) {
        printf("{\"ok\":%s,\"rooms\":%d,\"players_per_room\":%d,\"players\":%d,\"questions\":%d,\"warmup_questions\":%d,"
               "\"answer_ms\":[%d,%d],\"gap_ms\":%d,\"reveal_delay_ms\":%d,\"start_spread_ms\":%d,\"seed\":%" PRIu64 ",\"create_seconds\":%.3f,\"join_seconds\":%.3f,"
               "\"game_seconds\":%.3f,",
               ok ? "true" : "false", cfg.rooms, spec_arg ? -1 : cfg.players, total_players, cfg.questions, cfg.warmup_questions,
               cfg.answer_min_ms, cfg.answer_max_ms, cfg.gap_ms, cfg.reveal_delay_ms, cfg.start_spread_ms, cfg.seed, create_seconds, join_seconds, game_seconds);
        print_hist_json("fanout_ms", &h_fanout);
        putchar(',');
        print_hist_json("fanout_all_ms", &h_round);
        putchar(',');
        print_hist_json("ack_ms", &h_ack);
        putchar(',');
        print_hist_json("fanout_first_ms", &h_first);
        putchar(',');
        print_hist_json("reveal_ms", &h_reveal);
        putchar(',');
        print_hist_json("reveal_all_ms", &h_reveal_all);
        putchar(',');
        print_hist_json("reveal_first_ms", &h_reveal_first);
        putchar(',');
        print_hist_json("join_ms", &h_join);
        putchar(',');
        print_hist_json("fanout_wire_ms", &h_fanout_wire);
        putchar(',');
        print_hist_json("ack_wire_ms", &h_ack_wire);
        putchar(',');
        print_hist_json("client_lag_ms", &h_lag);
        printf(",\"results\":%" PRIu64, results_total);
        printf(",\"answers\":%" PRIu64 ",\"acks\":%" PRIu64 ",\"not_durable\":%" PRIu64 ",\"answers_per_second\":%.1f,"
               "\"peak_answers_per_second\":%u,",
               answers_sent, acks_total, not_durable, answers_per_second, peak_aps);
        printf("\"per_question\":[");
        for (int q = cfg.warmup_questions; q < cfg.questions; q++) {
            qstat_t *s = &qstats[q];
            printf("%s{\"q\":%d,\"fanout_mean_ms\":%.3f,\"fanout_max_ms\":%.3f,\"ack_mean_ms\":%.3f,\"ack_max_ms\":%.3f,"
                   "\"reveal_mean_ms\":%.3f,\"reveal_max_ms\":%.3f}",
                   q > cfg.warmup_questions ? "," : "", q, s->n ? s->sum / (double)s->n / 1e6 : 0.0, s->max / 1e6,
                   s->ack_n ? s->ack_sum / (double)s->ack_n / 1e6 : 0.0, s->ack_max / 1e6,
                   s->rev_n ? s->rev_sum / (double)s->rev_n / 1e6 : 0.0, s->rev_max / 1e6);
        }
        printf("],\"errors\":%" PRIu64 ",\"server_errors\":%" PRIu64 ",\"first_error\":", errors, server_errors);
        json_escape_print(stdout, first_error);
        printf(",\"server_cores\":%.2f,\"other_cores\":%.2f", server_cores, other_cores);
        printf(",\"rooms_spec\":");
        json_escape_print(stdout, spec_arg ? spec_arg : "");
        printf(",\"instances\":[");
        for (int i = 0; i < n_inst; i++) {
            printf("%s{\"id\":\"%c\",\"rooms\":%d,\"players\":%d,", i ? "," : "", inst_name[i], inst_rooms[i], inst_players[i]);
            print_hist_json("fanout_ms", &h_inst_fanout[i]);
            putchar(',');
            print_hist_json("ack_ms", &h_inst_ack[i]);
            putchar(',');
            print_hist_json("fanout_wire_ms", &h_inst_fanout_wire[i]);
            putchar(',');
            print_hist_json("ack_wire_ms", &h_inst_ack_wire[i]);
            putchar('}');
        }
        printf("],\"resume\":{\"enabled\":%s,\"drops\":%" PRIu64 ",\"resumed\":%" PRIu64 ",\"reconnect_attempts\":%" PRIu64
               ",\"rooms_disrupted\":%d,\"players_disrupted\":%d,\"acks_in_disrupted_rooms\":%" PRIu64 ",\"errors_in_disrupted_rooms\":%" PRIu64 ",",
               cfg.resume ? "true" : "false", drops, resumes, reconnect_attempts, rooms_disrupted, players_disrupted, acks_disrupted, disrupted_errors);
        print_hist_json("resume_ms", &h_resume);
        putchar(',');
        print_hist_json("disrupted_ack_ms", &h_disrupted_ack);
        printf("},\"watched\":[");
        for (int i = 0; i < n_watched; i++) {
            const watch_t *w = &watched[i];
            double cores = w->cpu0 >= 0 && w->cpu1 >= 0 ? (w->cpu1 - w->cpu0) / game_seconds : -1;
            printf("%s{\"name\":", i ? "," : "");
            json_escape_print(stdout, w->name);
            printf(",\"pid\":%d,\"cores\":%.3f,\"rss_peak_kb\":%ld}", w->pid, cores, w->rss_peak);
        }
        putchar(']');
        printf(",\"client_cpu_percent\":%.1f,\"pings_answered\":%" PRIu64 ",\"server_pid\":%d,"
               "\"rss_kb\":{\"before\":%ld,\"rooms\":%ld,\"joined\":%ld,\"peak\":%ld,\"after\":%ld,\"hwm\":%ld},"
               "\"rss_bytes_per_member\":%.1f}\n",
               client_cpu, pings_answered, cfg.server_pid, rss_before, rss_rooms, rss_joined, rss_peak_kb, rss_after, hwm, per_player);
    } else {
        printf("game: %d room(s) x %d players -> %s:%d, %d questions (%d warmup), think %d-%d ms, seed %" PRIu64 "\n",
               cfg.rooms, spec_arg ? -1 : cfg.players, cfg.host, target_port[0], cfg.questions, cfg.warmup_questions, cfg.answer_min_ms,
               cfg.answer_max_ms, cfg.seed);
        printf("  set-up                     rooms created in %.3f s, players joined in %.3f s; game %.3f s\n", create_seconds,
               join_seconds, game_seconds);
        printf("  times in ms:\n");
        print_hist_text("question fan-out", &h_fanout);
        print_hist_text("fan-out to whole room", &h_round);
        print_hist_text("fan-out to first player", &h_first);
        print_hist_text("answer -> answer_ack", &h_ack);
        print_hist_text("reveal -> result", &h_reveal);
        print_hist_text("reveal to whole room", &h_reveal_all);
        print_hist_text("reveal to first player", &h_reveal_first);
        print_hist_text("join -> joined", &h_join);
        print_hist_text("fan-out, kernel arrival", &h_fanout_wire);
        print_hist_text("ack, kernel arrival", &h_ack_wire);
        print_hist_text("client lag (kernel->read)", &h_lag);
        printf("  results                    %" PRIu64 " received\n", results_total);
        printf("  answers                    %" PRIu64 " acked (%" PRIu64 " not durable), %.0f/s over the game, peak %u in one second\n",
               acks_total, not_durable, answers_per_second, peak_aps);
        if (rss_before >= 0)
            printf("  server RSS                 before %ld kB, rooms %ld kB, joined %ld kB, peak %ld kB, after %ld kB (HWM %ld kB)\n",
                   rss_before, rss_rooms, rss_joined, rss_peak_kb, rss_after, hwm);
        printf("  client CPU                 %.1f%% of one core during the game%s\n", client_cpu,
               client_cpu > 85 ? " (client-bound: figures understate the server)" : "");
        if (server_cores >= 0)
            printf("  machine                    server used %.2f cores, other processes %.2f cores (of %ld) during the game\n",
                   server_cores, other_cores, sysconf(_SC_NPROCESSORS_ONLN));
        printf("  errors                     %" PRIu64 " (%" PRIu64 " server error messages)%s%s\n", errors, server_errors,
               errors ? ", first: " : "", errors ? first_error : "");
    }
    fflush(stdout);
    if (samples && fclose(samples) != 0) die("--samples: %s", strerror(errno));
    return ok ? 0 : 3;
}
