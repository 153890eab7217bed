/*
** One projective composite (CProjection.h says what and why). The geometry is done once per
** composite in doubles: the source rectangle is clipped, in source space, by the half-planes
** that keep its image in front of the eye and inside the clip rectangle (so every projected
** vertex is finite and near the target), and projected: a convex polygon. Each row of pixels
** clips it to the row's band, which gives the pixels it reaches and those it covers whole; a
** pixel partly covered takes the exact area of the band inside it as its coverage (a box
** filter: a quad's edge is antialiased as cairo antialiases a path). The pixel loop maps each pixel centre back with one
** division, samples with 8-bit bilinear weights (vertically, then horizontally, each step
** rounded) and composites OVER with the division by 255 rounded exactly. On x86-64 the pixels
** a row covers fully are done two at a time with SSE2 (part of every x86-64 processor); the
** arithmetic is the scalar code's, operation for operation, so both give the same bytes (and
** other architectures, which run the scalar code, the same images).
*/
#include "CProjection.h"

#include <math.h>
#include <stddef.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The same doubles on every compiler and architecture: a * b + c is never fused. */
#pragma STDC FP_CONTRACT OFF

/* The source rectangle has 4 vertices; each half-plane adds at most one: 5 for the quad, 2 for a
** row and 2 for a pixel. */
#define MAX_VERTICES 16

typedef struct {
    double x, y;
} point;

typedef struct {
    /* Target pixel space to source pixel space: the adjugate of the normalized mapping. */
    double inverse[9];
    /* The projected quad, clipped: a convex polygon in target pixel space. */
    int count;
    point polygon[MAX_VERTICES];
    double ymin, ymax;
    /* Pixels that may change: those the polygon's bounding box touches (within the clip). */
    int32_t x0, y0, x1, y1;
} plan;

/* Keeps the part of a convex polygon where A x + B y + C >= 0 (Sutherland-Hodgman, one plane). */
static int clip_polygon(const point *in, int count, double A, double B, double C, point *out) {
    int kept = 0;
    for (int i = 0; i < count; i++) {
        point p = in[i], q = in[(i + 1) % count];
        double fp = A * p.x + B * p.y + C, fq = A * q.x + B * q.y + C;
        if (fp >= 0) out[kept++] = p;
        if ((fp >= 0) != (fq >= 0)) {
            double t = fp / (fp - fq);
            out[kept++] = (point){p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)};
        }
        if (kept >= MAX_VERTICES - 1) break;  /* cannot happen for the polygons above */
    }
    return kept;
}

static double clampd(double value, double low, double high) {
    return value < low ? low : (value > high ? high : value);
}

