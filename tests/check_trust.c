/* Issue 27, the texts and inputs a run directory must not trust: the one escaping function
 * (formats/safetext.c), tune.state's counts, the ratings and summary of many agents and groups,
 * the run's memory budget. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agents/pgroups.h"
#include "formats/games.h"
#include "formats/safetext.h"
#include "formats/summary.h"
#include "rules/rng.h"
#include "stats/ratings.h"
#include "tests/tests.h"

/* What safetext_write makes of text for dest; the caller frees. */
static char *written(SafeTextDest dest, const char *text, Status *st)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(f);
    Error err = {{0}};
    *st = safetext_write(f, dest, "key", text, &err);
    fclose(f);
    return buf;
}

START_TEST(test_gnuplot_text_is_single_quoted)
{
    Status st;
    char *s = written(SAFETEXT_GNUPLOT, "a `touch x` $(id) @m \"q\" it's", &st);
    ck_assert_int_eq(st, ST_OK);
    /* Single quotes: gnuplot expands no backquote, macro or escape inside them. */
    ck_assert_str_eq(s, "'a `touch x` $(id) @m \"q\" it''s'");
    free(s);
    s = written(SAFETEXT_GNUPLOT, "one\ntwo\tthree\001", &st);
    ck_assert_str_eq(s, "'one'.\"\\n\".'two'.\"\\t\".'three?'");
    free(s);
    s = written(SAFETEXT_GNUPLOT, "", &st);
    ck_assert_str_eq(s, "''");
    free(s);
}
END_TEST

START_TEST(test_datablock_field_stays_one_field)
{
    Status st;
    char *s = written(SAFETEXT_DATA, "a \"b\"\nEOD\n`x`", &st);
    ck_assert_int_eq(st, ST_OK);
    ck_assert_str_eq(s, "\"a 'b' EOD `x`\"");
    free(s);
}
END_TEST

START_TEST(test_html_text_opens_no_tag)
{
    Status st;
    /* A hostile experiment comment: no tag, attribute end or reference survives. */
    char *s = written(SAFETEXT_HTML, "<script>alert('x')</script> \"a\" & b\n\tc\033", &st);
    ck_assert_int_eq(st, ST_OK);
    ck_assert_str_eq(s, "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &quot;a&quot; &amp; "
                        "b\n\tc?");
    free(s);
    s = written(SAFETEXT_HTML, "&amp;", &st);
    ck_assert_str_eq(s, "&amp;amp;");
    free(s);
    /* UTF-8 stays (\u00e9, \u2654); a lone continuation byte, an overlong '<' (C0 BC) and a
     * surrogate (ED A0 80) do not: an XML parser would refuse the page. */
    s = written(SAFETEXT_HTML, "\xc3\xa9\xe2\x99\x94 \x80 \xc0\xbc \xed\xa0\x80", &st);
    ck_assert_str_eq(s, "\xc3\xa9\xe2\x99\x94 ? ?? ???");
    free(s);
    /* Markdown: no cell end, link, code span or emphasis, and one line. */
    s = written(SAFETEXT_MARKDOWN, "a|b [x](javascript:y) `c` *d* e_f \\\n<i \"q\">", &st);
    ck_assert_int_eq(st, ST_OK);
    ck_assert_str_eq(s, "a&#124;b \\[x\\](javascript:y) &#96;c&#96; &#42;d&#42; e_f &#92; "
                        "&lt;i \"q\"&gt;");
    free(s);
    /* Brackets as backslash escapes (issue 55): a backslash of the text before one is a
     * reference, so it cannot undo the escape ("\\[" would be a backslash and a bracket). */
    s = written(SAFETEXT_MARKDOWN, "0.5 [0.4, 0.6] \\[l](u)", &st);
    ck_assert_str_eq(s, "0.5 \\[0.4, 0.6\\] &#92;\\[l\\](u)");
    free(s);
}
END_TEST

START_TEST(test_note_stays_one_line)
{
    Status st;
    char *s = written(SAFETEXT_NOTE, "tafl run --out /tmp/nl\nsprt_decision H1\r\033", &st);
    ck_assert_int_eq(st, ST_OK);
    ck_assert_str_eq(s, "tafl run --out /tmp/nl\\nsprt_decision H1\\r\\x1b");
    ck_assert_ptr_null(strchr(s, '\n'));
    free(s);
}
END_TEST

