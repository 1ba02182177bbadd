#include "CLinuxTCP.h"

#include <linux/tcp.h>
#include <netinet/in.h>
#include <stddef.h>
#include <sys/socket.h>

unsigned int buzzer_tcp_min_rtt_us(int fd) {
    struct tcp_info info;
    socklen_t length = sizeof(info);
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return 0;
    if (length < offsetof(struct tcp_info, tcpi_min_rtt) + sizeof(info.tcpi_min_rtt)) return 0;
    return info.tcpi_min_rtt;
}
