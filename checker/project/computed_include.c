/* computed_include.c - see computed_include.h. */
#include "project/computed_include.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static const char *skip_blank(const char *p)
{
    while (*p == ' ' || *p == '\t') p++;
    return p;
}

/* `M(NAME/rest)` or "rest": rest into out. */
static bool macro_path(const char *p, char *out, size_t n)
{
    p = skip_blank(p);
    if (*p == '"') {
        const char *end = strchr(p + 1, '"');
        if (!end || end == p + 1 || (size_t)(end - p - 1) >= n) return false;
        snprintf(out, n, "%.*s", (int)(end - p - 1), p + 1);
        return true;
    }
    const char *m = p;
    while (ident_char(*p)) p++;
    if (p == m) return false;
    p = skip_blank(p);
    if (*p++ != '(') return false;
    p = skip_blank(p);
    const char *folder = p;
    while (ident_char(*p)) p++;
    if (p == folder || *p != '/') return false;
    const char *rest = ++p;
    while (*p && *p != ')' && !isspace((unsigned char)*p)) p++;
    if (*p != ')' || p == rest || (size_t)(p - rest) >= n) return false;
    snprintf(out, n, "%.*s", (int)(p - rest), rest);
    return true;
}

void computed_include_define(ComputedIncludes *ci, const char *after_define)
{
    const char *p = skip_blank(after_define), *name = p;
    while (ident_char(*p)) p++;
    size_t len = (size_t)(p - name);
    char spelling[COMPUTED_INCLUDE_PATH];
    if (len == 0 || len >= COMPUTED_INCLUDE_NAME || *p == '(' || ci->n >= COMPUTED_INCLUDE_MACROS ||
        !macro_path(p, spelling, sizeof spelling))
        return;
    snprintf(ci->names[ci->n], COMPUTED_INCLUDE_NAME, "%.*s", (int)len, name);
    snprintf(ci->spellings[ci->n++], COMPUTED_INCLUDE_PATH, "%s", spelling);
}

bool computed_include_spelling(const ComputedIncludes *ci, const char *operand, char *out, size_t n)
{
    const char *p = skip_blank(operand);
    if (*p == '"' || *p == '<') return false;
    if (macro_path(p, out, n)) return true;
    const char *name = p;
    while (ident_char(*p)) p++;
    size_t len = (size_t)(p - name);
    for (int i = ci->n - 1; len && i >= 0; i--)
        if (strlen(ci->names[i]) == len && strncmp(ci->names[i], name, len) == 0 && strlen(ci->spellings[i]) < n) {
            snprintf(out, n, "%s", ci->spellings[i]);
            return true;
        }
    return false;
}
