// fixed-block-16x16, OpenCL positive (C++ wrapper): the local range is a
// const cl::NDRange variable of macros (host/gain.cpp).
__kernel void gain(__global float* img, int w, float g)
{
    int x = get_global_id(0), y = get_global_id(1);
    img[y * w + x] *= g;
}
