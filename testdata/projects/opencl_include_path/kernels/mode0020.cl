#ifdef KERNEL_STATIC
#include STR(INCLUDE_PATH/inc_platform.h)
#endif

KERNEL_FQ mode0020(GLOBAL_AS const float *salts, GLOBAL_AS float *scores)
{
    const u32 gid = get_global_id(0);
    scores[gid] = salts[gid] * 0.5;
}
