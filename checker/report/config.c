/* config.c - see config.h and docs/ci.md: finding the closest
 * .gpulint.yaml, layering inheriting files (root first) and the overrides
 * that match a file, and printing the result. */
#include "report/config.h"

#include "report/config_file.h"
#include "util/repo.h"
#include "rules/rules.h"
#include "util/oom.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct ConfigSet {
    StrMap file_index;        /* config path -> 1 + index in files */
    ConfigFile **files; int nfiles;
    StrMap dir_index;         /* directory -> 1 + index in closest */
    ConfigFile **closest; int nclosest;   /* NULL entries: no config at or above */
    StrMap effective_index;   /* analysed file -> 1 + index in effective */
    EffectiveConfig **effective; int neffective;  /* NULL entries: a config with an error */
};

static const char *const config_names[] = {".gpulint.yaml", ".gpulint.yml"};

ConfigSet *config_set_new(void)
{
    return xcalloc(1, sizeof(ConfigSet));
}

static void free_effective(EffectiveConfig *e)
{
    if (!e) return;
    selection_free(&e->selection);
    for (int i = 0; i < e->nexclude; i++) {
        free(e->exclude[i].base);
        free(e->exclude[i].glob);
    }
    free(e->exclude);
    free(e->include_paths); /* the strings belong to the config files */
    free(e->defines);
    free(e->severities);
    free(e->options);
    free(e->sources);
    free(e);
}

void config_set_free(ConfigSet *c)
{
    if (!c) return;
    for (int i = 0; i < c->nfiles; i++) free_config(c->files[i]);
    free(c->files);
    free(c->closest);
    for (int i = 0; i < c->neffective; i++) free_effective(c->effective[i]);
    free(c->effective);
    strmap_free(&c->file_index);
    strmap_free(&c->dir_index);
    strmap_free(&c->effective_index);
    free(c);
}

static ConfigFile *config_file(ConfigSet *c, const char *path, Diagnostics *d)
{
    int *slot = strmap_get(&c->file_index, path);
    if (*slot == 0) {
        *VEC_PUSH(c->files, c->nfiles) = load_config(path, d);
        *slot = c->nfiles;
    }
    return c->files[*slot - 1];
}

/* The closest config file at or above the absolute directory `dir`. */
static ConfigFile *closest_config(ConfigSet *c, const char *dir, Diagnostics *d)
{
    int *slot = strmap_get(&c->dir_index, dir);
    if (*slot) return c->closest[*slot - 1];
    ConfigFile *found = NULL;
    size_t n = strlen(dir) + 32;
    char *probe = xmalloc(n);
    for (size_t i = 0; i < sizeof config_names / sizeof config_names[0] && !found; i++) {
        struct stat st;
        snprintf(probe, n, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, config_names[i]);
        /* anything else by that name (a FIFO, a directory) is an error from
         * load_config, never a config silently left out */
        if (stat(probe, &st) == 0) found = config_file(c, probe, d);
    }
    free(probe);
    if (!found && strcmp(dir, "/") != 0) {
        char *parent = xstrdup(dir);
        char *slash = strrchr(parent, '/');
        if (slash == parent) parent[1] = 0;
        else *slash = 0;
        found = closest_config(c, parent, d);
        free(parent);
    }
    slot = strmap_get(&c->dir_index, dir); /* the map may have grown */
    *VEC_PUSH(c->closest, c->nclosest) = found;
    *slot = c->nclosest;
    return found;
}

static void apply_settings(EffectiveConfig *e, const Settings *s, bool *selected_before)
{
    if (s->has_select) {
        selection_select(&e->selection, (const char *const *)s->select.items, s->select.n, !*selected_before);
        *selected_before = true;
    }
    selection_ignore(&e->selection, (const char *const *)s->ignore.items, s->ignore.n);
    if (s->has_min_severity) {
        e->has_min_severity = true;
        e->min_severity = s->min_severity;
    }
    for (int i = 0; i < s->nseverities; i++) *VEC_PUSH(e->severities, e->nseverities) = s->severities[i];
    if (s->cl_std) e->cl_std = s->cl_std;
    if (s->offload_arch) e->offload_arch = s->offload_arch;
}

static bool override_matches(const ConfigFile *cf, const Override *o, const char *abs)
{
    char *rel = path_relative_to(cf->dir, abs);
    bool hit = false;
    for (int i = 0; rel && i < o->paths.n && !hit; i++) hit = path_glob_match(o->paths.items[i], rel);
    free(rel);
    return hit;
}

