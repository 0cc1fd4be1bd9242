// Pick exists only under the host's ORDER: choose.opencl is not put before
// this file on a guess.
__kernel void Select(__global real* x, __global const real* y)
{
    const int gid = get_global_id(0);
    x[gid] = Pick(x[gid], y[gid]);
}
