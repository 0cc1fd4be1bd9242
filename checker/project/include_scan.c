/* include_scan.c - see include_scan.h. */
#include "project/include_scan.h"
#include "project/computed_include.h"
#include "frontend/frontend.h"
#include "util/fileio.h"
#include "util/oom.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The name of `#ifdef X` (after the keyword) or `#if defined(X)` / `#if
 * defined X` alone, when X has no leading underscore; else NULL. */
static const char *guard_name(Arena *arena, const char *q, bool ifdef)
{
    while (*q == ' ' || *q == '\t') q++;
    if (!ifdef) {
        if (strncmp(q, "defined", 7) != 0) return NULL;
        q += 7;
        while (*q == ' ' || *q == '\t') q++;
    }
    bool paren = !ifdef && *q == '(';
    if (paren) q++;
    while (*q == ' ' || *q == '\t') q++;
    size_t n = 0;
    while (isalnum((unsigned char)q[n]) || q[n] == '_') n++;
    if (n == 0 || q[0] == '_' || isdigit((unsigned char)q[0])) return NULL;
    const char *rest = q + n;
    while (*rest == ' ' || *rest == '\t') rest++;
    if (paren && *rest++ != ')') return NULL;
    while (*rest == ' ' || *rest == '\t') rest++;
    if (*rest && !(rest[0] == '/' && (rest[1] == '/' || rest[1] == '*'))) return NULL; /* more than one test */
    return arena_strndup(arena, q, n);
}

static bool directive_is(const char *q, const char *word)
{
    size_t n = strlen(word);
    return strncmp(q, word, n) == 0 && !isalnum((unsigned char)q[n]) && q[n] != '_';
}

#define MAX_GUARD_DEPTH 64

bool gpu_markers(const char *text, bool *kernels)
{
    static const char *const kernel_markers[] = {"__global__", "__launch_bounds__", "<<<", "cudaLaunchKernel",
                                                 "cudaLaunchCooperativeKernel", "cuLaunchKernel"};
    static const char *const device_markers[] = {"__device__", "__shared__", "__constant__"};
    *kernels = false;
    for (size_t i = 0; i < sizeof kernel_markers / sizeof kernel_markers[0] && !*kernels; i++)
        *kernels = strstr(text, kernel_markers[i]) != NULL;
    if (*kernels) return true;
    for (size_t i = 0; i < sizeof device_markers / sizeof device_markers[0]; i++)
        if (strstr(text, device_markers[i])) return true;
    return false;
}

void scan_includes(Arena *arena, char *text, IncludeList *out)
{
    IncludeList tmp = {NULL, 0, false, NULL, 0, false, 0, false, false, NULL, 0};
    tmp.gpu_code = gpu_markers(text, &tmp.kernel_code);
    /* the #if groups open at the current line: each one's guard (NULL: none,
     * or its #else/#elif part, which runs when the guard is undefined) */
    const char *guards[MAX_GUARD_DEPTH];
    int depth = 0;
    const char *define_name = NULL; /* the #define whose continuation lines follow */
    ComputedIncludes computed = {.n = 0};
    for (char *line = text; line && *line;) {
        char *next = strchr(line, '\n');
        if (next) *next++ = 0;
        const char *q = line;
        while (*q == ' ' || *q == '\t') q++;
        const char *macro = define_name; /* the macro this line is part of */
        if (*q == '#') {
            q++;
            while (*q == ' ' || *q == '\t') q++;
            if (directive_is(q, "ifdef") || directive_is(q, "ifndef") || directive_is(q, "if")) {
                const char *g = directive_is(q, "ifdef") ? guard_name(arena, q + 5, true)
                                : directive_is(q, "if")  ? guard_name(arena, q + 2, false)
                                                         : NULL;
                if (depth < MAX_GUARD_DEPTH) guards[depth] = g;
                depth++;
            } else if (directive_is(q, "else") || directive_is(q, "elif")) {
                if (depth > 0 && depth <= MAX_GUARD_DEPTH) guards[depth - 1] = NULL;
            } else if (directive_is(q, "endif")) {
                if (depth > 0) depth--;
            } else if (directive_is(q, "error")) {
                tmp.has_error = true;
            } else if (directive_is(q, "define")) {
                q += 6;
                while (*q == ' ' || *q == '\t') q++;
                if (frontend_is_toolkit_config_macro(q)) tmp.defines_toolkit_config = true;
                computed_include_define(&computed, q);
                size_t n = 0;
                while (isalnum((unsigned char)q[n]) || q[n] == '_') n++;
                if (n) *VEC_PUSH(tmp.defines, tmp.ndefines) = macro = arena_strndup(arena, q, n);
            } else if (strncmp(q, "include", 7) == 0 && (q[7] == ' ' || q[7] == '\t' || q[7] == '<' || q[7] == '"')) {
                q += 7;
                while (*q == ' ' || *q == '\t') q++;
                char close = *q == '<' ? '>' : *q == '"' ? '"' : 0;
                const char *end = close ? strchr(q + 1, close) : NULL;
                char computed_spelling[COMPUTED_INCLUDE_PATH];
                bool computed_named = !close && computed_include_spelling(&computed, q, computed_spelling,
                                                                          sizeof computed_spelling);
                if ((end && end > q + 1) || computed_named) {
                    Include *inc = VEC_PUSH(tmp.items, tmp.n);
                    inc->spelling = computed_named ? arena_strdup(arena, computed_spelling)
                                                   : arena_strndup(arena, q + 1, (size_t)(end - q - 1));
                    inc->angled = close == '>';
                    inc->guard = NULL;
                    for (int d = 0; d < depth && d < MAX_GUARD_DEPTH && !inc->guard; d++) inc->guard = guards[d];
                }
            }
        }
        /* a body with GPU code, not a macro that names a marker itself */
        bool kernels;
        if (macro && gpu_markers(line, &kernels) && !gpu_markers(macro, &kernels) &&
            (!tmp.ngpu_macros || strcmp(tmp.gpu_macros[tmp.ngpu_macros - 1], macro) != 0))
            *VEC_PUSH(tmp.gpu_macros, tmp.ngpu_macros) = macro;
        size_t len = strlen(line);
        define_name = macro && len && line[len - 1] == '\\' ? macro : NULL;
        line = next;
    }
    *out = tmp;
}

bool text_uses_words(const char *path, const char *contents, size_t size, const char *const *words, int nwords)
{
    long len = (long)size;
    char *owned = contents ? NULL : read_file(path, &len);
    const char *text = contents ? contents : owned;
    bool used = false;
    for (int i = 0; text && i < nwords && !used; i++) {
        size_t n = strlen(words[i]);
        for (const char *p = memmem(text, (size_t)len, words[i], n); p && !used;
             p = memmem(p + 1, (size_t)len - (size_t)(p + 1 - text), words[i], n))
            used = (p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
                   (p + n >= text + len || !(isalnum((unsigned char)p[n]) || p[n] == '_'));
    }
    free(owned);
    return used;
}

/* ------------------------------------------------------ closures, memoized */

void library_needs_add(LibraryNeeds *needs, const char *spelling, const char *guard, bool toolkit)
{
    PreludeNeed need = frontend_prelude_for_include(spelling);
    int shim = frontend_shim_pch_for_include(spelling);
    if (!guard && shim > needs->shim_pch) needs->shim_pch = shim;
    if (guard && need > PRELUDE_RUNTIME) *VEC_PUSH(needs->guarded, needs->nguarded) = (GuardedNeed){need, guard};
    else if (need > needs->prelude) needs->prelude = need;
    if (toolkit) needs->real_headers = true;
}

typedef struct {
    const char *path;
    HeaderLocal local;
    bool expanded;
    int *children;               /* local.children as nodes, once visited (settled headers only) */
    int index, low;              /* Tarjan's numbering: -1 until visited */
    int component;               /* -1 until its strongly connected component is done */
    bool on_stack;
} MemoNode;

/* Headers that include each other (#pragma once cycles) share a closure:
 * the facts are kept per strongly connected component.  Components are
 * finished in an order where each one's successors come first. */
typedef struct {
    ClosureFacts facts;
    int first, n;                /* its nodes in ClosureMemo.members */
} Component;

typedef struct {
    unsigned char *defined;      /* per component */
    int done;                    /* components worked out so far */
} NameFacts;

struct ClosureMemo {
    StrMap contexts;             /* context -> its number + 1 */
    int ncontexts;
    StrMap node_of;              /* "<context number>:<path>" -> node + 1 */
    MemoNode *nodes; int nnodes;
    Component *components; int ncomponents;
    int *members; int nmembers;
    StrMap name_of;              /* #define name -> NameFacts + 1 */
    NameFacts *names; int nnames;
    int counter;                 /* Tarjan's next number */
    int *marks; int nmarks, mark; /* closure_memo_visit's visited nodes */
};

ClosureMemo *closure_memo_new(void)
{
    return xcalloc(1, sizeof(ClosureMemo));
}

void closure_memo_free(ClosureMemo *m)
{
    if (!m) return;
    for (int i = 0; i < m->nnodes; i++) {
        free(m->nodes[i].local.children);
        free(m->nodes[i].local.needs.guarded);
        free(m->nodes[i].children);
    }
    for (int i = 0; i < m->nnames; i++) free(m->names[i].defined);
    free(m->nodes);
    free(m->components);
    free(m->members);
    free(m->names);
    free(m->marks);
    strmap_free(&m->contexts);
    strmap_free(&m->node_of);
    strmap_free(&m->name_of);
    free(m);
}

static int memo_node(ClosureMemo *m, int context, const char *path)
{
    size_t len = strlen(path) + 16;
    char *key = xmalloc(len);
    snprintf(key, len, "%d:%s", context, path);
    int *slot = strmap_get(&m->node_of, key);
    free(key);
    if (!*slot) {
        MemoNode *n = VEC_PUSH(m->nodes, m->nnodes);
        n->path = path;
        n->index = n->low = n->component = -1;
        *slot = m->nnodes;
    }
    return *slot - 1;
}

/* Numbers a node, expands it (once) and pushes it on Tarjan's stack. */
static void memo_enter(ClosureMemo *m, int context, int id, HeaderExpandFn expand, void *env, int **stack, int *nstack)
{
    if (!m->nodes[id].expanded) {
        HeaderLocal local;
        memset(&local, 0, sizeof local);
        expand(env, m->nodes[id].path, &local);
        m->nodes[id].local = local;
        m->nodes[id].expanded = true;
    }
    int n = m->nodes[id].local.settled ? m->nodes[id].local.nchildren : 0;
    int *children = n ? xmalloc((size_t)n * sizeof *children) : NULL;
    for (int i = 0; i < n; i++) children[i] = memo_node(m, context, m->nodes[id].local.children[i]); /* may move nodes */
    MemoNode *node = &m->nodes[id];
    free(node->children);
    node->children = children;
    node->index = node->low = m->counter++;
    node->on_stack = true;
    *VEC_PUSH(*stack, *nstack) = id;
}

static void facts_merge(ClosureFacts *into, const ClosureFacts *f)
{
    into->settled = into->settled && f->settled;
    into->kernel_code |= f->kernel_code;
    into->defines_toolkit_config |= f->defines_toolkit_config;
    into->real_headers |= f->real_headers;
    into->gpu_macros |= f->gpu_macros;
    if (f->prelude > into->prelude) into->prelude = f->prelude;
    if (f->shim_pch > into->shim_pch) into->shim_pch = f->shim_pch;
    if (f->guarded_need > into->guarded_need) into->guarded_need = f->guarded_need;
}

/* Pops the component whose first node is `root`, and works out its facts
 * from its nodes' own and its successors'. */
static void memo_component(ClosureMemo *m, int root, int *stack, int *nstack)
{
    int c = m->ncomponents;
    Component *comp = VEC_PUSH(m->components, m->ncomponents);
    comp->first = m->nmembers;
    comp->facts.settled = true;
    for (int id = -1; id != root;) {
        id = stack[--*nstack];
        m->nodes[id].on_stack = false;
        m->nodes[id].component = c;
        *VEC_PUSH(m->members, m->nmembers) = id;
    }
    comp->n = m->nmembers - comp->first;
    for (int k = comp->first; k < m->nmembers; k++) {
        const MemoNode *node = &m->nodes[m->members[k]];
        const HeaderLocal *l = &node->local;
        ClosureFacts own = {l->settled, l->text.kernel_code, l->text.defines_toolkit_config, l->needs.real_headers,
                            l->text.ngpu_macros > 0, l->needs.prelude, l->needs.shim_pch, PRELUDE_RUNTIME};
        for (int i = 0; i < l->needs.nguarded; i++)
            if (l->needs.guarded[i].need > own.guarded_need) own.guarded_need = l->needs.guarded[i].need;
        facts_merge(&comp->facts, &own);
        int nchildren = l->settled ? l->nchildren : 0;
        for (int i = 0; i < nchildren; i++) {
            int cc = m->nodes[node->children[i]].component;
            if (cc != c) facts_merge(&comp->facts, &m->components[cc].facts);
        }
    }
}

typedef struct {
    int node, next;
} MemoFrame;

/* Tarjan's algorithm from `start`, without recursion (a chain of 20,000
 * headers is 20,000 deep). */
static void memo_explore(ClosureMemo *m, int context, int start, HeaderExpandFn expand, void *env)
{
    MemoFrame *frames = NULL;
    int nframes = 0, *stack = NULL, nstack = 0;
    memo_enter(m, context, start, expand, env, &stack, &nstack);
    *VEC_PUSH(frames, nframes) = (MemoFrame){start, 0};
    while (nframes) {
        MemoFrame *f = &frames[nframes - 1];
        MemoNode *v = &m->nodes[f->node];
        int nchildren = v->local.settled ? v->local.nchildren : 0;
        if (f->next < nchildren) {
            int w = v->children[f->next++];
            if (m->nodes[w].index < 0) {
                memo_enter(m, context, w, expand, env, &stack, &nstack);
                *VEC_PUSH(frames, nframes) = (MemoFrame){w, 0};
            } else if (m->nodes[w].on_stack && m->nodes[w].index < v->low) {
                v->low = m->nodes[w].index;
            }
            continue;
        }
        int done = f->node;
        nframes--;
        if (m->nodes[done].low == m->nodes[done].index) memo_component(m, done, stack, &nstack);
        if (nframes) {
            MemoNode *parent = &m->nodes[frames[nframes - 1].node];
            if (m->nodes[done].low < parent->low) parent->low = m->nodes[done].low;
        }
    }
    free(frames);
    free(stack);
}

const ClosureFacts *closure_memo_facts(ClosureMemo *m, const char *context, const char *path, HeaderExpandFn expand,
                                       void *env, int *node)
{
    int *ctx = strmap_get(&m->contexts, context);
    if (!*ctx) *ctx = ++m->ncontexts;
    int id = memo_node(m, *ctx, path);
    if (m->nodes[id].component < 0) memo_explore(m, *ctx, id, expand, env);
    *node = id;
    return &m->components[m->nodes[id].component].facts;
}

bool closure_memo_defines(ClosureMemo *m, int node, const char *name)
{
    int *slot = strmap_get(&m->name_of, name);
    if (!*slot) {
        VEC_PUSH(m->names, m->nnames);
        *slot = m->nnames;
    }
    NameFacts *nf = &m->names[*slot - 1];
    if (nf->done < m->ncomponents) { /* successors first: one pass over the components not seen yet */
        nf->defined = xrealloc(nf->defined, (size_t)m->ncomponents);
        for (int c = nf->done; c < m->ncomponents; c++) {
            bool defined = false;
            for (int k = m->components[c].first; k < m->components[c].first + m->components[c].n && !defined; k++) {
                const MemoNode *v = &m->nodes[m->members[k]];
                for (int i = 0; i < v->local.text.ndefines && !defined; i++)
                    defined = strcmp(v->local.text.defines[i], name) == 0;
                int nchildren = v->local.settled ? v->local.nchildren : 0;
                for (int i = 0; i < nchildren && !defined; i++) {
                    int cc = m->nodes[v->children[i]].component;
                    defined = cc != c && nf->defined[cc];
                }
            }
            nf->defined[c] = defined;
        }
        nf->done = m->ncomponents;
    }
    return nf->defined[m->nodes[node].component];
}

void closure_memo_visit(ClosureMemo *m, const int *nodes, int nnodes, void (*fn)(void *env, const HeaderLocal *h),
                        void *env)
{
    if (m->nmarks < m->nnodes) {
        m->marks = xrealloc(m->marks, (size_t)m->nnodes * sizeof *m->marks);
        memset(m->marks + m->nmarks, 0, (size_t)(m->nnodes - m->nmarks) * sizeof *m->marks);
        m->nmarks = m->nnodes;
    }
    int mark = ++m->mark, *todo = NULL, ntodo = 0;
    for (int i = 0; i < nnodes; i++) *VEC_PUSH(todo, ntodo) = nodes[i];
    while (ntodo) {
        int id = todo[--ntodo];
        if (m->marks[id] == mark) continue;
        m->marks[id] = mark;
        const MemoNode *v = &m->nodes[id];
        fn(env, &v->local);
        int nchildren = v->local.settled ? v->local.nchildren : 0;
        for (int i = 0; i < nchildren; i++) *VEC_PUSH(todo, ntodo) = v->children[i];
    }
    free(todo);
}
