/* libFuzzer entry point for one target of tests/fuzz/targets.c, chosen at compile time with
 * -DFUZZ_TARGET=fuzz_<name> (see the Makefile's fuzz rules). */
#include <stddef.h>
#include <stdint.h>

#include "tests/fuzz/targets.h"

#ifndef FUZZ_TARGET
#error "build with -DFUZZ_TARGET=fuzz_<name>"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return FUZZ_TARGET(data, size);
}
