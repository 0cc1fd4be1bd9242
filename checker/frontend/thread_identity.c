/* thread_identity.c - a thread's index read through CUDA's other idioms:
 * cooperative groups (this_thread_block().thread_rank(), thread_index(),
 * group_index(), this_grid().thread_rank(), tiled_partition<N>(...)'s
 * thread_rank() and meta_group_rank(), this_cluster()) and the builtin
 * vectors read whole (`const auto t = threadIdx; ... t.x`).  Each becomes the
 * same symbols threadIdx.x and the like give, so the rules judge
 * a[block.thread_rank()] as they judge a[threadIdx.x]. */
#include "frontend/interp.h"

#include <stdlib.h>
#include <string.h>

typedef enum { GROUP_NONE, GROUP_BLOCK, GROUP_GRID, GROUP_TILE, GROUP_CLUSTER, GROUP_COALESCED, GROUP_OTHER } GroupKind;

/* The group a cooperative_groups type names (its canonical spelling, which
 * holds the namespace whatever alias or `auto` the code used); *tile_size:
 * thread_block_tile's N. */
static GroupKind group_kind(CXType t, long long *tile_size)
{
    *tile_size = 0;
    CXString s = clang_getTypeSpelling(clang_getCanonicalType(t));
    const char *n = clang_getCString(s);
    GroupKind k = GROUP_NONE;
    if (n && strstr(n, "cooperative_groups::")) {
        const char *tile = strstr(n, "thread_block_tile<");
        if (tile) {
            k = GROUP_TILE;
            *tile_size = strtoll(tile + strlen("thread_block_tile<"), NULL, 10);
        } else if (strstr(n, "grid_group")) {
            k = GROUP_GRID;
        } else if (strstr(n, "cluster_group")) {
            k = GROUP_CLUSTER;
        } else if (strstr(n, "coalesced_group")) {
            k = GROUP_COALESCED;
        } else if (strstr(n, "thread_block")) {
            k = GROUP_BLOCK;
        } else {
            k = GROUP_OTHER;
        }
    }
    clang_disposeString(s);
    return k;
}

static Affine sym(int s)
{
    return aff_symbol(s, 0);
}

/* x + y*X + z*X*Y over three symbols starting at `first` and the sizes
 * starting at `size`: a thread's rank in its block, a block's in its grid. */
static Affine linear_rank(int first, int size)
{
    Affine x = sym(first), y = sym(first + 1), z = sym(first + 2);
    Affine sx = sym(size), sy = sym(size + 1);
    Affine ysx = aff_mul(&y, &sx), sxy = aff_mul(&sx, &sy), zsxy = aff_mul(&z, &sxy);
    Affine r = aff_add(&x, &ysx);
    return aff_add(&r, &zsxy);
}

static Affine product3(int first)
{
    Affine x = sym(first), y = sym(first + 1), z = sym(first + 2);
    Affine xy = aff_mul(&x, &y);
    return aff_mul(&xy, &z);
}

/* A dim3 of three affine values: its x, y and z read as fields. */
static Value vector3(Ctx *c, Affine x, Affine y, Affine z)
{
    ObjVal *obj = arena_alloc(&c->m->arena, sizeof *obj);
    memset(obj, 0, sizeof *obj);
    const Affine parts[3] = {x, y, z};
    static const char *const names[3] = {"x", "y", "z"};
    for (int i = 0; i < 3; i++) {
        obj->names[i] = names[i];
        obj->values[i] = val_int(parts[i]);
    }
    obj->n = 3;
    Value v = val_opaque(x.deps | y.deps | z.deps);
    v.obj = obj;
    return v;
}

static Value builtin_vector(Ctx *c, int first)
{
    return vector3(c, sym(first), sym(first + 1), sym(first + 2));
}

/* The object a member call is made on (`block` of block.thread_rank()). */
static bool call_object_type(CXCursor call, CXType *out)
{
    Children ch = children_of(call);
    /* a static member (thread_block's) is called through a decayed pointer */
    CXCursor callee = ch.n >= 1 ? strip(ch.items[0]) : clang_getNullCursor();
    children_free(&ch);
    if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) != CXCursor_MemberRefExpr) return false;
    Children oc = children_of(callee);
    bool ok = oc.n == 1;
    if (ok) *out = clang_getCursorType(oc.items[0]);
    children_free(&oc);
    return ok;
}

