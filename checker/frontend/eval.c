/* eval.c - expressions: symbolic values of integers and pointers, and the
 * loads and stores they perform (see interp.h). */
#include "frontend/interp.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static void dependent_field_type(Ctx *c, CXCursor member, CXType *out);

NOINLINE static Value eval_declref(Ctx *c, CXCursor e)
{
    CXCursor ref = clang_getCursorReferenced(e);
    long long cv;
    if (clang_Cursor_isNull(ref)) {
        /* a substituted template argument in an instantiation */
        if (eval_const(e, &cv)) return val_int(aff_const(cv));
        return val_opaque(DEP_UNKNOWN);
    }
    Value *v = env_find(c, ref);
    if (v) return *v;
    Value captured;
    if (lambda_capture_value(c, ref, &captured)) return captured;
    enum CXCursorKind rk = clang_getCursorKind(ref);
    if (rk == CXCursor_EnumConstantDecl && eval_const(e, &cv)) return val_int(aff_const(cv));
    char *name = cxstr(&c->m->arena, clang_getCursorSpelling(ref));
    if (rk == CXCursor_NonTypeTemplateParameter) {
        if (eval_const(e, &cv)) return val_int(aff_const(cv));
        for (int i = 0; c->subst && i < c->subst->n; i++) /* a substituted instance: its argument */
            if (c->subst->args[i].has_value && c->subst->names[i] && strcmp(c->subst->names[i], name) == 0)
                return val_int(aff_const(c->subst->args[i].value));
        int s = new_symbol(c, SYMK_TEMPLATE, name);
        return val_int(aff_symbol(s, DEP_TEMPLATE));
    }
    if (rk == CXCursor_VarDecl) {
        CXType t = clang_getCursorType(ref);
        Value whole;
        if (thread_identity_vector(c, ref, &whole)) return whole; /* `auto t = threadIdx` */
        AddrSpace space = c->d->var_space(ref);
        if (space == SPACE_CONSTANT) {
            if (is_array_type(t)) return pointer_value(SPACE_CONSTANT, -1, name, -1, aff_const(0));
            /* a pointer held in constant memory (set with cudaMemcpyToSymbol)
             * points at global memory, as a pointer parameter does */
            if (is_pointer_type(t)) return pointer_value(SPACE_GLOBAL, -1, name, -1, aff_const(0));
            int s = new_symbol(c, SYMK_CONSTMEM, name);
            return val_int(aff_symbol(s, DEP_CONSTMEM));
        }
        if (space == SPACE_SHARED) {
            if (is_array_type(t)) return pointer_value(SPACE_SHARED, -1, name, -1, aff_const(0));
            return val_opaque(DEP_DATA);
        }
        if (c->d->builtin_constant(name, model_target(c->m)->warp_width, &cv)) return val_int(aff_const(cv));
        if (eval_const(e, &cv)) return val_int(aff_const(cv));
        if (space == SPACE_GLOBAL) {
            if (is_array_type(t)) return pointer_value(SPACE_GLOBAL, -1, name, -1, aff_const(0));
            return val_opaque(DEP_DATA);
        }
        if (is_array_type(t)) return pointer_value(SPACE_UNKNOWN, -1, name, -1, aff_const(0));
    }
    if (eval_const(e, &cv)) return val_int(aff_const(cv));
    return val_opaque(DEP_UNKNOWN);
}


/* An array member of a variable the thread declared (a struct in registers
 * or local memory, `hash512_t buf; buf.W[i]`), through any chain of `.`
 * members: not __shared__, __constant__ or global, not a pointer or a
 * reference, not static. */
static bool member_of_own_variable(Ctx *c, CXCursor e)
{
    e = strip(e);
    while (clang_getCursorKind(e) == CXCursor_MemberRefExpr) {
        CXType t = clang_getCursorType(e);
        if (is_pointer_type(t)) return false;
        Children ch = children_of(e);
        CXCursor base = ch.n == 1 ? strip(ch.items[0]) : clang_getNullCursor();
        children_free(&ch);
        if (clang_Cursor_isNull(base) || is_pointer_type(clang_getCursorType(base))) return false; /* p->W */
        e = base;
    }
    if (clang_getCursorKind(e) != CXCursor_DeclRefExpr) return false;
    CXCursor var = clang_getCursorReferenced(e);
    if (clang_getCursorKind(var) != CXCursor_VarDecl) return false;
    enum CXTypeKind k = clang_getCursorType(var).kind;
    if (k == CXType_LValueReference || k == CXType_RValueReference || k == CXType_Pointer) return false;
    enum CXCursorKind parent = clang_getCursorKind(clang_getCursorSemanticParent(var));
    if (parent == CXCursor_TranslationUnit || parent == CXCursor_Namespace || clang_Cursor_getStorageClass(var) == CX_SC_Static)
        return false;
    AddrSpace sp = c->d->var_space(var);
    return sp == SPACE_UNKNOWN || sp == SPACE_LOCAL;
}

Affine scale_offset(const Affine *idx, long long size)
{
    if (size <= 0) return aff_opaque(idx->deps);
    return aff_scale(idx, size);
}

/* Does the exact address `a` stay the same along threadIdx.x: no term with
 * threadIdx.x or a value loaded per lane? */
static bool lane_uniform_address(const Ctx *c, const Affine *a)
{
    if (!a->exact) return false;
    for (int i = 0; i < a->nterms; i++)
        for (int f = 0; f < a->term[i].nfactors; f++) {
            int s = a->term[i].factor[f];
            if (s == SYM_TID_X) return false;
            if (s >= SYM_FIRST_USER && s < c->k->nsyms &&
                (c->k->syms[s].kind == SYMK_LOADED || c->k->syms[s].kind == SYMK_QUOTIENT ||
                 c->k->syms[s].kind == SYMK_REMAINDER))
                return false;
        }
    return true;
}

