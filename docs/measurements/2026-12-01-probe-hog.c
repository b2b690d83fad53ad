// The other core kept busy while a fork runs: MODE 0 spins in registers, MODE 1 streams over 64 MiB (twice the
// shared L3). gcc -O2 -o hog hog.c; ./hog MODE SECONDS
#include <stdlib.h>
#include <stdio.h>
#include <time.h>
/* hog MODE SECONDS: MODE 0 = CPU only (a few registers), 1 = streams over 64 MiB (evicts a shared L3) */
int main(int argc, char **argv) {
    int mode = atoi(argv[1]); double secs = atof(argv[2]);
    size_t n = 64u << 20; volatile unsigned char *a = mode ? malloc(n) : 0;
    if (mode) for (size_t i = 0; i < n; i++) a[i] = (unsigned char) i;
    struct timespec t0, t; clock_gettime(CLOCK_MONOTONIC, &t0);
    unsigned long x = 1, sum = 0;
    for (;;) {
        if (mode) { for (size_t i = 0; i < n; i += 64) sum += a[i]; }
        else { for (int i = 0; i < 10000000; i++) x = x * 6364136223846793005UL + 1442695040888963407UL; }
        clock_gettime(CLOCK_MONOTONIC, &t);
        if (t.tv_sec - t0.tv_sec + (t.tv_nsec - t0.tv_nsec) / 1e9 > secs) break;
    }
    printf("%lu %lu\n", x, sum); return 0;
}
