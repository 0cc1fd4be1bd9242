// uncoalesced-adjacent on OpenCL C inside grid-stride loops
// (i += get_global_size(0), or get_num_groups(0)*get_local_size(0)).

__kernel void complex_scale(__global float* data, const float s, const int n)
{
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
        float re = data[2 * i];      // expect: uncoalesced-adjacent K=2 offsets=0,1 access=load
        float im = data[2 * i + 1];
        data[2 * i] = re * s - im;   // expect: uncoalesced-adjacent K=2 access=store copy_shape=true
        data[2 * i + 1] = im * s + re;
    }
}

__kernel void quad_copy(__global const float* src, __global float* dst, const int n)
{
    int stride = get_num_groups(0) * get_local_size(0);
    for (int i = get_group_id(0) * get_local_size(0) + get_local_id(0); i < n; i += stride) {
        for (int c = 0; c < 4; c++)
            dst[4 * i + c] = src[4 * i + c];  // expect: uncoalesced-adjacent K=4 access=load severity=high // expect: uncoalesced-adjacent K=4 access=store severity=high
    }
}
