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

// libev, the event loop lws runs on (through Debian's libwebsockets-evlib-ev plugin): epoll
// wakes only for the sockets that have something, where poll() visits every open socket.
#include <ev.h>

/// A new loop that leaves signals alone (the server handles SIGINT and SIGTERM itself).
static inline struct ev_loop *jw_ev_loop_new(void) { return ev_loop_new(EVFLAG_AUTO | EVFLAG_NOSIGMASK); }

/// One pass: waits for at least one event (or lws's next timer), handles what is ready.
static inline void jw_ev_run_once(struct ev_loop *loop) { ev_run(loop, EVRUN_ONCE); }

/// Lets what is left (closing handles) run without waiting.
static inline void jw_ev_run_nowait(struct ev_loop *loop) { ev_run(loop, EVRUN_NOWAIT); }

static inline void jw_ev_loop_destroy(struct ev_loop *loop) { ev_loop_destroy(loop); }

// lws 4.1's libev glue arms its timer (validity pings, timeouts) only now and then, so on its
// own a silent socket's deadline never came. A tick of ours wakes lws each second; every wake
// runs lws's due timers.
#include <stdlib.h>
struct jw_ev_tick { ev_timer timer; struct lws_context *context; };

static void jw_ev_tick_fired(struct ev_loop *loop, ev_timer *timer, int revents) {
    (void)loop; (void)revents;
    lws_cancel_service(((struct jw_ev_tick *)timer)->context);
}

static inline struct jw_ev_tick *jw_ev_tick_start(struct ev_loop *loop, struct lws_context *context, double seconds) {
    struct jw_ev_tick *tick = calloc(1, sizeof *tick);
    if (!tick) return NULL;
    tick->context = context;
    ev_timer_init(&tick->timer, jw_ev_tick_fired, seconds, seconds);
    ev_timer_start(loop, &tick->timer);
    return tick;
}

static inline void jw_ev_tick_stop(struct ev_loop *loop, struct jw_ev_tick *tick) {
    if (!tick) return;
    ev_timer_stop(loop, &tick->timer);
    free(tick);
}
