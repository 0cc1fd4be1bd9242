/* flag_kernels.c - see flag_kernels.h. */
#include "variants/flag_kernels.h"
#include "variants/directive_lexer.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/vec.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 32
#define MAX_CONDITION 256
#define MAX_NAME 128
#define MAX_SELECTED 8 /* flags one kernel may need */

typedef enum { BR_IF, BR_IFDEF, BR_IFNDEF, BR_ELSE } CondKind;

/* The branch of one #if group that a line is in. */
typedef struct {
    CondKind kind;         /* an #elif is an BR_IF on its own condition */
    char cond[MAX_CONDITION];
} CondBranch;

/* A flag and its value ("" for a bare -D NAME). */
typedef struct {
    char name[MAX_NAME];
    char value[24];
} Flag;

typedef struct {
    Flag flags[MAX_SELECTED];
    int n;
} Selection;

/* ------------------------------------------------ conditions to flags */

/* Names the compiler or the toolkit sets: never ours to choose. */
static bool reserved_name(const char *name)
{
    return name[0] == '_' && (name[1] == '_' || isupper((unsigned char)name[1]));
}

static bool is_number(const char *w, long long *v)
{
    char *end;
    if (!isdigit((unsigned char)w[0])) return false;
    *v = strtoll(w, &end, 0);
    while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L') end++;
    return *end == '\0';
}

static bool select_flag(Selection *s, const char *name, const char *value)
{
    if (reserved_name(name)) return false;
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->flags[i].name, name) == 0) return strcmp(s->flags[i].value, value) == 0;
    if (s->n == MAX_SELECTED) return false;
    snprintf(s->flags[s->n].name, sizeof s->flags[s->n].name, "%s", name);
    snprintf(s->flags[s->n].value, sizeof s->flags[s->n].value, "%s", value);
    s->n++;
    return true;
}

static bool select_or(DirLexer *lx, Selection *s);

/* One operand: (...), defined X, !defined X (needs X unset: nothing to
 * add), NAME, NAME op NUMBER, or a nonzero number. */
static bool select_primary(DirLexer *lx, Selection *s)
{
    if (dir_take(lx, "(")) return select_or(lx, s) && dir_take(lx, ")");
    bool negated = dir_take(lx, "!");
    char w[MAX_NAME];
    if (!dir_take_word(lx, w, sizeof w, false)) return false;
    if (strcmp(w, "defined") == 0) {
        bool paren = dir_take(lx, "(");
        if (!dir_take_word(lx, w, sizeof w, false) || (paren && !dir_take(lx, ")"))) return false;
        return negated ? !reserved_name(w) : select_flag(s, w, "");
    }
    long long number;
    if (is_number(w, &number)) return !negated && number != 0;
    if (negated) return false;
    static const char *const ops[] = {"==", "!=", ">=", "<=", ">", "<"};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        if (!dir_take(lx, ops[i])) continue;
        char rhs[32];
        long long v;
        if (!dir_take_word(lx, rhs, sizeof rhs, false) || !is_number(rhs, &v) || v == LLONG_MAX || v == LLONG_MIN)
            return false; /* no value past it to choose */
        long long want = i == 0 || i == 2 || i == 3 ? v : i == 1 || i == 4 ? v + 1 : v - 1;
        char value[24];
        snprintf(value, sizeof value, "%lld", want);
        return select_flag(s, w, value);
    }
    return select_flag(s, w, "1");
}

static bool select_and(DirLexer *lx, Selection *s)
{
    if (!select_primary(lx, s)) return false;
    while (dir_take(lx, "&&"))
        if (!select_primary(lx, s)) return false;
    return true;
}

/* The first alternative that can be selected; the others are skipped. */
static bool select_or(DirLexer *lx, Selection *s)
{
    Selection before = *s;
    bool ok = select_and(lx, s);
    while (dir_take(lx, "||")) {
        if (ok) { /* skip the rest of this alternative */
            Selection scratch = *s;
            select_and(lx, &scratch);
            continue;
        }
        *s = before;
        ok = select_and(lx, s);
    }
    return ok;
}

