/* The network file's bytes, written and read field by field in little-endian order (see
 * nnuefile.h for the layout). */
#include "agents/nnuefile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/evalfile.h"
#include "agents/evalmodel.h"
#include "rules/lebytes.h"

/* Bytes of the file of a network of side `size` and `hidden` units, checksum included. */
static size_t file_length(int size, int hidden)
{
    size_t h = (size_t)hidden, inputs = (size_t)NNUE_INPUTS(size * size);
    return NNUEFILE_HEADER + 4 + 4 * h + 2 * h + 2 * inputs * h + 8;
}

static uint8_t *put_i16(uint8_t *p, int16_t v)
{
    return le_put_u16(p, (uint16_t)v);
}

/* Two's complement back from its unsigned bits, without implementation-defined conversions. */
static int32_t get_i32(const uint8_t *p)
{
    uint32_t u = le_get_u32(p);
    return u < 0x80000000u ? (int32_t)u : -(int32_t)(0xffffffffu - u) - 1;
}

static int16_t get_i16(const uint8_t *p)
{
    unsigned u = le_get_u16(p);
    return (int16_t)(u < 0x8000u ? (int)u : (int)u - 0x10000);
}

void nnuefile_encode(const Nnue *net, const NnueOrigin *origin, uint8_t **out, size_t *len)
{
    size_t n = file_length(net->size, net->hidden);
    uint8_t *buf = xcalloc(n, 1), *p = buf;
    memcpy(p, NNUEFILE_MAGIC, 8);
    p += 8;
    p = le_put_u32(p, NNUEFILE_VERSION);
    p = le_put_u32(p, (uint32_t)net->size);
    p = le_put_u32(p, (uint32_t)net->hidden);
    p = le_put_u32(p, (uint32_t)net->out_shift);
    p = le_put_u64(p, origin->rules_hash);
    /* The name, NUL-padded: the last byte stays 0 (calloc). */
    memcpy(p, origin->ruleset, strnlen(origin->ruleset, RULES_NAME_MAX - 1));
    p += RULES_NAME_MAX;
    p = le_put_u32(p, (uint32_t)net->b2);
    for (int h = 0; h < net->hidden; h++)
        p = le_put_u32(p, (uint32_t)net->b1[h]);
    for (int h = 0; h < net->hidden; h++)
        p = put_i16(p, net->w2[h]);
    size_t weights = (size_t)NNUE_INPUTS(net->squares) * (size_t)net->hidden;
    for (size_t i = 0; i < weights; i++)
        p = put_i16(p, net->w1[i]);
    le_put_u64(p, fnv1a(FNV1A_BASIS, buf, n - 8));
    *out = buf;
    *len = n;
}

Status nnuefile_decode(const uint8_t *data, size_t len, const char *name, Nnue *net,
                       NnueOrigin *origin, Error *err)
{
    memset(net, 0, sizeof *net);
    if (len < 12 || memcmp(data, NNUEFILE_MAGIC, 8) != 0) {
        error_set(err, "%s: not a tafl network file (it does not start with %s)", name,
                  NNUEFILE_MAGIC);
        return ST_EPARSE;
    }
    uint32_t version = le_get_u32(data + 8);
    if (version != NNUEFILE_VERSION) {
        error_set(err, "%s: network file version %u; this build reads version %d", name, version,
                  NNUEFILE_VERSION);
        return ST_EPARSE;
    }
    if (len < NNUEFILE_HEADER) {
        error_set(err, "%s: truncated: %zu bytes, shorter than the %d-byte header", name, len,
                  NNUEFILE_HEADER);
        return ST_EPARSE;
    }
    uint32_t size = le_get_u32(data + 12), hidden = le_get_u32(data + 16),
             shift = le_get_u32(data + 20);
    if (size < RULES_MIN_SIZE || size > RULES_MAX_SIZE || hidden < NNUE_MIN_HIDDEN ||
        hidden % NNUE_LANES != 0 || hidden > NNUE_MAX_HIDDEN || shift < NNUE_MIN_SHIFT ||
        shift > NNUE_MAX_SHIFT) {
        error_set(err,
                  "%s: damaged header: board side %u (%d..%d), hidden units %u (%d..%d, a "
                  "multiple of %d), output shift %u (%d..%d)",
                  name, size, RULES_MIN_SIZE, RULES_MAX_SIZE, hidden, NNUE_MIN_HIDDEN,
                  NNUE_MAX_HIDDEN, NNUE_LANES, shift, NNUE_MIN_SHIFT, NNUE_MAX_SHIFT);
        return ST_EPARSE;
    }
    size_t want = file_length((int)size, (int)hidden);
    if (len != want) {
        error_set(err, "%s: %s: %zu bytes where a %ux%u board and %u hidden units make %zu", name,
                  len < want ? "truncated" : "bytes after the end", len, size, size, hidden, want);
        return ST_EPARSE;
    }
    if (le_get_u64(data + len - 8) != fnv1a(FNV1A_BASIS, data, len - 8)) {
        error_set(err, "%s: damaged: the checksum does not match the contents", name);
        return ST_EPARSE;
    }
    const uint8_t *p = data + 32;
    if (memchr(p, 0, RULES_NAME_MAX) == NULL) {
        error_set(err, "%s: damaged header: the ruleset name has no end", name);
        return ST_EPARSE;
    }
    memcpy(origin->ruleset, p, RULES_NAME_MAX);
    origin->rules_hash = le_get_u64(data + 24);
    Status st = nnue_create(net, (int)size, (int)hidden, err);
    if (st != ST_OK)
        return st;
    net->out_shift = (int)shift;
    p = data + NNUEFILE_HEADER;
    net->b2 = get_i32(p);
    p += 4;
    for (int h = 0; h < net->hidden; h++, p += 4)
        net->b1[h] = get_i32(p);
    for (int h = 0; h < net->hidden; h++, p += 2)
        net->w2[h] = get_i16(p);
    size_t weights = (size_t)NNUE_INPUTS(net->squares) * (size_t)net->hidden;
    for (size_t i = 0; i < weights; i++, p += 2)
        net->w1[i] = get_i16(p);
    /* Biases past NNUE_MAX_BIAS could overflow an accumulator (nnue.h): a sound checksum over
     * such values is a file made wrong, not damaged on the way. */
    bool wild = net->b2 > NNUE_MAX_BIAS || net->b2 < -NNUE_MAX_BIAS;
    for (int h = 0; h < net->hidden; h++)
        wild |= net->b1[h] > NNUE_MAX_BIAS || net->b1[h] < -NNUE_MAX_BIAS;
    if (wild) {
        nnue_free(net);
        error_set(err, "%s: a bias is out of range (at most %d either way)", name, NNUE_MAX_BIAS);
        return ST_EPARSE;
    }
    return ST_OK;
}

