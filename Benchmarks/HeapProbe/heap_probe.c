// Counts the bytes the process holds from malloc and the most it held since the last reset, for the
// benchmarks' memory cases. Loaded with LD_PRELOAD into a probe child (see PeakMemoryProbe.swift): resident
// size counts code pages mapped in on first use and memory that free keeps for reuse, so it cannot tell what
// one decoding takes; these counters can. Each block counts with its usable size, as glibc reserves it.
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static _Atomic long live_bytes = 0;
static _Atomic long peak_bytes = 0;

static void count_allocated(void *pointer) {
    if (pointer == NULL) return;
    long size = (long)malloc_usable_size(pointer);
    long now = atomic_fetch_add(&live_bytes, size) + size;
    long peak = atomic_load(&peak_bytes);
    while (now > peak && !atomic_compare_exchange_weak(&peak_bytes, &peak, now)) {
    }
}

static void count_freed(void *pointer) {
    if (pointer == NULL) return;
    atomic_fetch_sub(&live_bytes, (long)malloc_usable_size(pointer));
}

void *malloc(size_t size) {
    void *pointer = __libc_malloc(size);
    count_allocated(pointer);
    return pointer;
}

void *calloc(size_t count, size_t size) {
    void *pointer = __libc_calloc(count, size);
    count_allocated(pointer);
    return pointer;
}

void *realloc(void *old, size_t size) {
    long old_size = old == NULL ? 0 : (long)malloc_usable_size(old);
    void *pointer = __libc_realloc(old, size);
    if (pointer == NULL && size != 0) return NULL;  // the old block is untouched
    atomic_fetch_sub(&live_bytes, old_size);
    count_allocated(pointer);
    return pointer;
}

void *memalign(size_t alignment, size_t size) {
    void *pointer = __libc_memalign(alignment, size);
    count_allocated(pointer);
    return pointer;
}

void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    count_allocated(pointer);
    *result = pointer;
    return 0;
}

void free(void *pointer) {
    count_freed(pointer);
    __libc_free(pointer);
}

long modelkit_heap_live_bytes(void) { return atomic_load(&live_bytes); }
long modelkit_heap_peak_bytes(void) { return atomic_load(&peak_bytes); }
void modelkit_heap_reset_peak(void) { atomic_store(&peak_bytes, atomic_load(&live_bytes)); }