/* An integer read at a thread-dependent address (start = rowptr[row]) is a
 * symbol of its own, so that start + j stays exact: the model then sees a
 * per-thread walk from a per-thread start.  One read at an address no lane
 * changes (blocks[threadIdx.y]) is a uniform symbol: an offset they share. */
Value loaded_value(Ctx *c, CXCursor e, const Value *base, const Value *idx)
{
    unsigned deps = DEP_DATA | base->a.deps | (idx ? idx->a.deps : 0);
    CXType t = clang_getCursorType(e);
    if (is_pointer_type(t)) /* a pointer read from memory: assume global */
        return pointer_value(SPACE_GLOBAL, -1, text_of(&c->cx, e), -1, aff_opaque(deps));
    bool lane = lane_uniform_address(c, &base->a) && (!idx || lane_uniform_address(c, &idx->a));
    if ((deps & DEP_THREAD) && !lane && is_integer_type(t) && canon(t).kind != CXType_Bool) {
        int s = new_symbol(c, SYMK_LOADED, text_of(&c->cx, e));
        c->k->syms[s].loop = c->loop; /* where it was read */
        return val_int(aff_symbol(s, deps));
    }
    /* read at an address the whole warp shares (codes[blockIdx.x*M + m]):
     * the same value in every lane, so an index it offsets keeps its lane
     * pattern (table[tid*K + code]: lanes K apart); still data, never a
     * launch-time value */
    if ((lane || !(deps & DEP_THREAD)) && !(deps & DEP_UNKNOWN) && is_integer_type(t) && canon(t).kind != CXType_Bool) {
        int s = new_symbol(c, SYMK_UNIFORM, text_of(&c->cx, e));
        c->k->syms[s].loop = c->loop; /* where it was read: a column a loop picks (cols[s]) */
        return val_int(aff_symbol(s, deps));
    }
    Value v = val_opaque(deps);
    v.lane_uniform = lane;
    return v;
}

NOINLINE static Value eval_subscript(Ctx *c, CXCursor e, int mode)
{
    Children ch = children_of(e);
    if (ch.n != 2) {
        children_free(&ch);
        return val_opaque(DEP_UNKNOWN);
    }
    CXCursor bcur = ch.items[0], icur = ch.items[1];
    children_free(&ch);
    /* a[i] with a pointer index and integer base (i[a]) is legal C: swap
     * (not when the base's type is dependent: in.strides[1] in a pattern) */
    CXType it = clang_getCursorType(icur);
    if (!is_pointer_type(clang_getCursorType(bcur)) && !is_array_type(clang_getCursorType(strip(bcur))) &&
        (is_pointer_type(it) || is_array_type(it))) {
        CXCursor t = bcur;
        bcur = icur;
        icur = t;
    }
    Value base = eval(c, bcur, MODE_LOAD);
    Value idx = eval(c, icur, MODE_LOAD);
    CXType et = clang_getCursorType(e);
    long long es = type_size(canon(et));
    /* p.strides[0] of a struct parameter: a kernel argument (uniform), like
     * p.ld; not a memory access */
    long long k;
    CXType field_type = clang_getCursorType(strip(bcur));
    bool member = clang_getCursorKind(strip(bcur)) == CXCursor_MemberRefExpr;
    if (member && is_dependent_type(field_type)) dependent_field_type(c, strip(bcur), &field_type);
    bool integer_elems = is_integer_type(et) || (is_dependent_type(et) && is_array_type(field_type) &&
                                                 is_integer_type(clang_getArrayElementType(field_type)));
    if (!base.is_ptr && base.a.deps == DEP_PARAM && !(mode & (MODE_ADDR | MODE_STORE)) &&
        aff_is_const(&idx.a, &k) && integer_elems && member && is_array_type(field_type)) {
        /* named by the argument and the index's value: stride_[i] in a
         * member function called on `encodings` with i = 0 is encodings.stride_[0] */
        const char *btext = text_of(&c->cx, strip(bcur));
        Children bc = children_of(strip(bcur));
        bool via_this = bc.n == 0 || clang_getCursorKind(strip(bc.items[0])) == CXCursor_CXXThisExpr;
        children_free(&bc);
        if (via_this && c->have_self && c->self_param >= 0 && c->self_param < c->k->nparams) {
            const char *f = strrchr(btext, '>') ? strrchr(btext, '>') + 1 : strrchr(btext, '.') ? strrchr(btext, '.') + 1 : btext;
            btext = arena_printf(&c->m->arena, "%s.%s", c->k->params[c->self_param].name, f);
        }
        const char *name = arena_printf(&c->m->arena, "%s[%lld]", btext, k);
        return val_int(aff_symbol(new_symbol(c, SYMK_UNIFORM, name), DEP_PARAM));
    }
    if (!base.is_ptr) /* buf.W[i] of a struct the thread declared: its own memory */
        base = pointer_value(member_of_own_variable(c, bcur) ? SPACE_LOCAL : SPACE_UNKNOWN, -1, text_of(&c->cx, bcur), -1,
                             aff_opaque(base.a.deps));
    Affine scaled = scale_offset(&idx.a, es);
    Value addr = base;
    addr.a = aff_add(&base.a, &scaled);
    if (is_array_type(et) || (mode & MODE_ADDR)) return addr;
    record_access(c, &base, addr.a, et, e, (mode & MODE_LOAD) != 0, (mode & MODE_STORE) != 0);
    return loaded_value(c, e, &base, &idx);
}

