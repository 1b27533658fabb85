// LD_PRELOAD shim: counts, by address modulo 64, the blocks of BLOCK_SIZE bytes (632, the hex
// benchmarks' output) that malloc and calloc return, and prints the counts at exit.
//
// Shows where in a cache line a routine's output lands in one harness's process and in
// another's: the same code, run by two harnesses, writes to buffers the heap placed
// differently.
//
//     gcc -O2 -shared -fPIC -o block_offsets.so block_offsets.c -ldl
//     LD_PRELOAD=$PWD/block_offsets.so BENCH --bench --exact hex_encode
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK_SIZE 632

static unsigned long counts[2][64];
static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);

// dlsym itself may call calloc before `real_calloc` is known: those few early blocks come
// from this static buffer and are never freed.
static __thread int resolving;
static char early[4096];
static size_t early_used;

__attribute__((destructor)) static void report(void) {
    const char *names[2] = {"malloc", "calloc"};
    for (int k = 0; k < 2; k++) {
        fprintf(stderr, "%s %d-byte blocks by address mod 64:", names[k], BLOCK_SIZE);
        for (int i = 0; i < 64; i++) {
            if (counts[k][i]) {
                fprintf(stderr, " %d:%lu", i, counts[k][i]);
            }
        }
        fprintf(stderr, "\n");
    }
}

void *malloc(size_t n) {
    if (!real_malloc) {
        real_malloc = dlsym(RTLD_NEXT, "malloc");
    }
    void *p = real_malloc(n);
    if (n == BLOCK_SIZE) {
        counts[0][(uintptr_t)p & 63]++;
    }
    return p;
}

void *calloc(size_t count, size_t size) {
    if (!real_calloc) {
        if (resolving) {
            void *p = early + early_used;
            early_used += (count * size + 15) & ~(size_t)15;
            return p;
        }
        resolving = 1;
        real_calloc = dlsym(RTLD_NEXT, "calloc");
        resolving = 0;
    }
    void *p = real_calloc(count, size);
    if (count * size == BLOCK_SIZE) {
        counts[1][(uintptr_t)p & 63]++;
    }
    return p;
}
