/* init_list.c - a struct made from a braced list, as an object value. */
#include "frontend/interp.h"
#include "util/oom.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *names[MAX_OBJ_FIELDS];
    int n;
    bool more; /* fields beyond MAX_OBJ_FIELDS */
    Arena *arena;
} FieldNames;

static enum CXVisitorResult add_field_name(CXCursor field, CXClientData data)
{
    FieldNames *f = data;
    if (f->n == MAX_OBJ_FIELDS) {
        f->more = true;
        return CXVisit_Break;
    }
    f->names[f->n++] = cxstr(f->arena, clang_getCursorSpelling(field));
    return CXVisit_Continue;
}

/* A struct made from a braced list (`Index2 at{row, col}`): an object whose
 * fields are the list's values in declaration order, so that at.x reads
 * what was put there. */
Value eval_init_list(Ctx *c, CXCursor e)
{
    CXType t = canon(clang_getCursorType(e));
    Children ch = children_of(e);
    unsigned deps = 0;
    Value *values = xcalloc((size_t)(ch.n ? ch.n : 1), sizeof *values);
    for (int i = 0; i < ch.n; i++) {
        values[i] = eval(c, ch.items[i], MODE_LOAD);
        deps |= values[i].a.deps;
    }
    FieldNames f = {.arena = &c->m->arena};
    if (t.kind == CXType_Record) clang_Type_visitFields(t, add_field_name, &f);
    Value v = val_opaque(deps);
    if (f.n > 0 && !f.more && ch.n == f.n) {
        ObjVal *obj = arena_alloc(&c->m->arena, sizeof *obj);
        memset(obj, 0, sizeof *obj);
        for (int i = 0; i < f.n; i++) {
            obj->names[i] = f.names[i];
            obj->values[i] = values[i];
        }
        obj->n = f.n;
        v.obj = obj;
    }
    free(values);
    children_free(&ch);
    return v;
}
