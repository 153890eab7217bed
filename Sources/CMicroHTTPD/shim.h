// libmicrohttpd (GNU, LGPL-2.1+): the HTTP server behind `transit watch --serve`.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_start_daemon is variadic, which Swift cannot call: this fixed-argument helper starts a
// daemon on a socket the caller already bound (so the caller controls the address, 127.0.0.1,
// and reports a busy port itself), a thread per connection so an event stream may block
// waiting for news without holding up other requests, and no logging to stderr.
// At `connection_limit` open connections libmicrohttpd accepts and at once closes each new one;
// `notify` (called with `context` as each connection opens and closes) is how the caller learns
// the limit was reached, since that refusal is otherwise silent. MHD_USE_ITC: without it the
// listening thread wakes only for a new connection, so a finished one would be cleaned up (and
// its place under the limit given back) only when the next arrives, which it would then refuse.
static inline struct MHD_Daemon *transit_mhd_start(int listen_fd, MHD_AccessHandlerCallback handler, void *context,
                                                   unsigned int connection_timeout_seconds,
                                                   unsigned int connection_limit,
                                                   MHD_NotifyConnectionCallback notify) {
    return MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL | MHD_USE_ITC,
                            0, NULL, NULL, handler, context,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket) listen_fd,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, context,
                            MHD_OPTION_END);
}

// A response holding its own copy of `data` (the caller's buffer may go away at once).
static inline struct MHD_Response *transit_mhd_copied_response(size_t size, const void *data) {
    return MHD_create_response_from_buffer(size, (void *) data, MHD_RESPMEM_MUST_COPY);
}
