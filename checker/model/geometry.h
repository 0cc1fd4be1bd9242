/* geometry.h - warp geometry of one global-memory access.
 *
 * Given the byte offset of an access as an Affine over the built-in symbols,
 * the element size and the block shape, computes what a warp of 32 consecutive
 * linear thread ids requests: the byte distance between adjacent lanes and the
 * number of distinct 32-byte sectors touched (the metric Nsight Compute shows as
 * sectors per request).  Shared by every coalescing-type rule. */
#ifndef GPULINT_GEOMETRY_H
#define GPULINT_GEOMETRY_H

#include "model/affine.h"

#include <stdbool.h>

#define WARP_SIZE 32
#define SECTOR_BYTES 32

typedef struct {
    bool known;     /* from a launch site in the same file */
    int x, y, z;
} BlockShape;

typedef struct {
    bool stride_known;        /* lane stride is a constant */
    long long lane_stride_bytes; /* bytes between lanes adjacent in x (if known) */
    bool stride_symbolic;     /* stride depends on a runtime uniform value */
    int sectors;              /* 32-byte sectors per warp request */
    int ideal_sectors;        /* for a perfectly coalesced access of this size */
    bool warp_along_x;        /* all 32 lanes differ only in threadIdx.x */
} WarpAccess;

/* `byte_offset` must be exact; returns false otherwise (nothing can be said).
 * Runtime-uniform coefficients (e.g. a row width) are taken as large, which is
 * what they are in the cases that matter; `stride_symbolic` says so. */
bool warp_geometry(const Affine *byte_offset, int elem_bytes, BlockShape shape, WarpAccess *out);

/* Sectors touched by 32 lanes at byte offsets base + lane*stride (helper for
 * tests and the benchmark generators). */
int sectors_for_stride(long long stride_bytes, int elem_bytes);

#endif