/* The flags that put a line inside all of `chain`'s branches (none may be
 * needed). */
static bool select_chain(const CondBranch *chain, int depth, Selection *s)
{
    memset(s, 0, sizeof *s);
    for (int i = 0; i < depth; i++) {
        const CondBranch *b = &chain[i];
        if (b->kind == BR_ELSE || b->kind == BR_IFNDEF) continue;
        DirLexer lx = {b->cond};
        if (b->kind == BR_IFDEF) {
            char w[MAX_NAME];
            if (!dir_take_word(&lx, w, sizeof w, false) || !select_flag(s, w, "")) return false;
            continue;
        }
        if (!select_or(&lx, s)) return false;
        dir_skip_space(&lx);
        if (*lx.p) return false; /* something this reader does not follow */
    }
    return true;
}

/* ------------------------------------------------------ the text scan */

typedef enum { SIG_NONE, SIG_HEAD, SIG_SKIP, SIG_PARAMS, SIG_BEFORE_BODY, SIG_BODY } SigState;

typedef struct {
    bool opencl;
    CondBranch stack[MAX_DEPTH];
    int depth, overflow;
    /* the kernel being read */
    SigState state;
    int nest;                     /* parentheses or braces open */
    char last[MAX_NAME];          /* the last identifier of its head */
    unsigned last_line;
    char name[MAX_NAME];
    unsigned name_line;
    CondBranch chain[MAX_DEPTH];
    int chain_depth;
    bool chain_ok;
    /* branches opened inside the body of the kernel being read */
    bool in_body[MAX_DEPTH];
    unsigned branch_start[MAX_DEPTH];
    /* found: kernels the first parse skipped, branches inside kernels */
    const FlagQueries *q;
    FlagPlan *plan;
    char **keys;                  /* each config's flags as one string */
    int nkeys;
} Scan;

static void add_region(Scan *sc, int depth, unsigned last);

/* `#kw rest` on `line` (its first line; `end` its last). */
static void directive(Scan *sc, const char *kw, size_t kwlen, const char *rest, size_t restlen, unsigned line,
                      unsigned end)
{
    char cond[MAX_CONDITION];
    size_t o = 0;
    for (size_t i = 0; i < restlen && o + 1 < sizeof cond; i++) {
        if (rest[i] == '/' && i + 1 < restlen && (rest[i + 1] == '/' || rest[i + 1] == '*')) break;
        cond[o++] = rest[i] == '\t' ? ' ' : rest[i];
    }
    while (o > 0 && cond[o - 1] == ' ') o--;
    cond[o] = '\0';
#define IS(word) (kwlen == strlen(word) && strncmp(kw, word, kwlen) == 0)
    if (IS("if") || IS("ifdef") || IS("ifndef")) {
        if (sc->depth == MAX_DEPTH) {
            sc->overflow++;
            return;
        }
        sc->in_body[sc->depth] = sc->state == SIG_BODY;
        sc->branch_start[sc->depth] = end + 1;
        CondBranch *b = &sc->stack[sc->depth++];
        b->kind = IS("if") ? BR_IF : IS("ifdef") ? BR_IFDEF : BR_IFNDEF;
        snprintf(b->cond, sizeof b->cond, "%s", cond);
    } else if (IS("elif") || IS("else")) {
        if (sc->overflow || sc->depth == 0) return;
        if (sc->in_body[sc->depth - 1]) add_region(sc, sc->depth, line - 1);
        sc->branch_start[sc->depth - 1] = end + 1;
        CondBranch *b = &sc->stack[sc->depth - 1];
        b->kind = IS("elif") ? BR_IF : BR_ELSE;
        snprintf(b->cond, sizeof b->cond, "%s", IS("elif") ? cond : "");
    } else if (IS("endif")) {
        if (sc->overflow) sc->overflow--;
        else if (sc->depth) {
            if (sc->in_body[sc->depth - 1]) add_region(sc, sc->depth, line - 1);
            sc->depth--;
        }
    }
#undef IS
}