static int make_plan(const double *mapping, int32_t source_width, int32_t source_height,
                     transit_pixel_rect clip, plan *p) {
    if (source_width <= 0 || source_height <= 0 || clip.x0 >= clip.x1 || clip.y0 >= clip.y1) return 0;
    /* Homogeneous: dividing by the largest entry changes no projected point and keeps every
    ** product below overflow. */
    double largest = 0;
    for (int i = 0; i < 9; i++) {
        if (!isfinite(mapping[i])) return 0;
        largest = fmax(largest, fabs(mapping[i]));
    }
    if (largest == 0) return 0;
    double h[9];
    for (int i = 0; i < 9; i++) h[i] = mapping[i] / largest;

    double sw = source_width, sh = source_height;
    double cx0 = clip.x0, cy0 = clip.y0, cx1 = clip.x1, cy1 = clip.y1;
    /* X = h0 x + h3 y + h6, Y = h1 x + h4 y + h7, W = h2 x + h5 y + h8. In front of the eye
    ** (W above a sliver of its range over the rectangle) and inside the clip (cx0 W <= X <= cx1 W,
    ** likewise Y), each a half-plane in source space. */
    double w_range = fabs(h[2]) * sw + fabs(h[5]) * sh + fabs(h[8]);
    if (!(w_range > 0)) return 0;
    const double planes[5][3] = {
        {h[2], h[5], h[8] - 1e-9 * w_range},
        {h[0] - cx0 * h[2], h[3] - cx0 * h[5], h[6] - cx0 * h[8]},
        {cx1 * h[2] - h[0], cx1 * h[5] - h[3], cx1 * h[8] - h[6]},
        {h[1] - cy0 * h[2], h[4] - cy0 * h[5], h[7] - cy0 * h[8]},
        {cy1 * h[2] - h[1], cy1 * h[5] - h[4], cy1 * h[8] - h[7]},
    };
    point polygon[MAX_VERTICES] = {{0, 0}, {sw, 0}, {sw, sh}, {0, sh}}, clipped[MAX_VERTICES];
    int count = 4;
    for (int i = 0; i < 5 && count >= 3; i++) {
        count = clip_polygon(polygon, count, planes[i][0], planes[i][1], planes[i][2], clipped);
        for (int j = 0; j < count; j++) polygon[j] = clipped[j];
    }
    if (count < 3) return 0;

    /* Projected, each vertex lies in the clip up to rounding; clamped there so that nothing
    ** below can meet a huge or non-finite number. */
    point projected[MAX_VERTICES];
    double xmin = INFINITY, ymin = INFINITY, xmax = -INFINITY, ymax = -INFINITY;
    for (int i = 0; i < count; i++) {
        double x = polygon[i].x, y = polygon[i].y;
        double w = h[2] * x + h[5] * y + h[8];
        if (!(w > 0)) return 0;
        double px = (h[0] * x + h[3] * y + h[6]) / w, py = (h[1] * x + h[4] * y + h[7]) / w;
        if (!isfinite(px) || !isfinite(py)) return 0;
        px = clampd(px, cx0 - 1, cx1 + 1);
        py = clampd(py, cy0 - 1, cy1 + 1);
        projected[i] = (point){px, py};
        xmin = fmin(xmin, px); xmax = fmax(xmax, px);
        ymin = fmin(ymin, py); ymax = fmax(ymax, py);
    }
    double area = 0;
    for (int i = 0; i < count; i++) {
        point q = projected[(i + 1) % count];
        area += projected[i].x * q.y - q.x * projected[i].y;
    }
    /* Seen edge on (or smaller than a millionth of a pixel): nothing shows. */
    if (!(fabs(area) > 1e-6)) return 0;
    p->count = count;
    for (int i = 0; i < count; i++) p->polygon[i] = projected[i];
    p->ymin = ymin;
    p->ymax = ymax;
    p->x0 = (int32_t)fmax(cx0, floor(xmin));
    p->x1 = (int32_t)fmin(cx1, ceil(xmax));
    p->y0 = (int32_t)fmax(cy0, floor(ymin));
    p->y1 = (int32_t)fmin(cy1, ceil(ymax));
    if (p->x0 >= p->x1 || p->y0 >= p->y1) return 0;

    /* The inverse as the adjugate (the inverse times the determinant): homogeneous, so the
    ** factor cancels in the divide. */
    p->inverse[0] = h[4] * h[8] - h[5] * h[7];
    p->inverse[1] = h[2] * h[7] - h[1] * h[8];
    p->inverse[2] = h[1] * h[5] - h[2] * h[4];
    p->inverse[3] = h[5] * h[6] - h[3] * h[8];
    p->inverse[4] = h[0] * h[8] - h[2] * h[6];
    p->inverse[5] = h[2] * h[3] - h[0] * h[5];
    p->inverse[6] = h[3] * h[7] - h[4] * h[6];
    p->inverse[7] = h[1] * h[6] - h[0] * h[7];
    p->inverse[8] = h[0] * h[4] - h[1] * h[3];
    for (int i = 0; i < 9; i++) if (!isfinite(p->inverse[i])) return 0;
    return 1;
}

