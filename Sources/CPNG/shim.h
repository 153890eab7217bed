#include <png.h>
#include <setjmp.h>
#include <stddef.h>

// libpng reports errors by longjmp to a jmp_buf set up by the caller; Swift cannot call setjmp,
// so the whole write runs here in C and returns 0 on success or -1 after libpng's error.
// `rows(row, user, buffer)` fills row `row` of `width` pixels into `buffer` (3 or 4 bytes each).
typedef void (*transit_png_row_function)(int row, void *user, unsigned char *buffer);
typedef int (*transit_png_write_function)(void *user, const unsigned char *data, size_t length);

static void transit_png_write_data(png_structp png, png_bytep data, png_size_t length) {
    void **context = (void **)png_get_io_ptr(png);
    transit_png_write_function write = (transit_png_write_function)context[0];
    if (!write(context[1], data, length)) png_error(png, "write failed");
}

static void transit_png_flush(png_structp png) { (void)png; }

static void transit_png_error(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

static void transit_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

/// Writes a `width`×`height` PNG (colour type RGB when `alpha` is 0, else RGBA, 8 bits) with
/// zlib level `level` and row filter `filter` (PNG_FILTER_NONE, ...).
static inline int transit_png_write(int width, int height, int alpha, int level, int filter,
                                    transit_png_row_function rows, void *rowUser,
                                    transit_png_write_function write, void *writeUser,
                                    unsigned char *rowBuffer) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, transit_png_error, transit_png_warning);
    if (!png) return -1;
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_write_struct(&png, NULL); return -1; }
    void *context[2] = { (void *)write, writeUser };
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    png_set_write_fn(png, context, transit_png_write_data, transit_png_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filter);
    png_write_info(png, info);
    for (int row = 0; row < height; row++) {
        rows(row, rowUser, rowBuffer);
        png_write_row(png, rowBuffer);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 0;
}
