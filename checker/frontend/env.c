/* env.c - symbolic values, kernel symbols and the variable environment
 * (see interp.h). */
#include "frontend/interp.h"
#include "util/oom.h"
#include "util/vec.h"

#include <stdlib.h>
#include <string.h>

int new_symbol(Ctx *c, SymbolKind kind, const char *name)
{
    Kernel *k = c->k;
    /* Uniform symbols are interned by name so p.n read twice is one symbol;
     * each loop and each load is a value of its own. */
    if (kind != SYMK_LOOP && kind != SYMK_LOADED && kind != SYMK_QUOTIENT && kind != SYMK_REMAINDER)
        for (int i = SYM_FIRST_USER; i < k->nsyms; i++)
            if (k->syms[i].kind == kind && strcmp(k->syms[i].name, name) == 0) return i;
    Symbol *s = VEC_PUSH(k->syms, k->nsyms);
    s->kind = kind;
    s->name = arena_strdup(&c->m->arena, name);
    s->param = -1;
    s->loop = -1;
    s->divisor = -1;
    s->numerator = NULL;
    return k->nsyms - 1;
}

Value val_int(Affine a)
{
    Value v;
    memset(&v, 0, sizeof v);
    v.a = a;
    v.base_param = -1;
    v.array = -1;
    v.space = SPACE_UNKNOWN;
    return v;
}

Value val_opaque(unsigned deps)
{
    return val_int(aff_opaque(deps));
}

Value pointer_value(AddrSpace space, int param, const char *name, int array, Affine off)
{
    Value v = val_int(off);
    v.is_ptr = true;
    v.space = space;
    v.base_param = param;
    v.base_name = name;
    v.array = array;
    return v;
}

/* Keep only what a variable of type t can hold: integers and pointers are
 * tracked exactly; anything else keeps just its dependencies. */
Value fit_to_type(Value v, CXType t)
{
    if (is_pointer_type(t) || is_array_type(t)) return v;
    if ((v.obj || v.obj_param) && !is_integer_type(t)) return v; /* auto row = tensor[i]; */
    if (is_integer_type(t) && !v.is_ptr) return v;
    Value o = val_opaque(v.a.deps);
    o.lane_uniform = v.lane_uniform; /* a struct read from memory: its fields too */
    return o;
}

Value *env_find(Ctx *c, CXCursor decl)
{
    for (int i = c->env.n - 1; i >= 0; i--)
        if (clang_equalCursors(c->env.b[i].decl, decl)) return &c->env.b[i].v;
    return NULL;
}

void env_set(Ctx *c, CXCursor decl, Value v)
{
    Value *old = env_find(c, decl);
    if (old) {
        *old = v;
        return;
    }
    Binding *b = VEC_PUSH(c->env.b, c->env.n);
    b->decl = decl;
    b->v = v;
}

Env env_copy(const Env *e)
{
    Env r = {NULL, 0};
    int cap = 4;
    while (cap <= e->n) cap *= 2; /* vec_grow's implied capacity */
    r.b = xmalloc(sizeof *r.b * (size_t)cap);
    if (e->n) memcpy(r.b, e->b, sizeof *r.b * (size_t)e->n);
    r.n = e->n;
    return r;
}

bool value_equal(const Value *a, const Value *b)
{
    return a->is_ptr == b->is_ptr && a->base_param == b->base_param && a->array == b->array &&
           a->space == b->space && a->obj == b->obj && a->obj_param == b->obj_param && aff_equal(&a->a, &b->a);
}

/* After two alternative paths: a variable that differs becomes opaque,
 * depending on both values and on the condition that chose.  An integer
 * that a uniform condition sets to uniform values, neither a constant, on
 * both paths (an offset chosen per block: `if (broadcast) off = q * n;
 * else off = (b * h + q) * n;`) is one unknown value for the block: a
 * symbol of its own (uniform_value_symbol), so the accesses it offsets keep
 * their lanes. */
void env_merge(Ctx *c, const Env *orig, Env *x, Env *y, unsigned cond_deps)
{
    int n = orig->n;
    for (int i = 0; i < n; i++) {
        Value *vx = &x->b[i].v, *vy = &y->b[i].v;
        Value r = *vx;
        if (!value_equal(vx, vy)) {
            unsigned deps = vx->a.deps | vy->a.deps | cond_deps;
            bool plain = !vx->is_ptr && !vy->is_ptr && !vx->obj && !vy->obj && !vx->obj_param && !vy->obj_param;
            long long cx, cy; /* two constants (a stride of 1 or 2) stay a choice, not an unknown width */
            bool constant = aff_is_const(&vx->a, &cx) || aff_is_const(&vy->a, &cy);
            if (plain && !constant && c->k && c->loop < 0) {
                r = uniform_value_symbol(c, orig->b[i].decl, val_opaque(deps));
                if (!r.a.exact) r = val_opaque(deps);
            } else if (vx->is_ptr && vy->is_ptr && vx->base_param == vy->base_param) {
                r.a = aff_opaque(deps);
            } else {
                r = val_opaque(deps);
            }
        }
        c->env.b[i].v = r;
    }
    c->env.n = n;
}

Affine recorded_affine(Ctx *c, Affine a)
{
    if (a.exact && model_mentions_data_only(c->k, &a)) return aff_opaque(a.deps);
    return a;
}
