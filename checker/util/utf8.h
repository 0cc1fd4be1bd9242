/* utf8.h - text gpulint did not write (file names, source text, libclang's
 * messages) made safe for formats that require UTF-8, and a test of whether
 * bytes are text at all. */
#ifndef GPULINT_UTF8_H
#define GPULINT_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* The length of the valid UTF-8 sequence at s[0..n) (1 to 4), or 0 when the
 * bytes there are not one (a stray continuation byte, a truncated or
 * overlong sequence, a surrogate, a code point above U+10FFFF). */
size_t utf8_sequence_length(const unsigned char *s, size_t n);
/* Whether the NUL-terminated s is valid UTF-8. */
bool utf8_valid(const char *s);
/* s with every byte that is not part of a valid sequence replaced by U+FFFD;
 * NULL for NULL.  The result is malloc'd: free it. */
char *utf8_sanitize(const char *s);
/* The same for n bytes that may hold NULs; the result's length in *out_len. */
char *utf8_sanitize_n(const char *s, size_t n, size_t *out_len);

/* Why bytes are not text, or NULL when they look like text: NUL bytes, or
 * more than 1% control characters (other than tab, newline, carriage return,
 * form feed, vertical tab) or more than half of the bytes outside valid
 * UTF-8.  Source text in a legacy 8-bit or double-byte encoding (a Latin-1
 * or GBK comment) passes. */
const char *text_problem(const unsigned char *s, size_t n);

#endif
