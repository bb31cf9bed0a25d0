/* Bounded line reading (see linein.h). */
#include "formats/linein.h"

bool linein_read(FILE *f, char *buf, size_t size, bool *too_long)
{
    size_t n = 0;
    bool any = false;
    int c;
    *too_long = false;
    while ((c = getc_unlocked(f)) != EOF) {
        any = true;
        if (c == '\n')
            break;
        if (n + 1 < size)
            buf[n++] = (char)c;
        else
            *too_long = true; /* keep reading to the line's end, keep nothing more */
    }
    if (*too_long)
        n = 0;
    while (n > 0 && buf[n - 1] == '\r')
        n--;
    buf[n] = '\0';
    return any;
}
