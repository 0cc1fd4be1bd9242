/* geometry.c - lane strides and sectors per warp request. */
#include "model/geometry.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* A runtime uniform coefficient (a row width, a pitch) stands for a large
 * number: lanes land in different sectors. Large enough never to alias, small
 * enough never to overflow with a few products. */
#define RUNTIME_UNIFORM_VALUE 65536LL

static long long floor_div(long long a, long long b)
{
    long long q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}

static int count_sectors(const long long *offsets, int n, int elem_bytes, int sector_bytes)
{
    long long sectors[MAX_WARP_WIDTH * 8];
    int cap = n * 8, ns = 0; /* counted up to 8 sectors a lane */
    for (int i = 0; i < n; i++) {
        long long first = floor_div(offsets[i], sector_bytes);
        long long last = floor_div(offsets[i] + (elem_bytes > 0 ? elem_bytes : 1) - 1, sector_bytes);
        for (long long s = first; s <= last && ns < cap; s++) {
            bool seen = false;
            for (int j = 0; j < ns; j++)
                if (sectors[j] == s) {
                    seen = true;
                    break;
                }
            if (!seen) sectors[ns++] = s;
        }
    }
    return ns;
}

/* Offsets this far apart put every lane in sectors of its own; larger values
 * are reduced to it so that the products below cannot overflow. */
#define FAR_APART (1LL << 40)

/* A width gpulint can hold: 1 to MAX_WARP_WIDTH lanes. */
static int lanes_of(int warp_width)
{
    return warp_width < 1 ? 1 : warp_width > MAX_WARP_WIDTH ? MAX_WARP_WIDTH : warp_width;
}

int sectors_for_stride(long long stride_bytes, int elem_bytes, const GpuTarget *target)
{
    int sector = target->sector_bytes;
    /* Same sign and same remainder mod the sector size (the alignment of
     * each lane), so the same count of sectors. */
    if (stride_bytes > FAR_APART || stride_bytes < -FAR_APART)
        stride_bytes = (stride_bytes > 0 ? FAR_APART : -FAR_APART) + stride_bytes % sector;
    int lanes = lanes_of(target->warp_width);
    long long off[MAX_WARP_WIDTH];
    for (int l = 0; l < lanes; l++) off[l] = l * stride_bytes;
    return count_sectors(off, lanes, elem_bytes, sector);
}

int ideal_sectors(int elem_bytes, const GpuTarget *target)
{
    int sector = target->sector_bytes;
    return (lanes_of(target->warp_width) * elem_bytes + sector - 1) / sector;
}

/* Is any factor of any term mentioning a thread index a non-built-in symbol? */
static bool thread_terms_symbolic(const Affine *a)
{
    for (int i = 0; i < a->nterms; i++) {
        bool has_tid = false, has_user = false;
        for (int j = 0; j < a->term[i].nfactors; j++) {
            int s = a->term[i].factor[j];
            if (s >= SYM_TID_X && s <= SYM_TID_Z) has_tid = true;
            if (s >= SYM_FIRST_USER || (s >= SYM_BID_X && s <= SYM_BID_Z) || (s >= SYM_GDIM_X && s <= SYM_GDIM_Z))
                has_user = true;
        }
        if (has_tid && has_user) return true;
    }
    return false;
}

bool warp_geometry(const Affine *byte_offset, int elem_bytes, BlockShape shape, const GpuTarget *target,
                   WarpAccess *out)
{
    int sector = target->sector_bytes;
    memset(out, 0, sizeof *out);
    if (!byte_offset->exact || elem_bytes <= 0) return false;

    int lanes = lanes_of(target->warp_width);
    Affine a = *byte_offset;
    int bx = lanes, by = 1; /* unknown: at least a warp wide in x */
    if (shape.known) {
        bx = shape.x > 0 ? shape.x : 1;
        by = shape.y > 0 ? shape.y : 1;
        a = aff_subst(&a, SYM_BDIM_X, shape.x);
        a = aff_subst(&a, SYM_BDIM_Y, shape.y);
        a = aff_subst(&a, SYM_BDIM_Z, shape.z);
        if (!a.exact) return false; /* a coefficient overflowed */
    }
    out->warp_along_x = bx >= lanes;
    /* a block smaller than a warp: its threads are all the warp's lanes */
    int bz = shape.known && shape.z > 0 ? shape.z : 1;
    if (shape.known && (long long)bx * by * bz < lanes) lanes = bx * by * bz;

    /* Only thread-index terms differ between lanes; the pure constant term
     * matters for alignment; every other term is the same for the whole warp. */
    long long c0 = 0;
    Affine lane_part = aff_const(0);
    for (int i = 0; i < a.nterms; i++) {
        bool has_tid = false;
        for (int j = 0; j < a.term[i].nfactors; j++)
            if (a.term[i].factor[j] <= SYM_TID_Z) has_tid = true;
        if (a.term[i].nfactors == 0) c0 = a.term[i].coef;
        else if (has_tid) {
            Affine t = aff_const(0);
            t.nterms = 1;
            t.term[0] = a.term[i];
            lane_part = aff_add(&lane_part, &t);
        }
    }
    out->stride_symbolic = thread_terms_symbolic(&lane_part);

    Affine cx;
    if (aff_coef(&lane_part, SYM_TID_X, &cx)) {
        long long v;
        if (aff_is_const(&cx, &v)) {
            out->stride_known = true;
            out->lane_stride_bytes = v;
        }
    }

    long long vals[SYM_FIRST_USER];
    for (int i = 0; i < SYM_FIRST_USER; i++) vals[i] = RUNTIME_UNIFORM_VALUE;
    long long offsets[MAX_WARP_WIDTH];
    for (int l = 0; l < lanes; l++) {
        vals[SYM_TID_X] = l % bx;
        vals[SYM_TID_Y] = (l / bx) % by;
        vals[SYM_TID_Z] = l / (bx * by);
        long long o;
        /* An offset that overflows, or nearly does, is not a real access. */
        if (!aff_eval(&lane_part, vals, SYM_FIRST_USER, RUNTIME_UNIFORM_VALUE, &o) || o > LLONG_MAX / 2 ||
            o < LLONG_MIN / 2)
            return false;
        offsets[l] = o + (c0 % sector + sector) % sector;
    }
    out->sectors = count_sectors(offsets, lanes, elem_bytes, sector);
    /* the best the block's shape allows: each row of the block (bx lanes)
     * reads consecutive elements, rows far apart (a block narrower than a
     * sector line cannot do better than a line per row) */
    long long ideal[MAX_WARP_WIDTH];
    for (int l = 0; l < lanes; l++) ideal[l] = (l % bx) * (long long)elem_bytes + (l / bx) * FAR_APART;
    out->ideal_sectors = count_sectors(ideal, lanes, elem_bytes, sector);
    return true;
}
