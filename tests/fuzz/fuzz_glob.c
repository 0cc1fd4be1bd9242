/* fuzz_glob.c - libFuzzer target over the globs of --exclude, config
 * `exclude`/`overrides: paths` (path_glob_match) and --select/--ignore
 * (glob_match_simple, selection items), report/select.c.  The input is a
 * glob, a NUL byte and a path; the path's comma-separated words are also a
 * --select list.  Checked beside "no crash": a text without wildcards
 * matches itself.  Inputs over 512 bytes are skipped: longer ones reach no
 * new branch, and matching is O(glob x path), so they are only slower.
 * Built only with -DGPULINT_FUZZ=ON (ci/fuzz_fast.sh). */
#include "report/select.h"
#include "fuzz_common.h"
#include "rules/rules.h"

#define GLOB_MAX_BYTES 512

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

/* Items of a --select list: the comma-separated words of s (modified). */
static int split_items(char *s, const char **items, int max)
{
    int n = 0;
    for (char *tok = strtok(s, ","); tok && n < max; tok = strtok(NULL, ",")) items[n++] = tok;
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > GLOB_MAX_BYTES) return -1; /* not added to the corpus */
    const uint8_t *g, *p;
    size_t glen, plen = 0;
    fuzz_next_part(&data, &size, &g, &glen);
    if (!fuzz_next_part(&data, &size, &p, &plen)) p = g, plen = glen;
    char *glob = fuzz_strndup(g, glen), *path = fuzz_strndup(p, plen);

    path_glob_match(glob, path);
    glob_match_simple(glob, path);
    if (!strpbrk(path, "*?") && strncmp(path, "./", 2) != 0 && !path_glob_match(path, path)) abort();
    if (!strchr(path, '*') && !glob_match_simple(path, path)) abort();

    char err[200];
    selection_item_valid(glob, err, sizeof err);
    const char *items[16];
    int n = split_items(path, items, 16);
    Selection s;
    memset(&s, 0, sizeof s);
    selection_select(&s, items, n, true);
    selection_ignore(&s, (const char *const *)&glob, 1);
    Selection copy;
    memset(&copy, 0, sizeof copy);
    selection_append(&copy, &s);
    for (int i = 0; i < gpulint_nrules; i++)
        if (selection_enabled(&s, gpulint_rules[i]->id) != selection_enabled(&copy, gpulint_rules[i]->id)) abort();
    selection_free(&s);
    selection_free(&copy);
    free(glob);
    free(path);
    return 0;
}