static Value block_member(Ctx *c, const char *m, bool *known)
{
    *known = true;
    if (strcmp(m, "thread_rank") == 0) return val_int(linear_rank(SYM_TID_X, SYM_BDIM_X));
    if (strcmp(m, "thread_index") == 0) return builtin_vector(c, SYM_TID_X);
    if (strcmp(m, "group_index") == 0) return builtin_vector(c, SYM_BID_X);
    if (strcmp(m, "dim_threads") == 0 || strcmp(m, "group_dim") == 0) return builtin_vector(c, SYM_BDIM_X);
    if (strcmp(m, "size") == 0 || strcmp(m, "num_threads") == 0) return val_int(product3(SYM_BDIM_X));
    *known = false;
    return val_opaque(0);
}

/* A uniform part of a grid-wide value that the model's four factors per
 * term cannot hold: a symbol of its own. */
static Affine uniform_part(Ctx *c, const char *name, unsigned deps)
{
    return aff_symbol(new_symbol(c, SYMK_UNIFORM, name), deps);
}

/* A grid's values: x terms in full, the y and z parts (a product of up to
 * six sizes) as one uniform symbol each, so that a[grid.thread_rank()] keeps
 * its threadIdx.x coefficient and a grid-stride loop its step. */
static Value grid_member(Ctx *c, const char *m, bool *known)
{
    *known = true;
    Affine block_size = product3(SYM_BDIM_X);
    if (strcmp(m, "thread_rank") == 0) {
        Affine bx = sym(SYM_BID_X), first = aff_mul(&bx, &block_size), in_block = linear_rank(SYM_TID_X, SYM_BDIM_X);
        Affine rest = uniform_part(c, "grid.thread_rank().yz", DEP_BLOCK | DEP_DIM);
        Affine r = aff_add(&first, &in_block);
        return val_int(aff_add(&r, &rest));
    }
    if (strcmp(m, "block_rank") == 0) {
        Affine bx = sym(SYM_BID_X), rest = uniform_part(c, "grid.block_rank().yz", DEP_BLOCK | DEP_DIM);
        return val_int(aff_add(&bx, &rest));
    }
    if (strcmp(m, "block_index") == 0) return builtin_vector(c, SYM_BID_X);
    if (strcmp(m, "dim_blocks") == 0 || strcmp(m, "group_dim") == 0) return builtin_vector(c, SYM_GDIM_X);
    if (strcmp(m, "thread_index") == 0) { /* the thread's index in the grid, per dimension */
        Affine d[3];
        for (int i = 0; i < 3; i++) {
            Affine b = sym(SYM_BID_X + i), s = sym(SYM_BDIM_X + i), t = sym(SYM_TID_X + i);
            Affine bs = aff_mul(&b, &s);
            d[i] = aff_add(&bs, &t);
        }
        return vector3(c, d[0], d[1], d[2]);
    }
    if (strcmp(m, "dim_threads") == 0) {
        Affine d[3];
        for (int i = 0; i < 3; i++) {
            Affine g = sym(SYM_GDIM_X + i), s = sym(SYM_BDIM_X + i);
            d[i] = aff_mul(&g, &s);
        }
        return vector3(c, d[0], d[1], d[2]);
    }
    if (strcmp(m, "size") == 0 || strcmp(m, "num_threads") == 0) {
        Affine gx = sym(SYM_GDIM_X), bx = sym(SYM_BDIM_X), yz = uniform_part(c, "grid.size().yz", DEP_DIM);
        Affine x = aff_mul(&gx, &bx);
        return val_int(aff_mul(&x, &yz));
    }
    if (strcmp(m, "num_blocks") == 0) {
        Affine gx = sym(SYM_GDIM_X), yz = uniform_part(c, "grid.num_blocks().yz", DEP_DIM);
        return val_int(aff_mul(&gx, &yz));
    }
    *known = false;
    return val_opaque(0);
}

/* thread_block_tile<N>: a lane's rank is its block rank modulo N.  For a
 * tile of a whole warp or more, the two differ by the same amount across a
 * warp, which is all coalescing looks at, so the block rank stands for it;
 * a smaller tile's lane repeats within a warp: a thread-dependent value the
 * model does not split. */
