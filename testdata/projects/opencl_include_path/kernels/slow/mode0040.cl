#ifdef KERNEL_STATIC
#include STR(INCLUDE_PATH/inc_platform.h)
#endif

KERNEL_FQ mode0040(GLOBAL_AS const u64 *blocks, GLOBAL_AS u64 *out, const u32 nblocks)
{
    const u32 gid = get_global_id(0);
    u64 acc = 0;
    for (u32 b = 0; b < nblocks; b++) acc += blocks[gid * nblocks + b];
    out[gid] = acc;
}
