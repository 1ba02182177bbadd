#ifndef BUZZER_CLINUXTCP_H
#define BUZZER_CLINUXTCP_H

#include <sys/socket.h>

/// The socket's least round trip over the kernel's window (tcp_info's tcpi_min_rtt, microseconds); 0 when
/// the kernel has none or the call fails. A function, not the struct: the kernel's struct tcp_info and
/// glibc's shorter one (no tcpi_min_rtt) cannot both be seen by Swift.
unsigned int buzzer_tcp_min_rtt_us(int fd);

/// accept4(2) with SOCK_NONBLOCK | SOCK_CLOEXEC: one system call where accept and two fcntl pairs were
/// five (the Glibc module does not export accept4). Returns the new fd, or -1 with errno set.
int buzzer_accept_nonblocking(int listen_fd, struct sockaddr *address, socklen_t *length);

#endif
