/* test_geometry.c - lane strides and sectors per warp request. */
#include "model/geometry.h"
#include "model/target.h"
#include "check.h"

#include <string.h>

/* The GPU of gpulint's measurements (NVIDIA's: 32 lanes, 32-byte sectors) */
#define NV_WARP target_nvidia()

static Affine bytes_of(Affine idx, int elem)
{
    return aff_scale(&idx, elem);
}

static Affine tx_times(long long k, long long c)
{
    Affine tx = aff_symbol(SYM_TID_X, 0), kk = aff_const(k), cc = aff_const(c);
    Affine r = aff_mul(&tx, &kk);
    return aff_add(&r, &cc);
}

static void test_strides(void)
{
    BlockShape unknown = {false, 0, 0, 0};
    WarpAccess w;
    /* in[gid]: 4 sectors, ideal 4 */
    CHECK(warp_geometry((Affine[]){bytes_of(tx_times(1, 0), 4)}, 4, unknown, NV_WARP, &w));
    CHECK_EQ_LL(w.sectors, 4);
    CHECK_EQ_LL(w.ideal_sectors, 4);
    CHECK_EQ_LL(w.lane_stride_bytes, 4);
    /* in[gid*2+1]: 8 sectors (the acceptance case) */
    CHECK(warp_geometry((Affine[]){bytes_of(tx_times(2, 1), 4)}, 4, unknown, NV_WARP, &w));
    CHECK_EQ_LL(w.sectors, 8);
    CHECK_EQ_LL(w.lane_stride_bytes, 8);
    /* K=4: 16, K=8: 32 */
    CHECK(warp_geometry((Affine[]){bytes_of(tx_times(4, 3), 4)}, 4, unknown, NV_WARP, &w));
    CHECK_EQ_LL(w.sectors, 16);
    CHECK(warp_geometry((Affine[]){bytes_of(tx_times(8, 0), 4)}, 4, unknown, NV_WARP, &w));
    CHECK_EQ_LL(w.sectors, 32);
    /* double, K=2: 16 sectors, ideal 8 */
    CHECK(warp_geometry((Affine[]){bytes_of(tx_times(2, 0), 8)}, 8, unknown, NV_WARP, &w));
    CHECK_EQ_LL(w.sectors, 16);
    CHECK_EQ_LL(w.ideal_sectors, 8);
    /* misaligned stride 1: 5 sectors */
    CHECK(warp_geometry((Affine[]){bytes_of(tx_times(1, 1), 4)}, 4, unknown, NV_WARP, &w));
    CHECK_EQ_LL(w.sectors, 5);
    CHECK_EQ_LL(sectors_for_stride(8, 4, NV_WARP), 8);
    CHECK_EQ_LL(sectors_for_stride(0, 4, NV_WARP), 1);
}

static void test_runtime_width(void)
{
    /* gid*width + i, width a runtime uniform: every lane its own sector */
    Affine tx = aff_symbol(SYM_TID_X, 0), w = aff_symbol(SYM_FIRST_USER, DEP_PARAM);
    Affine idx = aff_mul(&tx, &w);
    WarpAccess g;
    BlockShape unknown = {false, 0, 0, 0};
    CHECK(warp_geometry((Affine[]){bytes_of(idx, 4)}, 4, unknown, NV_WARP, &g));
    CHECK(!g.stride_known);
    CHECK(g.stride_symbolic);
    CHECK_EQ_LL(g.sectors, 32);
}

static void test_block_shapes(void)
{
    /* row*width + col with a 16x16 block: two rows per warp, 64 B each */
    Affine tx = aff_symbol(SYM_TID_X, 0), ty = aff_symbol(SYM_TID_Y, 0), w = aff_symbol(SYM_FIRST_USER, DEP_PARAM);
    Affine idx = aff_mul(&ty, &w);
    idx = aff_add(&idx, &tx);
    BlockShape b16 = {true, 16, 16, 1};
    WarpAccess g;
    CHECK(warp_geometry((Affine[]){bytes_of(idx, 4)}, 4, b16, NV_WARP, &g));
    CHECK_EQ_LL(g.sectors, 4);
    CHECK(!g.warp_along_x);
    /* in[threadIdx.y*2 + c] with a 1-D block of 256: one address per warp */
    Affine two = aff_const(2);
    Affine yk = aff_mul(&ty, &two);
    BlockShape b256 = {true, 256, 1, 1};
    CHECK(warp_geometry((Affine[]){bytes_of(yk, 4)}, 4, b256, NV_WARP, &g));
    CHECK_EQ_LL(g.sectors, 1);
    CHECK(g.warp_along_x);
    /* the same with unknown shape: the warp is assumed along x */
    BlockShape unknown = {false, 0, 0, 0};
    CHECK(warp_geometry((Affine[]){bytes_of(yk, 4)}, 4, unknown, NV_WARP, &g));
    CHECK_EQ_LL(g.sectors, 1);
    /* non-exact offsets say nothing */
    Affine op = aff_opaque(DEP_DATA);
    CHECK(!warp_geometry(&op, 4, unknown, NV_WARP, &g));
}

