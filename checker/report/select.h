/* select.h - which rules and files a run reports: --select/--ignore (and
 * the config keys of the same names) as an ordered list of rule globs, and
 * path globs for --exclude. */
#ifndef GPULINT_SELECT_H
#define GPULINT_SELECT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char *glob;              /* '*' matches any run of characters */
    bool on;                 /* select (true) or drop (false) */
    bool reset;              /* everything off before this one */
} SelectStep;

/* Applied in order to "every rule on". */
typedef struct {
    SelectStep *steps; int n;
} Selection;

/* A select list: "all" selects every rule, "-X" drops X.  `replace`: the
 * list replaces what came before (the command line's --select) instead of
 * adding to it (an inheriting config file). */
void selection_select(Selection *s, const char *const *items, int n, bool replace);
void selection_ignore(Selection *s, const char *const *items, int n);
void selection_append(Selection *to, const Selection *from);
bool selection_enabled(const Selection *s, const char *rule);
void selection_free(Selection *s);
/* False (with the reason in err) when an item of a --select/--ignore list
 * names no rule: an unknown id, or a glob that matches none. */
bool selection_item_valid(const char *item, char *err, size_t n);

/* Does `glob` ('*' matches any run of characters) match all of `text`? */
bool glob_match_simple(const char *glob, const char *text);
/* Path globs: '*' and '?' stay within one path component, '**' matches any
 * number of them.  A glob matches a path when it matches the whole path,
 * one of its leading directories ("third_party" excludes everything under
 * it), or, for a glob with no '/', the file name. */
bool path_glob_match(const char *glob, const char *path);

#endif
