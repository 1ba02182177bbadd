#define _GNU_SOURCE
#include <sys/socket.h>
#include "CLinuxTCP.h"

int buzzer_accept_nonblocking(int listen_fd, struct sockaddr *address, socklen_t *length) {
    return accept4(listen_fd, address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}
