/* jit_types.c - see jit_types.h. */
#include "project/jit_types.h"
#include "project/jit_options.h"

#include "util/call_args.h"
#include "util/oom.h"
#include "util/strmap.h"
#include "util/vec.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TYPE_TEXT 128

/* `#define DefineKeyValue(key, arg) " -D " #key "=" + toString(arg)`: the
 * parameters that are the option's name and its value; both -1 for a
 * macro that writes a flag named at run time (`" -D " + std::string(arg)`). */
typedef struct {
    char *name;
    int nparams, key, value;
} OptionMacro;

/* `template<> struct traits<arg> { ... method() { return "type"; } }` */
typedef struct {
    char *traits, *arg, *method, *type;
} TypeName;

struct JitTypes {
    OptionMacro *macros;
    int nmacros;
    TypeName *names;
    int nnames;
    StrMap typedef_slot; /* a typedef's name -> its index in typedefs + 1 */
    char **typedefs;
    int ntypedefs;
};

JitTypes *jit_types_new(void)
{
    return xcalloc(1, sizeof(JitTypes));
}

void jit_types_free(JitTypes *t)
{
    if (!t) return;
    for (int i = 0; i < t->nmacros; i++) free(t->macros[i].name);
    free(t->macros);
    for (int i = 0; i < t->nnames; i++) {
        free(t->names[i].traits);
        free(t->names[i].arg);
        free(t->names[i].method);
        free(t->names[i].type);
    }
    free(t->names);
    for (int i = 0; i < t->ntypedefs; i++) free(t->typedefs[i]);
    free(t->typedefs);
    strmap_free(&t->typedef_slot);
    free(t);
}

static char *dup_span(const char *p, size_t n)
{
    char *s = xmalloc(n + 1);
    memcpy(s, p, n);
    s[n] = '\0';
    return s;
}

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static const char *skip_space(const char *p)
{
    while (*p && isspace((unsigned char)*p)) p++;
    return p;
}

/* The identifier at p (its length; 0 when none). */
static size_t ident_len(const char *p)
{
    if (!isalpha((unsigned char)*p) && *p != '_') return 0;
    size_t n = 0;
    while (ident_char(p[n])) n++;
    return n;
}

static bool word_is(const char *p, size_t len, const char *word)
{
    return strlen(word) == len && strncmp(p, word, len) == 0;
}

bool jit_type_spelling(const char *v)
{
    if (!isalpha((unsigned char)*v) && *v != '_') return false;
    for (; *v; v++)
        if (!ident_char(*v) && *v != ' ') return false;
    return true;
}

/* [from, to) with runs of white space made one space, trimmed, into out. */
static void squeeze(const char *from, const char *to, char *out, size_t n)
{
    size_t k = 0;
    bool space = false;
    for (const char *c = from; c < to && k + 1 < n; c++) {
        if (isspace((unsigned char)*c)) {
            space = k > 0;
            continue;
        }
        if (space && k + 2 < n) out[k++] = ' ';
        space = false;
        out[k++] = *c;
    }
    out[k] = '\0';
}

/* ------------------------------------------------------------- learning */

/* The end of a #define's body: its first newline not escaped by `\`. */
static const char *define_end(const char *body)
{
    const char *e = body;
    while (*e && !(*e == '\n' && !(e > body && e[-1] == '\\') && !(e > body + 1 && e[-1] == '\r' && e[-2] == '\\'))) e++;
    return e;
}

/* A function-like macro at `p` (just after `define`) that writes a -D
 * option: its key parameter stringised (`#key`) after a `-D`, its value
 * parameter used after that. */
static void learn_macro(JitTypes *t, const char *p)
{
    p = skip_space(p);
    size_t nlen = ident_len(p);
    if (!nlen || p[nlen] != '(') return;
    char params[4][64];
    int np = 0;
    const char *c = p + nlen + 1;
    for (;;) {
        c = skip_space(c);
        size_t len = ident_len(c);
        if (!len || len >= 64 || np == 4) return;
        snprintf(params[np++], 64, "%.*s", (int)len, c);
        c = skip_space(c + len);
        if (*c == ')') break;
        if (*c != ',') return;
        c++;
    }
    const char *body = c + 1, *end = define_end(body);
    const char *dash = NULL;
    for (const char *d = body; d + 1 < end && !dash; d++)
        if (d[0] == '-' && d[1] == 'D') dash = d;
    if (!dash) return;
    int key = -1, value = -1;
    const char *after_key = NULL;
    for (const char *d = dash; d < end && key < 0; d++) {
        if (*d != '#' || d[1] == '#' || (d > body && d[-1] == '#')) continue;
        const char *w = skip_space(d + 1);
        size_t len = ident_len(w);
        for (int i = 0; i < np && key < 0; i++)
            if (word_is(w, len, params[i])) key = i, after_key = w + len;
    }
    for (const char *d = after_key; d && d < end && value < 0; d++) {
        size_t len = ident_len(d);
        if (!len || (d > body && ident_char(d[-1]))) continue;
        for (int i = 0; i < np && value < 0; i++)
            if (i != key && word_is(d, len, params[i])) value = i;
        d += len - 1;
    }
    if (key < 0) { /* `-D " + name`: a flag whose name the host chooses */
        const char *plus = dash;
        while (plus < end && *plus != '+' && *plus != '#') plus++;
        if (plus < end && *plus == '+') *VEC_PUSH(t->macros, t->nmacros) = (OptionMacro){dup_span(p, nlen), np, -1, -1};
        return;
    }
    if (value < 0) return;
    *VEC_PUSH(t->macros, t->nmacros) = (OptionMacro){dup_span(p, nlen), np, key, value};
}