static enum CXChildVisitResult find_field(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    struct { const char *name; CXType type; bool found; } *f = data;
    if (clang_getCursorKind(c) != CXCursor_FieldDecl) return CXChildVisit_Continue;
    CXString s = clang_getCursorSpelling(c);
    bool same = strcmp(clang_getCString(s), f->name) == 0;
    clang_disposeString(s);
    if (!same) return CXChildVisit_Continue;
    f->type = clang_getCursorType(c);
    f->found = true;
    return CXChildVisit_Break;
}

/* The declared type of the field a member expression of dependent type
 * names (in.ptr, in.strides of a Param<T> in a kernel pattern), read from
 * the class template: `T *` is a pointer, `long[4]` an integer array, as in
 * every instantiation.  *out is left as it is when it is not found. */
static void dependent_field_type(Ctx *c, CXCursor member, CXType *out)
{
    Children ch = children_of(member);
    CXCursor base = ch.n == 1 ? strip(ch.items[0]) : clang_getNullCursor();
    children_free(&ch);
    if (clang_Cursor_isNull(base)) return;
    CXType bt = clang_getCursorType(base);
    if (bt.kind == CXType_Pointer) bt = clang_getPointeeType(bt);
    CXCursor decl = clang_getTypeDeclaration(bt);
    enum CXCursorKind dk = clang_getCursorKind(decl);
    if (dk != CXCursor_ClassTemplate && dk != CXCursor_StructDecl && dk != CXCursor_ClassDecl &&
        dk != CXCursor_ClassTemplatePartialSpecialization)
        return;
    /* a dependent member expression has no spelling: the name after the
     * last `.` or `->` of its text */
    const char *text = text_of(&c->cx, member);
    size_t end = strlen(text);
    while (end && (text[end - 1] == ' ' || text[end - 1] == '\n')) end--;
    size_t start = end;
    while (start && (isalnum((unsigned char)text[start - 1]) || text[start - 1] == '_')) start--;
    char name[128];
    if (start == end || end - start >= sizeof name || start == 0 || (text[start - 1] != '.' && text[start - 1] != '>'))
        return;
    memcpy(name, text + start, end - start);
    name[end - start] = '\0';
    struct { const char *name; CXType type; bool found; } f = {name, {CXType_Invalid, {0, 0}}, false};
    clang_visitChildren(decl, find_field, &f);
    if (f.found) *out = f.type;
}

/* Byte offset of field `name` in the record type t, -1 when unknown (a
 * dependent type, a bit-field that does not start on a byte). */
static long long field_offset_in(CXType t, const char *name)
{
    long long bits = clang_Type_getOffsetOf(canon(t), name);
    return bits < 0 || bits % 8 ? -1 : bits / 8;
}

/* p[i].a.b / p->a: the address of the record, the field path and the
 * field's byte offset in the record (-1 unknown). */
static bool member_target(Ctx *c, CXCursor member, Value *addr, CXType *record, char *path, size_t size,
                          long long *offset)
{
    Children ch = children_of(member);
    if (ch.n != 1) {
        children_free(&ch);
        return false;
    }
    CXCursor base = ch.items[0];
    children_free(&ch);
    CXCursor sb = strip(base);
    CXType bt = clang_getCursorType(base);
    char *name = cxstr(&c->m->arena, clang_getCursorSpelling(member));
    enum CXCursorKind sk = clang_getCursorKind(sb);
    if (is_pointer_type(bt)) { /* arrow */
        *addr = eval(c, base, MODE_LOAD);
        if (!addr->is_ptr) return false;
        *record = clang_getPointeeType(canon(bt));
        snprintf(path, size, "%s", name);
        *offset = field_offset_in(*record, name);
        return true;
    }
    if (sk == CXCursor_ArraySubscriptExpr || (sk == CXCursor_UnaryOperator && unary_op(&c->cx, sb) == OP_DEREF)) {
        *addr = eval(c, sb, MODE_ADDR);
        if (!addr->is_ptr) return false;
        *record = bt;
        snprintf(path, size, "%s", name);
        *offset = field_offset_in(bt, name);
        return true;
    }
    if (sk == CXCursor_MemberRefExpr) {
        char inner[256];
        long long outer;
        if (!member_target(c, sb, addr, record, inner, sizeof inner, &outer)) return false;
        long long here = field_offset_in(bt, name);
        *offset = outer < 0 || here < 0 ? -1 : outer + here;
        return snprintf(path, size, "%s.%s", inner, name) >= 0;
    }
    return false;
}

