/* nvcc_statements.c - statements nvcc accepts and clang rejects.
 *
 * nvcc's front end is more lenient than clang in two places real projects
 * rely on, both judged from the source text at the error:
 *  - a member template of a dependent class called without the `template`
 *    keyword (`Sums<N, K>::dispatch<T>(smem, x)`): clang reads the `<` as
 *    a comparison and reports "missing 'template' keyword" (with a
 *    dependent argument the kernel's instance may then be left
 *    uninstantiated) or, when the instance is made, "reference to
 *    overloaded function could not be resolved" (the call is dropped);
 *  - a braced list as a launch's block or grid (`k<<<n, {16, 16, 1}>>>`):
 *    "expected expression", and the launch statement is dropped.
 * Neither is an error of the user's code, so neither is reported as one;
 * the file is degraded (file_result.c): the model may lack a call, an
 * instance or a launch. */
#include "frontend/nvcc_statements.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

#define MISSING_TEMPLATE "missing 'template' keyword prior to dependent template name"
#define UNRESOLVED_OVERLOAD "reference to overloaded function could not be resolved"
#define EXPECTED_EXPRESSION "expected expression"

/* The text of the diagnostic's file and the offset of its line and column;
 * NULL when the file is not in the translation unit. */
static const char *text_at(CXTranslationUnit tu, const Diag *d, size_t *size, size_t *at)
{
    CXFile f = d->file ? clang_getFile(tu, d->file) : NULL;
    const char *text = f ? clang_getFileContents(tu, f, size) : NULL;
    if (!text || d->line == 0 || d->col == 0) return NULL;
    unsigned offset = 0;
    clang_getFileLocation(clang_getLocation(tu, f, d->line, d->col), NULL, NULL, NULL, &offset);
    if (offset >= *size) return NULL;
    *at = offset;
    return text;
}

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static size_t skip_space(const char *t, size_t i, size_t n)
{
    while (i < n && isspace((unsigned char)t[i])) i++;
    return i;
}

/* Past a balanced <...> at t[i] == '<' (parentheses and brackets may hold
 * comparisons), or i when it does not close within the line's reach. */
static size_t skip_angles(const char *t, size_t i, size_t n)
{
    int angles = 0, parens = 0;
    for (size_t k = i; k < n && k < i + 512; k++) {
        char c = t[k];
        if (c == ';' || c == '{' || c == '}') return i;
        if (c == '(' || c == '[') parens++;
        else if ((c == ')' || c == ']') && parens > 0) parens--;
        else if (c == '<' && !parens) angles++;
        else if (c == '>' && !parens && --angles == 0) return k + 1;
    }
    return i;
}

/* At t[i]: a qualified name whose last part, after a class template's
 * arguments, is followed by '<' without `template` before it
 * (`A<N>::f<T>(`, `ns::A<N>::B::f<4>(`). */
static bool member_template_without_keyword(const char *t, size_t i, size_t n)
{
    bool after_arguments = false;
    while (i < n) {
        i = skip_space(t, i, n);
        if (strncmp(t + i, "template", 8) == 0 && !ident_char(t[i + 8])) return false;
        size_t start = i;
        while (i < n && ident_char(t[i])) i++;
        if (i == start) return false;
        i = skip_space(t, i, n);
        if (i >= n || t[i] != '<') return false;
        if (after_arguments) return true; /* a member named with arguments, no keyword */
        size_t past = skip_angles(t, i, n);
        if (past == i) return false;
        i = skip_space(t, past, n);
        if (i + 1 >= n || t[i] != ':' || t[i + 1] != ':') return false;
        i += 2;
        after_arguments = true;
    }
    return false;
}

/* At t[i] == '{': a launch configuration's argument (after "<<<" not yet
 * closed by ">>>", within the statement). */
static bool braced_launch_argument(const char *t, size_t i)
{
    if (t[i] != '{') return false;
    for (size_t k = i; k >= 3 && k + 1024 > i; k--) {
        if (t[k - 1] == ';' || t[k - 1] == '}') return false;
        if (strncmp(t + k - 3, ">>>", 3) == 0) return false;
        if (strncmp(t + k - 3, "<<<", 3) == 0) return true;
    }
    return false;
}

void mark_nvcc_statements(CXTranslationUnit tu, Diag *diags, int ndiags)
{
    for (int i = 0; i < ndiags; i++) {
        Diag *d = &diags[i];
        if (d->level != DIAG_ERROR) continue;
        bool member = strncmp(d->message, MISSING_TEMPLATE, strlen(MISSING_TEMPLATE)) == 0 ||
                      strncmp(d->message, UNRESOLVED_OVERLOAD, strlen(UNRESOLVED_OVERLOAD)) == 0;
        bool brace = strcmp(d->message, EXPECTED_EXPRESSION) == 0;
        if (!member && !brace) continue;
        size_t size = 0, at = 0;
        const char *t = text_at(tu, d, &size, &at);
        if (!t) continue;
        d->nvcc_statement = member ? member_template_without_keyword(t, at, size) : braced_launch_argument(t, at);
    }
}
