/*
 * The floor: the least a WebSocket server can do for the shootout protocol on this machine, so
 * `run.sh` can say how far `buzzer echo` is from it (docs/performance.md, "The floor").
 *
 *   {"type":"broadcast","payload":P} -> {"type":"broadcast","payload":P} to every client (one frame,
 *                                       built once), then {"type":"broadcastResult","payload":P,
 *                                       "listenerCount":N} to the sender
 *   anything else                    -> sent back as it came (the echo)
 *
 * One thread per core, each with its own epoll and its own SO_REUSEPORT listener; a broadcast is
 * handed to every thread (a queue and an eventfd) and each sends the shared frame to its own clients
 * with plain send(). No TLS, no deflate, no fragmentation, no limits beyond the buffers: it is a
 * measuring stick, not a server. Prints "listening on HOST:PORT" like `buzzer echo`.
 *
 * Build: cc -O2 -o floor floor.c -lcrypto -lpthread  (Benchmarks/shootout/build.sh floor)
 * Usage: floor [--host 127.0.0.1] [--port 0] [--threads N]
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/evp.h>
#include <openssl/sha.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#define MAX_FDS 262144
#define READ_BYTES (64 * 1024)

typedef struct Frame { atomic_int refs; size_t len; unsigned char bytes[]; } Frame;

typedef struct Client {
    int fd, open, slot;              /* slot: index in its thread's `clients` */
    unsigned char *carry; size_t carry_len;   /* a partial request or frame, kept between reads */
    unsigned char *out; size_t out_len;       /* bytes the socket did not take yet */
} Client;

typedef struct Loop {
    pthread_t thread;
    int epoll, listener, wake;
    pthread_mutex_t lock;
    Frame **queue; size_t queued, queue_cap;  /* broadcasts for this thread's clients */
    int *clients; size_t count, cap;          /* this thread's open clients (fds) */
    unsigned char scratch[2 * READ_BYTES];
} Loop;

static Client *table[MAX_FDS];
static Loop *loops;
static int nloops;
static atomic_int listeners;

static void die(const char *what) { perror(what); exit(1); }

static void drop(Loop *l, Client *c) {
    if (c->open) {
        int last = l->clients[--l->count];
        l->clients[c->slot] = last;
        table[last]->slot = c->slot;
        atomic_fetch_sub(&listeners, 1);
    }
    close(c->fd);
    table[c->fd] = NULL;
    free(c->carry); free(c->out); free(c);
}

/* Plain send; what the socket does not take waits for EPOLLOUT. */
static void put(Loop *l, Client *c, const unsigned char *bytes, size_t len) {
    size_t sent = 0;
    if (!c->out_len) {
        ssize_t n = send(c->fd, bytes, len, MSG_NOSIGNAL);
        if (n < 0 && errno != EAGAIN) return;
        sent = n < 0 ? 0 : (size_t)n;
        if (sent == len) return;
        struct epoll_event ev = { .events = EPOLLIN | EPOLLOUT, .data.fd = c->fd };
        epoll_ctl(l->epoll, EPOLL_CTL_MOD, c->fd, &ev);
    }
    c->out = realloc(c->out, c->out_len + len - sent);
    memcpy(c->out + c->out_len, bytes + sent, len - sent);
    c->out_len += len - sent;
}

static void flush(Loop *l, Client *c) {
    ssize_t n = send(c->fd, c->out, c->out_len, MSG_NOSIGNAL);
    if (n <= 0) return;
    memmove(c->out, c->out + n, c->out_len - (size_t)n);
    c->out_len -= (size_t)n;
    if (!c->out_len) {
        struct epoll_event ev = { .events = EPOLLIN, .data.fd = c->fd };
        epoll_ctl(l->epoll, EPOLL_CTL_MOD, c->fd, &ev);
    }
}

/* An unmasked server frame: FIN + opcode, the length, the payload. */
static size_t frame(unsigned char *to, int opcode, const unsigned char *payload, size_t len) {
    size_t h = 2;
    to[0] = (unsigned char)(0x80 | opcode);
    if (len < 126) to[1] = (unsigned char)len;
    else if (len < 65536) { to[1] = 126; to[2] = (unsigned char)(len >> 8); to[3] = (unsigned char)len; h = 4; }
    else { to[1] = 127; for (int i = 0; i < 8; i++) to[2 + i] = (unsigned char)(len >> (56 - 8 * i)); h = 10; }
    memcpy(to + h, payload, len);
    return h + len;
}

static void send_shared(Loop *l, Frame *f) {
    for (size_t i = 0; i < l->count; i++) put(l, table[l->clients[i]], f->bytes, f->len);
    if (atomic_fetch_sub(&f->refs, 1) == 1) free(f);
}

