/*
** CProjection: a raster drawn under a full perspective (projective) mapping in one pass.
**
** Core Animation composites a layer turned in 3D as one texture under its 4x4 transform.
** cairo cannot: pixman's transforms are 16.16 fixed point, too coarse for the perspective row of
** a projective matrix (m34 = -1/500 becomes 0 or a step of 1.5e-5), and cairo's matrices are
** affine. No Debian library composites premultiplied ARGB32 through a homography in floating
** point, so this does it (docs/performance/render.md, "One projective composite").
**
** For every target pixel inside the projected quad (the source rectangle clipped to the part in
** front of the eye and to the clip rectangle, which also keeps every number finite), the pixel's
** centre is mapped back through the inverse homography in doubles, the source is sampled
** bilinearly (edge pixels extended), scaled by the opacity and by the pixel's coverage of the
** quad (its edges are antialiased), and composited OVER the target.
**
** Pixels are cairo's CAIRO_FORMAT_ARGB32: native-endian 32-bit words, premultiplied alpha.
** Mappings are row vectors, as TransitRender's Homography: [x y 1] * h = [X Y W], h[0..2] the
** first row, from source pixel space (the raster's top-left corner at 0,0, a pixel one unit wide)
** to target pixel space (the same convention). Every input is checked: non-finite numbers, empty
** or negative sizes and degenerate mappings draw nothing; nothing here can trap or write outside
** the clip rectangle intersected with the target.
*/
#ifndef TRANSIT_CPROJECTION_H
#define TRANSIT_CPROJECTION_H

#include <stdint.h>

typedef struct {
    const uint32_t *pixels;
    int32_t width;
    int32_t height;
    /* Bytes from one row to the next (cairo's stride). */
    int32_t stride;
} transit_raster;

typedef struct {
    uint32_t *pixels;
    int32_t width;
    int32_t height;
    int32_t stride;
} transit_canvas;

/* Pixels [x0, x1) x [y0, y1). */
typedef struct {
    int32_t x0, y0, x1, y1;
} transit_pixel_rect;

/* The pixels of `clip` a composite of a source_width x source_height raster through `h` may
** change (its projected quad's bounding box, antialiased edges included). Returns 0, and an
** empty rectangle, when it changes none. */
int transit_projection_bounds(const double h[9], int32_t source_width, int32_t source_height,
                              transit_pixel_rect clip, transit_pixel_rect *bounds);

/* Composites `source` OVER `target` through `h` at `opacity` (0...1), changing only pixels of
** `clip` (intersected with the target). Returns the number of pixels changed. */
int64_t transit_project(transit_canvas target, transit_pixel_rect clip, transit_raster source,
                        const double h[9], double opacity);

/* transit_project without the SSE2 pixel loop: the code other architectures run, which must give
** the same bytes (the tests compare the two). */
int64_t transit_project_scalar(transit_canvas target, transit_pixel_rect clip, transit_raster source,
                               const double h[9], double opacity);

#endif