static transit_pixel_rect intersect(transit_pixel_rect clip, int32_t width, int32_t height) {
    transit_pixel_rect r = clip;
    if (r.x0 < 0) r.x0 = 0;
    if (r.y0 < 0) r.y0 = 0;
    if (r.x1 > width) r.x1 = width;
    if (r.y1 > height) r.y1 = height;
    return r;
}

int transit_projection_bounds(const double h[9], int32_t source_width, int32_t source_height,
                              transit_pixel_rect clip, transit_pixel_rect *bounds) {
    plan p;
    if (bounds == NULL) return 0;
    *bounds = (transit_pixel_rect){0, 0, 0, 0};
    if (h == NULL || !make_plan(h, source_width, source_height, clip, &p)) return 0;
    *bounds = (transit_pixel_rect){p.x0, p.y0, p.x1, p.y1};
    return 1;
}

/* Each channel of a and b weighted (256 - w) and w, w in 0...256, rounded to 8 bits (two
** channels per multiply; rounding is monotonic, so no channel comes out above alpha). */
static inline uint32_t lerp(uint32_t a, uint32_t b, uint32_t w) {
    uint32_t iw = 256 - w;
    uint32_t rb = (((a & 0x00ff00ffu) * iw + (b & 0x00ff00ffu) * w + 0x00800080u) >> 8) & 0x00ff00ffu;
    uint32_t ag = (((a >> 8) & 0x00ff00ffu) * iw + ((b >> 8) & 0x00ff00ffu) * w + 0x00800080u) & 0xff00ff00u;
    return rb | ag;
}

/* Bilinear: the two columns vertically by wy, then the results horizontally by wx. */
static inline uint32_t bilinear(const uint32_t *top, const uint32_t *bottom, int32_t x0, int32_t x1,
                                uint32_t wx, uint32_t wy) {
    return lerp(lerp(top[x0], bottom[x0], wy), lerp(top[x1], bottom[x1], wy), wx);
}

/* Each channel times m / 256, rounded, m in 0...256. */
static inline uint32_t scale(uint32_t pixel, uint32_t m) {
    uint32_t rb = (((pixel & 0x00ff00ffu) * m + 0x00800080u) >> 8) & 0x00ff00ffu;
    uint32_t ag = (((pixel >> 8) & 0x00ff00ffu) * m + 0x00800080u) & 0xff00ff00u;
    return rb | ag;
}

/* Premultiplied OVER: s + d (255 - s.alpha) / 255 on each channel, the division rounded exactly
** ((t + 128 + ((t + 128) >> 8)) >> 8). */
static inline uint32_t over(uint32_t s, uint32_t d) {
    uint32_t ia = 255 - (s >> 24);
    if (ia == 0) return s;
    uint32_t rb = (d & 0x00ff00ffu) * ia + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
    uint32_t ag = ((d >> 8) & 0x00ff00ffu) * ia + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00ff00ffu)) & 0xff00ff00u;
    return s + rb + ag;
}

/* One row of one composite: where its pixels' source points come from and what they write. */
typedef struct {
    const plan *p;
    const unsigned char *source;
    int32_t source_stride, last_x, last_y;
    double u_row, v_row, w_row;
    uint32_t *row;
    double opacity;
    uint32_t full;
    int64_t written;
} row_job;

