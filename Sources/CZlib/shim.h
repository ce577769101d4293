// zlib for Swift: gzip for pages and assets. deflateInit2 is a macro, so the shim wraps it.
#include <zlib.h>

static inline int jw_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

static inline int jw_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 15 + 16);
}