NOINLINE static Value eval_member(Ctx *c, CXCursor e, int mode)
{
    int sym = c->d->builtin_symbol(&c->cx, e);
    if (sym >= 0) return val_int(aff_symbol(sym, 0));
    Value addr;
    CXType record;
    char path[256];
    long long offset = -1;
    if (member_target(c, e, &addr, &record, path, sizeof path, &offset)) {
        if (mode & MODE_ADDR) return addr;
        CXType mt = clang_getCursorType(e);
        if (is_array_type(mt)) return addr;
        Access *a = record_access(c, &addr, addr.a, record, e, (mode & MODE_LOAD) != 0, (mode & MODE_STORE) != 0);
        a->field = arena_strdup(&c->m->arena, path);
        a->field_bytes = (int)type_size(canon(mt));
        a->field_offset = offset >= 0 && offset <= a->elem_bytes ? (int)offset : -1;
        return loaded_value(c, e, &addr, NULL);
    }
    /* s.n on a struct parameter or local: a uniform (or whatever s is)
     * value; n alone in a member function: a member of `this` */
    Children ch = children_of(e);
    Value bv = ch.n == 1 ? eval(c, ch.items[0], MODE_LOAD) : c->have_self ? c->self : val_opaque(DEP_UNKNOWN);
    CXCursor base = ch.n == 1 ? strip(ch.items[0]) : clang_getNullCursor();
    children_free(&ch);
    const char *text = text_of(&c->cx, e);
    CXType mt = clang_getCursorType(e);
    if (is_dependent_type(mt)) dependent_field_type(c, e, &mt); /* in.ptr of a Param<T> in a pattern */
    bool via_this = clang_Cursor_isNull(base) || clang_getCursorKind(base) == CXCursor_CXXThisExpr;
    const char *field = strrchr(text, '>') ? strrchr(text, '>') + 1 : strrchr(text, '.') ? strrchr(text, '.') + 1 : text;
    if (bv.obj) { /* a field of an object a constructor made */
        for (int i = 0; i < bv.obj->n; i++)
            if (strcmp(bv.obj->names[i], field) == 0) return bv.obj->values[i];
    }
    int param = -1; /* the kernel argument whose field this is */
    if (bv.obj_param > 0 && bv.obj_param <= c->k->nparams) param = bv.obj_param - 1;
    else if (via_this && c->have_self && c->self_param >= 0 && c->self_param < c->k->nparams) param = c->self_param;
    if (param >= 0 && via_this) /* v.size() on a struct argument v: size_ is v.size_ */
        text = arena_printf(&c->m->arena, "%s.%s", c->k->params[param].name, field);
    if (param >= 0 || (!clang_Cursor_isNull(base) && clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
                       bv.a.deps == DEP_PARAM)) {
        CXCursor ref = param >= 0 ? clang_getNullCursor() : clang_getCursorReferenced(base);
        for (int i = 0; param < 0 && i < c->k->nparams; i++)
            if (clang_getCursorKind(ref) == CXCursor_ParmDecl && strcmp(c->k->params[i].name, text_of(&c->cx, base)) == 0)
                param = i;
        if (is_pointer_type(mt)) return pointer_value(SPACE_GLOBAL, param, text, -1, aff_const(0));
        if (is_integer_type(mt)) return val_int(aff_symbol(new_symbol(c, SYMK_UNIFORM, text), DEP_PARAM));
        return val_opaque(DEP_PARAM);
    }
    if (is_pointer_type(mt)) return pointer_value(SPACE_GLOBAL, -1, text, -1, aff_opaque(bv.a.deps));
    /* an integer field of a struct the kernel read from memory into a local
     * (`const Block &b = blocks[j]; ... b.col_offset`): a loaded value, as
     * the field read in place would be */
    if ((bv.a.deps & DEP_DATA) && !(bv.a.deps & DEP_UNKNOWN) && is_integer_type(mt) && canon(mt).kind != CXType_Bool) {
        bool per_lane = (bv.a.deps & DEP_THREAD) && !bv.lane_uniform;
        int s = new_symbol(c, per_lane ? SYMK_LOADED : SYMK_UNIFORM, text);
        if (per_lane) c->k->syms[s].loop = c->loop;
        return val_int(aff_symbol(s, bv.a.deps));
    }
    return val_opaque(bv.a.deps);
}

/* ---------------------------------------------------------------- operators */

NOINLINE static Value arith(Op op, const Value *l, const Value *r)
{
    long long k;
    switch (op) {
    case OP_ADD: return val_int(aff_add(&l->a, &r->a));
    case OP_SUB: return val_int(aff_sub(&l->a, &r->a));
    case OP_MUL: return val_int(aff_mul(&l->a, &r->a));
    case OP_SHL:
        if (aff_is_const(&r->a, &k) && k >= 0 && k < 31) return val_int(aff_scale(&l->a, 1LL << k));
        break;
    case OP_DIV:
        if (aff_is_const(&r->a, &k) && k != 0) return val_int(aff_div_const(&l->a, k));
        break;
    case OP_SHR:
        if (aff_is_const(&r->a, &k) && k >= 0 && k < 31) return val_int(aff_div_const(&l->a, 1LL << k));
        break;
    case OP_COMMA: return *r;
    default: break;
    }
    long long a, b;
    if (aff_is_const(&l->a, &a) && aff_is_const(&r->a, &b)) {
        switch (op) {
        case OP_REM: if (b) return val_int(aff_const(a % b)); break;
        case OP_AND: return val_int(aff_const(a & b));
        case OP_OR: return val_int(aff_const(a | b));
        case OP_XOR: return val_int(aff_const(a ^ b));
        case OP_LT: return val_int(aff_const(a < b));
        case OP_GT: return val_int(aff_const(a > b));
        case OP_LE: return val_int(aff_const(a <= b));
        case OP_GE: return val_int(aff_const(a >= b));
        case OP_EQ: return val_int(aff_const(a == b));
        case OP_NE: return val_int(aff_const(a != b));
        case OP_LAND: return val_int(aff_const(a && b));
        case OP_LOR: return val_int(aff_const(a || b));
        default: break;
        }
    }
    return val_int(aff_join(&l->a, &r->a));
}

