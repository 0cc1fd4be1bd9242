// Built by host/miner.cpp, which puts #defines of its settings before this
// text (addDefinition): WORKSIZE is a run-time value that must pass the
// check below, and AMD's drivers give amd_bitalign().
#if WORKSIZE % 4 != 0
#error "WORKSIZE has to be a multiple of 4"
#endif

#if defined(cl_amd_media_ops)
#pragma OPENCL EXTENSION cl_amd_media_ops : enable
#define ROTATE(x, s) amd_bitalign((x), (x), (s))
#else
#define ROTATE(x, s) rotate((x), (uint)(32 - (s)))
#endif

__kernel void mix(__global const uint *in, __global uint *out, uint rounds)
{
    __local uint ring[WORKSIZE];
    uint gid = get_global_id(0), lid = get_local_id(0);
    uint h = in[gid];
    for (uint r = 0; r < rounds; r++)
        h = ROTATE(h, 7u) ^ (h + r);
    ring[lid] = h;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = ring[(lid + 1) % WORKSIZE];
}
