// fixed-block-16x16, OpenCL positive (C++ wrapper): a class makes the
// cl::Kernel in its constructor and launches it in a method with an inline
// cl::NDRange(16, 16) local range (host/threshold.cpp).
__kernel void threshold(__global const float* in, __global float* out, int pitch, float t)
{
    int col = get_global_id(0);
    int row = get_global_id(1);
    out[row * pitch + col] = in[row * pitch + col] > t ? 1.0f : 0.0f;
}