/* Samples the source for pixel x at `alpha` (0...256) and composites it; `u`, `v` its source point
** minus half a pixel (the sample grid's origin). */
static inline void put_scalar(row_job *job, int32_t x, double u, double v, uint32_t alpha) {
    if (u != u || v != v) return;
    u = clampd(u, 0, job->last_x);
    v = clampd(v, 0, job->last_y);
    int32_t fx = (int32_t)(u * 256), fy = (int32_t)(v * 256);
    int32_t x0 = fx >> 8, y0 = fy >> 8;
    int32_t x1 = x0 < job->last_x ? x0 + 1 : x0, y1 = y0 < job->last_y ? y0 + 1 : y0;
    const uint32_t *top = (const uint32_t *)(job->source + (ptrdiff_t)y0 * job->source_stride);
    const uint32_t *bottom = (const uint32_t *)(job->source + (ptrdiff_t)y1 * job->source_stride);
    uint32_t pixel = bilinear(top, bottom, x0, x1, (uint32_t)(fx & 255), (uint32_t)(fy & 255));
    if (alpha < 256) pixel = scale(pixel, alpha);
    if (pixel == 0) return;
    uint32_t before = job->row[x];
    job->row[x] = over(pixel, before);
    job->written += job->row[x] != before;
}

/* Pixel x's source point: (x + 0.5) (m0, m1, m2) + the row's part, divided by w. */
static inline void put_pixel(row_job *job, int32_t x, uint32_t alpha) {
    const double *m = job->p->inverse;
    double xc = x + 0.5;
    double r = 1 / (xc * m[2] + job->w_row);
    put_scalar(job, x, (xc * m[0] + job->u_row) * r - 0.5, (xc * m[1] + job->v_row) * r - 0.5, alpha);
}

/* The area of a convex polygon (shoelace). */
static double polygon_area(const point *polygon, int count) {
    double twice = 0;
    for (int i = 0; i < count; i++) {
        point q = polygon[(i + 1) % count];
        twice += polygon[i].x * q.y - q.x * polygon[i].y;
    }
    return fabs(twice) / 2;
}

/* Pixels [start, end) of a row, partly covered: each at the opacity times the exact area of the
** row's band of the polygon inside the pixel (a box filter, as an analytic rasterizer computes). */
static void edge_pixels(row_job *job, const point *band, int count, int32_t start, int32_t end) {
    point left[MAX_VERTICES], both[MAX_VERTICES];
    for (int32_t x = start; x < end; x++) {
        int n = clip_polygon(band, count, 1, 0, -(double)x, left);
        n = clip_polygon(left, n, -1, 0, x + 1.0, both);
        if (n < 3) continue;
        double coverage = polygon_area(both, n);
        uint32_t alpha = (uint32_t)(job->opacity * fmin(coverage, 1) * 256 + 0.5);
        if (alpha > 0) put_pixel(job, x, alpha);
    }
}

/* The polygon's leftmost and rightmost x on the line Y = y; 0 when it does not reach it. */
static int extent_at(const plan *p, double y, double *left, double *right) {
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < p->count; i++) {
        point a = p->polygon[i], b = p->polygon[(i + 1) % p->count];
        if ((a.y < y && b.y < y) || (a.y > y && b.y > y)) continue;
        if (a.y == b.y) {
            lo = fmin(lo, fmin(a.x, b.x));
            hi = fmax(hi, fmax(a.x, b.x));
        } else {
            double x = a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y);
            lo = fmin(lo, x);
            hi = fmax(hi, x);
        }
    }
    *left = lo;
    *right = hi;
    return lo <= hi;
}

