/* directive_lexer.h - reading the condition of an #if directive, as text:
 * tokens, names and numbers (config_choice.c, flag_kernels.c). */
#ifndef GPULINT_DIRECTIVE_LEXER_H
#define GPULINT_DIRECTIVE_LEXER_H

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

typedef struct {
    const char *p;
} DirLexer;

static inline void dir_skip_space(DirLexer *lx)
{
    while (*lx->p == ' ' || *lx->p == '\t') lx->p++;
}

/* `tok` next (after blanks): consumed. */
static inline bool dir_take(DirLexer *lx, const char *tok)
{
    dir_skip_space(lx);
    size_t n = strlen(tok);
    if (strncmp(lx->p, tok, n) != 0) return false;
    lx->p += n;
    return true;
}

/* A word of letters, digits and '_' next (a name only: not starting with a
 * digit), shorter than n: copied to out and consumed. */
static inline bool dir_take_word(DirLexer *lx, char *out, size_t n, bool name_only)
{
    dir_skip_space(lx);
    if (name_only && !isalpha((unsigned char)*lx->p) && *lx->p != '_') return false;
    size_t len = 0;
    while (isalnum((unsigned char)lx->p[len]) || lx->p[len] == '_') len++;
    if (len == 0 || len >= n) return false;
    memcpy(out, lx->p, len);
    out[len] = '\0';
    lx->p += len;
    return true;
}

#endif
