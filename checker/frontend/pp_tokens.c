/* pp_tokens.c - see pp_tokens.h. */
#include "frontend/pp_tokens.h"
#include "util/vec.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

/* Longest first: the lexer takes the first that matches. */
static const char *const punctuators[] = {
    "<<=", ">>=", "...", "->*", "<=>", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "*=",
    "/=",  "%=",  "+=",  "-=",  "&=",  "^=", "|=", "##", "::", ".*", NULL,
};

static bool ident_char(char ch)
{
    return isalnum((unsigned char)ch) || ch == '_' || ch == '$';
}

/* Past whitespace, backslash-newlines and comments from i. */
static size_t skip_space(const char *t, size_t size, size_t i)
{
    for (;;) {
        if (i < size && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r' || t[i] == '\f' || t[i] == '\v')) {
            i++;
        } else if (i + 1 < size && t[i] == '\\' && (t[i + 1] == '\n' || t[i + 1] == '\r')) {
            i += 2;
        } else if (i + 1 < size && t[i] == '/' && t[i + 1] == '/') {
            while (i < size && !(t[i] == '\n' && t[i - 1] != '\\')) i++;
        } else if (i + 1 < size && t[i] == '/' && t[i + 1] == '*') {
            const char *end = NULL;
            for (size_t j = i + 2; j + 1 < size && !end; j++)
                if (t[j] == '*' && t[j + 1] == '/') end = t + j + 2;
            i = end ? (size_t)(end - t) : size;
        } else {
            return i;
        }
    }
}

/* The end of a literal opened by `quote` at i (escapes skipped; an
 * unterminated one ends at its line's end, as clang's raw lexer does). */
static size_t literal_end(const char *t, size_t size, size_t i, char quote)
{
    for (i++; i < size && t[i] != quote && t[i] != '\n'; i++)
        if (t[i] == '\\' && i + 1 < size) i++;
    return i < size && t[i] == quote ? i + 1 : i;
}

/* A raw string R"delim( ... )delim" from the quote at i. */
static size_t raw_string_end(const char *t, size_t size, size_t i)
{
    size_t open = i + 1;
    while (open < size && open - i <= 17 && t[open] != '(') open++;
    if (open >= size || t[open] != '(') return literal_end(t, size, i, '"');
    size_t dlen = open - i - 1;
    for (size_t j = open + 1; j + dlen + 1 < size + 1; j++)
        if (t[j] == ')' && j + 1 + dlen < size && memcmp(t + j + 1, t + i + 1, dlen) == 0 && t[j + 1 + dlen] == '"')
            return j + dlen + 2;
    return size;
}

static size_t token_end(const char *t, size_t size, size_t i)
{
    char ch = t[i];
    if (ident_char(ch) && !isdigit((unsigned char)ch)) {
        size_t j = i;
        while (j < size && ident_char(t[j])) j++;
        /* encoding prefixes of literals: L"..", u8'..', R"(..)" */
        size_t plen = j - i;
        if (j < size && (t[j] == '"' || t[j] == '\'') && plen <= 3) {
            bool raw = t[j - 1] == 'R' && t[j] == '"';
            const char *p = t + i;
            bool prefix = (plen == 1 && (*p == 'L' || *p == 'u' || *p == 'U' || *p == 'R')) ||
                          (plen == 2 && (!memcmp(p, "u8", 2) || !memcmp(p, "LR", 2) || !memcmp(p, "uR", 2) || !memcmp(p, "UR", 2))) ||
                          (plen == 3 && !memcmp(p, "u8R", 3));
            if (prefix) return raw ? raw_string_end(t, size, j) : literal_end(t, size, j, t[j]);
        }
        return j;
    }
    if (isdigit((unsigned char)ch) || (ch == '.' && i + 1 < size && isdigit((unsigned char)t[i + 1]))) {
        size_t j = i + 1;
        while (j < size) {
            if (ident_char(t[j]) || t[j] == '.') j++;
            else if ((t[j] == '+' || t[j] == '-') && strchr("eEpP", t[j - 1])) j++;
            else if (t[j] == '\'' && j + 1 < size && ident_char(t[j + 1])) j++; /* digit separator */
            else break;
        }
        return j;
    }
    if (ch == '"' || ch == '\'') return literal_end(t, size, i, ch);
    for (int k = 0; punctuators[k]; k++) {
        size_t len = strlen(punctuators[k]);
        if (i + len <= size && memcmp(t + i, punctuators[k], len) == 0) return i + len;
    }
    return i + 1;
}

unsigned pp_tokens(const char *text, size_t size, PpToken **out)
{
    PpToken *v = NULL;
    int n = 0;
    for (size_t i = skip_space(text, size, 0); i < size; i = skip_space(text, size, i)) {
        size_t end = token_end(text, size, i);
        *VEC_PUSH(v, n) = (PpToken){(unsigned)i, (unsigned)(end - i)};
        i = end;
    }
    *out = v;
    return (unsigned)n;
}
