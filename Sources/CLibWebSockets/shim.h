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

// lws 4.1 reads every request through recv(2) and parses it with no hook for the raw bytes:
// it takes a bare LF for CRLF, a folded line into an unknown field's name, and a field whose
// name is the start of one it knows swallows the next line. To answer such a head 400 (RFC
// 9112), the server reads what lws receives first: lws's own import of recv is pointed at the
// server's function (its GOT slot, made writable for the moment), nothing else in the process.
#include <elf.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// <link.h> declares these only under _GNU_SOURCE, which changes `fd_set` for every module that
// includes this one (Dispatch's then no longer matches): the loader's layout, spelled here.
struct jw_loaded_object {
    Elf64_Addr dlpi_addr;
    const char *dlpi_name;
    const Elf64_Phdr *dlpi_phdr;
    Elf64_Half dlpi_phnum;
};
extern int dl_iterate_phdr(int (*callback)(struct jw_loaded_object *info, size_t size, void *data), void *data);
#define ElfW(type) Elf64_##type

struct jw_import_search { const char *library; const char *symbol; void *replacement; void *original; };

static int jw_replace_import_in(struct jw_loaded_object *info, size_t size, void *data) {
    (void)size;
    struct jw_import_search *search = data;
    if (!info->dlpi_name || !strstr(info->dlpi_name, search->library)) return 0;
    ElfW(Dyn) *dynamic = NULL;
    ElfW(Addr) readOnlyStart = 0, readOnlyEnd = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type == PT_DYNAMIC) dynamic = (ElfW(Dyn) *)(info->dlpi_addr + header->p_vaddr);
        if (header->p_type == PT_GNU_RELRO) {
            readOnlyStart = info->dlpi_addr + header->p_vaddr;
            readOnlyEnd = readOnlyStart + header->p_memsz;
        }
    }
    if (!dynamic) return 0;
    ElfW(Addr) plt = 0, rela = 0, symbols = 0, strings = 0;
    size_t pltSize = 0, relaSize = 0;
    for (ElfW(Dyn) *entry = dynamic; entry->d_tag != DT_NULL; entry++) {
        switch (entry->d_tag) {
        case DT_JMPREL: plt = entry->d_un.d_ptr; break;
        case DT_PLTRELSZ: pltSize = entry->d_un.d_val; break;
        case DT_RELA: rela = entry->d_un.d_ptr; break;
        case DT_RELASZ: relaSize = entry->d_un.d_val; break;
        case DT_SYMTAB: symbols = entry->d_un.d_ptr; break;
        case DT_STRTAB: strings = entry->d_un.d_ptr; break;
        }
    }
    // glibc's loader leaves these as addresses; a loader that does not leaves offsets.
    ElfW(Addr) base = info->dlpi_addr;
    if (symbols && symbols < base) { symbols += base; strings += base; plt += plt ? base : 0; rela += rela ? base : 0; }
    if (!symbols || !strings) return 0;
    ElfW(Addr) tables[2] = { plt, rela };
    size_t sizes[2] = { pltSize, relaSize };
    long page = sysconf(_SC_PAGESIZE);
    for (int t = 0; t < 2; t++) {
        if (!tables[t]) continue;
        ElfW(Rela) *relocations = (ElfW(Rela) *)tables[t];
        for (size_t i = 0; i < sizes[t] / sizeof(ElfW(Rela)); i++) {
            ElfW(Sym) *symbol = (ElfW(Sym) *)symbols + ELF64_R_SYM(relocations[i].r_info);
            if (strcmp((const char *)strings + symbol->st_name, search->symbol) != 0) continue;
            void **slot = (void **)(base + relocations[i].r_offset);
            void *start = (void *)((ElfW(Addr))slot & ~(ElfW(Addr))(page - 1));
            if (mprotect(start, (size_t)page, PROT_READ | PROT_WRITE) != 0) return 1;
            if (!search->original) search->original = *slot;
            *slot = search->replacement;
            // Read-only again where the loader had made it so (RELRO).
            if ((ElfW(Addr))slot >= readOnlyStart && (ElfW(Addr))slot < readOnlyEnd) mprotect(start, (size_t)page, PROT_READ);
        }
    }
    return search->original ? 1 : 0;
}

/// Points `library`'s import of `symbol` at `replacement`; what it pointed at before (NULL when
/// the library or its import was not found).
static inline void *jw_replace_import(const char *library, const char *symbol, void *replacement) {
    struct jw_import_search search = { library, symbol, replacement, NULL };
    dl_iterate_phdr(jw_replace_import_in, &search);
    return search.original;
}
