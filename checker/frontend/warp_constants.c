/* warp_constants.c - lane and warp computations written for 32-lane warps
 * (Kernel.warp_constants, read by the warp-size-assumption rule): a
 * thread-dependent value masked, split or shifted by the width of a
 * 32-lane warp, shuffles of width 32 or whose offsets start at 16, and the
 * 32-bit full lane mask.  Recorded whatever the target; the rule decides
 * whether the target's wavefront is wider. */
#include "frontend/interp.h"
#include "util/vec.h"

#include <string.h>

static bool constant_of(const Value *v, long long *out)
{
    return !v->is_ptr && v->a.exact && aff_is_const(&v->a, out);
}

/* `where`: the operation, or for a call the argument that holds the
 * constant (a call may show several patterns, each reported apart);
 * `text`: what the message quotes. */
static void record(Ctx *c, WarpConstantKind kind, CXCursor where, const char *text,
                   CXCursor constant, SrcRange constant_range, const char *constant_text)
{
    SrcRange r = range_of(&c->cx, where);
    for (int i = 0; i < c->k->nwarp_constants; i++) { /* a loop or a helper evaluated again */
        const WarpConstant *w = &c->k->warp_constants[i];
        if (w->kind == kind && w->range.line == r.line && w->range.col == r.col && w->range.file && r.file &&
            strcmp(w->range.file, r.file) == 0)
            return;
    }
    WarpConstant *w = VEC_PUSH(c->k->warp_constants, c->k->nwarp_constants);
    memset(w, 0, sizeof *w);
    w->kind = kind;
    w->range = r;
    w->text = text;
    w->constant_range = constant_range;
    w->constant_text = constant_text ? constant_text : clang_Cursor_isNull(constant) ? "" : text_of(&c->cx, constant);
    w->constant_is_literal = !clang_Cursor_isNull(constant) &&
                             clang_getCursorKind(strip(constant)) == CXCursor_IntegerLiteral &&
                             !location_in_macro(strip(constant));
    w->in_macro = location_in_macro(where);
    if (w->in_macro) w->macro_spelling = spelling_range_of(&c->cx, where);
    w->loop = c->loop;
    w->call_depth = c->call_depth;
    w->call_site = c->call_site;
}

void note_warp_constant_op(Ctx *c, CXCursor e, Op op, CXCursor rhs, const Value *lv, const Value *rv)
{
    long long k;
    if (lv->is_ptr || !(lv->a.deps & DEP_THREAD) || !constant_of(rv, &k)) return;
    WarpConstantKind kind;
    if (op == OP_AND && k == 31) kind = WARP_LANE_MASK;
    else if (op == OP_REM && k == 32) kind = WARP_LANE_MOD;
    else if (op == OP_DIV && k == 32) kind = WARP_ID_DIV;
    else if (op == OP_SHR && k == 5) kind = WARP_ID_SHIFT;
    else return;
    record(c, kind, e, text_of(&c->cx, e), rhs, range_of(&c->cx, rhs), NULL);
}

/* An argument written in the call, not a default one (the shim's width =
 * 32, __syncwarp's mask): its extent lies inside the call's. */
static bool written(CXCursor call, CXCursor arg)
{
    CXSourceRange cr = clang_getCursorExtent(call), ar = clang_getCursorExtent(arg);
    CXFile cf, af;
    unsigned cs, ce, as, ae;
    clang_getExpansionLocation(clang_getRangeStart(cr), &cf, NULL, NULL, &cs);
    clang_getExpansionLocation(clang_getRangeEnd(cr), NULL, NULL, NULL, &ce);
    clang_getExpansionLocation(clang_getRangeStart(ar), &af, NULL, NULL, &as);
    clang_getExpansionLocation(clang_getRangeEnd(ar), NULL, NULL, NULL, &ae);
    return cf && af && clang_File_isEqual(cf, af) && as >= cs && ae <= ce && ae > as;
}

/* The loop whose induction variable `arg` names, when it starts at a
 * constant; -1 otherwise. */
