// LD_PRELOAD shim: every malloc of BLOCK_SIZE bytes (632, the hex benchmarks' output) placed
// PLACE_OFFSET bytes past a PLACE_ALIGN-byte boundary (default 64).
//
// Tells whether a routine's time depends on where its output buffer sits: in a cache line
// (PLACE_ALIGN=64, offsets 0..48) or in a page (PLACE_ALIGN=4096, which moves the buffer
// against the input's address, the 4K-aliasing case). If the time does not move with the
// offset, a difference between two harnesses is not the buffer's placement.
//
//     gcc -O2 -shared -fPIC -o heap_offset.so heap_offset.c -ldl
//     PLACE_ALIGN=4096 PLACE_OFFSET=512 LD_PRELOAD=$PWD/heap_offset.so BENCH --bench --exact hex_encode
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK_SIZE 632
#define MAGIC 0x5ca1ab1edeadbeefULL

static void *(*real_malloc)(size_t);
static void (*real_free)(void *);
static void *(*real_realloc)(void *, size_t);
static long offset, align = 64;

static void init(void) {
    real_malloc = dlsym(RTLD_NEXT, "malloc");
    real_free = dlsym(RTLD_NEXT, "free");
    real_realloc = dlsym(RTLD_NEXT, "realloc");
    const char *o = getenv("PLACE_OFFSET");
    const char *a = getenv("PLACE_ALIGN");
    offset = o ? atol(o) : 0;
    if (a) {
        align = atol(a);
    }
}

// A placed block keeps, just below it, a marker and the address malloc returned, so that
// free and realloc know it for one of this shim's.
void *malloc(size_t n) {
    if (!real_malloc) {
        init();
    }
    if (n != BLOCK_SIZE) {
        return real_malloc(n);
    }
    char *base = real_malloc(n + 2 * align + 32);
    uintptr_t p = ((uintptr_t)base + 32 + align - 1) & ~(uintptr_t)(align - 1);
    p += offset;
    ((uint64_t *)p)[-1] = MAGIC;
    ((void **)p)[-2] = base;
    return (void *)p;
}

static int placed(void *p) {
    return p && ((uintptr_t)p & 7) == 0 && ((uint64_t *)p)[-1] == MAGIC;
}

void free(void *p) {
    if (!real_free) {
        init();
    }
    if (placed(p)) {
        ((uint64_t *)p)[-1] = 0;
        real_free(((void **)p)[-2]);
        return;
    }
    real_free(p);
}

void *realloc(void *p, size_t n) {
    if (!real_realloc) {
        init();
    }
    if (placed(p)) {
        void *q = malloc(n);
        memcpy(q, p, n < BLOCK_SIZE ? n : BLOCK_SIZE);
        free(p);
        return q;
    }
    return real_realloc(p, n);
}