#if defined(__SSE2__)
/* bilinear, scale and over, with the channels in 16-bit lanes: the scalar operations and
** roundings, so the same bytes. `fx`, `fy`: the source point in 1/256 pixel, clamped. */
static inline void put_sse2(row_job *job, int32_t x, int32_t fx, int32_t fy) {
    const __m128i zero = _mm_setzero_si128();
    int32_t x0 = fx >> 8, y0 = fy >> 8;
    int32_t x1 = x0 < job->last_x ? x0 + 1 : x0, y1 = y0 < job->last_y ? y0 + 1 : y0;
    uint32_t wx = (uint32_t)(fx & 255), wy = (uint32_t)(fy & 255);
    const uint32_t *top = (const uint32_t *)(job->source + (ptrdiff_t)y0 * job->source_stride);
    const uint32_t *bottom = (const uint32_t *)(job->source + (ptrdiff_t)y1 * job->source_stride);
    __m128i upper = _mm_unpacklo_epi8(_mm_unpacklo_epi32(_mm_cvtsi32_si128((int)top[x0]), _mm_cvtsi32_si128((int)top[x1])), zero);
    __m128i lower = _mm_unpacklo_epi8(_mm_unpacklo_epi32(_mm_cvtsi32_si128((int)bottom[x0]), _mm_cvtsi32_si128((int)bottom[x1])), zero);
    const __m128i round = _mm_set1_epi16(128);
    __m128i columns = _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(upper, _mm_set1_epi16((short)(256 - wy))),
                                                                 _mm_mullo_epi16(lower, _mm_set1_epi16((short)wy))), round), 8);
    __m128i product = _mm_mullo_epi16(columns, _mm_unpacklo_epi64(_mm_set1_epi16((short)(256 - wx)), _mm_set1_epi16((short)wx)));
    __m128i s = _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(product, _mm_srli_si128(product, 8)), round), 8);
    if (job->full < 256) s = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(s, _mm_set1_epi16((short)job->full)), round), 8);
    uint32_t pixel = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(s, s));
    uint32_t ia = 255 - (pixel >> 24), before = job->row[x];
    if (pixel == 0) return;
    if (ia == 0) {
        job->row[x] = pixel;
    } else {
        __m128i d = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)before), zero), _mm_set1_epi16((short)ia)),
                                  _mm_set1_epi16(128));
        d = _mm_srli_epi16(_mm_add_epi16(d, _mm_srli_epi16(d, 8)), 8);
        job->row[x] = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(_mm_add_epi16(d, s), zero));
    }
    job->written += job->row[x] != before;
}
#endif

/* Pixels [start, end) fully covered, at the opacity. */
static void inner_pixels(row_job *job, int32_t start, int32_t end, int vector) {
    int32_t x = start;
#if defined(__SSE2__)
    int32_t vector_end = vector ? end : start;
    /* Two at a time: the mapping in double lanes (the scalar operations in the same order). */
    const double *m = job->p->inverse;
    const __m128d mu = _mm_set1_pd(m[0]), mv = _mm_set1_pd(m[1]), mw = _mm_set1_pd(m[2]);
    const __m128d ur = _mm_set1_pd(job->u_row), vr = _mm_set1_pd(job->v_row), wr = _mm_set1_pd(job->w_row);
    const __m128d half = _mm_set1_pd(0.5), one = _mm_set1_pd(1), scale256 = _mm_set1_pd(256), zero = _mm_setzero_pd();
    const __m128d mx = _mm_set1_pd(job->last_x), my = _mm_set1_pd(job->last_y);
    for (; x + 1 < vector_end; x += 2) {
        __m128d xc = _mm_set_pd(x + 1.5, x + 0.5);
        __m128d r = _mm_div_pd(one, _mm_add_pd(_mm_mul_pd(xc, mw), wr));
        __m128d u = _mm_sub_pd(_mm_mul_pd(_mm_add_pd(_mm_mul_pd(xc, mu), ur), r), half);
        __m128d v = _mm_sub_pd(_mm_mul_pd(_mm_add_pd(_mm_mul_pd(xc, mv), vr), r), half);
        if (_mm_movemask_pd(_mm_or_pd(_mm_cmpunord_pd(u, u), _mm_cmpunord_pd(v, v)))) {
            put_pixel(job, x, job->full);
            put_pixel(job, x + 1, job->full);
            continue;
        }
        /* clampd's order: the upper bound, then the lower. */
        __m128i fx = _mm_cvttpd_epi32(_mm_mul_pd(_mm_max_pd(_mm_min_pd(u, mx), zero), scale256));
        __m128i fy = _mm_cvttpd_epi32(_mm_mul_pd(_mm_max_pd(_mm_min_pd(v, my), zero), scale256));
        put_sse2(job, x, _mm_cvtsi128_si32(fx), _mm_cvtsi128_si32(fy));
        put_sse2(job, x + 1, _mm_cvtsi128_si32(_mm_srli_si128(fx, 4)), _mm_cvtsi128_si32(_mm_srli_si128(fy, 4)));
    }
#endif
    (void)vector;
    for (; x < end; x++) put_pixel(job, x, job->full);
}

