/* pp_tokens.h - a file's preprocessing tokens, lexed from its text.
 *
 * For reading #define directives and file-scope macro invocations from a
 * header's text without libclang: libclang lexes only through source
 * locations, and making one for a header held in a precompiled preamble
 * reads every entry of its source table (about 100 ms an analysis). */
#ifndef GPULINT_PP_TOKENS_H
#define GPULINT_PP_TOKENS_H

#include <stddef.h>

typedef struct {
    unsigned offset; /* of the first byte */
    unsigned length; /* bytes as written (a spliced line keeps its backslash-newline) */
} PpToken;

/* The tokens of text[0, size): identifiers, pp-numbers, string and
 * character literals, punctuators (longest match); comments and
 * whitespace, backslash-newlines included, separate them and are dropped.
 * Returns the count; *out is the caller's to free (NULL when 0). */
unsigned pp_tokens(const char *text, size_t size, PpToken **out);

#endif
