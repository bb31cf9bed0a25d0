/* tafl report (studies/report.c) on run directories made by hand: a hostile one whose every
 * text would open a tag, a figure that is no figure, the tidy CSV, the errors; and SHA-256
 * (formats/sha256.c) against FIPS 180-4's examples. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/files.h"
#include "formats/sha256.h"
#include "studies/report.h"
#include "studies/report_html.h"
#include "studies/report_md.h"
#include "studies/reportdoc.h"
#include "tests/tests.h"

START_TEST(test_sha256_known_answers)
{
    char hex[SHA256_HEX_LEN];
    /* FIPS 180-4 examples (NIST "SHA256.pdf"): "abc" and the two-block message. */
    sha256_hex("abc", 3, hex);
    ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    sha256_hex(two, strlen(two), hex);
    ck_assert_str_eq(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    sha256_hex("", 0, hex);
    ck_assert_str_eq(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    /* A million 'a' given in uneven pieces: the same as in one piece (NIST's third example). */
    Sha256 c;
    sha256_init(&c);
    char a[1000];
    memset(a, 'a', sizeof a);
    long left = 1000000;
    for (size_t piece = 1; left > 0; piece = piece % 997 + 1) {
        size_t n = (long)piece < left ? piece : (size_t)left;
        sha256_update(&c, a, n);
        left -= (long)n;
    }
    sha256_final(&c, hex);
    ck_assert_str_eq(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}
END_TEST

static void put_file(const char *dir, const char *name, const char *text)
{
    Error err = {{0}};
    ck_assert_msg(files_replace(dir, name, text, strlen(text), &err) == ST_OK, "%s", err.text);
}

static char *slurp(const char *path)
{
    size_t size;
    char *text = files_read(path, &size);
    ck_assert_msg(text != NULL, "%s: not written", path);
    return text;
}

/* A run directory whose experiment comment, ruleset name, agent name and summary cells all
 * try to become markup. */
static void hostile_dir(const char *dir)
{
    ck_assert_int_eq(mkdir(dir, 0700), 0);
    put_file(dir, "kind", "run\n");
    put_file(dir, "experiment.ini",
             "; Is <script>alert('x')</script> & \"quoted\" fair?\n[experiment]\nname = h\n");
    put_file(dir, "setup",
             "setup_format 1\nexperiment h<b>\nkind balance\nruleset.1 x<img src=y>\n"
             "ruleset_file.1 rulesets/x.rules\n");
    put_file(dir, "rulesets/x.rules", "base = brandubh\nking_armed = no\n");
    put_file(dir, "meta",
             "command tafl run \"<script>\"\nagent.<i>a</i> random\nagent.g greedy:mobility=2\n");
    put_file(dir, "summary.csv",
             "rules,attacker,defender,games,attacker_wins,defender_wins,draws,attacker_score,"
             "attacker_score_low,attacker_score_high,balance_p_holm,verdict\n"
             "\"x<img src=y>\",\"<i>a</i>\",\"q\"\"uote\",10,5,5,0,0.5,0.2,0.8,1,"
             "\"balanced onclick=z\"\n");
    /* Not an SVG: script text under a figure's name is not embedded. */
    put_file(dir, "evil.svg", "<script>alert(1)</script>");
    put_file(dir, "fig.svg", "<?xml version=\"1.0\"?>\n<svg xmlns=\"a\"><rect/></svg>\n");
}

START_TEST(test_report_escapes_everything_it_reads)
{
    char dir[] = "/tmp/tafl-report-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char run[256], html_path[256], md_path[256], csv_path[256];
    snprintf(run, sizeof run, "%s/run", dir);
    hostile_dir(run);
    snprintf(html_path, sizeof html_path, "%s/r.html", dir);
    snprintf(md_path, sizeof md_path, "%s/r.md", dir);
    snprintf(csv_path, sizeof csv_path, "%s/r.csv", dir);
    const char *dirs[] = {run};
    ReportOutputs out = {html_path, md_path, csv_path};
    Error err = {{0}};
    ck_assert_msg(report_write(dirs, 1, &out, &err) == ST_OK, "%s", err.text);
    char *html = slurp(html_path);
    /* No tag from the directory survives; the only <script, <img and onclick are none. */
    ck_assert_ptr_null(strstr(html, "<script"));
    ck_assert_ptr_null(strstr(html, "<i>"));
    ck_assert_ptr_null(strstr(html, "h<b>"));
    ck_assert_ptr_nonnull(strstr(html, "<title>tafl report: h&lt;b&gt;</title>"));
    ck_assert_ptr_null(strstr(html, "<img src=y"));
    ck_assert_ptr_null(strstr(html, "class=\"t balanced onclick"));
    ck_assert_ptr_nonnull(strstr(html, "Is &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; "
                                       "&quot;quoted&quot; fair?"));
    ck_assert_ptr_nonnull(strstr(html, "x&lt;img src=y&gt;"));
    ck_assert_ptr_nonnull(strstr(html, "&lt;i&gt;a&lt;/i&gt;"));
    ck_assert_ptr_nonnull(strstr(html, "q&quot;uote"));
    /* The ruleset file was read: the board is drawn (the king is one span), the option shown. */
    ck_assert_ptr_nonnull(strstr(html, "<span class=\"k\"></span>"));
    ck_assert_ptr_nonnull(strstr(html, "king_armed = no"));
    /* The real SVG is embedded as data, the fake one named and refused. */
    ck_assert_ptr_nonnull(strstr(html, "src=\"data:image/svg+xml;base64,"));
    ck_assert_ptr_nonnull(strstr(html, "Figure evil.svg not shown: neither an SVG nor a PNG"));
    ck_assert_int_eq(strstr(strstr(html, "data:image/svg+xml") + 1, "data:image/") == NULL, 1);
    free(html);
    char *md = slurp(md_path);
    ck_assert_ptr_null(strstr(md, "<script"));
    ck_assert_ptr_null(strstr(md, "<i>"));
    ck_assert_ptr_nonnull(strstr(md, "### Question"));
    ck_assert_ptr_nonnull(strstr(md, "### Provenance"));
    ck_assert_ptr_nonnull(strstr(md, "![fig.svg](<"));
    free(md);
    char *csv = slurp(csv_path);
    /* One row per summary row, the directory first, quotes doubled (RFC 4180). */
    char want[512];
    snprintf(want, sizeof want,
             "dir,rules,attacker,defender,games,attacker_wins,defender_wins,draws,"
             "attacker_score,attacker_score_low,attacker_score_high,balance_p_holm,verdict\n"
             "%s,x<img src=y>,<i>a</i>,\"q\"\"uote\",10,5,5,0,0.5,0.2,0.8,1,balanced "
             "onclick=z\n",
             run);
    ck_assert_str_eq(csv, want);
    free(csv);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* A directory whose name holds line breaks, a heading and an HTML block (issue 54): the
 * Markdown keeps it inside its code span on one line, and report.csv neutralises the formula
 * cells of an edited summary.csv (OWASP, "CSV Injection") while numbers stay numbers. */
START_TEST(test_report_md_and_csv_resist_injection)
{
    char dir[] = "/tmp/tafl-report-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char run[256], md_path[256], csv_path[256], html_path[256];
    snprintf(run, sizeof run, "%s/r\n# Pwned\n\n<img src=x onerror=alert(1)>\r\n", dir);
    hostile_dir(run);
    put_file(run, "summary.csv",
             "rules,attacker,defender,games,attacker_score,note\n"
             "\"=cmd|' /C calc'!A0\",@SUM(1+1),-2+3+cmd,10,-0.25,\"\t=1+1\"\n"
             "+cmd,\"\r=1\",-1e-3,+3,1.5E+2,\"=HYPERLINK(\"\"x\"\")\"\n");
    snprintf(html_path, sizeof html_path, "%s/r.html", dir);
    snprintf(md_path, sizeof md_path, "%s/r.md", dir);
    snprintf(csv_path, sizeof csv_path, "%s/r.csv", dir);
    const char *dirs[] = {run};
    ReportOutputs out = {html_path, md_path, csv_path};
    Error err = {{0}};
    ck_assert_msg(report_write(dirs, 1, &out, &err) == ST_OK, "%s", err.text);
    char *md = slurp(md_path);
    /* No line of the Markdown starts with the name's heading or its tag. */
    ck_assert_ptr_null(strstr(md, "\n# Pwned"));
    ck_assert_ptr_null(strstr(md, "\n<img"));
    ck_assert_ptr_null(strstr(md, "\r"));
    /* The reproduce command stays one line, its line breaks spaces; inside a code span the tag
     * is text (CommonMark 0.30, "Code spans"). */
    char want[1024];
    snprintf(want, sizeof want, "`tafl reproduce %s/r # Pwned  <img src=x onerror=alert(1)>  `",
             dir);
    ck_assert_msg(strstr(md, want) != NULL, "no one-line reproduce command in:\n%s", md);
    free(md);
    /* Formula cells get a leading quote, inside the quotes of a quoted field; plain numbers,
     * signed or not, stay as they are; the directory, with its line breaks, is quoted. */
    char *csv = slurp(csv_path);
    snprintf(want, sizeof want,
             "dir,rules,attacker,defender,games,attacker_score,note\n"
             "\"%s\",'=cmd|' /C calc'!A0,'@SUM(1+1),'-2+3+cmd,10,-0.25,'\t=1+1\n"
             "\"%s\",'+cmd,\"'\r=1\",-1e-3,+3,1.5E+2,\"'=HYPERLINK(\"\"x\"\")\"\n",
             run, run);
    ck_assert_str_eq(csv, want);
    free(csv);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* Every ruleset a sweep names is defined in the Rulesets section (issue 54: it stopped at 64
 * without a word, so a 288-candidate sweep defined c65-c287 nowhere); past the section's
 * limit it says how many it shows. */
START_TEST(test_report_defines_every_ruleset_of_a_sweep)
{
    char dir[] = "/tmp/tafl-report-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char run[256], html_path[256], name[64];
    snprintf(run, sizeof run, "%s/sweep", dir);
    ck_assert_int_eq(mkdir(run, 0700), 0);
    put_file(run, "kind", "run\n");
    char *setup = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&setup, &len);
    fprintf(f, "setup_format 1\nexperiment sweep\nkind balance\n");
    for (int i = 0; i < 288; i++) {
        fprintf(f, "ruleset.%d c%d\nruleset_file.%d rulesets/c%d.rules\n", i + 1, i, i + 1, i);
        snprintf(name, sizeof name, "rulesets/c%d.rules", i);
        put_file(run, name, i % 2 ? "base = brandubh\nking_armed = no\n" : "base = brandubh\n");
    }
    fclose(f);
    put_file(run, "setup", setup);
    free(setup);
    snprintf(html_path, sizeof html_path, "%s/r.html", dir);
    ReportOutputs out = {html_path, NULL, NULL};
    Error err = {{0}};
    const char *dirs[] = {run};
    ck_assert_msg(report_write(dirs, 1, &out, &err) == ST_OK, "%s", err.text);
    char *html = slurp(html_path);
    ck_assert_ptr_nonnull(strstr(html, "<h3>c64</h3>"));
    ck_assert_ptr_nonnull(strstr(html, "<h3>c65</h3>"));
    ck_assert_ptr_nonnull(strstr(html, "<h3>c287</h3>"));
    ck_assert_ptr_null(strstr(html, "rulesets: the first"));
    free(html);
    /* More than the section shows: it says so. */
    f = open_memstream(&setup, &len);
    fprintf(f, "setup_format 1\nexperiment sweep\nkind balance\n");
    for (int i = 0; i < 1030; i++)
        fprintf(f, "ruleset.%d brandubh-%d\n", i + 1, i);
    fclose(f);
    put_file(run, "setup", setup);
    free(setup);
    ck_assert_msg(report_write(dirs, 1, &out, &err) == ST_OK, "%s", err.text);
    html = slurp(html_path);
    ck_assert_ptr_nonnull(strstr(html, "<h3>brandubh-1023</h3>"));
    ck_assert_ptr_null(strstr(html, "<h3>brandubh-1024</h3>"));
    ck_assert_ptr_nonnull(strstr(
        html, "The directory names more than 1024 rulesets: the first 1024 are shown here."));
    free(html);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* A training's ruleset as trained (issue 54): from a file named like a preset, it is named and
 * not drawn (the file lies outside the directory), never the preset in its place; from a
 * preset, drawn with the training's max_plies, not the preset's 0. */
START_TEST(test_report_of_a_training_shows_its_ruleset)
{
    char dir[] = "/tmp/tafl-report-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    put_file(dir, "kind", "train\n");
    put_file(dir, "setup",
             "name = t\nrules = /elsewhere/brandubh.rules\nruleset = brandubh\nseed = 7\n"
             "max_plies = 300\n");
    char out_html[256];
    snprintf(out_html, sizeof out_html, "%s/r.html", dir);
    ReportOutputs out = {out_html, NULL, NULL};
    Error err = {{0}};
    const char *dirs[] = {dir};
    ck_assert_msg(report_write(dirs, 1, &out, &err) == ST_OK, "%s", err.text);
    char *html = slurp(out_html);
    ck_assert_ptr_nonnull(strstr(html,
                                 "Not drawn: it came from the file /elsewhere/brandubh.rules, "
                                 "outside the directory"));
    ck_assert_ptr_null(strstr(html, "<span class=\"k\"></span>")); /* no board */
    ck_assert_ptr_null(strstr(html, "king_armed = "));
    free(html);
    put_file(dir, "setup", "name = t\nrules = brandubh\nruleset = brandubh\nmax_plies = 300\n");
    ck_assert_msg(report_write(dirs, 1, &out, &err) == ST_OK, "%s", err.text);
    html = slurp(out_html);
    ck_assert_ptr_nonnull(strstr(html, "<span class=\"k\"></span>"));
    ck_assert_ptr_nonnull(strstr(html, "max_plies = 300"));
    ck_assert_ptr_null(strstr(html, "max_plies = 0"));
    ck_assert_ptr_nonnull(strstr(html, "max_plies from the training's setup"));
    free(html);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(test_report_refuses_what_is_not_a_run)
{
    char dir[] = "/tmp/tafl-report-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char missing[256], out_html[256];
    snprintf(missing, sizeof missing, "%s/none", dir);
    snprintf(out_html, sizeof out_html, "%s/r.html", dir);
    ReportOutputs out = {out_html, NULL, NULL};
    Error err = {{0}};
    const char *dirs[] = {missing};
    ck_assert_int_eq(report_write(dirs, 1, &out, &err), ST_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.text, "none: no such directory"));
    dirs[0] = dir; /* exists, holds nothing of a run */
    ck_assert_int_eq(report_write(dirs, 1, &out, &err), ST_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.text, "not a tafl run directory"));
    ck_assert_int_eq(access(out_html, F_OK), -1); /* nothing written */
    /* A design study (a kind this version does not know) still gets a page. */
    put_file(dir, "kind", "design\n");
    put_file(dir, "design.csv", "point,score\n1,0.5\n");
    ck_assert_msg(report_write(dirs, 1, &out, &err) == ST_OK, "%s", err.text);
    char *html = slurp(out_html);
    ck_assert_ptr_nonnull(strstr(html, "<small>(design)</small>"));
    ck_assert_ptr_nonnull(strstr(html, "<h3>design.csv</h3>"));
    ck_assert_ptr_nonnull(strstr(html, "<td>0.5</td>"));
    free(html);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(test_report_of_a_tuning)
{
    char dir[] = "/tmp/tafl-report-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    put_file(dir, "kind", "tune\n");
    put_file(dir, "setup",
             "setup_format 1\nkind tune\nseed 1\nmethod spsa\nrules brandubh\n"
             "agent mcts:iterations=50,c=0.7\nopponent greedy\nparams 1\nparam.1 c\n"
             "param.c.min 0.1\nparam.c.max 2\n");
    put_file(dir, "tune.csv", "iteration,c,score\n0,0.7,0.5\n");
    char out_html[256];
    snprintf(out_html, sizeof out_html, "%s/r.html", dir);
    ReportOutputs out = {out_html, NULL, NULL};
    Error err = {{0}};
    const char *dirs[] = {dir};
    ck_assert_msg(report_write(dirs, 1, &out, &err) == ST_OK, "%s", err.text);
    char *html = slurp(out_html);
    /* The agent with a decimal parameter, the opponent, the tuned range, the preset drawn
     * (the corners of Brandubh), SPSA's method and no balance table. */
    ck_assert_ptr_nonnull(
        strstr(html, "<td class=\"t\">agent</td><td class=\"t\">mcts</td><td class=\"t\">"
                     "iterations=50, c=0.7</td>"));
    ck_assert_ptr_nonnull(strstr(html, "<td class=\"t\">opponent</td><td class=\"t\">greedy"));
    ck_assert_ptr_nonnull(strstr(html, "<li>c in [0.1, 2]</li>"));
    ck_assert_ptr_nonnull(strstr(html, "<td class=\"corner\">"));
    ck_assert_ptr_nonnull(strstr(html, "Spall, 1998"));
    ck_assert_ptr_nonnull(strstr(html, "No summary.csv"));
    free(html);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* Renders doc with fn into a string the caller frees. */
static char *render(void (*fn)(FILE *, const ReportDoc *), const ReportDoc *doc)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ck_assert_ptr_nonnull(f);
    fn(f, doc);
    fclose(f);
    return text;
}

/* One small document in both formats: every text escaped for its format, literal words as
 * they are, the Markdown-only header and the HTML-only caption, and Markdown's blank lines. */
START_TEST(test_reportdoc_renders_both_formats)
{
    ReportDoc *d = reportdoc_create("t<1>");
    reportdoc_study(d, "s1", "a|b", "run");
    reportdoc_heading(d, 2, "s1-x");
    reportdoc_literal(d, "X");
    reportdoc_para(d, REPORTDOC_HTML_ONLY);
    reportdoc_literal(d, "only <i>here</i>");
    reportdoc_para(d, REPORTDOC_LOOSE);
    reportdoc_literal(d, "See ");
    reportdoc_code(d, "a`b", "s1");
    reportdoc_strong(d, "!");
    reportdoc_table(d, REPORTDOC_HEAD_MD_ONLY);
    reportdoc_head(d, "key", NULL);
    reportdoc_head(d, "value", "v");
    reportdoc_row(d);
    reportdoc_cell(d, REPORTDOC_CELL_NUMBER, "1<2");
    reportdoc_cell_mark(d, REPORTDOC_MARK_BALANCED, "[x]");
    reportdoc_para(d, 0);
    reportdoc_text(d, "'q' & \"r\"");
    reportdoc_heading(d, 3, NULL);
    reportdoc_text(d, "sub");
    reportdoc_list(d);
    reportdoc_item(d, "*i*");
    reportdoc_study_end(d);
    char *html = render(report_html_write, d);
    const char *body = strstr(html, "<body>\n");
    ck_assert_ptr_nonnull(strstr(html, "<title>t&lt;1&gt;</title>"));
    ck_assert_ptr_nonnull(body);
    ck_assert_str_eq(body, "<body>\n<section id=\"s1\">\n<h1>a|b <small>(run)</small></h1>\n"
                           "<h2 id=\"s1-x\">X</h2>\n<p>only <i>here</i></p>\n"
                           "<p>See <a href=\"#s1\"><code>a`b</code></a><b>!</b></p>\n"
                           "<table class=\"data\">\n<tr><td>1&lt;2</td>"
                           "<td class=\"t balanced\">[x]</td></tr>\n</table>\n"
                           "<p>&#39;q&#39; &amp; &quot;r&quot;</p>\n<h3>sub</h3>\n"
                           "<ul>\n<li>*i*</li>\n</ul>\n</section>\n</body>\n</html>\n");
    char *md = render(report_md_write, d);
    ck_assert_str_eq(md, "# t&lt;1&gt;\n\n\n## a&#124;b (run)\n\n### X\n\n"
                         "See a&#96;b!\n\n| key | v |\n|---|---|\n| 1&lt;2 | \\[x\\] |\n"
                         "\n'q' &amp; \"r\"\n\n#### sub\n\n- &#42;i&#42;\n");
    free(html);
    free(md);
    reportdoc_destroy(d);
}
END_TEST

Suite *report_suite(void)
{
    Suite *s = suite_create("report");
    TCase *tc = tcase_create("report");
    tcase_add_test(tc, test_sha256_known_answers);
    tcase_add_test(tc, test_report_escapes_everything_it_reads);
    tcase_add_test(tc, test_report_md_and_csv_resist_injection);
    tcase_add_test(tc, test_report_defines_every_ruleset_of_a_sweep);
    tcase_add_test(tc, test_report_of_a_training_shows_its_ruleset);
    tcase_add_test(tc, test_report_refuses_what_is_not_a_run);
    tcase_add_test(tc, test_report_of_a_tuning);
    tcase_add_test(tc, test_reportdoc_renders_both_formats);
    suite_add_tcase(s, tc);
    return s;
}
