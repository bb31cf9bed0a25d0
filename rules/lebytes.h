/* Little-endian numbers in byte buffers, whatever the machine's own order: what the binary
 * files (network files, agents/nnuefile.h; training positions, tune/selfplay.h) are written
 * and read with. Each writer returns the byte after the number. Pure. */
#ifndef TAFL_RULES_LEBYTES_H
#define TAFL_RULES_LEBYTES_H

#include <stdint.h>

uint8_t *le_put_u16(uint8_t *p, uint16_t v);
uint8_t *le_put_u32(uint8_t *p, uint32_t v);
uint8_t *le_put_u64(uint8_t *p, uint64_t v);
uint16_t le_get_u16(const uint8_t *p);
uint32_t le_get_u32(const uint8_t *p);
uint64_t le_get_u64(const uint8_t *p);

#endif
