/* member_init_text.c - see member_init_text.h: a C++ text read backwards
 * from an offset, without a parse. */
#include "variants/member_init_text.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

#define SCAN_LIMIT 4096

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static size_t skip_space_back(const char *t, size_t i)
{
    while (i > 0 && isspace((unsigned char)t[i - 1])) i--;
    return i;
}

/* t[open] is an opening bracket: the offset of its match, or 0. */
static size_t matching_close(const char *t, size_t len, size_t open)
{
    int depth = 0;
    for (size_t i = open; i < len && i < open + SCAN_LIMIT * 4; i++) {
        if (t[i] == '(' || t[i] == '{' || t[i] == '[') depth++;
        else if ((t[i] == ')' || t[i] == '}' || t[i] == ']') && --depth == 0) return i;
    }
    return 0;
}

/* t[close] is a closing bracket: the offset of its match, or (size_t)-1. */
static size_t matching_open(const char *t, size_t close)
{
    int depth = 0;
    for (size_t i = close + 1; i > 0 && close + 1 - i < SCAN_LIMIT; i--) {
        char c = t[i - 1];
        if (c == ')' || c == '}' || c == ']') depth++;
        else if ((c == '(' || c == '{' || c == '[') && --depth == 0) return i - 1;
    }
    return (size_t)-1;
}

/* The start of the (qualified, possibly templated) name that ends at i, or
 * i itself when there is none: `member`, `Base<T>`, `ns::Base`. */
static size_t name_start(const char *t, size_t i)
{
    size_t s = i;
    for (;;) {
        if (s > 0 && t[s - 1] == '>') { /* Base<T>: its argument list */
            int depth = 0;
            size_t j = s;
            while (j > 0) {
                char c = t[j - 1];
                if (c == '>') depth++;
                else if (c == '<' && --depth == 0) break;
                else if (c == ';' || c == '{' || c == '}') return i;
                j--;
            }
            if (j == 0) return i;
            s = j - 1;
        }
        size_t e = s;
        while (s > 0 && ident_char(t[s - 1])) s--;
        if (s == e || isdigit((unsigned char)t[s])) return i;
        if (s >= 2 && t[s - 1] == ':' && t[s - 2] == ':') {
            s -= 2;
            continue;
        }
        return s;
    }
}

/* t[close] closes a parameter list: that of a declaration (`A(int n)`,
 * `A::A(...)`, after `explicit`), not a call inside an expression
 * (`c ? f(x) : g(y)`, `= f(x)`). */
static bool declares_function(const char *t, size_t close)
{
    size_t open = matching_open(t, close);
    if (open == (size_t)-1) return false;
    size_t e = skip_space_back(t, open);
    size_t s = name_start(t, e);
    if (s == e) return false;
    size_t b = skip_space_back(t, s);
    if (b == 0) return true;
    return strchr("?=,(+-*/%&|!<^[", t[b - 1]) == NULL;
}

/* Does the name starting at s head a member initializer: after the `:` that
 * follows a constructor's parameter list, or after a `,` that follows
 * another initializer of that list? */
static bool heads_initializer(const char *t, size_t s)
{
    for (int guard = 0; guard < 64; guard++) {
        size_t p = skip_space_back(t, s);
        if (p == 0) return false;
        if (t[p - 1] == ':') {
            if (p >= 2 && t[p - 2] == ':') return false;
            size_t q = skip_space_back(t, p - 1);
            size_t w = q; /* Ctor(args) noexcept : */
            while (w > 0 && ident_char(t[w - 1])) w--;
            if (q - w == 8 && strncmp(t + w, "noexcept", 8) == 0) q = skip_space_back(t, w);
            return q > 0 && t[q - 1] == ')' && declares_function(t, q - 1);
        }
        if (t[p - 1] != ',') return false;
        size_t q = skip_space_back(t, p - 1); /* the previous initializer: name(...) or name{...} */
        if (q == 0 || (t[q - 1] != ')' && t[q - 1] != '}')) return false;
        size_t open = matching_open(t, q - 1);
        if (open == (size_t)-1) return false;
        size_t e = skip_space_back(t, open);
        s = name_start(t, e);
        if (s == e) return false;
    }
    return false;
}

bool member_initializer_span(const char *t, size_t len, size_t at, size_t *open, size_t *close)
{
    int depth = 0;
    for (size_t j = at; j > 0 && at - j < SCAN_LIMIT; j--) {
        char c = t[j - 1];
        if (c == ')' || c == '}' || c == ']') {
            depth++;
        } else if (c == '(' || c == '{' || c == '[') {
            if (depth > 0) {
                depth--;
                continue;
            }
            if (c == '[') continue;
            size_t e = skip_space_back(t, j - 1);
            size_t s = name_start(t, e);
            if (s < e && heads_initializer(t, s)) {
                *open = j - 1;
                *close = matching_close(t, len, j - 1);
                return *close > *open && t[*close] == (c == '(' ? ')' : '}');
            }
        } else if (c == ';' && depth == 0) {
            return false;
        }
    }
    return false;
}

