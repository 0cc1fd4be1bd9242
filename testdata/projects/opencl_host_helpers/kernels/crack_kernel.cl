#include "key_helpers.h"
#include "codepage.h"

__kernel void crack(__global const uchar *keys, __global uint *out, __global const uint *table)
{
    uint gid = get_global_id(0);
    uint h = 0;
    for (int i = 0; i < MAX_KEYLEN; i++)
        h = h * 31 + CP_LUT(keys[gid * MAX_KEYLEN + i]);
    out[gid] = table[h & TABLE_MASK];
}
