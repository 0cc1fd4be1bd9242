/* diagnostics.c - see diagnostics.h. */
#include "finding/diagnostics.h"
#include "util/vec.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

void problem_print(FILE *out, const Problem *p, const char *level)
{
    if (p->line)
        fprintf(out, "%s:%u:%u: %s: %s\n", p->file ? p->file : "gpulint", p->line, p->col, level, p->message);
    else
        fprintf(out, "%s: %s: %s\n", p->file ? p->file : "gpulint", level, p->message);
}

static void add(Diagnostics *d, bool error, const char *file, unsigned line, unsigned col, const char *message)
{
    Problem *p = error ? VEC_PUSH(d->errors, d->nerrors) : VEC_PUSH(d->notes, d->nnotes);
    p->file = arena_strdup(&d->arena, file);
    p->line = line;
    p->col = col;
    p->message = arena_strdup(&d->arena, message);
    if (d->echo) problem_print(d->echo, p, error ? "error" : "note");
}

static void vadd(Diagnostics *d, bool error, const char *file, unsigned line, unsigned col, const char *fmt,
                 va_list ap)
{
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    add(d, error, file, line, col, buf);
}

void diag_error(Diagnostics *d, const char *file, unsigned line, unsigned col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vadd(d, true, file, line, col, fmt, ap);
    va_end(ap);
}

void diag_note(Diagnostics *d, const char *file, unsigned line, unsigned col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vadd(d, false, file, line, col, fmt, ap);
    va_end(ap);
}

void diagnostics_append(Diagnostics *to, const Diagnostics *from)
{
    for (int i = 0; i < from->nnotes; i++) {
        const Problem *p = &from->notes[i];
        add(to, false, p->file, p->line, p->col, p->message);
    }
    for (int i = 0; i < from->nerrors; i++) {
        const Problem *p = &from->errors[i];
        add(to, true, p->file, p->line, p->col, p->message);
    }
}

void diagnostics_free(Diagnostics *d)
{
    free(d->errors);
    free(d->notes);
    arena_free(&d->arena);
    memset(d, 0, sizeof *d);
}
