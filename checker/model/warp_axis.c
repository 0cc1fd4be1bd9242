/* warp_axis.c - see model.h (model_orient_warps).
 *
 * A block one thread wide in x, (1, N) or (1, N, M), forms its warps along
 * y: lane l is threadIdx.y == l (threadIdx.x is always 0).  The rules judge
 * coalescing along threadIdx.x, so such a kernel's values are rewritten
 * once, here, with the warp's dimension as x: threadIdx.x and blockDim.x
 * become 0 and 1, then y moves to x and z to y.  The symbols keep their
 * source names ("threadIdx.y"), so messages still quote the code. */
#include "model/model.h"
#include "util/arena.h"

/* The kernel's symbols renamed: new id -> old id. */
static const int moved_from[][2] = {
    {SYM_TID_X, SYM_TID_Y}, {SYM_TID_Y, SYM_TID_Z}, {SYM_BDIM_X, SYM_BDIM_Y}, {SYM_BDIM_Y, SYM_BDIM_Z},
};

static Affine turned(const Affine *a)
{
    if (!a->exact) return *a;
    Affine t = aff_subst(a, SYM_TID_X, 0);
    t = aff_subst(&t, SYM_BDIM_X, 1);
    /* through placeholders above every symbol the kernel has, so that no
     * move lands on a symbol still to be moved */
    const int spare = 0x7000;
    for (size_t i = 0; i < sizeof moved_from / sizeof moved_from[0]; i++) {
        Affine to = aff_symbol(spare + (int)i, aff_builtin_deps(moved_from[i][1]));
        t = aff_subst_affine(&t, moved_from[i][1], &to);
    }
    for (size_t i = 0; i < sizeof moved_from / sizeof moved_from[0]; i++) {
        Affine to = aff_symbol(moved_from[i][0], aff_builtin_deps(moved_from[i][0]));
        t = aff_subst_affine(&t, spare + (int)i, &to);
    }
    t.deps = a->deps; /* still thread- and dim-dependent, as before */
    return t;
}

static void turn(Affine *a)
{
    *a = turned(a);
}

static void orient(Model *m, Kernel *k)
{
    for (int i = 0; i < k->naccesses; i++) {
        turn(&k->accesses[i].byte_offset);
        turn(&k->accesses[i].data_offset);
    }
    for (int i = 0; i < k->nloops; i++) {
        Loop *L = &k->loops[i];
        turn(&L->init);
        turn(&L->step);
        turn(&L->bound);
        turn(&L->clamped);
    }
    for (int i = 0; i < k->nbranches; i++) turn(&k->branches[i].cond);
    for (int s = SYM_FIRST_USER; s < k->nsyms; s++)
        if (k->syms[s].numerator) {
            Affine *num = arena_alloc(&m->arena, sizeof *num);
            *num = turned(k->syms[s].numerator);
            k->syms[s].numerator = num;
        }
    /* the names follow the values: the new x is the source's y */
    const char *tid[3] = {k->syms[SYM_TID_X].name, k->syms[SYM_TID_Y].name, k->syms[SYM_TID_Z].name};
    const char *dim[3] = {k->syms[SYM_BDIM_X].name, k->syms[SYM_BDIM_Y].name, k->syms[SYM_BDIM_Z].name};
    k->syms[SYM_TID_X].name = tid[1];
    k->syms[SYM_TID_Y].name = tid[2];
    k->syms[SYM_TID_Z].name = tid[0];
    k->syms[SYM_BDIM_X].name = dim[1];
    k->syms[SYM_BDIM_Y].name = dim[2];
    k->syms[SYM_BDIM_Z].name = dim[0];
    k->launch_block = k->block;
    k->block = (BlockShape){true, k->block.y, k->block.z, 1};
    k->warp_axis_y = true;
}

void model_orient_warps(Model *m)
{
    for (int i = 0; i < m->nkernels; i++) {
        Kernel *k = &m->kernels[i];
        if (k->warp_axis_y || !k->block.known || k->block.x != 1 || k->block.y < 2 || k->nsyms < SYM_FIRST_USER)
            continue;
        orient(m, k);
    }
}
