#include <cairo/cairo.h>