static void broadcast(Loop *self, Client *sender, const unsigned char *payload, size_t plen) {
    char *text = malloc(plen + 64);
    int tlen = sprintf(text, "{\"type\":\"broadcast\",\"payload\":%.*s}", (int)plen, (const char *)payload);
    Frame *f = malloc(sizeof(Frame) + (size_t)tlen + 10);
    f->len = frame(f->bytes, 1, (unsigned char *)text, (size_t)tlen);
    atomic_init(&f->refs, nloops);
    for (int i = 0; i < nloops; i++) {
        if (&loops[i] == self) continue;
        pthread_mutex_lock(&loops[i].lock);
        if (loops[i].queued == loops[i].queue_cap) {
            loops[i].queue_cap = loops[i].queue_cap ? 2 * loops[i].queue_cap : 16;
            loops[i].queue = realloc(loops[i].queue, loops[i].queue_cap * sizeof(Frame *));
        }
        loops[i].queue[loops[i].queued++] = f;
        pthread_mutex_unlock(&loops[i].lock);
        uint64_t one = 1;
        if (write(loops[i].wake, &one, sizeof one) < 0) die("eventfd");
    }
    send_shared(self, f);
    tlen = sprintf(text, "{\"type\":\"broadcastResult\",\"payload\":%.*s,\"listenerCount\":%d}", (int)plen, (const char *)payload,
                   atomic_load(&listeners));
    unsigned char out[tlen + 10];
    put(self, sender, out, frame(out, 1, (unsigned char *)text, (size_t)tlen));
    free(text);
}

/* The payload of {"type":"broadcast","payload":P}: from after "payload": to before the last '}'. */
static int broadcast_payload(const unsigned char *m, size_t len, const unsigned char **p, size_t *plen) {
    if (len < 32 || !memmem(m, len < 40 ? len : 40, "\"broadcast\"", 11)) return 0;
    const unsigned char *key = memmem(m, len, "\"payload\":", 10);
    if (!key) return 0;
    const unsigned char *end = m + len;
    while (end > key && end[-1] != '}') end--;
    *p = key + 10;
    *plen = (size_t)(end - 1 - *p);
    return end > *p;
}

static void upgrade(Loop *l, Client *c, const unsigned char *req, size_t len) {
    const char *key = NULL;
    size_t klen = 0;
    for (const char *line = (const char *)req; line && line < (const char *)req + len; ) {
        if (!strncasecmp(line, "Sec-WebSocket-Key:", 18)) {
            key = line + 18;
            while (*key == ' ') key++;
            klen = (size_t)(strstr(key, "\r\n") - key);
        }
        line = strstr(line, "\r\n");
        if (line) line += 2;
    }
    if (!key) { drop(l, c); return; }
    char joined[128];
    int n = snprintf(joined, sizeof joined, "%.*s258EAFA5-E914-47DA-95CA-C5AB0DC85B11", (int)klen, key);
    unsigned char digest[SHA_DIGEST_LENGTH], accept[64];
    SHA1((unsigned char *)joined, (size_t)n, digest);
    EVP_EncodeBlock(accept, digest, SHA_DIGEST_LENGTH);
    char reply[256];
    n = snprintf(reply, sizeof reply, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 "Sec-WebSocket-Accept: %s\r\n\r\n", accept);
    put(l, c, (unsigned char *)reply, (size_t)n);
    c->open = 1;
    if (l->count == l->cap) { l->cap = l->cap ? 2 * l->cap : 1024; l->clients = realloc(l->clients, l->cap * sizeof(int)); }
    c->slot = (int)l->count;
    l->clients[l->count++] = c->fd;
    atomic_fetch_add(&listeners, 1);
}

/* Handles whole frames of `data`; returns how many bytes were used (the rest is a partial frame). */
static size_t frames(Loop *l, Client *c, unsigned char *data, size_t len) {
    size_t at = 0;
    while (len - at >= 2) {
        unsigned char *f = data + at;
        int opcode = f[0] & 0x0f, masked = f[1] & 0x80;
        uint64_t plen = f[1] & 0x7f;
        size_t h = 2;
        if (plen == 126) { if (len - at < 4) break; plen = ((uint64_t)f[2] << 8) | f[3]; h = 4; }
        else if (plen == 127) { if (len - at < 10) break; plen = 0; for (int i = 0; i < 8; i++) plen = (plen << 8) | f[2 + i]; h = 10; }
        if (masked) h += 4;
        if (len - at < h + plen) break;
        unsigned char *p = f + h;
        if (masked) for (uint64_t i = 0; i < plen; i++) p[i] ^= f[h - 4 + (i & 3)];
        at += h + plen;
        if (opcode == 8) { unsigned char out[2 + 125]; put(l, c, out, frame(out, 8, p, plen < 125 ? plen : 0)); drop(l, c); return len; }
        if (opcode == 9) { unsigned char out[2 + 125]; put(l, c, out, frame(out, 10, p, plen < 125 ? plen : 0)); continue; }
        if (opcode == 10) continue;
        const unsigned char *bp; size_t bl;
        if (opcode == 1 && broadcast_payload(p, plen, &bp, &bl)) { broadcast(l, c, bp, bl); continue; }
        unsigned char *out = plen + 10 <= sizeof l->scratch / 2 ? l->scratch + READ_BYTES : malloc(plen + 10);
        put(l, c, out, frame(out, opcode ? opcode : 1, p, plen));
        if (out != l->scratch + READ_BYTES) free(out);
    }
    return at;
}

