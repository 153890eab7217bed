// libwebp 1.2 (Debian's libwebp-dev): WebPAnimEncoder (libwebpmux) for animated .webp output,
// WebPAnimDecoder (libwebpdemux) to read it back in measurements and tests.
#include <webp/encode.h>
#include <webp/decode.h>
#include <webp/mux.h>
#include <webp/demux.h>