/* Does the selection need a flag the first parse had defined already? */
static bool defined_already(const Scan *sc, const Selection *s)
{
    for (int i = 0; sc->q->defined && i < s->n; i++)
        if (sc->q->defined(sc->q->ctx, s->flags[i].name)) return true;
    return false;
}

/* The config of selection `s` (made when new); NULL past FLAG_MAX_CONFIGS. */
static FlagConfig *config_for(Scan *sc, const Selection *s)
{
    FlagPlan *p = sc->plan;
    char key[MAX_SELECTED * (MAX_NAME + 26)] = "";
    size_t k = 0;
    for (int i = 0; i < s->n; i++)
        k += (size_t)snprintf(key + k, sizeof key - k, "%s%s%s%s", i ? " " : "", s->flags[i].name,
                              s->flags[i].value[0] ? "=" : "", s->flags[i].value);
    int c = 0;
    while (c < p->nconfigs && strcmp(sc->keys[c], key) != 0) c++;
    if (c < p->nconfigs) return &p->configs[c];
    if (p->nconfigs == FLAG_MAX_CONFIGS) return NULL;
    FlagConfig *fc = VEC_PUSH(p->configs, p->nconfigs);
    *VEC_PUSH(sc->keys, sc->nkeys) = xstrdup(key);
    for (int i = 0; i < s->n; i++) {
        char *d = xmalloc(strlen(s->flags[i].name) + strlen(s->flags[i].value) + 2);
        sprintf(d, "%s%s%s", s->flags[i].name, s->flags[i].value[0] ? "=" : "", s->flags[i].value);
        *VEC_PUSH(fc->defines, fc->ndefines) = d;
    }
    return fc;
}

static void add_kernel(Scan *sc, unsigned end_line)
{
    if (sc->q->modelled(sc->q->ctx, sc->name, sc->name_line)) return;
    FlagPlan *p = sc->plan;
    Selection s;
    if (!sc->chain_ok || !select_chain(sc->chain, sc->chain_depth, &s) || s.n == 0 || defined_already(sc, &s)) {
        p->unselectable++;
        return;
    }
    FlagConfig *fc = config_for(sc, &s);
    if (!fc) {
        p->over_limit++;
        return;
    }
    *VEC_PUSH(fc->kernels, fc->nkernels) = (FlagKernel){xstrdup(sc->name), sc->name_line, end_line};
}

/* The branch of the group open at `depth` (1-based), inside the body of a
 * kernel the first parse modelled, ends on `last`: a region when its own
 * condition needs only flags the host names. */
static void add_region(Scan *sc, int depth, unsigned last)
{
    const CondBranch *b = &sc->stack[depth - 1];
    unsigned first = sc->branch_start[depth - 1];
    if (!sc->q->host_sets || b->kind == BR_ELSE || b->kind == BR_IFNDEF || sc->overflow || last < first ||
        !sc->q->modelled(sc->q->ctx, sc->name, sc->name_line))
        return;
    Selection outer, all;
    if (!select_chain(sc->stack, depth - 1, &outer) || !select_chain(sc->stack, depth, &all) || all.n == outer.n ||
        defined_already(sc, &all))
        return;
    for (int i = outer.n; i < all.n; i++) /* select_flag appends: the branch's own flags come last */
        if (!sc->q->host_sets(sc->q->ctx, all.flags[i].name)) return;
    FlagConfig *fc = config_for(sc, &all);
    if (!fc) {
        sc->plan->over_limit++;
        return;
    }
    *VEC_PUSH(fc->regions, fc->nregions) = (FlagRegion){xstrdup(sc->name), first, last};
}

static bool kernel_keyword(const Scan *sc, const char *w)
{
    return sc->opencl ? strcmp(w, "__kernel") == 0 || strcmp(w, "kernel") == 0 : strcmp(w, "__global__") == 0;
}

/* Head words whose parentheses hold attributes, not the parameters. */
static bool attribute_word(const char *w)
{
    return strcmp(w, "__attribute__") == 0 || strcmp(w, "__launch_bounds__") == 0 || strcmp(w, "__declspec") == 0 ||
           strcmp(w, "alignas") == 0 || strcmp(w, "__cluster_dims__") == 0;
}

