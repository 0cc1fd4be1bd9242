/* prelude_macros.c - see prelude_macros.h. */
#include "frontend/prelude_macros.h"
#include "frontend/frontend.h"
#include "util/oom.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Is this flag (with `value`, the next argument, for a bare "-D") a macro
 * that moves?  Sets *takes_value when it is a bare "-D". */
static bool moves(const char *flag, const char *value, bool *takes_value)
{
    *takes_value = strcmp(flag, "-D") == 0;
    const char *def = *takes_value ? value : strncmp(flag, "-D", 2) == 0 ? flag + 2 : NULL;
    if (!def || !*def) return false;
    char name[256];
    size_t k = strcspn(def, "=(");
    snprintf(name, sizeof name, "%.*s", (int)(k < sizeof name ? k : sizeof name - 1), def);
    return !frontend_is_toolkit_config_macro(name);
}

static void append(PreludeMacros *pm, const char *s, size_t n)
{
    if (pm->len + n + 1 > pm->cap) {
        pm->cap = (pm->len + n + 1) * 2;
        pm->text = xrealloc(pm->text, pm->cap);
    }
    memcpy(pm->text + pm->len, s, n);
    pm->len += n;
    pm->text[pm->len] = 0;
}

/* Removes the #define lines of `name` written so far. */
static void drop_defines(PreludeMacros *pm, const char *name, size_t name_len)
{
    size_t out = 0;
    for (size_t at = 0; at < pm->len;) {
        const char *line = pm->text + at;
        size_t n = (size_t)(strchr(line, '\n') - line) + 1;
        const char *def = line + strlen("#define ");
        bool same = strncmp(def, name, name_len) == 0 && (def[name_len] == ' ' || def[name_len] == '(');
        if (!same) memmove(pm->text + out, line, n), out += n;
        at += n;
    }
    pm->len = out;
    if (pm->text) pm->text[out] = 0;
}

/* Appends the moving -D flags of args[0..n) as #define lines; a later -U of
 * the same name drops them again (the command line's order). */
static void add_macros(PreludeMacros *pm, const char *const *args, int n)
{
    for (int i = 0; i < n; i++) {
        bool takes_value;
        const char *value = i + 1 < n ? args[i + 1] : NULL;
        if (moves(args[i], value, &takes_value)) {
            /* -DNAME=VALUE is #define NAME VALUE; -DNAME is #define NAME 1 */
            const char *def = takes_value ? value : args[i] + 2;
            const char *eq = strchr(def, '=');
            size_t head = eq ? (size_t)(eq - def) : strlen(def);
            append(pm, "#define ", 8);
            append(pm, def, head);
            append(pm, " ", 1);
            if (eq) { /* one line, whatever the value holds */
                for (const char *c = eq + 1; *c; c++) append(pm, *c == '\n' || *c == '\r' ? " " : c, 1);
            } else {
                append(pm, "1", 1);
            }
            append(pm, "\n", 1);
        } else if (strncmp(args[i], "-U", 2) == 0) {
            const char *name = strcmp(args[i], "-U") == 0 ? value : args[i] + 2;
            if (name && *name) drop_defines(pm, name, strlen(name));
            takes_value = strcmp(args[i], "-U") == 0;
        }
        if (takes_value) i++;
    }
}

int prelude_macro_skip(const char *const *args, int n, int i)
{
    bool takes_value;
    if (!moves(args[i], i + 1 < n ? args[i + 1] : NULL, &takes_value)) return -1;
    return takes_value ? i + 1 : i;
}

bool prelude_macros_build(PreludeMacros *pm, const char *prelude, const char *const *extra, int nextra,
                          const char *const *file_args, int nfile_args)
{
    add_macros(pm, extra, nextra);
    add_macros(pm, file_args, nfile_args);
    add_macros(pm, extra, nextra);
    const char *slash = strrchr(prelude, '/');
    snprintf(pm->path, sizeof pm->path, "%.*sgpulint_file_macros.h", slash ? (int)(slash - prelude + 1) : 0, prelude);
    return pm->len > 0;
}

void prelude_macros_free(PreludeMacros *pm)
{
    free(pm->text);
    memset(pm, 0, sizeof *pm);
}
