/* The numbered line reader for libinih. */
#include "sim/inilines.h"

#include <errno.h>
#include <string.h>

#define UTF8_BOM "\xEF\xBB\xBF"

IniLineResult inilines_read(FILE *f, char *str, int num, int *line, int *read_errno,
                            const char **body)
{
    if (fgets(str, num, f) == NULL) {
        if (ferror(f))
            *read_errno = errno ? errno : EIO;
        return INI_LINE_END;
    }
    ++*line;
    size_t len = strlen(str);
    if (len > 0 && str[len - 1] != '\n' && fgetc(f) != EOF)
        return INI_LINE_TOO_LONG; /* more follows: the line did not fit */
    *body = str;
    if (*line == 1 && strncmp(str, UTF8_BOM, 3) == 0)
        *body = str + 3;
    return INI_LINE_OK;
}
