// libwebsockets for Swift: the library's header, plus what Swift cannot import from it
// (macros with expressions, variadic functions).
#include <libwebsockets.h>

/// Headroom lws_write() needs before the payload.
enum { JW_LWS_PRE = LWS_PRE };

/// lws_set_log_level without the (variadic) custom emitter.
static inline void jw_lws_set_log_level(int level) { lws_set_log_level(level, NULL); }

/// The protocol list terminator, which Swift cannot spell as a struct literal.
static inline struct lws_protocols jw_lws_protocols_terminator(void) {
    struct lws_protocols p = { 0 };
    return p;
}
