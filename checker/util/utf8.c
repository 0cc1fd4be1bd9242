/* utf8.c - see utf8.h. */
#include "util/utf8.h"
#include "util/oom.h"

#include <string.h>

size_t utf8_sequence_length(const unsigned char *s, size_t n)
{
    if (n == 0) return 0;
    unsigned c = s[0];
    if (c < 0x80) return 1;
    size_t len;
    unsigned lo = 0x80, hi = 0xBF; /* the range of the second byte */
    if (c >= 0xC2 && c <= 0xDF) len = 2;
    else if (c == 0xE0) len = 3, lo = 0xA0;              /* no overlong forms */
    else if (c == 0xED) len = 3, hi = 0x9F;              /* no surrogates */
    else if (c >= 0xE1 && c <= 0xEF) len = 3;
    else if (c == 0xF0) len = 4, lo = 0x90;
    else if (c >= 0xF1 && c <= 0xF3) len = 4;
    else if (c == 0xF4) len = 4, hi = 0x8F;              /* at most U+10FFFF */
    else return 0;
    if (n < len || s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xBF) return 0;
    return len;
}

bool utf8_valid(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    while (n > 0) {
        size_t k = utf8_sequence_length(p, n);
        if (!k) return false;
        p += k;
        n -= k;
    }
    return true;
}

char *utf8_sanitize(const char *s)
{
    size_t len;
    return s ? utf8_sanitize_n(s, strlen(s), &len) : NULL;
}

char *utf8_sanitize_n(const char *s, size_t n, size_t *out_len)
{
    char *out = xmalloc(3 * n + 1); /* each bad byte becomes 3 bytes */
    size_t o = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (n > 0) {
        size_t k = utf8_sequence_length(p, n);
        if (k) {
            memcpy(out + o, p, k);
            o += k;
        } else {
            memcpy(out + o, "\xEF\xBF\xBD", 3);
            o += 3;
            k = 1;
        }
        p += k;
        n -= k;
    }
    out[o] = 0;
    *out_len = o;
    return out;
}

const char *text_problem(const unsigned char *s, size_t n)
{
    if (memchr(s, 0, n)) return "binary file (it contains NUL bytes)";
    size_t control = 0, invalid = 0;
    for (size_t i = 0; i < n;) {
        unsigned c = s[i];
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v') || c == 0x7F) control++;
        size_t k = utf8_sequence_length(s + i, n - i);
        /* a sequence cut by the end of the buffer is not the file's fault */
        if (!k && n - i >= 4) invalid++;
        i += k ? k : 1;
    }
    if (control * 100 > n && control >= 4) return "not a text file (it contains control characters)";
    if (invalid * 2 > n && invalid >= 8) return "not a text file (most of its bytes are not characters)";
    return NULL;
}
