#ifdef KERNEL_STATIC
#include STR(INCLUDE_PATH/inc_platform.h)
#include STR(INCLUDE_PATH/inc_common.cl)
#endif

KERNEL_FQ mode0010(GLOBAL_AS const u32 *words, GLOBAL_AS u32 *digests, const u32 words_per_key)
{
    const u32 gid = get_global_id(0);
    u32 h = 0;
    for (u32 i = 0; i < words_per_key; i++) h = rotl32(h ^ words[gid * words_per_key + i], 5);
    digests[gid] = h;
}