START_TEST(test_record_refuses_control_characters)
{
    Status st;
    char *s = written(SAFETEXT_RECORD, "name `x` $(y) \"q\" 'r'", &st);
    ck_assert_int_eq(st, ST_OK); /* a record is read back as written: only lines matter */
    ck_assert_str_eq(s, "name `x` $(y) \"q\" 'r'");
    free(s);
    Error err = {{0}};
    ck_assert_int_eq(
        safetext_write(NULL, SAFETEXT_RECORD, "agent spec", "random\nkind curve", &err), ST_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.text, "agent spec: the value holds a newline at byte 7"));
    ck_assert_int_eq(safetext_write(NULL, SAFETEXT_RECORD, "k", "a\rb", &err), ST_EINVAL);
    ck_assert_int_eq(safetext_write(NULL, SAFETEXT_RECORD, "k", "a\177", &err), ST_EINVAL);
    s = written(SAFETEXT_RECORD, "a\nb", &st);
    ck_assert_int_eq(st, ST_EINVAL);
    ck_assert_str_eq(s, ""); /* nothing written on a refusal */
    free(s);
}
END_TEST

START_TEST(test_path_inside_is_about_components)
{
    ck_assert(safetext_path_inside("rulesets/v1..2.rules"));
    ck_assert(safetext_path_inside("rulesets/...rules"));
    ck_assert(safetext_path_inside("a/b"));
    ck_assert(!safetext_path_inside("../x.rules"));
    ck_assert(!safetext_path_inside("rulesets/../../x"));
    ck_assert(!safetext_path_inside("rulesets/.."));
    ck_assert(!safetext_path_inside("/etc/passwd"));
    ck_assert(!safetext_path_inside(""));
}
END_TEST

static int compare_ints(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Groups interleaved row by row (so each row is found by the hash table, not the last-group
 * shortcut), lengths from 0 to 5999 in random order (so each histogram widens both ways and
 * some lengths go past the histogram's 4096): every median, p10 and p90 of summary.csv is the
 * nearest rank of the group's sorted lengths, computed here directly. */
START_TEST(test_summary_percentiles_of_interleaved_groups)
{
    enum { GROUPS = 3, PER = 401 };
    static GameRow rows[GROUPS * PER];
    int lengths[GROUPS][PER];
    Rng rng;
    rng_seed(&rng, 27);
    for (int i = 0; i < GROUPS * PER; i++) {
        GameRow *r = &rows[i];
        memset(r, 0, sizeof *r);
        r->game = i;
        snprintf(r->rules, sizeof r->rules, "%s", i % GROUPS == 2 ? "tablut" : "brandubh");
        snprintf(r->attacker, sizeof r->attacker, "a%d", i % GROUPS);
        snprintf(r->defender, sizeof r->defender, "d");
        r->winner = i % 2 ? WINNER_ATTACKERS : WINNER_DEFENDERS;
        r->reason = i % 2 ? END_KING_CAPTURED : END_KING_ESCAPED;
        r->plies = (int)(rng_next(&rng) % 6000);
        lengths[i % GROUPS][i / GROUPS] = r->plies;
    }
    char dir[] = "/tmp/tafl-trust-XXXXXX", path[64];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    Error err = {{0}};
    ck_assert_int_eq(results_write_summary(path, rows, GROUPS * PER, &err), ST_OK);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char line[4096];
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f)); /* the header */
    for (int g = 0; g < GROUPS; g++) {
        ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
        qsort(lengths[g], PER, sizeof(int), compare_ints);
        /* Nearest rank: index ceil(p/100 n) - 1. */
        int want[3] = {lengths[g][(50 * PER + 99) / 100 - 1], lengths[g][(10 * PER + 99) / 100 - 1],
                       lengths[g][(90 * PER + 99) / 100 - 1]};
        /* plies_median, plies_p10, plies_p90 are fields 17, 18, 19 (from 1). */
        char *field = line;
        for (int k = 1; k < 17; k++)
            field = strchr(field, ',') + 1;
        int got[3];
        ck_assert_int_eq(sscanf(field, "%d,%d,%d", &got[0], &got[1], &got[2]), 3);
        for (int k = 0; k < 3; k++)
            ck_assert_int_eq(got[k], want[k]);
    }
    fclose(f);
    remove(path);
    rmdir(dir);
}
END_TEST

