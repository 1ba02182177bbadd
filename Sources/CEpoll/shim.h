// Linux epoll, which Glibc's Swift module does not export. Part of libc: nothing to link.
#include <sys/epoll.h>