static Op compound_base(Op op)
{
    switch (op) {
    case OP_ADD_ASSIGN: return OP_ADD;
    case OP_SUB_ASSIGN: return OP_SUB;
    case OP_MUL_ASSIGN: return OP_MUL;
    case OP_DIV_ASSIGN: return OP_DIV;
    case OP_REM_ASSIGN: return OP_REM;
    case OP_SHL_ASSIGN: return OP_SHL;
    case OP_SHR_ASSIGN: return OP_SHR;
    case OP_AND_ASSIGN: return OP_AND;
    case OP_OR_ASSIGN: return OP_OR;
    case OP_XOR_ASSIGN: return OP_XOR;
    default: return OP_UNKNOWN;
    }
}

/* Value of `l op r` where l may be a pointer (pointer arithmetic). */
NOINLINE static Value combine(Op op, const Value *l, const Value *r, CXType ltype, CXType rtype)
{
    if (l->is_ptr && !r->is_ptr && (op == OP_ADD || op == OP_SUB)) {
        Value v = *l;
        Affine s = scale_offset(&r->a, pointee_size(ltype));
        v.a = op == OP_ADD ? aff_add(&l->a, &s) : aff_sub(&l->a, &s);
        return v;
    }
    if (r->is_ptr && !l->is_ptr && op == OP_ADD) {
        Value v = *r;
        Affine s = scale_offset(&l->a, pointee_size(rtype));
        v.a = aff_add(&r->a, &s);
        return v;
    }
    if (l->is_ptr || r->is_ptr) return val_opaque(l->a.deps | r->a.deps);
    return arith(op, l, r);
}

static void shared_scalar_access(Ctx *c, CXCursor at, CXCursor var, int mode)
{
    Value base = pointer_value(SPACE_SHARED, -1, cxstr(&c->m->arena, clang_getCursorSpelling(var)), -1, aff_const(0));
    record_access(c, &base, aff_const(0), clang_getCursorType(var), at, (mode & MODE_LOAD) != 0, (mode & MODE_STORE) != 0);
}

/* A __shared__ scalar named by e (read-modify-writes go through memory). */
static bool is_shared_scalar(Ctx *c, CXCursor e, CXCursor *var)
{
    CXCursor s = strip(e);
    if (clang_getCursorKind(s) != CXCursor_DeclRefExpr) return false;
    *var = clang_getCursorReferenced(s);
    return clang_getCursorKind(*var) == CXCursor_VarDecl && c->d->var_space(*var) == SPACE_SHARED &&
           !is_array_type(clang_getCursorType(*var));
}

CXCursor local_record_root(Ctx *c, CXCursor lhs)
{
    CXCursor s = strip(lhs);
    bool member = false;
    while (clang_getCursorKind(s) == CXCursor_MemberRefExpr) {
        Children ch = children_of(s);
        CXCursor base = ch.n == 1 ? ch.items[0] : clang_getNullCursor();
        children_free(&ch);
        if (clang_Cursor_isNull(base) || is_pointer_type(clang_getCursorType(base))) return clang_getNullCursor();
        s = strip(base);
        member = true;
    }
    if (clang_getCursorKind(s) != CXCursor_DeclRefExpr) return clang_getNullCursor();
    CXCursor ref = clang_getCursorReferenced(s);
    enum CXCursorKind rk = clang_getCursorKind(ref);
    if (rk != CXCursor_VarDecl && rk != CXCursor_ParmDecl) return clang_getNullCursor();
    if (!member && canon(clang_getCursorType(ref)).kind != CXType_Record) return clang_getNullCursor();
    if (!env_find(c, ref)) return clang_getNullCursor();
    return ref;
}

void record_weak_update(Ctx *c, CXCursor root, unsigned deps)
{
    Value *cur = env_find(c, root);
    if (cur && !cur->is_ptr) *cur = val_opaque(cur->a.deps | deps);
}

Value uniform_value_symbol(Ctx *c, CXCursor var, Value v)
{
    if (!is_integer_type(clang_getCursorType(var)) || v.is_ptr || v.a.exact || !v.a.deps ||
        (v.a.deps & ~(unsigned)(DEP_PARAM | DEP_DIM | DEP_BLOCK)) != 0)
        return v;
    return val_int(aff_symbol(new_symbol(c, SYMK_UNIFORM, cxstr(&c->m->arena, clang_getCursorSpelling(var))), v.a.deps));
}

NOINLINE static Value assign_to(Ctx *c, CXCursor lhs, Value v, int mode)
{
    CXCursor s = strip(lhs);
    if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(s);
        enum CXCursorKind rk = clang_getCursorKind(ref);
        if (rk == CXCursor_VarDecl && c->d->var_space(ref) == SPACE_SHARED && !is_array_type(clang_getCursorType(ref))) {
            /* a shared scalar: a store other threads read; it keeps its data value */
            shared_scalar_access(c, s, ref, mode);
            return v;
        }
        if (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl) {
            if (env_find(c, ref)) {
                /* outside loops: `cols /= 4` on a launch value is another one */
                Value kept = c->loop < 0 ? uniform_value_symbol(c, ref, v) : v;
                env_set(c, ref, fit_to_type(kept, clang_getCursorType(ref)));
                return v;
            }
            /* a file-scope or shared scalar: a memory store */
            return v;
        }
    }
    /* s.a = v on a local struct: one value for all its fields, so it keeps
     * what it had and adds what v depends on */
    CXCursor root = local_record_root(c, lhs);
    if (!clang_Cursor_isNull(root)) record_weak_update(c, root, v.a.deps);
    eval(c, lhs, mode);
    return v;
}

/* index / size and index % size, with index thread-dependent and size one
 * uniform run-time value (a kernel argument): symbols of their own that
 * remember both, so that a rule can ask what the address is when size is 1
 * (caffe's n = index / spatial_dim, s = index % spatial_dim).  Like loaded
 * values, they stay opaque in what the model records, except
 * Access.data_offset. */