static void readable(Loop *l, Client *c) {
    unsigned char *buf = l->scratch;
    size_t have = 0;
    if (c->carry_len) {  /* rare: a frame or request cut across reads */
        buf = malloc(c->carry_len + READ_BYTES);
        memcpy(buf, c->carry, c->carry_len);
        have = c->carry_len;
        free(c->carry); c->carry = NULL; c->carry_len = 0;
    }
    ssize_t n = recv(c->fd, buf + have, READ_BYTES, 0);
    if (n <= 0) { if (buf != l->scratch) free(buf); if (n == 0 || errno != EAGAIN) drop(l, c); return; }
    have += (size_t)n;
    size_t used = 0;
    int fd = c->fd;
    if (!c->open) {
        unsigned char *end = memmem(buf, have, "\r\n\r\n", 4);
        if (end) { used = (size_t)(end + 4 - buf); upgrade(l, c, buf, used); }
    }
    if (table[fd] == c && c->open) used += frames(l, c, buf + used, have - used);
    if (table[fd] == c && used < have) { c->carry = malloc(have - used); memcpy(c->carry, buf + used, have - used); c->carry_len = have - used; }
    if (buf != l->scratch) free(buf);
}

static void *run(void *arg) {
    Loop *l = arg;
    struct epoll_event events[256];
    for (;;) {
        int n = epoll_wait(l->epoll, events, 256, -1);
        for (int i = 0; i < n; i++) {
            int fd = events[i].data.fd;
            if (fd == l->listener) {
                int s;
                while ((s = accept4(l->listener, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
                    if (s >= MAX_FDS) { close(s); continue; }
                    int one = 1;
                    setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                    Client *c = calloc(1, sizeof(Client));
                    c->fd = s;
                    table[s] = c;
                    struct epoll_event ev = { .events = EPOLLIN, .data.fd = s };
                    epoll_ctl(l->epoll, EPOLL_CTL_ADD, s, &ev);
                }
            } else if (fd == l->wake) {
                uint64_t count;
                if (read(l->wake, &count, sizeof count) < 0 && errno != EAGAIN) die("eventfd");
                pthread_mutex_lock(&l->lock);
                size_t queued = l->queued;
                Frame *batch[queued ? queued : 1];
                memcpy(batch, l->queue, queued * sizeof(Frame *));
                l->queued = 0;
                pthread_mutex_unlock(&l->lock);
                for (size_t k = 0; k < queued; k++) send_shared(l, batch[k]);
            } else if (table[fd]) {
                Client *c = table[fd];
                if (events[i].events & EPOLLOUT) flush(l, c);
                if (events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) readable(l, c);
            }
        }
    }
    return NULL;
}

static int listen_on(const char *host, int *port) {
    int s = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0), one = 1;
    if (s < 0) die("socket");
    setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    setsockopt(s, SOL_SOCKET, SO_REUSEPORT, &one, sizeof one);
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)*port) };
    if (inet_pton(AF_INET, host, &a.sin_addr) != 1) { fprintf(stderr, "floor: bad host %s\n", host); exit(64); }
    if (bind(s, (struct sockaddr *)&a, sizeof a) < 0) die("bind");
    if (listen(s, 4096) < 0) die("listen");
    socklen_t alen = sizeof a;
    getsockname(s, (struct sockaddr *)&a, &alen);
    *port = ntohs(a.sin_port);
    return s;
}

int main(int argc, char **argv) {
    const char *host = "127.0.0.1";
    int port = 0;
    nloops = (int)sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--host")) host = argv[i + 1];
        else if (!strcmp(argv[i], "--port")) port = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--threads")) nloops = atoi(argv[i + 1]);
        else { fprintf(stderr, "usage: floor [--host H] [--port P] [--threads N]\n"); return 64; }
    }
    if (nloops < 1 || nloops > 64) nloops = 1;
    signal(SIGPIPE, SIG_IGN);
    loops = calloc((size_t)nloops, sizeof(Loop));
    for (int i = 0; i < nloops; i++) {
        Loop *l = &loops[i];
        l->listener = listen_on(host, &port);  /* the first binds port 0; the others share its port */
        l->epoll = epoll_create1(0);
        l->wake = eventfd(0, EFD_NONBLOCK);
        pthread_mutex_init(&l->lock, NULL);
        struct epoll_event ev = { .events = EPOLLIN, .data.fd = l->listener };
        epoll_ctl(l->epoll, EPOLL_CTL_ADD, l->listener, &ev);
        ev.data.fd = l->wake;
        epoll_ctl(l->epoll, EPOLL_CTL_ADD, l->wake, &ev);
    }
    printf("listening on %s:%d\n", host, port);
    fflush(stdout);
    for (int i = 1; i < nloops; i++) pthread_create(&loops[i].thread, NULL, run, &loops[i]);
    run(&loops[0]);
}
