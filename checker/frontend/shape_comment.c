/* shape_comment.c - see shape_comment.h. */
#include "frontend/shape_comment.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Where line `line` (1-based) of text starts; size when there is none. */
static size_t line_offset(const char *text, size_t size, unsigned line)
{
    size_t k = 0;
    for (unsigned at = 1; at < line && k < size; k++)
        if (text[k] == '\n') at++;
    return k;
}

bool shape_tuned_comment(const char *text, size_t size, unsigned line, char *out, size_t n)
{
    static const char *const says[] = {"tuned", "tuning", "measured", "benchmark", "works better", "work better",
                                       "faster", "empiric", "profiled"};
    size_t start = line_offset(text, size, line > SHAPE_COMMENT_LINES ? line - SHAPE_COMMENT_LINES : 1);
    size_t end = line_offset(text, size, line);
    /* the words of the comments in [start, end) */
    char words[512];
    size_t nw = 0;
    for (size_t k = start; k + 1 < end; k++) {
        if (text[k] != '/' || (text[k + 1] != '/' && text[k + 1] != '*')) continue;
        bool line_comment = text[k + 1] == '/';
        size_t q = k + 2;
        for (; q < size && (line_comment ? text[q] != '\n' : !(text[q] == '*' && q + 1 < size && text[q + 1] == '/')); q++)
            if (nw + 2 >= sizeof words || (isspace((unsigned char)text[q]) && nw && words[nw - 1] == ' ')) continue;
            else words[nw++] = isspace((unsigned char)text[q]) ? ' ' : text[q];
        if (nw + 2 < sizeof words && nw && words[nw - 1] != ' ') words[nw++] = ' ';
        k = q;
    }
    words[nw] = 0;
    for (size_t i = 0; i < sizeof says / sizeof says[0]; i++)
        if (strcasestr(words, says[i])) {
            size_t a = 0, b = nw;
            while (a < b && (words[a] == ' ' || words[a] == '/' || words[a] == '*')) a++;
            while (b > a && (words[b - 1] == ' ' || words[b - 1] == '*')) b--;
            snprintf(out, n, "%.*s", (int)(b - a), words + a);
            return true;
        }
    return false;
}
