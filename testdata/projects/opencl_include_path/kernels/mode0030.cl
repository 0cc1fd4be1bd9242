#ifdef KERNEL_STATIC
#include STR(INCLUDE_PATH/inc_platform.h)
#include STR(INCLUDE_PATH/inc_common.cl)
#include STR(INCLUDE_PATH/inc_hash_sh.cl)
#endif

#define COMPARE STR(INCLUDE_PATH/inc_compare.cl)

KERNEL_FQ mode0030(GLOBAL_AS const u32 *words, GLOBAL_AS const u32 *target, GLOBAL_AS u32 *hits, const u32 rounds)
{
    const u32 gid = get_global_id(0);
    u32 h = 0;
    for (u32 i = 0; i < rounds; i++) h = hash_block(h, words[gid * rounds + i]);
#include COMPARE
}