/* A wider warp (an AMD wavefront) requests more bytes; the target's
 * granule (64-byte lines on CDNA) counts them. */
static void test_warp_width(void)
{
    BlockShape unknown = {false, 0, 0, 0};
    WarpAccess w;
    const GpuTarget *cdna = target_for_arch("gfx90a");
    CHECK(cdna && cdna->warp_width == 64 && cdna->sector_bytes == 64);
    CHECK(warp_geometry((Affine[]){bytes_of(tx_times(1, 0), 4)}, 4, unknown, cdna, &w));
    CHECK_EQ_LL(w.sectors, 4); /* 64 lanes x 4 bytes = 256 bytes: four 64-byte lines */
    CHECK_EQ_LL(w.ideal_sectors, 4);
    CHECK(w.warp_along_x);
    CHECK_EQ_LL(sectors_for_stride(8, 4, cdna), 8);
    CHECK_EQ_LL(sectors_for_stride(8, 4, NV_WARP), 8);
    /* a stride of a line or more: a line per lane */
    CHECK_EQ_LL(sectors_for_stride(64, 4, cdna), 64);
    CHECK_EQ_LL(sectors_for_stride(64, 4, NV_WARP), 32);
}

/* A block smaller than a warp: its threads are the warp's lanes, and the
 * ideal is what the block's rows allow (a 4-wide row is one sector line). */
static void test_small_block(void)
{
    BlockShape b4x4 = {true, 4, 4, 1};
    WarpAccess w;
    /* row-major: y*W + x, W runtime */
    Affine row = aff_add((Affine[]){tx_times(1, 0)}, (Affine[]){aff_mul((Affine[]){aff_symbol(SYM_TID_Y, 0)},
                                                                       (Affine[]){aff_symbol(SYM_FIRST_USER, 0)})});
    CHECK(warp_geometry((Affine[]){bytes_of(row, 4)}, 4, b4x4, target_amd_default(), &w));
    CHECK_EQ_LL(w.sectors, 4);
    CHECK_EQ_LL(w.ideal_sectors, 4);
    CHECK(warp_geometry((Affine[]){bytes_of(row, 4)}, 4, b4x4, NV_WARP, &w));
    CHECK_EQ_LL(w.sectors, 4);
    CHECK_EQ_LL(w.ideal_sectors, 4);
}

/* Architecture names: NVIDIA, CDNA (64 wide), RDNA (32 wide), unknown. */
static void test_targets(void)
{
    CHECK(target_for_arch("sm_80") == target_nvidia());
    CHECK(target_for_arch("gfx90a") == target_amd_default());
    CHECK(target_for_arch("gfx90a:xnack+") == target_amd_default());
    CHECK_EQ_LL(target_for_arch("gfx942")->warp_width, 64);
    CHECK_EQ_LL(target_for_arch("gfx942")->sector_bytes, 128);
    CHECK_EQ_LL(target_for_arch("gfx906")->warp_width, 64);
    CHECK_EQ_LL(target_for_arch("gfx1030")->warp_width, 32);
    CHECK_EQ_LL(target_for_arch("gfx1100")->warp_width, 32);
    CHECK(target_for_arch("gfx") == NULL);
    CHECK(target_for_arch("native") == NULL);
    CHECK(!target_nvidia()->amd && target_nvidia()->measured);
    CHECK(target_amd_default()->amd && !target_amd_default()->measured);
    bool next = false;
    CHECK(strcmp(target_arch_in_arg("--offload-arch=gfx1100", NULL, &next), "gfx1100") == 0 && !next);
    CHECK(strcmp(target_arch_in_arg("--offload-arch", "gfx908", &next), "gfx908") == 0 && next);
    CHECK(target_arch_in_arg("-O3", "x", &next) == NULL);
}

int main(void)
{
    test_strides();
    test_warp_width();
    test_targets();
    test_small_block();
    test_runtime_width();
    test_block_shapes();
    return check_summary();
}
