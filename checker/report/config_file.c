/* config_file.c - reading one .gpulint.yaml (see config_file.h) with
 * libyaml's document API, which keeps the line of every node for error
 * messages. */
#include "report/config_file.h"
#include "model/target.h"

#include "util/repo.h"
#include "frontend/frontend.h"
#include "rules/rules.h"
#include "util/oom.h"
#include "util/vec.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

/* ---------------------------------------------------------------- reading */

typedef struct {
    yaml_document_t *doc;
    ConfigFile *cf;
    Diagnostics *d;
} Reader;

static void bad(Reader *r, yaml_node_t *n, const char *fmt, const char *arg)
{
    char msg[512];
    snprintf(msg, sizeof msg, fmt, arg);
    diag_error(r->d, r->cf->path, n ? (unsigned)n->start_mark.line + 1 : 0, n ? (unsigned)n->start_mark.column + 1 : 0,
               "%s", msg);
    r->cf->ok = false;
}

static const char *scalar(yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static bool read_list(Reader *r, yaml_node_t *n, const char *key, StrList *out)
{
    if (n->type != YAML_SEQUENCE_NODE) {
        bad(r, n, "'%s' must be a list ([a, b])", key);
        return false;
    }
    for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
        yaml_node_t *x = yaml_document_get_node(r->doc, *it);
        const char *v = scalar(x);
        if (!v || !*v) {
            bad(r, x, "'%s' must hold strings", key);
            return false;
        }
        *VEC_PUSH(out->items, out->n) = xstrdup(v);
    }
    return true;
}

static void read_rule_list(Reader *r, yaml_node_t *n, const char *key, StrList *out)
{
    int before = out->n;
    if (!read_list(r, n, key, out)) return;
    for (int i = before; i < out->n; i++) {
        char err[200];
        if (!selection_item_valid(out->items[i], err, sizeof err))
            bad(r, yaml_document_get_node(r->doc, n->data.sequence.items.start[i - before]), "%s", err);
    }
}

static bool read_severity(Reader *r, yaml_node_t *n, Severity *out)
{
    const char *v = scalar(n);
    if (v && severity_parse(v, out)) return true;
    bad(r, n, "unknown severity '%s' (expected low, medium or high)", v ? v : "(not a string)");
    return false;
}

static void read_severity_map(Reader *r, yaml_node_t *n, Settings *s)
{
    if (n->type != YAML_MAPPING_NODE) {
        bad(r, n, "'%s' must be a map of rule: severity", "severity");
        return;
    }
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(r->doc, p->key), *v = yaml_document_get_node(r->doc, p->value);
        const char *rule = scalar(k);
        if (!rule || !rule_by_id(rule)) {
            bad(r, k, "unknown rule '%s' in 'severity'", rule ? rule : "");
            continue;
        }
        Severity sv;
        if (read_severity(r, v, &sv)) *VEC_PUSH(s->severities, s->nseverities) = (SeverityOverride){xstrdup(rule), sv};
    }
}

static void read_options(Reader *r, yaml_node_t *n)
{
    if (n->type != YAML_MAPPING_NODE) {
        bad(r, n, "'%s' must be a map of rule: {option: value}", "options");
        return;
    }
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(r->doc, p->key), *v = yaml_document_get_node(r->doc, p->value);
        const Rule *rule = rule_by_id(scalar(k) ? scalar(k) : "");
        if (!rule) {
            bad(r, k, "unknown rule '%s' in 'options'", scalar(k) ? scalar(k) : "");
            continue;
        }
        if (v->type != YAML_MAPPING_NODE) {
            bad(r, v, "the options of '%s' must be a map of option: value", rule->id);
            continue;
        }
        for (yaml_node_pair_t *q = v->data.mapping.pairs.start; q < v->data.mapping.pairs.top; q++) {
            yaml_node_t *ok = yaml_document_get_node(r->doc, q->key), *ov = yaml_document_get_node(r->doc, q->value);
            const char *name = scalar(ok), *val = scalar(ov);
            if (!name || rule_option_index(rule, name) < 0) {
                bad(r, ok, "unknown option '%s' (see gpulint --list-rules -v)", name ? name : "");
                continue;
            }
            char *end = NULL;
            long long x = val ? strtoll(val, &end, 10) : 0;
            if (!val || !*val || *end) {
                bad(r, ov, "option '%s' needs an integer", name);
                continue;
            }
            OptionSetting *o = VEC_PUSH(r->cf->options, r->cf->noptions);
            o->rule = xstrdup(rule->id);
            o->option = xstrdup(name);
            o->value = x;
        }
    }
}