static void word(Scan *sc, const char *w, unsigned line)
{
    if (kernel_keyword(sc, w) && (sc->state == SIG_NONE || sc->state == SIG_HEAD)) {
        sc->state = SIG_HEAD;
        sc->last[0] = '\0';
        return;
    }
    if (sc->state == SIG_HEAD) {
        snprintf(sc->last, sizeof sc->last, "%s", w);
        sc->last_line = line;
    }
}

static void punct(Scan *sc, char c, unsigned line)
{
    switch (sc->state) {
    case SIG_NONE:
        return;
    case SIG_HEAD:
        if (c == '(') {
            if (attribute_word(sc->last) || !sc->last[0]) {
                sc->state = SIG_SKIP;
                sc->nest = 1;
                return;
            }
            snprintf(sc->name, sizeof sc->name, "%s", sc->last);
            sc->name_line = sc->last_line;
            memcpy(sc->chain, sc->stack, sizeof sc->chain);
            sc->chain_depth = sc->depth;
            sc->chain_ok = sc->overflow == 0;
            sc->state = SIG_PARAMS;
            sc->nest = 1;
        } else if (c == ';' || c == '{' || c == '}') sc->state = SIG_NONE;
        return;
    case SIG_SKIP:
    case SIG_PARAMS:
        if (c == '(') sc->nest++;
        else if (c == ')' && --sc->nest == 0) sc->state = sc->state == SIG_SKIP ? SIG_HEAD : SIG_BEFORE_BODY;
        return;
    case SIG_BEFORE_BODY:
        if (c == '{') {
            sc->state = SIG_BODY;
            sc->nest = 1;
        } else if (c == ';') sc->state = SIG_NONE; /* a declaration */
        return;
    case SIG_BODY:
        if (c == '{') sc->nest++;
        else if (c == '}' && --sc->nest == 0) {
            sc->state = SIG_NONE;
            add_kernel(sc, line);
        }
        return;
    }
}

bool flag_kernels_plan(const char *text, size_t size, bool opencl, const FlagQueries *q, FlagPlan *out)
{
    memset(out, 0, sizeof *out);
    Scan *sc = xcalloc(1, sizeof *sc);
    sc->opencl = opencl;
    sc->q = q;
    sc->plan = out;
    unsigned line = 1;
    bool in_comment = false, line_start = true;
    for (size_t i = 0; i < size;) {
        char c = text[i];
        if (c == '\n') {
            line++;
            line_start = true;
            i++;
            continue;
        }
        if (in_comment) {
            if (c == '*' && i + 1 < size && text[i + 1] == '/') in_comment = false, i++;
            i++;
            continue;
        }
        if (c == '\\' && i + 1 < size && text[i + 1] == '\n') { /* a continued line */
            line++;
            i += 2;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
            i++;
            continue;
        }
        if (c == '/' && i + 1 < size && text[i + 1] == '*') {
            in_comment = true;
            i += 2;
            continue;
        }
        if (c == '/' && i + 1 < size && text[i + 1] == '/') {
            while (i < size && text[i] != '\n') i++;
            continue;
        }
        if (c == '#' && line_start) { /* a directive: to the end of its logical line */
            size_t j = i + 1;
            while (j < size && (text[j] == ' ' || text[j] == '\t')) j++;
            size_t kw = j;
            while (j < size && isalpha((unsigned char)text[j])) j++;
            size_t rest = j, end = j;
            unsigned lines = 0;
            while (end < size && text[end] != '\n') {
                if (text[end] == '\\' && end + 1 < size && text[end + 1] == '\n') end++, lines++;
                end++;
            }
            directive(sc, text + kw, j - kw, text + rest, end - rest, line, line + lines);
            line += lines;
            i = end;
            continue;
        }
        line_start = false;
        if (c == '"' || c == '\'') { /* a literal: its text is no code */
            size_t j = i + 1;
            while (j < size && text[j] != c && text[j] != '\n') j += text[j] == '\\' ? 2 : 1;
            i = j < size && text[j] == c ? j + 1 : j; /* unclosed (R"( of a raw string): to the line's end */
            continue;
        }
        if (isalpha((unsigned char)c) || c == '_') {
            char w[MAX_NAME];
            size_t j = i;
            while (j < size && (isalnum((unsigned char)text[j]) || text[j] == '_')) j++;
            size_t n = j - i < sizeof w - 1 ? j - i : sizeof w - 1;
            memcpy(w, text + i, n);
            w[n] = '\0';
            word(sc, w, line);
            i = j;
            continue;
        }
        punct(sc, c, line);
        i++;
    }
    for (int c = 0; c < sc->nkeys; c++) free(sc->keys[c]);
    free(sc->keys);
    free(sc);
    return out->nconfigs > 0;
}

