// LD_PRELOAD shim: calloc as malloc followed by memset.
//
// glibc's calloc takes no block from the thread cache and may skip clearing memory fresh
// from the top of the heap, so what one calloc costs depends on the heap's state: the
// blocks the process freed before, where its top lies. A routine whose time is mostly a
// calloc then reads differently in two harnesses, or after different earlier benchmarks,
// for the heap's reasons. Under this shim every calloc costs a cached malloc and a clear,
// whatever the heap holds, so a difference that remains is not the heap's.
//
//     gcc -O2 -shared -fPIC -o calloc_as_malloc.so calloc_as_malloc.c -ldl
//     LD_PRELOAD=$PWD/calloc_as_malloc.so criterion-benches/against-criterion hex
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

static void *(*real_malloc)(size_t);

// dlsym itself may call calloc before `real_malloc` is known: those few early blocks come
// from this static buffer and are never freed.
static char early[8192];
static size_t early_used;

void *calloc(size_t count, size_t size) {
    size_t n = count * size;
    if (!real_malloc) {
        real_malloc = dlsym(RTLD_NEXT, "malloc");
    }
    if (!real_malloc) {
        void *p = early + early_used;
        early_used += (n + 15) & ~(size_t)15;
        return p;
    }
    void *p = real_malloc(n);
    if (p) {
        memset(p, 0, n);
    }
    return p;
}
