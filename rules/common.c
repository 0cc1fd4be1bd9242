/* common.c - helpers shared by several rules. */
#include "rules.h"

#include <stdio.h>

bool access_geometry(const Kernel *k, const Access *a, WarpAccess *w)
{
    if (a->elem_bytes <= 0) return false;
    return warp_geometry(&a->byte_offset, a->elem_bytes, k->block, w);
}

const char *block_shape_text(FindingList *l, const Kernel *k)
{
    if (k->block.known) return arena_printf(&l->arena, "%dx%dx%d", k->block.x, k->block.y, k->block.z);
    return "assumed x>=32";
}

void add_call_site(FindingList *l, Finding *f, int call_depth, SrcRange call_site)
{
    if (call_depth > 0) finding_related(l, f, call_site, "reached through this call in the kernel");
}

bool depends_on_thread(const Affine *a)
{
    return (a->deps & DEP_THREAD) != 0;
}