static int offset_loop(Ctx *c, CXCursor arg, long long *start)
{
    CXCursor s = strip(arg);
    if (clang_getCursorKind(s) != CXCursor_DeclRefExpr) return -1;
    CXString n = clang_getCursorSpelling(s);
    const char *name = clang_getCString(n);
    int found = -1;
    for (int l = c->loop; l >= 0 && found < 0; l = c->k->loops[l].parent) {
        const Loop *L = &c->k->loops[l];
        if (L->ivar && name && strcmp(L->ivar, name) == 0 && aff_is_const(&L->init, start)) found = l;
    }
    clang_disposeString(n);
    return found;
}

void note_warp_constant_call(Ctx *c, CXCursor e, const char *name, const Value *argv, int nargs)
{
    bool shfl = strncmp(name, "__shfl", 6) == 0;
    size_t len = strlen(name);
    bool sync = len > 5 && strcmp(name + len - 5, "_sync") == 0; /* not __syncthreads_or */
    bool masked = (sync && (shfl || strncmp(name, "__ballot", 8) == 0 || strncmp(name, "__any", 5) == 0 ||
                            strncmp(name, "__all", 5) == 0 || strncmp(name, "__match", 7) == 0 ||
                            strncmp(name, "__reduce", 8) == 0)) ||
                  strcmp(name, "__syncwarp") == 0;
    static const char *const warp_level[] = {"__shfl", "__ballot", "__any", "__all", "__activemask",
                                             "__syncwarp", "__match_", "__reduce_", "__lane_id"};
    for (size_t i = 0; i < sizeof warp_level / sizeof warp_level[0]; i++)
        if (strncmp(name, warp_level[i], strlen(warp_level[i])) == 0) c->k->warp_intrinsics = true;
    long long k;
    int n = nargs < 16 ? nargs : 16;
    const char *call_text = NULL;
    if (masked && n >= 1 && constant_of(&argv[0], &k) && k == 0xffffffffLL) {
        CXCursor a = clang_Cursor_getArgument(e, 0);
        if (written(e, a)) {
            call_text = text_of(&c->cx, e);
            record(c, WARP_FULL_MASK_32, a, call_text, a, range_of(&c->cx, a), NULL);
        }
    }
    if (!shfl) return;
    int first = sync ? 1 : 0; /* (mask,) var, lane or offset, width */
    int width = first + 2, offset = first + 1;
    /* a width written in the call, of 32 lanes or fewer: the code works in
     * groups of that many lanes, and a reduction within one is whole */
    bool grouped = width < n && constant_of(&argv[width], &k) && k <= 32 &&
                   written(e, clang_Cursor_getArgument(e, (unsigned)width));
    c->k->nshuffles++;
    if (grouped) c->k->nshuffles_grouped++;
    if (width < n && constant_of(&argv[width], &k) && k == 32) {
        CXCursor a = clang_Cursor_getArgument(e, (unsigned)width);
        if (written(e, a)) {
            if (!call_text) call_text = text_of(&c->cx, e);
            record(c, WARP_SHUFFLE_WIDTH, a, call_text, a, range_of(&c->cx, a), NULL);
        }
    }
    bool shifts = strstr(name, "_down") || strstr(name, "_up") || strstr(name, "_xor");
    if (!shifts || offset >= n || grouped) return;
    CXCursor a = clang_Cursor_getArgument(e, (unsigned)offset);
    if (!call_text) call_text = text_of(&c->cx, e);
    if (constant_of(&argv[offset], &k)) {
        if (k == 16) record(c, WARP_SHUFFLE_OFFSET, a, call_text, a, range_of(&c->cx, a), NULL);
        return;
    }
    long long start;
    int l = offset_loop(c, a, &start);
    if (l >= 0 && start == 16) /* reported at the call; the constant is the loop's start */
        record(c, WARP_SHUFFLE_OFFSET, a, call_text, clang_getNullCursor(), c->k->loops[l].header, "16");
}
