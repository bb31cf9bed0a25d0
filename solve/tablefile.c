/* The table file (solve/tablefile.h): written and read in chunks, converted to little-endian
 * bytes and checksummed on the way. */
#include "solve/tablefile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rules/lebytes.h"

static const char MAGIC[8] = {'T', 'A', 'F', 'L', 'T', 'B', '\n', '\0'};

enum { HEADER_BYTES = 104, CLASS_BYTES = 56, CHUNK_ENTRIES = 32768 };

uint64_t solve_tablefile_rules_hash(const Rules *r)
{
    return ruleset_game_hash(&r->opt);
}

/* Writes n bytes and adds them to the checksum. */
static bool put(FILE *f, const uint8_t *p, size_t n, uint64_t *sum)
{
    *sum = fnv1a(*sum, p, n);
    return fwrite(p, 1, n, f) == n;
}

/* Writes classes [first, first + count) of t as one file. */
static bool write_classes(const SolveTables *t, int first, int count, FILE *f)
{
    const Rules *r = solve_rules(t);
    uint8_t head[HEADER_BYTES] = {0}, *p = head;
    uint64_t sum = FNV1A_BASIS;
    memcpy(p, MAGIC, sizeof MAGIC);
    p = le_put_u32(p + sizeof MAGIC, SOLVE_TABLEFILE_VERSION);
    p = le_put_u32(p, (uint32_t)solve_max_men(t));
    p = le_put_u64(p, solve_tablefile_rules_hash(r));
    memcpy(p, r->opt.name, strnlen(r->opt.name, RULES_NAME_MAX - 1));
    p = le_put_u32(p + RULES_NAME_MAX, r->start_pos.attacker_count);
    p = le_put_u32(p, r->start_pos.defender_count);
    p = le_put_u32(p, (uint32_t)count);
    if (!put(f, head, sizeof head, &sum))
        return false;
    for (int i = first; i < first + count; i++) {
        const SolveClassStats *c = solve_class_stats(t, i);
        uint8_t rec[CLASS_BYTES];
        p = le_put_u32(rec, (uint32_t)c->attackers);
        p = le_put_u32(p, (uint32_t)c->defenders);
        p = le_put_u64(p, c->entries);
        p = le_put_u64(p, c->positions);
        p = le_put_u64(p, c->attackers_win);
        p = le_put_u64(p, c->defenders_win);
        p = le_put_u64(p, c->draws);
        p = le_put_u32(p, (uint32_t)c->longest);
        le_put_u32(p, (uint32_t)c->iterations);
        if (!put(f, rec, sizeof rec, &sum))
            return false;
    }
    uint8_t *chunk = xmalloc(2 * CHUNK_ENTRIES);
    bool ok = true;
    for (int i = first; i < first + count && ok; i++) {
        const uint16_t *e = solve_class_entries(t, i);
        uint64_t n = solve_class_stats(t, i)->entries;
        for (uint64_t at = 0; at < n && ok; at += CHUNK_ENTRIES) {
            size_t k = n - at < CHUNK_ENTRIES ? (size_t)(n - at) : CHUNK_ENTRIES;
            for (size_t j = 0; j < k; j++)
                le_put_u16(chunk + 2 * j, e[at + j]);
            ok = put(f, chunk, 2 * k, &sum);
        }
    }
    free(chunk);
    uint8_t tail[8];
    le_put_u64(tail, sum);
    return ok && fwrite(tail, 1, sizeof tail, f) == sizeof tail;
}

bool solve_tablefile_write(const SolveTables *t, FILE *f)
{
    return write_classes(t, 0, solve_class_count(t), f);
}

bool solve_tablefile_write_class(const SolveTables *t, int i, FILE *f)
{
    return write_classes(t, i, 1, f);
}

/* Reads n bytes into p, adding them to the checksum; false (err set) when the file ends. */
static bool get(FILE *f, const char *path, uint8_t *p, size_t n, uint64_t *sum, Error *err)
{
    if (fread(p, 1, n, f) != n) {
        error_set(err, "%s: truncated: the file ends before its tables do", path);
        return false;
    }
    *sum = fnv1a(*sum, p, n);
    return true;
}

/* The header's checks: a table file of this version for r. */
static bool check_header(const uint8_t *head, const char *path, const Rules *r, int *men,
                         int *classes, Error *err)
{
    if (memcmp(head, MAGIC, sizeof MAGIC) != 0) {
        error_set(err, "%s: not a table file (written by tafl solve --tables)", path);
        return false;
    }
    uint32_t version = le_get_u32(head + 8);
    if (version != SOLVE_TABLEFILE_VERSION) {
        error_set(err, "%s: table file version %u; this tafl reads version %d", path, version,
                  SOLVE_TABLEFILE_VERSION);
        return false;
    }
    char name[RULES_NAME_MAX + 1] = {0};
    memcpy(name, head + 24, RULES_NAME_MAX);
    for (char *c = name; *c; c++)
        if (*c < 0x20 || *c > 0x7e)
            *c = '?';
    if (le_get_u64(head + 16) != solve_tablefile_rules_hash(r) ||
        le_get_u32(head + 88) != r->start_pos.attacker_count ||
        le_get_u32(head + 92) != r->start_pos.defender_count) {
        error_set(err, "%s: tables for %s, not for %s (their rules differ)", path, name,
                  r->opt.name);
        return false;
    }
    uint32_t m = le_get_u32(head + 12), c = le_get_u32(head + 96);
    if (m > (uint32_t)(r->start_pos.attacker_count + r->start_pos.defender_count) || c > 4096) {
        error_set(err, "%s: damaged: %u men and %u classes in its header", path, m, c);
        return false;
    }
    *men = (int)m;
    *classes = (int)c;
    return true;
}