void flag_plan_free(FlagPlan *p)
{
    for (int c = 0; c < p->nconfigs; c++) {
        FlagConfig *fc = &p->configs[c];
        for (int i = 0; i < fc->ndefines; i++) free(fc->defines[i]);
        for (int i = 0; i < fc->nkernels; i++) free(fc->kernels[i].name);
        for (int i = 0; i < fc->nregions; i++) free(fc->regions[i].kernel);
        free(fc->defines);
        free(fc->kernels);
        free(fc->regions);
    }
    free(p->configs);
    memset(p, 0, sizeof *p);
}

char *flag_config_text(const FlagConfig *c)
{
    size_t n = 1;
    for (int i = 0; i < c->ndefines; i++) n += strlen(c->defines[i]) + 4;
    char *s = xmalloc(n);
    s[0] = '\0';
    for (int i = 0; i < c->ndefines; i++) {
        if (i) strcat(s, " ");
        strcat(s, "-D ");
        strcat(s, c->defines[i]);
    }
    return s;
}

/* ------------------------------------------- against the first parse */

/* The kernel named `name` on `line` (its name's line), any instance of it. */
static bool kernel_is(const Kernel *k, const char *name, unsigned line)
{
    return k->range.line == line && strcmp(k->base_name, name) == 0;
}

bool flag_model_has_kernel(const Model *m, const char *name, unsigned line)
{
    for (int k = 0; k < m->nkernels; k++)
        if (kernel_is(&m->kernels[k], name, line)) return true;
    return false;
}

bool flag_kernels_plan_for(const char *path, const char *contents, size_t size, bool opencl, const FlagQueries *q,
                           FlagPlan *out)
{
    memset(out, 0, sizeof *out);
    long n = 0;
    char *own = contents ? NULL : read_file(path, &n);
    if (!contents && !own) return false;
    bool any = flag_kernels_plan(contents ? contents : own, contents ? size : (size_t)n, opencl, q, out);
    free(own);
    return any;
}

bool flag_finding_selected(const FlagConfig *c, const char *kernel, unsigned line)
{
    for (int i = 0; i < c->nregions; i++)
        if (line >= c->regions[i].first && line <= c->regions[i].last) return true;
    for (int i = 0; i < c->nkernels; i++) {
        size_t n = strlen(c->kernels[i].name);
        if (kernel && strncmp(kernel, c->kernels[i].name, n) == 0 && (kernel[n] == '\0' || kernel[n] == '<'))
            return true;
    }
    return false;
}

int flag_kernels_found(const FlagConfig *c, const Model *m)
{
    int n = 0;
    for (int k = 0; k < m->nkernels; k++)
        for (int i = 0; i < c->nkernels; i++)
            if (kernel_is(&m->kernels[k], c->kernels[i].name, c->kernels[i].line)) {
                n++;
                break;
            }
    return n;
}

const Problem *flag_config_error(const FlagConfig *c, const Diagnostics *d, const char *path)
{
    for (int e = 0; e < d->nerrors; e++) {
        const Problem *p = &d->errors[e];
        if (!p->file || strcmp(p->file, path) != 0) continue;
        for (int i = 0; i < c->nkernels; i++)
            if (p->line >= c->kernels[i].line && p->line <= c->kernels[i].end) return p;
        for (int i = 0; i < c->nregions; i++)
            if (p->line >= c->regions[i].first && p->line <= c->regions[i].last) return p;
    }
    return NULL;
}
