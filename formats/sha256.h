/* SHA-256 of bytes in memory (FIPS 180-4), written as 64 lower-case hex digits: the file
 * hashes of a report's provenance, which `sha256sum` checks on any machine. */
#ifndef TAFL_FORMATS_SHA256_H
#define TAFL_FORMATS_SHA256_H

#include <stddef.h>
#include <stdint.h>

/* The length of a hex digest with its NUL. */
#define SHA256_HEX_LEN 65

/* A hash being computed over bytes given in pieces: a plain value, no resources. */
typedef struct {
    uint32_t h[8];           /* the hash state (FIPS 180-4, H(i)) */
    unsigned char block[64]; /* bytes not yet compressed */
    size_t held;             /* how many of block are used, < 64 */
    uint64_t total;          /* bytes given so far */
} Sha256;

/* Starts a hash. */
void sha256_init(Sha256 *c);

/* Adds size bytes at data. */
void sha256_update(Sha256 *c, const void *data, size_t size);

/* Ends the hash and writes it into hex (64 lower-case hex digits and a NUL); c is spent. */
void sha256_final(Sha256 *c, char hex[SHA256_HEX_LEN]);

/* The SHA-256 of size bytes at data, in one call. Pure and thread-safe. */
void sha256_hex(const void *data, size_t size, char hex[SHA256_HEX_LEN]);

#endif