static bool split_by_uniform(Ctx *c, CXCursor e, Op op, const Value *l, const Value *r, Value *out)
{
    if (l->is_ptr || r->is_ptr || !l->a.exact || !(l->a.deps & DEP_THREAD) || !r->a.exact || r->a.nterms != 1 ||
        r->a.term[0].coef != 1 || r->a.term[0].nfactors != 1)
        return false;
    int d = r->a.term[0].factor[0];
    if (d < SYM_FIRST_USER || d >= c->k->nsyms ||
        (c->k->syms[d].kind != SYMK_PARAM && c->k->syms[d].kind != SYMK_UNIFORM))
        return false;
    SymbolKind kind = op == OP_DIV ? SYMK_QUOTIENT : SYMK_REMAINDER;
    int s = -1;
    for (int i = SYM_FIRST_USER; i < c->k->nsyms && s < 0; i++) {
        const Symbol *y = &c->k->syms[i];
        if (y->kind == kind && y->divisor == d && y->numerator && aff_equal(y->numerator, &l->a)) s = i;
    }
    if (s < 0) {
        s = new_symbol(c, kind, text_of(&c->cx, e));
        Affine *num = arena_alloc(&c->m->arena, sizeof *num);
        *num = l->a;
        c->k->syms[s].divisor = d;
        c->k->syms[s].numerator = num;
    }
    *out = val_int(aff_symbol(s, l->a.deps | r->a.deps));
    return true;
}

NOINLINE static Value eval_binary(Ctx *c, CXCursor e)
{
    Children ch = children_of(e);
    if (ch.n != 2) {
        unsigned deps = 0;
        for (int i = 0; i < ch.n; i++) deps |= eval(c, ch.items[i], MODE_LOAD).a.deps;
        children_free(&ch);
        return val_opaque(deps);
    }
    CXCursor lhs = ch.items[0], rhs = ch.items[1];
    children_free(&ch);
    Op op = binary_op(&c->cx, e, rhs);
    if (op == OP_ASSIGN) {
        Value rv = eval(c, rhs, MODE_LOAD);
        return assign_to(c, lhs, rv, MODE_STORE);
    }
    if (is_assign_op(op)) {
        int n0 = c->k->nconversions;
        Value rv = eval(c, rhs, MODE_LOAD);
        CXType lt = clang_getCursorType(lhs), rt = clang_getCursorType(rhs);
        note_compound_conversion(c, e, lhs, rhs, n0);
        CXCursor s = strip(lhs), shared;
        Value *cur = NULL;
        if (is_shared_scalar(c, lhs, &shared)) {
            shared_scalar_access(c, s, shared, MODE_LOAD | MODE_STORE);
            return val_opaque(rv.a.deps | DEP_DATA);
        }
        if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) cur = env_find(c, clang_getCursorReferenced(s));
        if (cur) {
            Value nv = combine(compound_base(op), cur, &rv, lt, rt);
            return assign_to(c, lhs, nv, MODE_LOAD | MODE_STORE);
        }
        CXCursor root = local_record_root(c, lhs);
        if (!clang_Cursor_isNull(root)) record_weak_update(c, root, rv.a.deps);
        eval(c, lhs, MODE_LOAD | MODE_STORE);
        return val_opaque(rv.a.deps | DEP_DATA);
    }
    int n0 = c->k->nconversions;
    Value lv = eval(c, lhs, MODE_LOAD);
    int n1 = c->k->nconversions;
    Value rv = eval(c, rhs, MODE_LOAD);
    int n2 = c->k->nconversions;
    note_arith_conversion(c, e, op, lhs, rhs, n0, n1, n2);
    Value split;
    note_warp_constant_op(c, e, op, rhs, &lv, &rv);
    if ((op == OP_DIV || op == OP_REM) && split_by_uniform(c, e, op, &lv, &rv, &split)) return split;
    if (op == OP_LT || op == OP_GT || op == OP_LE || op == OP_GE) note_thread_compare(c, &lv, &rv);
    return combine(op, &lv, &rv, clang_getCursorType(lhs), clang_getCursorType(rhs));
}

Value eval_operator_call(Ctx *c, CXCursor e, Op op, CXCursor lhs, CXCursor rhs)
{
    int n0 = c->k->nconversions;
    if (is_assign_op(op)) {
        Value rv = eval(c, rhs, MODE_LOAD);
        note_compound_conversion(c, e, lhs, rhs, n0);
        eval(c, lhs, MODE_LOAD | MODE_STORE);
        return val_opaque(rv.a.deps | DEP_DATA);
    }
    Value lv = eval(c, lhs, MODE_LOAD);
    int n1 = c->k->nconversions;
    Value rv = eval(c, rhs, MODE_LOAD);
    int n2 = c->k->nconversions;
    note_arith_conversion(c, e, op, lhs, rhs, n0, n1, n2);
    return combine(op, &lv, &rv, clang_getCursorType(lhs), clang_getCursorType(rhs));
}