/* The `>` that closes the `<` at p (NULL when none on a short stretch). */
static const char *angle_end(const char *p)
{
    int depth = 0;
    for (const char *c = p; *c && c - p < 256; c++) {
        if (*c == '<') depth++;
        else if (*c == '>' && --depth == 0) return c;
        else if (*c == ';' || *c == '{') return NULL;
    }
    return NULL;
}

/* The `}` that closes the `{` at p. */
static const char *brace_end(const char *p)
{
    int depth = 0;
    for (const char *c = p; *c; c++) {
        if (*c == '{') depth++;
        else if (*c == '}' && --depth == 0) return c;
    }
    return NULL;
}

/* `template <> struct traits<arg> { ... }` at `p` (just after `template`):
 * each member function of its body that returns a string literal. */
static void learn_specialisation(JitTypes *t, const char *p)
{
    p = skip_space(p);
    if (*p != '<') return;
    p = skip_space(p + 1);
    if (*p != '>') return;
    p = skip_space(p + 1);
    size_t len = ident_len(p);
    if (!word_is(p, len, "struct") && !word_is(p, len, "class")) return;
    const char *name = skip_space(p + len);
    size_t nlen = ident_len(name);
    const char *open = skip_space(name + nlen);
    const char *close = nlen ? angle_end(open) : NULL;
    if (!close || *open != '<') return;
    const char *body = strchr(close, '{');
    if (!body || memchr(close, ';', (size_t)(body - close))) return;
    const char *end = brace_end(body);
    if (!end) return;
    char arg[TYPE_TEXT];
    squeeze(open + 1, close, arg, sizeof arg);
    for (const char *r = strstr(body, "return"); r && r < end; r = strstr(r + 6, "return")) {
        const char *lit = skip_space(r + 6);
        const char *lit_end = *lit == '"' ? strchr(lit + 1, '"') : NULL;
        if (!lit_end || lit_end > end || lit_end - lit > TYPE_TEXT) continue;
        /* the function: `method() {` (maybe `const`) before the return */
        const char *c = r;
        while (c > body && *c != '{') c--;
        while (c > body && *c != ')') c--;
        while (c > body && *c != '(') c--;
        const char *m = c;
        while (m > body && isspace((unsigned char)m[-1])) m--;
        const char *ms = m;
        while (ms > body && ident_char(ms[-1])) ms--;
        if (ms == m) continue;
        TypeName tn = {dup_span(name, nlen), xstrdup(arg), dup_span(ms, (size_t)(m - ms)),
                       dup_span(lit + 1, (size_t)(lit_end - lit - 1))};
        *VEC_PUSH(t->names, t->nnames) = tn;
    }
}

static bool builtin_word(const char *w, size_t len)
{
    static const char *const words[] = {"signed", "unsigned", "char", "short", "int", "long", "float", "double", "bool"};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (word_is(w, len, words[i])) return true;
    return false;
}

/* `typedef long long dim_t;` or `using dim_t = long long;` at p (just
 * after the keyword): a built-in type's other name, the first one kept. */