static Value tile_member(const char *m, long long n, int warp_width, bool *known)
{
    *known = true;
    Affine rank = linear_rank(SYM_TID_X, SYM_BDIM_X);
    if (strcmp(m, "thread_rank") == 0)
        return n >= warp_width ? val_int(rank) : val_opaque(DEP_THREAD);
    if (strcmp(m, "meta_group_rank") == 0) return val_opaque(DEP_THREAD);
    if ((strcmp(m, "size") == 0 || strcmp(m, "num_threads") == 0) && n > 0) return val_int(aff_const(n));
    if (strcmp(m, "meta_group_size") == 0 && n > 0) {
        Affine size = product3(SYM_BDIM_X);
        return val_int(aff_div_const(&size, n));
    }
    *known = false;
    return val_opaque(0);
}

/* A builtin variable converted to its vector type (`uint3 t = threadIdx`
 * with clang's CUDA headers, whose builtins convert rather than copy). */
static bool converted_builtin(Ctx *c, CXCursor call, Value *out)
{
    Children ch = children_of(call);
    CXCursor callee = ch.n >= 1 ? ch.items[0] : clang_getNullCursor();
    children_free(&ch);
    if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) != CXCursor_MemberRefExpr) return false;
    Children oc = children_of(callee);
    CXCursor obj = oc.n == 1 ? strip(oc.items[0]) : clang_getNullCursor();
    children_free(&oc);
    return !clang_Cursor_isNull(obj) && clang_getCursorKind(obj) == CXCursor_DeclRefExpr &&
           thread_identity_vector(c, clang_getCursorReferenced(obj), out);
}

bool thread_identity_call(Ctx *c, CXCursor call, Value *out)
{
    if (c->d->language == LANG_OPENCL) return false;
    CXCursor method = clang_getCursorReferenced(call);
    if (clang_getCursorKind(method) == CXCursor_ConversionFunction) return converted_builtin(c, call, out);
    if (clang_getCursorKind(method) != CXCursor_CXXMethod) return false;
    CXType object;
    if (!call_object_type(call, &object)) return false;
    long long tile_size;
    GroupKind kind = group_kind(object, &tile_size);
    if (kind == GROUP_NONE) return false;
    CXString ms = clang_getCursorSpelling(method);
    const char *m = clang_getCString(ms);
    bool known = false;
    Value v = val_opaque(0);
    if (m) {
        switch (kind) {
        case GROUP_BLOCK: v = block_member(c, m, &known); break;
        case GROUP_GRID: v = grid_member(c, m, &known); break;
        case GROUP_TILE: v = tile_member(m, tile_size, model_target(c->m)->warp_width, &known); break;
        case GROUP_CLUSTER: /* a block's place in its cluster: per block, not modelled */
        case GROUP_COALESCED: /* the active threads: known only at run time */
        case GROUP_OTHER:
            if (strcmp(m, "thread_rank") == 0 || strcmp(m, "thread_index") == 0) {
                v = val_opaque(DEP_THREAD | DEP_BLOCK);
                known = true;
            } else if (strcmp(m, "block_rank") == 0 || strcmp(m, "block_index") == 0) {
                v = val_opaque(DEP_BLOCK);
                known = true;
            }
            break;
        case GROUP_NONE: break;
        }
    }
    clang_disposeString(ms);
    if (known) *out = v;
    return known;
}

bool thread_identity_vector(Ctx *c, CXCursor ref, Value *out)
{
    if (c->d->language == LANG_OPENCL || clang_getCursorKind(ref) != CXCursor_VarDecl) return false;
    CXString s = clang_getCursorSpelling(ref);
    const char *n = clang_getCString(s);
    int first = -1;
    if (n && strcmp(n, "threadIdx") == 0) first = SYM_TID_X;
    else if (n && strcmp(n, "blockIdx") == 0) first = SYM_BID_X;
    else if (n && strcmp(n, "blockDim") == 0) first = SYM_BDIM_X;
    else if (n && strcmp(n, "gridDim") == 0) first = SYM_GDIM_X;
    clang_disposeString(s);
    /* only the builtin variables themselves, not a project's own of that name */
    if (first < 0 || clang_getCursorKind(clang_getCursorSemanticParent(ref)) != CXCursor_TranslationUnit) return false;
    *out = builtin_vector(c, first);
    return true;
}