/* Keys shared by the file and its overrides; false when `key` is none of them. */
static bool read_setting(Reader *r, const char *key, yaml_node_t *v, Settings *s)
{
    if (strcmp(key, "select") == 0) {
        s->has_select = true;
        read_rule_list(r, v, key, &s->select);
    } else if (strcmp(key, "ignore") == 0) {
        read_rule_list(r, v, key, &s->ignore);
    } else if (strcmp(key, "cl-std") == 0) {
        const char *val = scalar(v);
        if (val && opencl_std_valid(val)) {
            free(s->cl_std);
            s->cl_std = xstrdup(val);
        } else {
            bad(r, v, "'cl-std' must be CL1.0, CL1.1, CL1.2, CL2.0 or CL3.0, not '%s'", val ? val : "(not a string)");
        }
    } else if (strcmp(key, "offload-arch") == 0) {
        const char *val = scalar(v);
        if (val && target_for_arch(val)) {
            free(s->offload_arch);
            s->offload_arch = xstrdup(val);
        } else {
            bad(r, v, "'offload-arch' must be a GPU architecture gpulint knows (sm_90, gfx90a, gfx942, gfx1100), not '%s'",
                val ? val : "(not a string)");
        }
    } else if (strcmp(key, "min-severity") == 0) {
        s->has_min_severity = read_severity(r, v, &s->min_severity);
    } else if (strcmp(key, "severity") == 0) {
        read_severity_map(r, v, s);
    } else {
        return false;
    }
    return true;
}

static void read_overrides(Reader *r, yaml_node_t *n)
{
    if (n->type != YAML_SEQUENCE_NODE) {
        bad(r, n, "'%s' must be a list of {paths: [...], ...}", "overrides");
        return;
    }
    for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
        yaml_node_t *o = yaml_document_get_node(r->doc, *it);
        if (o->type != YAML_MAPPING_NODE) {
            bad(r, o, "an entry of '%s' must be a map", "overrides");
            continue;
        }
        Override *ov = VEC_PUSH(r->cf->overrides, r->cf->noverrides);
        memset(ov, 0, sizeof *ov);
        for (yaml_node_pair_t *p = o->data.mapping.pairs.start; p < o->data.mapping.pairs.top; p++) {
            yaml_node_t *k = yaml_document_get_node(r->doc, p->key), *v = yaml_document_get_node(r->doc, p->value);
            const char *key = scalar(k) ? scalar(k) : "";
            if (strcmp(key, "paths") == 0) read_list(r, v, key, &ov->paths);
            else if (!read_setting(r, key, v, &ov->s))
                bad(r, k, "unknown key '%s' in an override (paths, select, ignore, min-severity, severity, cl-std, offload-arch)", key);
        }
        if (ov->paths.n == 0) bad(r, o, "an override needs '%s'", "paths");
    }
}

static void read_top(Reader *r, yaml_node_t *root)
{
    if (!root) return; /* an empty file: no settings */
    if (root->type != YAML_MAPPING_NODE) {
        bad(r, root, "%s", "a config file must be a map of keys (see docs/ci.md)");
        return;
    }
    ConfigFile *cf = r->cf;
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(r->doc, p->key), *v = yaml_document_get_node(r->doc, p->value);
        const char *key = scalar(k) ? scalar(k) : "";
        const char *val = scalar(v);
        if (read_setting(r, key, v, &cf->s)) {
        } else if (strcmp(key, "exclude") == 0) {
            read_list(r, v, key, &cf->exclude);
        } else if (strcmp(key, "include-paths") == 0) {
            if (read_list(r, v, key, &cf->include_paths))
                for (int i = 0; i < cf->include_paths.n; i++) {
                    char *rel = cf->include_paths.items[i];
                    size_t n = strlen(cf->dir) + strlen(rel) + 2;
                    char *joined = xmalloc(n);
                    snprintf(joined, n, "%s/%s", cf->dir, rel);
                    cf->include_paths.items[i] = rel[0] == '/' ? xstrdup(rel) : absolute_path(joined);
                    free(joined);
                    free(rel);
                }
        } else if (strcmp(key, "defines") == 0) {
            read_list(r, v, key, &cf->defines);
        } else if (strcmp(key, "headers") == 0) {
            if (val && (!strcmp(val, "auto") || !strcmp(val, "shim") || !strcmp(val, "cuda"))) {
                free(cf->headers); /* a key given twice: the last one wins */
                cf->headers = xstrdup(val);
            } else {
                bad(r, v, "'headers' must be auto, shim or cuda, not '%s'", val ? val : "(not a string)");
            }
        } else if (strcmp(key, "inherit") == 0) {
            if (val && (!strcmp(val, "true") || !strcmp(val, "false"))) cf->inherit = !strcmp(val, "true");
            else bad(r, v, "'inherit' must be true or false, not '%s'", val ? val : "(not a string)");
        } else if (strcmp(key, "overrides") == 0) {
            read_overrides(r, v);
        } else if (strcmp(key, "options") == 0) {
            read_options(r, v);
        } else {
            bad(r, k,
                "unknown key '%s' (known: select, ignore, min-severity, exclude, include-paths, defines, headers, "
                "cl-std, severity, options, overrides, inherit)",
                key);
        }
    }
}