/* A league of n players, each playing `per` random opponents a few games, strengths spread
 * over 1,000 Elo: points and games n x n (caller frees both). */
static void random_league(int n, int per, uint64_t seed, bool one_sided, double **points,
                          double **games)
{
    double *pts = calloc((size_t)n * n, sizeof *pts), *gms = calloc((size_t)n * n, sizeof *gms);
    ck_assert(pts && gms);
    Rng rng;
    rng_seed(&rng, seed);
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < per; k++) {
            int j = (int)(rng_next(&rng) % (uint64_t)n);
            if (j == i)
                continue;
            for (int game = 0; game < 3; game++) {
                double p = 1.0 / (1.0 + pow(10.0, (double)(i - j) * 1000.0 / n / 400.0));
                double u = (double)(rng_next(&rng) >> 11) / 9007199254740992.0;
                /* one_sided: the lower index always wins, so no finite maximum exists. */
                double s = one_sided ? (i < j ? 1.0 : 0.0) : u < p ? 1.0 : u < p + 0.1 ? 0.5 : 0.0;
                pts[(size_t)i * n + j] += s;
                pts[(size_t)j * n + i] += 1.0 - s;
                gms[(size_t)i * n + j] += 1;
                gms[(size_t)j * n + i] += 1;
            }
        }
    }
    *points = pts;
    *games = gms;
}

/* Above RATINGS_EXACT_MAX players the MM fit must still be the maximum of the likelihood: at
 * the maximum every player's expected score equals its actual score (the gradient
 * sum_j P_ij - G_ij p_ij vanishes, Hunter 2004 eq. (2)). The interval is z / sqrt(I_ii). */
START_TEST(test_large_league_is_the_maximum_likelihood)
{
    int n = 400;
    double *pts, *gms;
    random_league(n, 12, 5, false, &pts, &gms);
    double *elo = malloc(3 * (size_t)n * sizeof *elo), *low = elo + n, *high = elo + 2 * n;
    bool prior = true;
    Error err = {{0}};
    ck_assert_int_eq(ratings_bradley_terry(n, pts, gms, elo, low, high, &prior, &err), ST_OK);
    ck_assert(!prior);
    double mean = 0, worst = 0;
    const double k = 400.0 / log(10.0);
    for (int i = 0; i < n; i++) {
        mean += elo[i] / n;
        double grad = 0, info = 0, played = 0;
        for (int j = 0; j < n; j++) {
            double g = gms[(size_t)i * n + j];
            if (j == i || g == 0)
                continue;
            double p = 1.0 / (1.0 + exp((elo[j] - elo[i]) / k));
            grad += pts[(size_t)i * n + j] - g * p;
            info += g * p * (1 - p);
            played += g;
        }
        worst = fmax(worst, fabs(grad) / played);
        ck_assert_double_eq_tol(high[i] - elo[i], RATINGS_Z95 * k / sqrt(info), 1e-6);
        ck_assert_double_eq_tol(elo[i] - low[i], RATINGS_Z95 * k / sqrt(info), 1e-6);
    }
    ck_assert_double_eq_tol(mean, 0, 1e-6);
    ck_assert_double_lt(worst, 1e-8);
    /* Stronger players (lower index) come out higher: the first and last tenth do not mix. */
    double top = 0, bottom = 0;
    for (int i = 0; i < n / 10; i++) {
        top += elo[i];
        bottom += elo[n - 1 - i];
    }
    ck_assert_double_gt(top - bottom, 0.5 * (n / 10) * 900);
    free(pts);
    free(gms);

    /* A league where the lower index always wins has no finite maximum: the virtual draws. */
    random_league(n, 12, 6, true, &pts, &gms);
    ck_assert_int_eq(ratings_bradley_terry(n, pts, gms, elo, low, high, &prior, &err), ST_OK);
    ck_assert(prior);
    for (int i = 0; i < n; i++)
        ck_assert(isfinite(elo[i]) && low[i] < elo[i] && elo[i] < high[i]);
    ck_assert_double_gt(elo[0], elo[n - 1]);
    free(pts);
    free(gms);
    free(elo);
}
END_TEST

