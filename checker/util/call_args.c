/* call_args.c - see call_args.h. */
#include "util/call_args.h"

#include <string.h>

int call_arguments(const char *open, const char **starts, int max)
{
    int n = 0, depth = 0;
    if (max < 1) return -1;
    starts[n++] = open + 1;
    for (const char *c = open + 1; *c; c++) {
        if (*c == '"') { /* a literal: its commas and parentheses are text */
            for (c++; *c && *c != '"'; c++)
                if (*c == '\\' && c[1]) c++;
            if (!*c) return -1;
        } else if (*c == '(' || *c == '[' || *c == '{') {
            depth++;
        } else if (*c == ')' || *c == ']' || *c == '}') {
            if (depth-- > 0) continue;
            starts[n] = c + 1;
            return n;
        } else if (*c == ',' && depth == 0) {
            if (n == max) return -1;
            starts[n++] = c + 1;
        }
    }
    return -1;
}
