// fixed-block-16x16, OpenCL negatives (C++ wrapper): no local range
// (left out, cl::NullRange, cl::EnqueueArgs with a global range only) and a
// local range held in a member set at run time (host/auto.cpp).
__kernel void auto_a(__global float* x, int w) { x[get_global_id(1) * w + get_global_id(0)] = 0.0f; }
__kernel void auto_b(__global float* x, int w) { x[get_global_id(1) * w + get_global_id(0)] = 1.0f; }
__kernel void auto_c(__global float* x, int w) { x[get_global_id(1) * w + get_global_id(0)] = 2.0f; }
__kernel void auto_d(__global float* x, int w) { x[get_global_id(1) * w + get_global_id(0)] = 3.0f; }
