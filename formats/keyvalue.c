/* One value out of a text of `key value` or `key = value` lines. */
#include "formats/keyvalue.h"

#include <stdio.h>
#include <string.h>

const char *keyvalue_find(const char *text, const char *key, const char *sep, size_t *len)
{
    size_t klen = strlen(key), slen = strlen(sep);
    for (const char *p = text; p && *p;) {
        size_t n = strcspn(p, "\n");
        if (n >= klen + slen && strncmp(p, key, klen) == 0 && strncmp(p + klen, sep, slen) == 0) {
            *len = n - klen - slen;
            return p + klen + slen;
        }
        p = p[n] == '\n' ? p + n + 1 : NULL;
    }
    return NULL;
}

bool keyvalue_copy(const char *text, const char *key, const char *sep, char *buf, size_t size)
{
    size_t len;
    const char *v = keyvalue_find(text, key, sep, &len);
    if (size)
        snprintf(buf, size, "%.*s", v ? (int)len : 0, v ? v : "");
    return v != NULL;
}
