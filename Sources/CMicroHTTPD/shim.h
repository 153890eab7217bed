// libmicrohttpd (GNU, LGPL-2.1+): the HTTP server behind `transit watch --serve`.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>