static void learn_typedef(JitTypes *t, const char *p, bool using)
{
    const char *semi = strchr(p, ';');
    if (!semi || semi - p > 96) return;
    char type[TYPE_TEXT] = "", name[64] = "";
    const char *c = skip_space(p);
    if (using) {
        size_t len = ident_len(c);
        if (!len || len >= sizeof name) return;
        snprintf(name, sizeof name, "%.*s", (int)len, c);
        c = skip_space(c + len);
        if (*c != '=') return;
        c++;
    }
    const char *type_start = skip_space(c), *last = NULL;
    size_t last_len = 0;
    for (c = type_start; c < semi;) {
        c = skip_space(c);
        if (c >= semi) break;
        size_t len = ident_len(c);
        if (!len) return;
        if (last && !builtin_word(last, last_len)) return;
        last = c;
        last_len = len;
        c += len;
    }
    if (!last) return;
    if (using) {
        if (!builtin_word(last, last_len)) return;
        squeeze(type_start, semi, type, sizeof type);
    } else {
        if (last == type_start || last_len >= sizeof name) return; /* typedef needs a type and a name */
        snprintf(name, sizeof name, "%.*s", (int)last_len, last);
        squeeze(type_start, last, type, sizeof type);
    }
    int *slot = strmap_get(&t->typedef_slot, name);
    if (*slot) return;
    *VEC_PUSH(t->typedefs, t->ntypedefs) = xstrdup(type);
    *slot = t->ntypedefs;
}

void jit_types_learn(JitTypes *t, const char *text)
{
    bool options = strstr(text, "-D") != NULL;
    for (const char *p = strstr(text, "#"); options && p; p = strstr(p + 1, "#")) {
        const char *d = skip_space(p + 1);
        if (strncmp(d, "define", 6) == 0 && isspace((unsigned char)d[6])) learn_macro(t, d + 6);
    }
    for (const char *p = strstr(text, "template"); p; p = strstr(p + 8, "template"))
        if ((p == text || !ident_char(p[-1])) && !ident_char(p[8])) learn_specialisation(t, p + 8);
    for (const char *p = strstr(text, "typedef"); p; p = strstr(p + 7, "typedef"))
        if ((p == text || !ident_char(p[-1])) && isspace((unsigned char)p[7])) learn_typedef(t, p + 7, false);
    for (const char *p = strstr(text, "using"); p; p = strstr(p + 5, "using"))
        if ((p == text || !ident_char(p[-1])) && isspace((unsigned char)p[5])) learn_typedef(t, p + 5, true);
}

/* ------------------------------------------------------------- reading */

/* The value argument of a call of an option macro whose key argument is
 * `name` (`DefineKeyValue(T, traits<T>::name())`): into expr; where the
 * call is, or NULL. */
static const char *macro_value(const JitTypes *t, const char *text, const char *name, char *expr, size_t n)
{
    for (int m = 0; m < t->nmacros; m++) {
        const OptionMacro *om = &t->macros[m];
        if (om->key < 0) continue;
        size_t len = strlen(om->name);
        for (const char *p = strstr(text, om->name); p; p = strstr(p + len, om->name)) {
            if ((p > text && ident_char(p[-1])) || p[len] != '(') continue;
            const char *args[5];
            if (call_arguments(p + len, args, 4) != om->nparams) continue; /* args[nparams]: past the `)` */
            char key[64];
            squeeze(args[om->key], args[om->key + 1] - 1, key, sizeof key);
            if (strcmp(key, name) != 0) continue;
            squeeze(args[om->value], args[om->value + 1] - 1, expr, n);
            return p;
        }
    }
    return NULL;
}

/* Does `arg` use a type parameter of the template the host text declares
 * last before `at` (`template <typename T, typename Ti>`)? */
static bool uses_template_parameter(const char *text, const char *at, const char *arg)
{
    for (const char *p = at; p >= text + 8; p--) {
        if (strncmp(p - 8, "template", 8) != 0 || (p - 8 > text && ident_char(p[-9]))) continue;
        const char *open = skip_space(p);
        if (*open != '<' || *skip_space(open + 1) == '>') continue;
        const char *close = angle_end(open);
        if (!close) return false;
        for (const char *c = open + 1; c < close;) {
            size_t len = ident_len(c);
            if (!len) {
                c++;
                continue;
            }
            if (word_is(c, len, "typename") || word_is(c, len, "class")) {
                const char *nm = skip_space(c + len);
                size_t nlen = ident_len(nm);
                for (const char *a = arg; nlen && *a; a++)
                    if ((a == arg || !ident_char(a[-1])) && strncmp(a, nm, nlen) == 0 && !ident_char(a[nlen]))
                        return true;
                c = nm + nlen;
            } else {
                c += len;
            }
        }
        return false;
    }
    return false;
}

static const TypeName *type_name_of(const JitTypes *t, const char *traits, const char *arg, const char *method)
{
    for (int i = 0; i < t->nnames; i++) {
        const TypeName *tn = &t->names[i];
        if (strcmp(tn->traits, traits) == 0 && strcmp(tn->method, method) == 0 && strcmp(tn->arg, arg) == 0 &&
            jit_type_spelling(tn->type))
            return tn;
    }
    return NULL;
}

