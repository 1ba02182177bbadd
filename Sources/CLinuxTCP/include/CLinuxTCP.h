#ifndef BUZZER_CLINUXTCP_H
#define BUZZER_CLINUXTCP_H

/// The socket's least round trip over the kernel's window (tcp_info's tcpi_min_rtt, microseconds); 0 when
/// the kernel has none or the call fails. A function, not the struct: the kernel's struct tcp_info and
/// glibc's shorter one (no tcpi_min_rtt) cannot both be seen by Swift.
unsigned int buzzer_tcp_min_rtt_us(int fd);

#endif
