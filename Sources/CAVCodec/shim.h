// FFmpeg (Debian's libavcodec59 / libavformat59 / libavutil57 / libswscale6) for the .mp4 and
// .webm encoders and for decoding them back in measurements. Macros that Swift cannot import
// (AVERROR(e), AVERROR_EOF, FFERRTAG) are wrapped as inline functions.
#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/log.h>
#include <libswscale/swscale.h>

static inline int transit_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int transit_averror_eof(void) { return AVERROR_EOF; }
static inline int64_t transit_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int transit_av_time_base(void) { return AV_TIME_BASE; }
