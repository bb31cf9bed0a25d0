/* Placeholder: replaced by the real suite. */
#include "tests/tests.h"

Suite *rulesfile_suite(void)
{
    return suite_create("rulesfile");
}