/* `traits<arg>::method()`'s type for a template parameter: float when the
 * traits class names it, else the first type it names; the count of the
 * types it names into *count. */
static const char *representative(const JitTypes *t, const char *traits, const char *method, int *count)
{
    const char *first = NULL, *chosen = NULL;
    *count = 0;
    for (int i = 0; i < t->nnames; i++) {
        const TypeName *tn = &t->names[i];
        if (strcmp(tn->traits, traits) != 0 || strcmp(tn->method, method) != 0 || !jit_type_spelling(tn->type)) continue;
        bool seen = false;
        for (int k = 0; k < i && !seen; k++)
            seen = strcmp(t->names[k].traits, traits) == 0 && strcmp(t->names[k].method, method) == 0 &&
                   strcmp(t->names[k].type, tn->type) == 0;
        if (seen) continue;
        ++*count;
        if (!first) first = tn->type;
        if (!chosen && strcmp(tn->type, "float") == 0) chosen = tn->type;
    }
    return chosen ? chosen : first;
}

/* The type of `expr`, a string literal or `traits<arg>::method()`. */
static JitTypeKind type_of(JitTypes *t, const char *text, const char *at, const char *expr, char *value,
                           size_t n, char *how, size_t hn)
{
    size_t len = strlen(expr);
    if (len >= 2 && expr[0] == '"' && expr[len - 1] == '"') {
        char lit[TYPE_TEXT];
        snprintf(lit, sizeof lit, "%.*s", (int)(len - 2), expr + 1);
        if (!jit_type_spelling(lit)) return JIT_TYPE_NONE;
        snprintf(value, n, "%s", lit);
        return JIT_TYPE_FIXED;
    }
    /* traits<arg>::method() */
    if (len < 6 || strcmp(expr + len - 2, "()") != 0) return JIT_TYPE_NONE;
    const char *m_end = expr + len - 2, *m = m_end;
    while (m > expr && ident_char(m[-1])) m--;
    if (m == m_end || m - expr < 4 || strncmp(m - 3, ">::", 3) != 0) return JIT_TYPE_NONE;
    const char *close = m - 3, *open = close;
    for (int depth = 0; open > expr; open--) {
        if (*open == '>') depth++;
        else if (*open == '<' && --depth == 0) break;
    }
    const char *tr = open;
    while (tr > expr && ident_char(tr[-1])) tr--;
    if (*open != '<' || tr == open) return JIT_TYPE_NONE;
    char traits[64], method[64], arg[TYPE_TEXT];
    snprintf(traits, sizeof traits, "%.*s", (int)(open - tr), tr);
    snprintf(method, sizeof method, "%.*s", (int)(m_end - m), m);
    squeeze(open + 1, close, arg, sizeof arg);
    /* a type parameter first: a typedef of the same name elsewhere is another scope's */
    if (!uses_template_parameter(text, at, arg)) {
        const TypeName *tn = type_name_of(t, traits, arg, method);
        int *slot = tn ? NULL : strmap_get(&t->typedef_slot, arg);
        if (slot && *slot) tn = type_name_of(t, traits, t->typedefs[*slot - 1], method);
        if (!tn) return JIT_TYPE_NONE;
        snprintf(value, n, "%s", tn->type);
        return JIT_TYPE_FIXED;
    }
    int count = 0;
    const char *type = representative(t, traits, method, &count);
    if (!type) return JIT_TYPE_NONE;
    snprintf(value, n, "%s", type);
    snprintf(how, hn, "one of %d types %s<%s>::%s() names", count, traits, arg, method);
    return JIT_TYPE_GENERIC;
}

JitTypeKind jit_type_value(JitTypes *t, const char *text, const char *name, char *value, size_t n, char *how,
                           size_t hn)
{
    if (!t) return JIT_TYPE_NONE;
    char expr[256];
    const char *at = macro_value(t, text, name, expr, sizeof expr);
    if (!at && jit_option_expression(text, name, expr, sizeof expr)) at = strstr(text, expr);
    return at ? type_of(t, text, at, expr, value, n, how, hn) : JIT_TYPE_NONE;
}

bool jit_types_run_time_flag(const JitTypes *t, const char *text)
{
    for (int m = 0; t && m < t->nmacros; m++) {
        if (t->macros[m].key >= 0) continue;
        size_t len = strlen(t->macros[m].name);
        for (const char *p = strstr(text, t->macros[m].name); p; p = strstr(p + len, t->macros[m].name))
            if ((p == text || !ident_char(p[-1])) && p[len] == '(') return true;
    }
    return false;
}

bool jit_types_option_expression(const JitTypes *t, const char *text, const char *name, char *expr, size_t n)
{
    return t && macro_value(t, text, name, expr, n) != NULL;
}
