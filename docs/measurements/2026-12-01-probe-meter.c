// A 0.25 s meter to run beside a benchmark fork: how much wall time this thread was not running (a vCPU taken
// away, which this guest's steal counter does not report) and how long a dependent load takes in a 4 MiB cycle
// (past L2, inside the shared L3: rises when something outside evicts it). gcc -O2 -o meter meter.c; ./meter 70
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
/* meter SECONDS: each 0.25 s prints: epoch time, % of wall time this thread did not run (gaps > 20 us),
   ns per dependent load chasing a random cycle over 4 MiB (past L2, inside a shared L3) */
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static double wall(void) { struct timespec t; clock_gettime(CLOCK_REALTIME, &t); return t.tv_sec + t.tv_nsec / 1e9; }
int main(int argc, char **argv) {
    double secs = atof(argv[1]); size_t n = (4u << 20) / sizeof(size_t);
    size_t *next = malloc(n * sizeof(size_t)), *perm = malloc(n * sizeof(size_t));
    for (size_t i = 0; i < n; i++) perm[i] = i;
    srand(7); for (size_t i = n - 1; i > 0; i--) { size_t j = rand() % (i + 1), t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
    for (size_t i = 0; i < n; i++) next[perm[i]] = perm[(i + 1) % n];
    double start = now(), windowStart = start, last = start, lost = 0; size_t p = 0; long loads = 0; double chase = 0;
    for (;;) {
        double t0 = now();
        for (int k = 0; k < 2000; k++) p = next[p];
        double t1 = now(); loads += 2000; chase += t1 - t0;
        double d = t0 - last; if (d > 20e-6) lost += d; last = t1;
        if (t1 - windowStart >= 0.25) {
            printf("%.3f %.1f %.1f\n", wall(), 100 * lost / (t1 - windowStart), 1e9 * chase / loads);
            fflush(stdout); windowStart = t1; lost = 0; loads = 0; chase = 0;
        }
        if (t1 - start > secs) break;
    }
    fprintf(stderr, "%zu\n", p); return 0;
}