/* No setting nests deeper than an override's lists (4 levels); libyaml's
 * scanner takes time quadratic in the nesting depth (100,000 '[' ran for
 * minutes), so a file is first read as events and refused at this depth,
 * before the document is built.  Also refused: files larger than any real
 * config. */
enum { CONFIG_MAX_DEPTH = 64, CONFIG_MAX_BYTES = 1 << 20 };

/* False (with an error) when the file nests deeper than CONFIG_MAX_DEPTH;
 * true also for bad YAML, which the document load reports with its position. */
static bool config_depth_ok(const char *path, FILE *f, Diagnostics *d)
{
    yaml_parser_t parser;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_file(&parser, f);
    int depth = 0;
    bool ok = true, done = false;
    while (!done) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&parser, &ev)) break;
        if (ev.type == YAML_SEQUENCE_START_EVENT || ev.type == YAML_MAPPING_START_EVENT) {
            if (++depth > CONFIG_MAX_DEPTH) {
                diag_error(d, path, (unsigned)ev.start_mark.line + 1, (unsigned)ev.start_mark.column + 1,
                           "the config nests deeper than %d levels (no gpulint setting nests more than 4)",
                           CONFIG_MAX_DEPTH);
                ok = false;
                done = true;
            }
        } else if (ev.type == YAML_SEQUENCE_END_EVENT || ev.type == YAML_MAPPING_END_EVENT) {
            depth--;
        } else if (ev.type == YAML_STREAM_END_EVENT) {
            done = true;
        }
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&parser);
    rewind(f);
    return ok;
}

ConfigFile *load_config(const char *path, Diagnostics *d)
{
    ConfigFile *cf = xcalloc(1, sizeof *cf);
    cf->path = xstrdup(path);
    cf->dir = xstrdup(path);
    *strrchr(cf->dir, '/') = 0;
    if (!cf->dir[0]) strcpy(cf->dir, "/");
    cf->ok = true;
    /* O_NONBLOCK: a FIFO named .gpulint.yaml must not block the run in open */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    FILE *f = fd >= 0 ? fdopen(fd, "rb") : NULL;
    if (!f && fd >= 0) close(fd);
    if (!f) {
        diag_error(d, path, 0, 0, "cannot read the config file: %s", strerror(errno));
        cf->ok = false;
        return cf;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && !S_ISREG(st.st_mode)) {
        diag_error(d, path, 0, 0, "the config file is not a regular file (a FIFO, device or directory): not read");
        cf->ok = false;
        fclose(f);
        return cf;
    }
    if (fstat(fileno(f), &st) == 0 && st.st_size > CONFIG_MAX_BYTES) {
        diag_error(d, path, 0, 0, "the config file is %lld bytes, more than the %d a config may have: not read",
                   (long long)st.st_size, CONFIG_MAX_BYTES);
        cf->ok = false;
        fclose(f);
        return cf;
    }
    if (!config_depth_ok(path, f, d)) {
        cf->ok = false;
        fclose(f);
        return cf;
    }
    yaml_parser_t parser;
    yaml_document_t doc;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_file(&parser, f);
    if (!yaml_parser_load(&parser, &doc)) {
        diag_error(d, path, (unsigned)parser.problem_mark.line + 1, (unsigned)parser.problem_mark.column + 1,
                   "bad YAML: %s", parser.problem ? parser.problem : "parse error");
        cf->ok = false;
    } else {
        Reader r = {&doc, cf, d};
        read_top(&r, yaml_document_get_root_node(&doc));
        yaml_document_delete(&doc);
    }
    yaml_parser_delete(&parser);
    fclose(f);
    return cf;
}

static void free_list(StrList *l)
{
    for (int i = 0; i < l->n; i++) free(l->items[i]);
    free(l->items);
}

static void free_settings(Settings *s)
{
    free_list(&s->select);
    free_list(&s->ignore);
    for (int i = 0; i < s->nseverities; i++) free(s->severities[i].rule);
    free(s->severities);
    free(s->cl_std);
    free(s->offload_arch);
}

void free_config(ConfigFile *cf)
{
    free_settings(&cf->s);
    free_list(&cf->exclude);
    free_list(&cf->include_paths);
    free_list(&cf->defines);
    for (int i = 0; i < cf->noverrides; i++) {
        free_list(&cf->overrides[i].paths);
        free_settings(&cf->overrides[i].s);
    }
    free(cf->overrides);
    for (int i = 0; i < cf->noptions; i++) {
        free(cf->options[i].rule);
        free(cf->options[i].option);
    }
    free(cf->options);
    free(cf->headers);
    free(cf->path);
    free(cf->dir);
    free(cf);
}