static int64_t project(transit_canvas target, transit_pixel_rect clip, transit_raster source,
                       const double h[9], double opacity, int vector) {
    if (target.pixels == NULL || source.pixels == NULL || h == NULL) return 0;
    if (target.width <= 0 || target.height <= 0 || target.stride < 4 * target.width) return 0;
    if (source.stride < 4 * source.width) return 0;
    if (!(opacity > 0)) return 0;
    if (opacity > 1) opacity = 1;
    plan p;
    if (!make_plan(h, source.width, source.height, intersect(clip, target.width, target.height), &p)) return 0;

    const double *m = p.inverse;
    row_job job = {
        .p = &p, .source = (const unsigned char *)source.pixels, .source_stride = source.stride,
        .last_x = source.width - 1, .last_y = source.height - 1,
        .opacity = opacity, .full = (uint32_t)(opacity * 256 + 0.5), .written = 0,
    };
    for (int32_t y = p.y0; y < p.y1; y++) {
        /* The polygon's part in this row of pixels; the pixels it reaches; those it covers whole
        ** (the polygon spans the row and its left edge, convex, is rightmost at the row's top or
        ** bottom, its right edge leftmost there). */
        point upper[MAX_VERTICES], band[MAX_VERTICES];
        int count = clip_polygon(p.polygon, p.count, 0, 1, -(double)y, upper);
        count = clip_polygon(upper, count, 0, -1, y + 1.0, band);
        if (count < 3) continue;
        double xmin = INFINITY, xmax = -INFINITY;
        for (int i = 0; i < count; i++) {
            xmin = fmin(xmin, band[i].x);
            xmax = fmax(xmax, band[i].x);
        }
        int32_t outer_start = (int32_t)fmax(p.x0, floor(xmin)), outer_end = (int32_t)fmin(p.x1, ceil(xmax));
        if (outer_start >= outer_end) continue;
        int32_t inner_start = outer_end, inner_end = outer_end;
        double top_left, top_right, bottom_left, bottom_right;
        if (p.ymin <= y && p.ymax >= y + 1.0 && extent_at(&p, y, &top_left, &top_right)
            && extent_at(&p, y + 1.0, &bottom_left, &bottom_right)) {
            double first = ceil(fmax(top_left, bottom_left)), last = floor(fmin(top_right, bottom_right));
            if (first < last) {
                inner_start = (int32_t)fmax(first, outer_start);
                inner_end = (int32_t)fmin(last, outer_end);
                if (inner_start >= inner_end) inner_start = inner_end = outer_end;
            }
        }
        double yc = y + 0.5;
        job.u_row = yc * m[3] + m[6];
        job.v_row = yc * m[4] + m[7];
        job.w_row = yc * m[5] + m[8];
        job.row = (uint32_t *)((unsigned char *)target.pixels + (ptrdiff_t)y * target.stride);
        edge_pixels(&job, band, count, outer_start, inner_start);
        inner_pixels(&job, inner_start, inner_end, vector);
        edge_pixels(&job, band, count, inner_end, outer_end);
    }
    return job.written;
}

int64_t transit_project(transit_canvas target, transit_pixel_rect clip, transit_raster source,
                        const double h[9], double opacity) {
    return project(target, clip, source, h, opacity, 1);
}

int64_t transit_project_scalar(transit_canvas target, transit_pixel_rect clip, transit_raster source,
                               const double h[9], double opacity) {
    return project(target, clip, source, h, opacity, 0);
}
