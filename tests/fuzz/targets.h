/* The fuzz targets of tafl-lab: one function per parser a user reaches, each taking arbitrary
 * bytes. tests/fuzz/driver.c turns one into a libFuzzer binary (`make fuzz`); check_fuzz.c
 * replays every corpus file of tests/fuzz/<target>/ through them in `make test`. A target
 * returns 0; a broken invariant (a crash, a multi-line or empty error, a value that does not
 * read back) aborts. */
#ifndef TAFL_TESTS_FUZZ_TARGETS_H
#define TAFL_TESTS_FUZZ_TARGETS_H

#include <stddef.h>
#include <stdint.h>

typedef int (*FuzzFn)(const uint8_t *data, size_t size);

typedef struct {
    const char *name; /* the target's corpus is tests/fuzz/<name>/ */
    FuzzFn run;
} FuzzTarget;

int fuzz_experiment(const uint8_t *data, size_t size);   /* experiment INI files */
int fuzz_ruleset(const uint8_t *data, size_t size);      /* ruleset INI files */
int fuzz_otn_rules(const uint8_t *data, size_t size);    /* OpenTafl rules strings */
int fuzz_otn_position(const uint8_t *data, size_t size); /* OTN position records */
int fuzz_otn_move(const uint8_t *data, size_t size);     /* OTN moves */
int fuzz_agent_spec(const uint8_t *data, size_t size);   /* agent specs NAME:key=value,... */
int fuzz_games_csv(const uint8_t *data, size_t size);    /* games.csv (resume, summarize, merge) */
int fuzz_otn_game(const uint8_t *data, size_t size);     /* OTN game records (tafl replay) */
int fuzz_csv_game(const uint8_t *data, size_t size);     /* move-list CSV (tafl replay) */
int fuzz_train_ini(const uint8_t *data, size_t size);    /* training INI files (tafl train) */
int fuzz_train_pos(const uint8_t *data, size_t size);    /* gen-G.pos (tafl train --resume) */
int fuzz_eval_file(const uint8_t *data, size_t size);    /* tafl-eval files (eval=FILE) */

extern const FuzzTarget FUZZ_TARGETS[];
extern const int FUZZ_TARGET_COUNT;

#endif
