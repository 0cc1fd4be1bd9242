// Built by src/stretch_fmt.c with -D options it formats at run time, and
// the options src/opencl_common.c passes to every build.
#include "key_load.h"

typedef struct {
    uint length;
    uchar v[PLAINTEXT_LENGTH];
} key_t;

__kernel void stretch(__global const key_t* keys, __global const uchar* salt, __global uint* out)
{
    uint gid = get_global_id(0);
    uint w[(PLAINTEXT_LENGTH + SALTLEN + 3) / 4 + 1] = {0};
    uint len = keys[gid].length;
    for (uint j = 0; j < len; j++) w[j / 4] |= KEY_BYTE(keys[gid].v, j) << (8 * (j % 4));
    for (uint j = 0; j < SALTLEN; j++) w[(len + j) / 4] ^= salt[j];
    uint h = 0x67452301u;
    for (uint r = 0; r < HASH_LOOPS; r++)
        for (uint i = 0; i < 8; i++) h = rotate(h ^ w[i], 7u) + r;
    for (uint i = 0; i < OUTLEN / 4; i++) out[gid * (OUTLEN / 4) + i] = h + i;
}
