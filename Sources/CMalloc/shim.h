// glibc's allocator for Swift: what Glibc's module leaves out of <malloc.h>.
#include <malloc.h>
#include <stdio.h>
#include <unistd.h>

/// Bytes the allocator has handed out and not had back (the heap in use, mmapped blocks
/// included): what the pages cost, whatever the process's RSS still holds.
static inline size_t jw_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

/// Gives the free memory of every arena back to the kernel (the whole pages inside the heap,
/// not only its top); 1 when some was.
static inline int jw_malloc_trim(void) { return malloc_trim(0); }

/// The process's resident memory that is not mapped from files (the allocator's pages, thread
/// stacks), from /proc/self/statm; 0 when it cannot be read.
static inline size_t jw_resident_anonymous(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    if (!file) return 0;
    unsigned long size = 0, resident = 0, shared = 0;
    int read = fscanf(file, "%lu %lu %lu", &size, &resident, &shared);
    fclose(file);
    if (read != 3 || resident < shared) return 0;
    return (size_t)(resident - shared) * (size_t)sysconf(_SC_PAGESIZE);
}
