// Fixed work over an array of KB kibibytes (a dependent pointer chase), timed in 100 ms chunks: does cache-resident
// work move from one second to the next when pure register work does not?
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv) {
    size_t kb = argc > 1 ? atol(argv[1]) : 16; int chunks = argc > 2 ? atoi(argv[2]) : 200;
    size_t n = kb * 1024 / sizeof(uint32_t);
    uint32_t *a = malloc(n * sizeof(uint32_t));
    for (size_t i = 0; i < n; i++) a[i] = i;
    uint64_t r = 88172645463325252ull;
    for (size_t i = n - 1; i > 0; i--) { r ^= r << 13; r ^= r >> 7; r ^= r << 17; size_t j = r % i; uint32_t t = a[i]; a[i] = a[j]; a[j] = t; } // one cycle (Sattolo)
    uint32_t p = 0; uint64_t steps = 0; double t0 = now();
    while (now() - t0 < 0.1) { for (int i = 0; i < 100000; i++) p = a[p]; steps++; }
    double *ms = malloc(sizeof(double) * chunks);
    for (int c = 0; c < chunks; c++) { double s = now(); for (uint64_t k = 0; k < steps; k++) for (int i = 0; i < 100000; i++) p = a[p]; ms[c] = (now() - s) * 1e3; }
    double s1 = 0, ss1 = 0; int secs = chunks / 10;
    for (int k = 0; k < secs; k++) { double v = 0; for (int c = 0; c < 10; c++) v += ms[k * 10 + c]; v /= 10; s1 += v; ss1 += v * v; }
    double m1 = s1 / secs, sd1 = sqrt(ss1 / secs - m1 * m1), lo = 1e9, hi = 0;
    for (int c = 0; c < chunks; c++) { if (ms[c] < lo) lo = ms[c]; if (ms[c] > hi) hi = ms[c]; }
    printf("%zu KiB chase: per-second means CV %.2f%%, 100 ms chunks %.1f-%.1f ms (p %u)\n", kb, 100 * sd1 / m1, lo, hi, p);
    return 0;
}