static EffectiveConfig *build(ConfigSet *c, const char *abs, Diagnostics *d)
{
    EffectiveConfig *e = xcalloc(1, sizeof *e);
    char *dir = xstrdup(abs);
    char *slash = strrchr(dir, '/');
    if (slash == dir) dir[1] = 0;
    else if (slash) *slash = 0;
    ConfigFile **chain = NULL;
    int n = 0;
    for (ConfigFile *cf = closest_config(c, dir, d); cf;) {
        *VEC_PUSH(chain, n) = cf;
        if (!cf->inherit || strcmp(cf->dir, "/") == 0) break;
        char *parent = xstrdup(cf->dir);
        char *s = strrchr(parent, '/');
        if (s == parent) parent[1] = 0;
        else *s = 0;
        cf = closest_config(c, parent, d);
        free(parent);
    }
    free(dir);
    bool ok = true, selected_before = false;
    for (int i = 0; i < n; i++) {
        ok &= chain[i]->ok;
        *VEC_PUSH(e->sources, e->nsources) = chain[i]->path;
    }
    for (int i = n - 1; ok && i >= 0; i--) { /* the root first: closer files come later and win */
        const ConfigFile *cf = chain[i];
        apply_settings(e, &cf->s, &selected_before);
        for (int j = 0; j < cf->exclude.n; j++)
            *VEC_PUSH(e->exclude, e->nexclude) = (BasedGlob){xstrdup(cf->dir), xstrdup(cf->exclude.items[j])};
        for (int j = 0; j < cf->include_paths.n; j++)
            *VEC_PUSH(e->include_paths, e->ninclude_paths) = cf->include_paths.items[j];
        for (int j = 0; j < cf->defines.n; j++) *VEC_PUSH(e->defines, e->ndefines) = cf->defines.items[j];
        if (cf->headers) e->headers = cf->headers;
        for (int j = 0; j < cf->noptions; j++) *VEC_PUSH(e->options, e->noptions) = cf->options[j];
    }
    for (int i = n - 1; ok && i >= 0; i--)
        for (int j = 0; j < chain[i]->noverrides; j++)
            if (override_matches(chain[i], &chain[i]->overrides[j], abs))
                apply_settings(e, &chain[i]->overrides[j].s, &selected_before);
    free(chain);
    if (!ok) {
        free_effective(e);
        return NULL;
    }
    return e;
}

const EffectiveConfig *config_for_file(ConfigSet *c, const char *path, Diagnostics *d)
{
    char *abs = absolute_path(path);
    int *slot = strmap_get(&c->effective_index, abs);
    if (*slot == 0) {
        EffectiveConfig *e = build(c, abs, d);
        slot = strmap_get(&c->effective_index, abs);
        *VEC_PUSH(c->effective, c->neffective) = e;
        *slot = c->neffective;
    }
    free(abs);
    return c->effective[*slot - 1];
}

bool config_excludes(const EffectiveConfig *cfg, const char *path)
{
    if (cfg->nexclude == 0) return false;
    char *abs = absolute_path(path);
    bool hit = false;
    for (int i = 0; i < cfg->nexclude && !hit; i++) {
        char *rel = path_relative_to(cfg->exclude[i].base, abs);
        hit = rel && path_glob_match(cfg->exclude[i].glob, rel);
        free(rel);
    }
    free(abs);
    return hit;
}

Severity config_severity(const EffectiveConfig *cfg, const char *rule, Severity given)
{
    for (int i = cfg->nseverities - 1; i >= 0; i--) /* the closest setting is the last */
        if (strcmp(cfg->severities[i].rule, rule) == 0) return cfg->severities[i].severity;
    return given;
}

static void print_list(FILE *out, const char *key, char *const *items, int n)
{
    fprintf(out, "%s: [", key);
    for (int i = 0; i < n; i++) fprintf(out, "%s\"%s\"", i ? ", " : "", items[i]);
    fputs("]\n", out);
}

void config_print(FILE *out, const EffectiveConfig *cfg)
{
    print_list(out, "# config files, closest first\nsources", cfg->sources, cfg->nsources);
    fputs("# the rules reported (select and ignore of every layer and override applied)\nselect: [", out);
    int k = 0;
    for (int i = 0; i < gpulint_nrules; i++)
        if (selection_enabled(&cfg->selection, gpulint_rules[i]->id)) fprintf(out, "%s%s", k++ ? ", " : "", gpulint_rules[i]->id);
    fputs("]\n", out);
    fprintf(out, "min-severity: %s\n", cfg->has_min_severity ? severity_name(cfg->min_severity) : "low");
    fputs("exclude: [", out);
    for (int i = 0; i < cfg->nexclude; i++) fprintf(out, "%s\"%s/%s\"", i ? ", " : "", cfg->exclude[i].base, cfg->exclude[i].glob);
    fputs("]\n", out);
    print_list(out, "include-paths", cfg->include_paths, cfg->ninclude_paths);
    print_list(out, "defines", cfg->defines, cfg->ndefines);
    fprintf(out, "headers: %s\n", cfg->headers ? cfg->headers : "auto");
    if (cfg->cl_std) fprintf(out, "cl-std: %s\n", cfg->cl_std);
    if (cfg->offload_arch) fprintf(out, "offload-arch: %s\n", cfg->offload_arch);
    fputs("severity: {", out);
    k = 0;
    for (int i = 0; i < gpulint_nrules; i++) {
        const char *id = gpulint_rules[i]->id;
        Severity s = config_severity(cfg, id, gpulint_rules[i]->default_severity);
        if (s != gpulint_rules[i]->default_severity) fprintf(out, "%s%s: %s", k++ ? ", " : "", id, severity_name(s));
    }
    fputs("}\n", out);
    fputs("options: {", out);
    for (int i = 0; i < cfg->noptions; i++)
        fprintf(out, "%s%s: {%s: %lld}", i ? ", " : "", cfg->options[i].rule, cfg->options[i].option, cfg->options[i].value);
    fputs("}\n", out);
}