NOINLINE static Value eval_unary(Ctx *c, CXCursor e, int mode)
{
    Children ch = children_of(e);
    if (ch.n != 1) {
        children_free(&ch);
        /* sizeof/alignof and friends */
        long long v;
        if (eval_const(e, &v)) return val_int(aff_const(v));
        return val_opaque(0);
    }
    CXCursor sub = ch.items[0];
    children_free(&ch);
    Op op = unary_op(&c->cx, e);
    switch (op) {
    case OP_ADDROF: return eval(c, sub, MODE_ADDR);
    case OP_DEREF: {
        /* *this inside an inlined member function: the object itself, which
         * is no memory access of the kernel's (a parameter or a temporary) */
        if (c->have_self && clang_getCursorKind(strip(sub)) == CXCursor_CXXThisExpr && !c->self.is_ptr) return c->self;
        Value p = eval(c, sub, MODE_LOAD);
        if (!p.is_ptr) p = pointer_value(SPACE_UNKNOWN, -1, text_of(&c->cx, sub), -1, aff_opaque(p.a.deps));
        CXType et = clang_getCursorType(e);
        if ((mode & MODE_ADDR) || is_array_type(et)) return p;
        record_access(c, &p, p.a, et, e, (mode & MODE_LOAD) != 0, (mode & MODE_STORE) != 0);
        return loaded_value(c, e, &p, NULL);
    }
    case OP_PREINC: case OP_PREDEC: case OP_POSTINC: case OP_POSTDEC: {
        CXCursor s = strip(sub), shared;
        Value *cur = NULL;
        if (is_shared_scalar(c, sub, &shared)) {
            shared_scalar_access(c, s, shared, MODE_LOAD | MODE_STORE);
            return val_opaque(DEP_DATA);
        }
        if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) cur = env_find(c, clang_getCursorReferenced(s));
        if (cur) {
            Value old = *cur;
            Value one = val_int(aff_const(op == OP_PREINC || op == OP_POSTINC ? 1 : -1));
            Value nv = combine(OP_ADD, &old, &one, clang_getCursorType(sub), clang_getCursorType(sub));
            env_set(c, clang_getCursorReferenced(s), nv);
            return (op == OP_PREINC || op == OP_PREDEC) ? nv : old;
        }
        Value v = eval(c, sub, MODE_LOAD | MODE_STORE);
        return val_opaque(v.a.deps | DEP_DATA);
    }
    case OP_MINUS: {
        Value v = eval(c, sub, MODE_LOAD);
        if (v.is_ptr) return val_opaque(v.a.deps);
        return val_int(aff_neg(&v.a));
    }
    case OP_PLUS: return eval(c, sub, MODE_LOAD);
    default: {
        Value v = eval(c, sub, MODE_LOAD);
        long long k;
        if (aff_is_const(&v.a, &k) && !v.is_ptr) {
            if (op == OP_LNOT) return val_int(aff_const(!k));
            if (op == OP_NOT) return val_int(aff_const(~k));
        }
        return val_opaque(v.a.deps);
    }
    }
}

NOINLINE static Value eval_conditional(Ctx *c, CXCursor e)
{
    Children ch = children_of(e);
    if (ch.n != 3) {
        unsigned deps = 0;
        for (int i = 0; i < ch.n; i++) deps |= eval(c, ch.items[i], MODE_LOAD).a.deps;
        children_free(&ch);
        return val_opaque(deps);
    }
    CXCursor cc = ch.items[0], ta = ch.items[1], fa = ch.items[2];
    children_free(&ch);
    Value cv = eval(c, cc, MODE_LOAD);
    record_branch(c, BRANCH_CONDITIONAL, e, cc, &cv);
    long long k;
    if (aff_is_const(&cv.a, &k) && !cv.is_ptr) return eval(c, k ? ta : fa, MODE_LOAD); /* the other is dead */
    Value a = eval(c, ta, MODE_LOAD);
    Value b = eval(c, fa, MODE_LOAD);
    if (value_equal(&a, &b)) return a;
    /* a guarded load (valid ? ids[t] : 0): for the addresses it makes, the
     * loaded value (a lane that is not valid reads row 0, still a row of its own) */
    long long unused;
    if (!a.is_ptr && !b.is_ptr) {
        Value *kept = a.a.exact && model_mentions_data_only(c->k, &a.a) && aff_is_const(&b.a, &unused)   ? &a
                      : b.a.exact && model_mentions_data_only(c->k, &b.a) && aff_is_const(&a.a, &unused) ? &b
                                                                                                         : NULL;
        if (kept) {
            kept->a.deps |= a.a.deps | b.a.deps | cv.a.deps;
            return *kept;
        }
    }
    if (a.is_ptr && b.is_ptr && a.base_param == b.base_param && a.space == b.space) {
        Value r = a;
        r.a = aff_opaque(a.a.deps | b.a.deps | cv.a.deps);
        return r;
    }
    return val_opaque(a.a.deps | b.a.deps | cv.a.deps);
}

/* ---------------------------------------------------------------- eval */

NOINLINE static Value eval_children(Ctx *c, CXCursor e)
{
    Children ch = children_of(e);
    unsigned deps = 0;
    for (int i = 0; i < ch.n; i++)
        if (is_expr_kind(clang_getCursorKind(ch.items[i]))) deps |= eval(c, ch.items[i], MODE_LOAD).a.deps;
    children_free(&ch);
    return val_opaque(deps);
}

NOINLINE static Value eval_cast(Ctx *c, CXCursor e, int mode)
{
    Children ch = children_of(e);
    CXCursor sub = clang_getNullCursor();
    for (int i = 0; i < ch.n; i++)
        if (is_expr_kind(clang_getCursorKind(ch.items[i]))) sub = ch.items[i];
    children_free(&ch);
    if (clang_Cursor_isNull(sub)) return val_opaque(0);
    Value v = eval(c, sub, mode);
    CXType to = clang_getCursorType(e), from = clang_getCursorType(sub);
    if (is_pointer_type(to) || is_array_type(to)) return v.is_ptr ? v : pointer_value(SPACE_UNKNOWN, -1, text_of(&c->cx, sub), -1, aff_opaque(v.a.deps));
    if (is_integer_type(to) && is_integer_type(from)) return v;
    if ((v.obj || v.obj_param) && !v.is_ptr && !is_integer_type(to)) return v; /* Row<T>(p): the object made */
    return val_opaque(v.a.deps); /* float <-> int and the like keep only what they depend on */
}