/* The class records, each checked against the class the tables expect. */
static bool read_classes(FILE *f, const char *path, SolveTables *t, int first, int count,
                         uint64_t *sum, Error *err)
{
    for (int i = first; i < first + count; i++) {
        uint8_t rec[CLASS_BYTES];
        if (!get(f, path, rec, sizeof rec, sum, err))
            return false;
        SolveClassStats *c = solve_class_stats_to_fill(t, i);
        if ((int)le_get_u32(rec) != c->attackers || (int)le_get_u32(rec + 4) != c->defenders ||
            le_get_u64(rec + 8) != c->entries) {
            error_set(err,
                      "%s: damaged: a class of %u attackers and %u defenders where its rules give "
                      "the %d and %d of %llu entries",
                      path, le_get_u32(rec), le_get_u32(rec + 4), c->attackers, c->defenders,
                      (unsigned long long)c->entries);
            return false;
        }
        c->positions = le_get_u64(rec + 16);
        c->attackers_win = le_get_u64(rec + 24);
        c->defenders_win = le_get_u64(rec + 32);
        c->draws = le_get_u64(rec + 40);
        c->longest = (int)le_get_u32(rec + 48);
        c->iterations = (int)le_get_u32(rec + 52);
    }
    return true;
}

static bool read_entries(FILE *f, const char *path, SolveTables *t, int first, int count,
                         uint64_t *sum, Error *err)
{
    uint8_t *chunk = xmalloc(2 * CHUNK_ENTRIES);
    bool ok = true;
    for (int i = first; i < first + count && ok; i++) {
        uint16_t *e = solve_class_entries_to_fill(t, i);
        uint64_t n = solve_class_stats(t, i)->entries;
        for (uint64_t at = 0; at < n && ok; at += CHUNK_ENTRIES) {
            size_t k = n - at < CHUNK_ENTRIES ? (size_t)(n - at) : CHUNK_ENTRIES;
            ok = get(f, path, chunk, 2 * k, sum, err);
            for (size_t j = 0; ok && j < k; j++)
                e[at + j] = le_get_u16(chunk + 2 * j);
        }
    }
    free(chunk);
    return ok;
}

/* The end of a file: its checksum, then nothing. */
static bool read_tail(FILE *f, const char *path, uint64_t sum, Error *err)
{
    uint8_t tail[8];
    uint64_t want = sum;
    if (!get(f, path, tail, sizeof tail, &sum, err))
        return false;
    if (le_get_u64(tail) != want) {
        error_set(err, "%s: damaged: its checksum does not match its contents", path);
        return false;
    }
    if (fgetc(f) != EOF) {
        error_set(err, "%s: damaged: bytes after its checksum", path);
        return false;
    }
    return true;
}

/* Opens path and reads its header for rules r: ST_EIO when it cannot be opened (*f NULL),
 * ST_EINVAL when the header is not one for r (*f open), else ST_OK with *f after the header. */
static Status open_checked(const char *path, const Rules *r, FILE **f, uint64_t *sum, int *men,
                           int *classes, Error *err)
{
    *f = fopen(path, "rb");
    if (!*f) {
        error_set(err, "%s: cannot open: %s", path, strerror(errno));
        return ST_EIO;
    }
    uint8_t head[HEADER_BYTES];
    return get(*f, path, head, sizeof head, sum, err) &&
                   check_header(head, path, r, men, classes, err)
               ? ST_OK
               : ST_EINVAL;
}

Status solve_tablefile_read(const char *path, const Rules *r, SolveTables **out, Error *err)
{
    *out = NULL;
    uint64_t sum = FNV1A_BASIS;
    int men = 0, classes = 0;
    SolveTables *t = NULL;
    Status st = ST_EINVAL;
    FILE *f = NULL;
    Status opened = open_checked(path, r, &f, &sum, &men, &classes, err);
    if (opened == ST_EIO)
        return ST_EIO;
    if (opened != ST_OK)
        goto done;
    if (solve_tables_new(r, men, SOLVE_MAX_POSITIONS, &t, err) != ST_OK) {
        char why[sizeof err->text];
        snprintf(why, sizeof why, "%s", err->text);
        error_set(err, "%s: %s", path, why);
        goto done;
    }
    if (solve_class_count(t) != classes) {
        error_set(err, "%s: damaged: %d classes where its rules and men give %d", path, classes,
                  solve_class_count(t));
        goto done;
    }
    if (read_classes(f, path, t, 0, classes, &sum, err) &&
        read_entries(f, path, t, 0, classes, &sum, err) && read_tail(f, path, sum, err))
        st = ST_OK;
done:
    fclose(f);
    if (st != ST_OK) {
        solve_destroy(t);
        return st;
    }
    *out = t;
    return ST_OK;
}

Status solve_tablefile_read_class(const char *path, SolveTables *t, int i, Error *err)
{
    uint64_t sum = FNV1A_BASIS;
    int men = 0, classes = 0;
    FILE *f = NULL;
    Status opened = open_checked(path, solve_rules(t), &f, &sum, &men, &classes, err);
    if (opened == ST_EIO)
        return ST_EIO;
    bool ok = opened == ST_OK;
    if (ok && (men != solve_max_men(t) || classes != 1)) {
        error_set(err, "%s: a file of %d classes of at most %d men, not one class of these tables",
                  path, classes, men);
        ok = false;
    }
    ok = ok && read_classes(f, path, t, i, 1, &sum, err) &&
         read_entries(f, path, t, i, 1, &sum, err) && read_tail(f, path, sum, err);
    fclose(f);
    return ok ? ST_OK : ST_EINVAL;
}
