// libmicrohttpd (GNU, LGPL-2.1+): the HTTP server behind `transit watch --serve`.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>
#include <nettle/sha1.h>
#include <nettle/base64.h>
#include <string.h>
#include <sys/eventfd.h>

// MHD_start_daemon is variadic, which Swift cannot call: this fixed-argument helper starts a
// daemon on a socket the caller already bound (so the caller controls the address, 127.0.0.1,
// and reports a busy port itself), a thread per connection so an event stream may block
// waiting for news without holding up other requests, and no logging to stderr.
// At `connection_limit` open connections libmicrohttpd accepts and at once closes each new one;
// `notify` (called with `context` as each connection opens and closes) is how the caller learns
// the limit was reached, since that refusal is otherwise silent. MHD_USE_ITC: without it the
// listening thread wakes only for a new connection, so a finished one would be cleaned up (and
// its place under the limit given back) only when the next arrives, which it would then refuse.
// MHD_ALLOW_UPGRADE: the live page's WebSocket (`/live`) is an HTTP upgrade.
static inline struct MHD_Daemon *transit_mhd_start(int listen_fd, MHD_AccessHandlerCallback handler, void *context,
                                                   unsigned int connection_timeout_seconds,
                                                   unsigned int connection_limit,
                                                   MHD_NotifyConnectionCallback notify) {
    return MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL | MHD_USE_ITC | MHD_ALLOW_UPGRADE,
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

// RFC 6455 §4.2.2: the server's Sec-WebSocket-Accept is base64(SHA-1(key + the protocol's GUID)).
// `out` receives 28 characters and a terminating NUL. SHA-1 and base64 from nettle (GnuTLS's
// crypto library, which libmicrohttpd's TLS support already brings).
static inline void transit_websocket_accept(const char *key, size_t key_length, char out[29]) {
    static const char guid[] = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
    struct sha1_ctx context;
    uint8_t digest[SHA1_DIGEST_SIZE];
    sha1_init(&context);
    sha1_update(&context, key_length, (const uint8_t *) key);
    sha1_update(&context, sizeof guid - 1, (const uint8_t *) guid);
    sha1_digest(&context, SHA1_DIGEST_SIZE, digest);
    base64_encode_raw(out, SHA1_DIGEST_SIZE, digest);
    out[28] = 0;
}

// A descriptor to wake a live socket's poll when a message is queued for it.
static inline int transit_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

// MHD_upgrade_action is variadic: closing an upgraded connection through a fixed-argument helper.
static inline void transit_mhd_upgrade_close(struct MHD_UpgradeResponseHandle *handle) {
    MHD_upgrade_action(handle, MHD_UPGRADE_ACTION_CLOSE);
}