NOINLINE static Value eval_paren(Ctx *c, CXCursor e, int mode)
{
    Children ch = children_of(e);
    Value r = ch.n == 1 ? eval(c, ch.items[0], mode) : val_opaque(0);
    children_free(&ch);
    return r;
}

/* Implicit conversions and other unexposed expressions. */
NOINLINE static Value eval_implicit(Ctx *c, CXCursor e, int mode)
{
    long long v;
    Children ch = children_of(e);
    if (ch.n == 1) {
        CXCursor sub = ch.items[0];
        children_free(&ch);
        Value r = eval(c, sub, mode);
        CXType to = clang_getCursorType(e);
        if ((r.obj || r.obj_param) && !r.is_ptr && !is_integer_type(to)) return r; /* an object, copied or bound */
        /* implicit conversions: int<->int keep the value, to/from float keep deps */
        if (to.kind == CXType_Invalid || to.kind == CXType_Unexposed || to.kind == CXType_Dependent) return r;
        if (r.is_ptr && !(is_pointer_type(to) || is_array_type(to))) {
            if (canon(to).kind == CXType_Bool) return val_opaque(r.a.deps);
            if (canon(to).kind == CXType_Record) return r;
            return val_opaque(r.a.deps);
        }
        if (!r.is_ptr && !is_integer_type(to) && !(is_pointer_type(to))) return val_opaque(r.a.deps);
        if (!r.is_ptr && is_integer_type(to) && !is_integer_type(clang_getCursorType(sub)) &&
            clang_getCursorType(sub).kind != CXType_Unexposed && clang_getCursorType(sub).kind != CXType_Dependent)
            return val_opaque(r.a.deps);
        return r;
    }
    int nch = ch.n;
    children_free(&ch);
    if (nch == 0 && eval_const(e, &v)) return val_int(aff_const(v));
    return eval_children(c, e);
}

/* A literal written as a name the host sets when it compiles the file at
 * run time (its -D placeholder): an unknown compile-time constant, like a
 * template parameter of a pattern. */
static bool run_time_name(Ctx *c, CXCursor e, Value *out)
{
    if (!c->nrun_time_names) return false;
    const char *spelled = text_of(&c->cx, e);
    for (int i = 0; i < c->nrun_time_names; i++)
        if (strcmp(spelled, c->run_time_names[i]) == 0) {
            int s = new_symbol(c, SYMK_TEMPLATE, c->run_time_names[i]);
            *out = val_int(aff_symbol(s, DEP_TEMPLATE));
            return true;
        }
    return false;
}

NOINLINE static Value eval_node(Ctx *c, CXCursor e, int mode)
{
    enum CXCursorKind k = clang_getCursorKind(e);
    long long v;
    Value named;
    switch (k) {
    case CXCursor_IntegerLiteral:
        if (run_time_name(c, e, &named)) return named;
        /* fall through */
    case CXCursor_CharacterLiteral:
    case CXCursor_CXXBoolLiteralExpr:
        if (eval_const(e, &v)) return val_int(aff_const(v));
        return val_opaque(0);
    case CXCursor_FloatingLiteral:
    case CXCursor_StringLiteral:
        return val_opaque(0);
    case CXCursor_CXXNullPtrLiteralExpr:
    case CXCursor_GNUNullExpr:
        return val_int(aff_const(0));
    case CXCursor_DeclRefExpr:
        return eval_declref(c, e);
    case CXCursor_MemberRefExpr:
        return eval_member(c, e, mode);
    case CXCursor_ArraySubscriptExpr:
        return eval_subscript(c, e, mode);
    case CXCursor_UnaryOperator:
        return eval_unary(c, e, mode);
    case CXCursor_UnaryExpr: /* sizeof, alignof */
        if (eval_const(e, &v)) return val_int(aff_const(v));
        return val_opaque(0);
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator:
        return eval_binary(c, e);
    case CXCursor_ConditionalOperator:
        return eval_conditional(c, e);
    case CXCursor_CallExpr:
        return eval_call(c, e, mode);
    case CXCursor_CStyleCastExpr:
    case CXCursor_CXXStaticCastExpr:
    case CXCursor_CXXReinterpretCastExpr:
    case CXCursor_CXXConstCastExpr:
    case CXCursor_CXXFunctionalCastExpr:
        return eval_cast(c, e, mode);
    case CXCursor_ParenExpr:
        return eval_paren(c, e, mode);
    case CXCursor_UnexposedExpr:
        return eval_implicit(c, e, mode);
    case CXCursor_LambdaExpr:
        return val_opaque(0);
    case CXCursor_InitListExpr:
        return eval_init_list(c, e);
    case CXCursor_CXXThisExpr: /* the object of the member function being inlined */
        return c->have_self ? c->self : val_opaque(DEP_UNKNOWN);
    default:
        if (is_expr_kind(k)) return eval_children(c, e);
        return val_opaque(0);
    }
}

Value eval(Ctx *c, CXCursor e, int mode)
{
    if (!nesting_enter(c, e)) return val_opaque(DEP_UNKNOWN);
    Value v = eval_node(c, e, mode);
    nesting_leave(c);
    return v;
}
