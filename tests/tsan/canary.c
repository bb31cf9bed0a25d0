/* A planted data race for `make tsan` (tests/tsan.sh): proves the ThreadSanitizer build can see
 * a race between OpenMP threads, and that a counter guarded by `omp critical` (as the runner
 * guards its reorder buffer) is not reported, which needs Archer to tell TSan about the OpenMP
 * runtime's locks. `canary race` increments a shared counter unguarded; `canary safe` inside a
 * critical section. Not part of tafl. */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int safe = argc > 1 && strcmp(argv[1], "safe") == 0;
    long counter = 0;
#pragma omp parallel for num_threads(4) schedule(static, 1)
    for (int i = 0; i < 4000; i++) {
        if (safe) {
#pragma omp critical(canary)
            counter++;
        } else {
            counter++;
        }
    }
    printf("%ld\n", counter);
    return 0;
}
