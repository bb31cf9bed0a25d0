/* The rules suite: every rule of doc/RULES.md sections 2-6 pinned on a concrete position, one
 * file per section (tests/check_rules_<section>.c), sharing the Game fixture of fixture.c. */
#include "tests/tests.h"

Suite *rules_suite(void)
{
    Suite *s = suite_create("rules");
    suite_add_tcase(s, rules_restricted_tcase());
    suite_add_tcase(s, rules_captures_tcase());
    suite_add_tcase(s, rules_king_capture_tcase());
    suite_add_tcase(s, rules_end_tcase());
    suite_add_tcase(s, rules_copenhagen_tcase());
    return s;
}