Status nnuefile_load(const char *path, Nnue *net, NnueOrigin *origin, Error *err)
{
    memset(net, 0, sizeof *net);
    FILE *f = fopen(path, "rb");
    if (!f) {
        error_set(err, "%s: cannot read: %s", path, strerror(errno));
        return ST_EIO;
    }
    /* No network file is larger than the largest board's at the most units. */
    size_t cap = file_length(RULES_MAX_SIZE, NNUE_MAX_HIDDEN) + 1;
    uint8_t *buf = xmalloc(cap);
    size_t len = fread(buf, 1, cap, f);
    bool failed = ferror(f);
    fclose(f);
    Status st;
    if (failed) {
        error_set(err, "%s: cannot read: input error", path);
        st = ST_EIO;
    } else {
        st = nnuefile_decode(buf, len, path, net, origin, err);
    }
    free(buf);
    return st;
}

Status nnuefile_check_rules(const char *path, const Nnue *net, const NnueOrigin *origin,
                            const Rules *r, Error *err)
{
    if (net->size != r->opt.size || origin->rules_hash != evalmodel_rules_hash(r)) {
        error_set(err,
                  "%s: a network for %s (a %dx%d board, rules hash %016llx), not for %s (%dx%d, "
                  "%016llx)",
                  path, origin->ruleset, net->size, net->size,
                  (unsigned long long)origin->rules_hash, r->opt.name, r->opt.size, r->opt.size,
                  (unsigned long long)evalmodel_rules_hash(r));
        return ST_EINVAL;
    }
    return ST_OK;
}

bool nnuefile_is_network(const void *data, size_t len)
{
    return len >= 8 && memcmp(data, NNUEFILE_MAGIC, 8) == 0;
}

Status nnuefile_resolve(const char *value, const Rules *r, Nnue **out, char **canonical, Error *err)
{
    *out = NULL;
    *canonical = NULL;
    char name[1024];
    uint64_t pin = 0;
    bool pinned = evalmodel_split_pinned(value, name, sizeof name, &pin);
    if (!evalmodel_names_file(name))
        return ST_OK;
    size_t len = 0;
    char *bytes = read_whole_file(name, file_length(RULES_MAX_SIZE, NNUE_MAX_HIDDEN) + 1, &len);
    if (!bytes || !nnuefile_is_network(bytes, len)) {
        free(bytes);
        return ST_OK; /* not a network: evalmodel_resolve reads it, or says why it cannot */
    }
    uint64_t h = evalmodel_text_hash(bytes, len);
    if (pinned && h != pin) {
        error_set(err,
                  "eval=%s: the content changed since it was recorded (hash %016llx, recorded "
                  "%016llx)",
                  name, (unsigned long long)h, (unsigned long long)pin);
        free(bytes);
        return ST_EINVAL;
    }
    Nnue *net = xmalloc(sizeof *net);
    NnueOrigin origin;
    Status st = nnuefile_decode((const uint8_t *)bytes, len, name, net, &origin, err);
    free(bytes);
    if (st == ST_OK)
        st = nnuefile_check_rules(name, net, &origin, r, err);
    if (st != ST_OK) {
        nnue_destroy(net);
        return st; /* the error names the file */
    }
    size_t n = strlen(name) + 18;
    *canonical = xmalloc(n);
    snprintf(*canonical, n, "%s@%016llx", name, (unsigned long long)h);
    *out = net;
    return ST_OK;
}

Status nnuefile_resolve_eval(const char *value, const Rules *r, EvalModel **model, Nnue **net,
                             char **canonical, Error *err)
{
    *model = NULL;
    Status st = nnuefile_resolve(value, r, net, canonical, err);
    if (st == ST_OK && !*net)
        st = evalmodel_resolve(value, r, model, canonical, err);
    return st;
}
