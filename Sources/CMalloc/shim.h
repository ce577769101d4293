// glibc's allocator for Swift: what Glibc's module leaves out of <malloc.h>.
#include <malloc.h>

/// Bytes the allocator has handed out and not had back (the heap in use, mmapped blocks
/// included): what the pages cost, whatever the process's RSS still holds.
static inline size_t jw_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

/// Gives the free memory of every arena back to the kernel (the whole pages inside the heap,
/// not only its top); 1 when some was.
static inline int jw_malloc_trim(void) { return malloc_trim(0); }
