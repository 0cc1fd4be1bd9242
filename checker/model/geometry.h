/* geometry.h - warp geometry of one global-memory access.
 *
 * Given the byte offset of an access as an Affine over the built-in symbols,
 * the element size, the block shape and the target (model/target.h: its
 * warp or wavefront width and request granule), computes what a warp of
 * consecutive linear thread ids requests: the byte distance between
 * adjacent lanes and the number of distinct sectors touched (on NVIDIA the
 * 32-byte sectors Nsight Compute shows as sectors per request; on AMD the
 * target's cache lines).  Shared by every coalescing-type rule. */
#ifndef GPULINT_GEOMETRY_H
#define GPULINT_GEOMETRY_H

#include "model/affine.h"
#include "model/target.h"

#include <stdbool.h>

/* At least any language's warp (or wavefront) width: per-lane arrays. */
#define MAX_WARP_WIDTH 64

typedef struct {
    bool known;     /* from a launch site in the same file */
    int x, y, z;
} BlockShape;

typedef struct {
    bool stride_known;        /* lane stride is a constant */
    long long lane_stride_bytes; /* bytes between lanes adjacent in x (if known) */
    bool stride_symbolic;     /* stride depends on a runtime uniform value */
    int sectors;              /* sectors (the target's granule) per warp request */
    int ideal_sectors;        /* for a perfectly coalesced access of this size */
    bool warp_along_x;        /* all of a warp's lanes differ only in threadIdx.x */
} WarpAccess;

/* `byte_offset` must be exact; returns false otherwise (nothing can be said).
 * Runtime-uniform coefficients (e.g. a row width) are taken as large, which is
 * what they are in the cases that matter; `stride_symbolic` says so.  Without
 * a known shape the block is assumed at least a warp wide in x.
 * The target's warp width is clamped to 1 .. MAX_WARP_WIDTH lanes. */
bool warp_geometry(const Affine *byte_offset, int elem_bytes, BlockShape shape, const GpuTarget *target,
                   WarpAccess *out);

/* Sectors touched by a warp's lanes at byte offsets base + lane*stride
 * (helper for rules, tests and the benchmark generators). */
int sectors_for_stride(long long stride_bytes, int elem_bytes, const GpuTarget *target);
/* Sectors a perfectly coalesced warp request of `elem_bytes` per lane takes. */
int ideal_sectors(int elem_bytes, const GpuTarget *target);

#endif
