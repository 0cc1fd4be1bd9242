// fixed-block-16x16, OpenCL negatives (C++ wrapper): NDRange(32, 8),
// NDRange(256) and a variable reassigned before the launch (host/wide.cpp).
__kernel void wide_a(__global float* x, int w) { x[get_global_id(1) * w + get_global_id(0)] = 0.0f; }
__kernel void wide_b(__global float* x) { x[get_global_id(0)] = 0.0f; }
__kernel void wide_c(__global float* x, int w) { x[get_global_id(1) * w + get_global_id(0)] = 0.0f; }
