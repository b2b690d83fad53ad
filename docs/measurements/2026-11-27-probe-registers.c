// Fixed work, timed in chunks: does this CPU's speed move from one 100 ms to the next? No JIT, no GC, no memory.
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv) {
    int chunks = argc > 1 ? atoi(argv[1]) : 300;
    uint64_t x = 88172645463325252ull, n = 0, work = 0;
    // size one chunk to about 100 ms
    double t0 = now();
    while (now() - t0 < 0.1) { for (int i = 0; i < 100000; i++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; } n++; }
    work = n;
    double *ms = malloc(sizeof(double) * chunks);
    for (int c = 0; c < chunks; c++) {
        double a = now();
        for (uint64_t k = 0; k < work; k++) for (int i = 0; i < 100000; i++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; }
        ms[c] = (now() - a) * 1e3;
    }
    double s = 0, ss = 0, lo = 1e9, hi = 0;
    for (int c = 0; c < chunks; c++) { s += ms[c]; ss += ms[c] * ms[c]; if (ms[c] < lo) lo = ms[c]; if (ms[c] > hi) hi = ms[c]; }
    double m = s / chunks, sd = sqrt(ss / chunks - m * m);
    // per-second means (10 chunks), their spread: what a 1 s JMH iteration would see
    double s1 = 0, ss1 = 0; int secs = chunks / 10;
    for (int k = 0; k < secs; k++) { double v = 0; for (int c = 0; c < 10; c++) v += ms[k * 10 + c]; v /= 10; s1 += v; ss1 += v * v; }
    double m1 = s1 / secs, sd1 = sqrt(ss1 / secs - m1 * m1);
    printf("chunks %d of %.1f ms: CV %.2f%%, min %.1f, max %.1f ms; per-second means CV %.2f%% (checksum %llu)\n",
           chunks, m, 100 * sd / m, lo, hi, 100 * sd1 / m1, (unsigned long long) (x & 1));
    return 0;
}