/* What a run budgets per agent: alphabeta's table (the largest power of two of 24-byte slots
 * within tt_mb MiB) plus its history table (2 x squares^2 x 4 bytes) and its move pickers (66
 * plies x 2 x 256 two-byte entries on 7x7: 256 is the power of two above 4 x 49 moves), mcts's
 * arena of 32-byte nodes (twice with reuse); nothing for agents without tables. */
START_TEST(test_agent_memory_is_its_tables)
{
    Rules r;
    fixture_rules("brandubh", &r);
    uint64_t bytes = 1;
    Error err = {{0}};
    ck_assert_int_eq(agent_spec_memory("alphabeta:tt_mb=16", &r, &bytes, &err), ST_OK);
    /* 16 MiB / 24 = 699,050 slots: 524,288 of them; 49 squares. */
    ck_assert_uint_eq(bytes, 524288u * 24u + 2u * 49u * 49u * 4u + 66u * 2u * 256u * 2u);
    ck_assert_int_eq(agent_spec_memory("alphabeta:tt_mb=0", &r, &bytes, &err), ST_OK);
    ck_assert_uint_eq(bytes, 2u * 49u * 49u * 4u + 66u * 2u * 256u * 2u);
    ck_assert_int_eq(agent_spec_memory("mcts:max_nodes=5000,reuse=yes", &r, &bytes, &err), ST_OK);
    ck_assert_uint_eq(bytes, 5000u * 32u * 2u);
    ck_assert_int_eq(agent_spec_memory("greedy", &r, &bytes, &err), ST_OK);
    ck_assert_uint_eq(bytes, 0);
    ck_assert_int_eq(agent_spec_memory("alphabeta:tt_mb=5000", &r, &bytes, &err), ST_EINVAL);
}
END_TEST

/* An engine being stopped is retired: no signal handler reaches it any more (its id may be
 * reused once it is reaped), but a sweep of orphans still sees it as an engine, until it is
 * forgotten after its reap. Ids far above any real process id, so no kill reaches anything. */
START_TEST(test_retired_engine_is_still_an_engine)
{
    pid_t id = 2000000001;
    ck_assert(pgroups_add(id));
    ck_assert(pgroups_has(id));
    pgroups_retire(id);
    ck_assert(pgroups_has(id));
    ck_assert_int_eq(pgroups_kill_all(0), 0);
    pgroups_remove(-id);
    ck_assert(!pgroups_has(id));
    ck_assert_int_eq(pgroups_starts_in_flight(), 0);
    pgroups_starting(1);
    ck_assert_int_eq(pgroups_starts_in_flight(), 1);
    pgroups_starting(-1);
}
END_TEST

Suite *trust_suite(void)
{
    Suite *s = suite_create("trust");
    TCase *tc = tcase_create("safetext");
    tcase_add_test(tc, test_gnuplot_text_is_single_quoted);
    tcase_add_test(tc, test_datablock_field_stays_one_field);
    tcase_add_test(tc, test_note_stays_one_line);
    tcase_add_test(tc, test_html_text_opens_no_tag);
    tcase_add_test(tc, test_record_refuses_control_characters);
    tcase_add_test(tc, test_path_inside_is_about_components);
    suite_add_tcase(s, tc);
    tc = tcase_create("big inputs");
    tcase_add_test(tc, test_summary_percentiles_of_interleaved_groups);
    tcase_add_test(tc, test_large_league_is_the_maximum_likelihood);
    suite_add_tcase(s, tc);
    tc = tcase_create("memory");
    tcase_add_test(tc, test_agent_memory_is_its_tables);
    suite_add_tcase(s, tc);
    tc = tcase_create("engines");
    tcase_add_test(tc, test_retired_engine_is_still_an_engine);
    suite_add_tcase(s, tc);
    return s;
}
